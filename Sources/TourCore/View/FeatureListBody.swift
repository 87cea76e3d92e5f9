/// A "what's new" page: a title at the top and a list of features, each an icon, a bold
/// title and a line of text. A list that fits is centered; a longer one scrolls, with
/// "more above" and "more below" where there is more.
package struct FeatureListBody: PageBody {
    /// It draws the page title itself, at the top.
    package var drawsOwnTitle: Bool { true }

    /// The page title, at the top.
    package var title: String
    /// The features, in order.
    package var items: [Tour.Feature]
    /// Closing text under the list.
    package var extra: String

    /// A feature list with a title and closing text.
    package init(title: String, items: [Tour.Feature], extra: String) {
        self.title = title
        self.items = items
        self.extra = extra
    }

    /// The list is never wider than this, so it stays readable on wide terminals.
    package static let listMaximumWidth = 64
    /// Keep at least this many list rows on screen before dropping the hint and blank rows.
    static let rowsWanted = 3

    /// One row of the list: pieces of text at columns within it.
    struct Row {
        var pieces: [(column: Int, text: String, style: Style)] = []
        /// The closing text: centred in the list's block rather than set at a column.
        var isClosing = false
    }

    static func listWidth(_ width: Int) -> Int { min(TextWidth.readableWidth(width), listMaximumWidth) }

    func titleLines(width: Int) -> [String] {
        TextWidth.wrap(title, width: min(TextWidth.readableWidth(width), HeroPageBody.titleMaximumWidth), maximumLines: TextWidth.screenLines)
    }

    /// The whole list at a width: icon and bold title, text indented under it, a blank row
    /// between items; and the row each item starts on.
    func rows(width listWidth: Int, context: PageContext) -> [Row] {
        layoutRows(width: listWidth, context: context).rows
    }

    func layoutRows(width listWidth: Int, context: PageContext) -> (rows: [Row], itemStarts: [Int]) {
        var rows: [Row] = []
        var itemStarts: [Int] = []
        let indent = 4
        for (index, item) in items.enumerated() {
            if index > 0 { rows.append(Row()) }
            itemStarts.append(rows.count)
            var first = Row()
            if !item.icon.isEmpty {
                let icon = Self.icon(item.icon, glyphs: context.glyphs)
                first.pieces.append((0, icon, Style(foreground: item.accent ?? context.accent ?? .default, bold: true)))
            }
            let titleLines = TextWidth.wrap(item.title, width: max(1, listWidth - indent), maximumLines: TextWidth.screenLines)
            first.pieces.append((indent, titleLines.first ?? "", Style(bold: true)))
            rows.append(first)
            for line in titleLines.dropFirst() { rows.append(Row(pieces: [(indent, line, Style(bold: true))])) }
            if !item.text.isEmpty {
                for line in TextWidth.wrap(InlineCode.mark(item.text), width: max(1, listWidth - indent), maximumLines: TextWidth.screenLines) {
                    rows.append(Row(pieces: [(indent, line, .plain)]))
                }
            }
        }
        if !extra.isEmpty {
            if !rows.isEmpty { rows.append(Row()) }
            itemStarts.append(rows.count)
            for line in TextWidth.wrap(InlineCode.mark(extra), width: listWidth, maximumLines: TextWidth.screenLines) {
                rows.append(Row(pieces: [((listWidth - TextWidth.of(line)) / 2, line, Style(dim: true))], isClosing: true))
            }
        }
        return (rows, itemStarts)
    }

    /// The columns the list really takes: it is centred as a block, not from a fixed margin.
    static func blockWidth(_ rows: [Row], listWidth: Int) -> Int {
        var widest = 0
        for row in rows where !row.isClosing {
            for piece in row.pieces { widest = max(widest, piece.column + TextWidth.of(piece.text)) }
        }
        return min(listWidth, max(widest, 1))
    }

    /// A list scrolls as soon as it is taller than its rows; it then shows no more than this.
    package func preferredHeight(width: Int, context: PageContext) -> Int {
        minimumHeight(width: width, context: context)
    }

    /// The title, a blank row and up to three rows of the list.
    package func minimumHeight(width: Int, context: PageContext) -> Int {
        let listRows = rows(width: Self.listWidth(width), context: context).count
        // A list that scrolls also needs its "more above" and "more below" rows.
        let wanted = listRows <= Self.rowsWanted ? listRows : Self.rowsWanted + 2
        return titleLines(width: width).count + 1 + wanted
    }

    /// The title lines that fit, and the rows left under them for the list.
    private func split(area: Size, context: PageContext) -> (title: [String], listRows: Int) {
        var title = titleLines(width: area.width)
        let gap = context.compact ? 0 : 1
        if area.height - title.count - gap < 1, title.count > 1 {
            let room = max(1, area.height - gap - 1)
            if title.count > room {
                title = Array(title.prefix(room))
                title[room - 1] = TextWidth.truncate(title[room - 1], to: Self.listWidth(area.width), ellipsis: context.glyphs.ellipsis, continues: true)
            }
        }
        return (title, max(0, area.height - title.count - gap))
    }

    /// The rows of the list on screen when it scrolls: one row each goes to "more above"
    /// and "more below" when there are three rows or more.
    static func visibleRows(scrolling listRows: Int) -> Int {
        listRows >= 3 ? listRows - 2 : listRows
    }

    /// Rows the list can scroll: what does not fit in the rows it shows while scrolling.
    package func maximumScroll(area: Size, context: PageContext) -> Int {
        let available = split(area: area, context: context).listRows
        let (all, itemStarts) = layoutRows(width: Self.listWidth(area.width), context: context)
        // No row for the list at all: nothing on screen to scroll.
        guard all.count > available, available > 0 else { return 0 }
        return Self.scrollLimit(total: all.count, visible: Self.visibleRows(scrolling: available), itemStarts: itemStarts)
    }

    /// The furthest the list scrolls: until its end shows, and then on to the start of an
    /// item, so that the top of the list is always an item's heading (the last screen may
    /// end in blank rows). Every offset the pager keeps is one of these starts.
    static func scrollLimit(total: Int, visible: Int, itemStarts: [Int]) -> Int {
        let endShows = max(0, total - visible)
        return itemStarts.first { $0 >= endShows } ?? endShows
    }

    /// Title at the top, then the list: centred if it fits, otherwise from `scrollOffset`
    /// with indicators. A screen ends at the end of an item, so no item is cut between its
    /// title and its text while whole items fit.
    package func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        var layout = PageBodyLayout()
        let (title, listRows) = split(area: canvas.size, context: context)
        var y = 0
        for line in title {
            layout.title.append(canvas.writeCentered(line, y: y, style: context.titleStyle, glyphs: context.glyphs))
            y += 1
        }
        if !context.compact { y += 1 }
        guard listRows > 0 else { return layout }
        let listWidth = Self.listWidth(canvas.size.width)
        let (all, itemStarts) = layoutRows(width: listWidth, context: context)
        let block = Self.blockWidth(all, listWidth: listWidth)
        let x = (canvas.size.width - block) / 2
        layout.itemStarts = itemStarts

        if all.count <= listRows {
            let top = y + (listRows - all.count) / 2
            draw(all[...], into: &canvas, x: x, top: top, listWidth: listWidth, block: block)
            layout.list = Rect(x: x, y: top, width: block, height: all.count)
            return layout
        }
        // It scrolls: one row each for "more above" and "more below", the rest for the list.
        let visible = Self.visibleRows(scrolling: listRows)
        let hasIndicatorRows = visible < listRows
        let offset = max(0, min(context.scrollOffset, Self.scrollLimit(total: all.count, visible: visible, itemStarts: itemStarts)))
        // End on the last item (and its blank row) that fits whole, when one does.
        var end = min(all.count, offset + visible)
        if end < all.count, let lastWhole = itemStarts.last(where: { $0 > offset && $0 <= end }) {
            end = lastWhole
        }
        let top = hasIndicatorRows ? y + 1 : y
        draw(all[offset..<end], into: &canvas, x: x, top: top, listWidth: listWidth, block: block)
        layout.list = Rect(x: x, y: top, width: block, height: visible)
        if hasIndicatorRows {
            let glyphs = context.glyphs
            if offset > 0 {
                layout.moreAbove = canvas.writeCentered("\(glyphs.upArrow) \(context.labels[.moreAbove])" + (context.scrollKeys.up.map { " (\($0))" } ?? ""), y: y, style: Style(dim: true), glyphs: glyphs)
            }
            if end < all.count {
                layout.moreBelow = canvas.writeCentered("\(glyphs.downArrow) \(context.labels[.moreBelow])" + (context.scrollKeys.down.map { " (\($0))" } ?? ""), y: y + listRows - 1, style: Style(dim: true), glyphs: glyphs)
            }
        }
        return layout
    }

    private func draw(_ rows: ArraySlice<Row>, into canvas: inout Canvas, x: Int, top: Int, listWidth: Int, block: Int) {
        // A code span split over two lines goes on in the code style.
        var inCode = false
        for (index, row) in rows.enumerated() {
            for piece in row.pieces {
                // The closing text is centred in the block, as it was in the full width.
                let column = row.isClosing ? max(0, (block - TextWidth.of(piece.text)) / 2) : piece.column
                canvas.writeMarked(piece.text, x: x + column, y: top + index, style: piece.style, inCode: &inCode)
            }
        }
    }

    /// The title, then each item as a "- " line, then the closing text.
    /// An item's icon as the glyphs allow: in ASCII, one that is not ASCII becomes "*",
    /// on the screen and in plain text alike.
    static func icon(_ icon: String, glyphs: Glyphs) -> String {
        glyphs == .ascii ? TextSanitizer.asciiFallback(icon, or: "*") : icon
    }

    package func plainText(context: PageContext) -> String {
        var lines = [title]
        for item in items {
            let text = item.text.isEmpty ? item.title : "\(item.title): \(InlineCode.plain(item.text))"
            let icon = Self.icon(item.icon, glyphs: context.glyphs)
            lines.append("- " + (icon.isEmpty ? "" : icon + " ") + text)
        }
        if !extra.isEmpty { lines.append(InlineCode.plain(extra)) }
        return lines.joined(separator: "\n")
    }
}
