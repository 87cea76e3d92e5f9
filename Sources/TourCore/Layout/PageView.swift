/// Lays one page of a tour out for a terminal size, into a `Canvas`.
///
/// Every page shares the same frame: Skip at the top right, then the page dots, the
/// button and a key hint at the bottom. Between them stands the page's body: hero art,
/// title and subtitle, or a feature list.
///
/// When rows run out it drops, in order: the hint, the hero, the blank rows between
/// parts, then the end of the subtitle. Title, dots and button always stay.
public struct PageView: Sendable {
    public var tour: Tour
    public var state: PagerState
    public var glyphs: Glyphs
    /// Rows a long feature list is scrolled by; clamped to what the list needs.
    public var scrollOffset: Int

    /// Below this the pager cannot be drawn, and a notice asks for a bigger window.
    public static let minimumSize = Size(width: 16, height: 4)
    public static let subtitleMaximumWidth = 60
    public static let titleMaximumWidth = 70
    public static let featureListMaximumWidth = 64

    public init(tour: Tour, state: PagerState, glyphs: Glyphs = .unicode, scrollOffset: Int = 0) {
        self.tour = tour
        self.state = state
        self.glyphs = glyphs
        self.scrollOffset = scrollOffset
    }

    /// Where each part landed; the mouse layer reads it to know what was clicked.
    public struct Layout: Equatable, Sendable {
        public var skip: Rect?
        public var hero: Rect?
        public var title: [Rect] = []
        public var subtitle: [Rect] = []
        /// The rows of a feature list that are on screen.
        public var list: Rect?
        public var moreAbove: Rect?
        public var moreBelow: Rect?
        /// One rectangle per page dot, in page order (empty when a counter stands in for the dots).
        public var dots: [Rect] = []
        public var pageCounter: Rect?
        public var button: Rect?
        public var hint: Rect?
        public var tooSmallNotice: Rect?
    }

    public var page: Tour.Page { tour.pages[state.currentPage] }
    public var accent: Color? { page.accent ?? tour.accent }

    public var buttonLabel: String {
        if let custom = page.button { return custom }
        return state.isLastPage ? tour.labels.done : "\(tour.labels.next) \(glyphs.rightArrow)"
    }

    public var skipLabel: String { "\(tour.labels.skip) (q)" }

    public var hintText: String { hintText(scrolls: false) }

    func hintText(scrolls: Bool) -> String {
        let s = glyphs.separator
        let scroll = scrolls ? "j k scroll \(s) " : ""
        return "\(scroll)\(glyphs.leftArrow) \(glyphs.rightArrow) swipe \(s) Enter \(state.isLastPage ? "finish" : "next") \(s) q skip"
    }

    public func render(size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        draw(into: &canvas)
        return canvas
    }

    @discardableResult
    public func draw(into canvas: inout Canvas) -> Layout {
        let size = canvas.size
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            return drawTooSmallNotice(into: &canvas)
        }
        var layout = Layout()
        switch page.kind {
        case .page:
            let plan = StandardPlan(view: self, size: size)
            let contentArea = drawFrame(into: &canvas, showHint: plan.showHint, gaps: plan.gaps, hint: hintText, layout: &layout)
            drawStandardBody(plan, into: &canvas, area: contentArea, gaps: plan.gaps, layout: &layout)
        case .features:
            let plan = FeatureListPlan(view: self, size: size)
            let contentArea = drawFrame(into: &canvas, showHint: plan.showHint, gaps: plan.gaps,
                                        hint: hintText(scrolls: plan.maximumScroll > 0), layout: &layout)
            drawFeatureList(plan, into: &canvas, area: contentArea, layout: &layout)
        }
        return layout
    }

    /// How far the current page's list can scroll at this size (0 when it fits or is no list).
    public func maximumScroll(size: Size) -> Int {
        guard page.kind == .features, size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else { return 0 }
        let plan = FeatureListPlan(view: self, size: size)
        return plan.maximumScroll
    }

    // MARK: - The frame shared by every page

    private var titleStyle: Style { Style(foreground: accent ?? .default, bold: true) }

    /// Draws Skip, dots, button and hint; returns the rows left for the body (top inclusive, bottom exclusive).
    private func drawFrame(into canvas: inout Canvas, showHint: Bool, gaps: Bool, hint: String, layout: inout Layout) -> Range<Int> {
        let width = canvas.size.width
        if !state.isLastPage {
            let label = TextWidth.truncate(skipLabel, to: width - 2, ellipsis: glyphs.ellipsis)
            let labelWidth = TextWidth.of(label)
            let x = max(0, width - labelWidth - 1)
            canvas.write(label, x: x, y: 0, style: Style(dim: true))
            layout.skip = Rect(x: x, y: 0, width: labelWidth, height: 1)
        }

        // From the last row up: [hint], [blank], button, [blank], dots, [blank].
        var row = canvas.size.height - 1
        if showHint {
            layout.hint = writeCentered(hint, into: &canvas, y: row, style: Style(dim: true))
            row -= 1
        }
        if gaps { row -= 1 }
        let button = "[ " + TextWidth.truncate(buttonLabel, to: width - 6, ellipsis: glyphs.ellipsis) + " ]"
        layout.button = writeCentered(button, into: &canvas, y: row, style: Style(foreground: accent ?? .default, bold: true, reverse: true))
        row -= gaps ? 2 : 1
        drawDots(into: &canvas, row: row, layout: &layout)
        return 1..<(row - (gaps ? 1 : 0))
    }

    @discardableResult
    private func writeCentered(_ text: String, into canvas: inout Canvas, y: Int, style: Style = .plain) -> Rect {
        let fitted = TextWidth.truncate(text, to: canvas.size.width, ellipsis: glyphs.ellipsis)
        let textWidth = TextWidth.of(fitted)
        let x = (canvas.size.width - textWidth) / 2
        canvas.write(fitted, x: x, y: y, style: style)
        return Rect(x: x, y: y, width: textWidth, height: 1)
    }

    private func drawDots(into canvas: inout Canvas, row: Int, layout: inout Layout) {
        let width = canvas.size.width
        let dotsWidth = state.pageCount * 2 - 1
        if dotsWidth <= width - 2 {
            var x = (width - dotsWidth) / 2
            for index in 0..<state.pageCount {
                let isCurrent = index == state.currentPage
                canvas.write(isCurrent ? glyphs.currentDot : glyphs.otherDot, x: x, y: row,
                             style: isCurrent ? Style(foreground: accent ?? .default, bold: true) : Style(dim: true))
                layout.dots.append(Rect(x: x, y: row, width: 1, height: 1))
                x += 2
            }
        } else {
            // Too many pages for dots: a counter says the same thing in less room.
            let counter = "\(glyphs.currentDot) \(state.currentPage + 1) / \(state.pageCount)"
            layout.pageCounter = writeCentered(counter, into: &canvas, y: row, style: Style(foreground: accent ?? .default, bold: true))
        }
    }

    private func drawTooSmallNotice(into canvas: inout Canvas) -> Layout {
        let size = canvas.size
        guard size.width > 0, size.height > 0 else { return Layout() }
        let notice = "Enlarge the terminal"
        var lines = TextWidth.wrap(notice, width: size.width)
        if lines.count > size.height { lines = [TextWidth.prefix(notice, width: size.width)] }
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < size.height {
            canvas.writeCentered(line, y: top + offset, style: Style(bold: true))
        }
        let noticeWidth = lines.map(TextWidth.of).max() ?? 0
        var layout = Layout()
        layout.tooSmallNotice = Rect(x: (size.width - noticeWidth) / 2, y: top, width: noticeWidth, height: min(lines.count, size.height))
        return layout
    }

    /// The width text may take: a margin of two cells each side, or one on narrow screens.
    static func textWidth(_ size: Size) -> Int {
        size.width >= 24 ? size.width - 4 : size.width - 2
    }

    /// Rows the frame takes besides the body: Skip, dots, button, hint and the blanks between.
    static func frameRows(showHint: Bool, gaps: Bool) -> Int {
        var rows = 1 + 1 + 1  // Skip row, dots, button
        if gaps { rows += 3 }  // above the dots, between dots and button, below the button
        if showHint { rows += 1 }
        return rows
    }

    // MARK: - Hero, title and subtitle

    private func drawStandardBody(_ plan: StandardPlan, into canvas: inout Canvas, area: Range<Int>, gaps: Bool, layout: inout Layout) {
        let width = canvas.size.width
        var y = area.lowerBound + max(0, (area.count - plan.contentHeight) / 2)
        if plan.showHero, let art = page.hero {
            let x = (width - art.width) / 2
            for line in art.lines {
                canvas.write(line, x: x, y: y)
                y += 1
            }
            layout.hero = Rect(x: x, y: y - art.lines.count, width: art.width, height: art.lines.count)
            if gaps { y += 1 }
        }
        for line in plan.titleLines {
            layout.title.append(writeCentered(line, into: &canvas, y: y, style: titleStyle))
            y += 1
        }
        if !plan.subtitleLines.isEmpty {
            if gaps { y += 1 }
            for line in plan.subtitleLines {
                layout.subtitle.append(writeCentered(line, into: &canvas, y: y))
                y += 1
            }
        }
    }

    /// What fits of a standard page: decided once per frame by dropping parts in the documented order.
    struct StandardPlan {
        var showHint = true
        var showHero = true
        var gaps = true
        var titleLines: [String]
        var subtitleLines: [String]
        var contentHeight: Int = 0

        init(view: PageView, size: Size) {
            let page = view.page
            let titleWidth = min(PageView.textWidth(size), PageView.titleMaximumWidth)
            let subtitleWidth = min(PageView.textWidth(size), PageView.subtitleMaximumWidth)
            titleLines = TextWidth.wrap(page.title, width: titleWidth)
            subtitleLines = page.subtitle.isEmpty ? [] : TextWidth.wrap(page.subtitle, width: subtitleWidth)
            showHero = page.hero.map { $0.width <= size.width - 2 && !$0.lines.isEmpty } ?? false

            // Try each degradation in turn until everything fits.
            let steps: [(inout StandardPlan) -> Void] = [{ _ in }, { $0.showHint = false }, { $0.showHero = false }, { $0.gaps = false }]
            for step in steps {
                step(&self)
                if rowsNeeded(page: page) <= size.height {
                    contentHeight = contentRows(page: page)
                    return
                }
            }
            // Still too tall: cut the title, then the subtitle, to the rows that remain.
            let spare = max(0, size.height - PageView.frameRows(showHint: false, gaps: false))
            let titleRows = max(1, min(titleLines.count, spare))
            if titleLines.count > titleRows {
                titleLines = Array(titleLines.prefix(titleRows))
                titleLines[titleRows - 1] = PageView.ellipsize(titleLines[titleRows - 1], width: titleWidth, glyphs: view.glyphs)
            }
            let subtitleRows = max(0, spare - titleRows)
            if subtitleLines.count > subtitleRows {
                subtitleLines = Array(subtitleLines.prefix(subtitleRows))
                if let lastIndex = subtitleLines.indices.last {
                    subtitleLines[lastIndex] = PageView.ellipsize(subtitleLines[lastIndex], width: subtitleWidth, glyphs: view.glyphs)
                }
            }
            contentHeight = contentRows(page: page)
        }

        private func contentRows(page: Tour.Page) -> Int {
            var rows = titleLines.count
            if showHero, let art = page.hero { rows += art.lines.count + (gaps ? 1 : 0) }
            if !subtitleLines.isEmpty { rows += subtitleLines.count + (gaps ? 1 : 0) }
            return rows
        }

        private func rowsNeeded(page: Tour.Page) -> Int {
            PageView.frameRows(showHint: showHint, gaps: gaps) + contentRows(page: page)
        }
    }

    /// Marks a line as cut short, within its width.
    static func ellipsize(_ line: String, width: Int, glyphs: Glyphs) -> String {
        TextWidth.prefix(line, width: width - TextWidth.of(glyphs.ellipsis)) + glyphs.ellipsis
    }

    // MARK: - Feature list

    /// One row of a feature list: pieces of text at columns within the list.
    struct ListRow {
        var pieces: [(column: Int, text: String, style: Style)] = []
    }

    private func drawFeatureList(_ plan: FeatureListPlan, into canvas: inout Canvas, area: Range<Int>, layout: inout Layout) {
        let width = canvas.size.width
        var y = area.lowerBound
        for line in plan.titleLines {
            layout.title.append(writeCentered(line, into: &canvas, y: y, style: titleStyle))
            y += 1
        }
        if plan.gaps { y += 1 }
        let listArea = y..<area.upperBound
        let listX = (width - plan.listWidth) / 2
        guard listArea.count > 0 else { return }

        if plan.rows.count <= listArea.count {
            // It fits: centered vertically in the space between title and dots.
            let top = listArea.lowerBound + (listArea.count - plan.rows.count) / 2
            draw(plan.rows[...], into: &canvas, x: listX, top: top)
            layout.list = Rect(x: listX, y: top, width: plan.listWidth, height: plan.rows.count)
            return
        }
        // It scrolls: one row each for "more above" and "more below", the rest for the list.
        let visible = max(1, listArea.count - 2)
        let offset = max(0, min(scrollOffset, plan.rows.count - visible))
        let top = listArea.count >= 3 ? listArea.lowerBound + 1 : listArea.lowerBound
        draw(plan.rows[offset..<min(plan.rows.count, offset + visible)], into: &canvas, x: listX, top: top)
        layout.list = Rect(x: listX, y: top, width: plan.listWidth, height: visible)
        if listArea.count >= 3 {
            if offset > 0 {
                layout.moreAbove = writeCentered("\(glyphs.upArrow) more above (k)", into: &canvas, y: listArea.lowerBound, style: Style(dim: true))
            }
            if offset + visible < plan.rows.count {
                layout.moreBelow = writeCentered("\(glyphs.downArrow) more below (j)", into: &canvas, y: listArea.upperBound - 1, style: Style(dim: true))
            }
        }
    }

    private func draw(_ rows: ArraySlice<ListRow>, into canvas: inout Canvas, x: Int, top: Int) {
        for (index, row) in rows.enumerated() {
            for piece in row.pieces {
                canvas.write(piece.text, x: x + piece.column, y: top + index, style: piece.style)
            }
        }
    }

    struct FeatureListPlan {
        var showHint = true
        var gaps = true
        var titleLines: [String]
        var rows: [ListRow]
        var listWidth: Int
        var listRowsAvailable = 0

        var maximumScroll: Int {
            rows.count <= listRowsAvailable ? 0 : max(0, rows.count - max(1, listRowsAvailable - 2))
        }

        init(view: PageView, size: Size) {
            let page = view.page
            listWidth = min(PageView.textWidth(size), PageView.featureListMaximumWidth)
            titleLines = TextWidth.wrap(page.title, width: min(PageView.textWidth(size), PageView.titleMaximumWidth))
            rows = Self.rows(for: page, width: listWidth)

            // Keep at least a few list rows on screen: drop the hint, then the blank rows.
            let wanted = min(rows.count, 3)
            for step in [{ (plan: inout FeatureListPlan) in }, { $0.showHint = false }, { $0.gaps = false }] {
                step(&self)
                if available(size) >= wanted { break }
            }
            if available(size) < 1, titleLines.count > 1 {
                let room = max(1, titleLines.count + available(size) - 1)
                titleLines = Array(titleLines.prefix(room))
                titleLines[room - 1] = PageView.ellipsize(titleLines[room - 1], width: listWidth, glyphs: view.glyphs)
            }
            listRowsAvailable = max(0, available(size))
        }

        private func available(_ size: Size) -> Int {
            size.height - PageView.frameRows(showHint: showHint, gaps: gaps) - titleLines.count - (gaps ? 1 : 0)
        }

        /// The whole list, laid out at a width: icon and bold title, text indented under it, a blank between items.
        static func rows(for page: Tour.Page, width: Int) -> [ListRow] {
            var rows: [ListRow] = []
            let indent = 4
            for (index, item) in page.items.enumerated() {
                if index > 0 { rows.append(ListRow()) }
                var first = ListRow()
                if !item.icon.isEmpty {
                    first.pieces.append((0, item.icon, Style(foreground: item.accent ?? page.accent ?? .default, bold: true)))
                }
                let titleLines = TextWidth.wrap(item.title, width: max(1, width - indent))
                first.pieces.append((indent, titleLines.first ?? "", Style(bold: true)))
                rows.append(first)
                for line in titleLines.dropFirst() {
                    rows.append(ListRow(pieces: [(indent, line, Style(bold: true))]))
                }
                if !item.text.isEmpty {
                    for line in TextWidth.wrap(item.text, width: max(1, width - indent)) {
                        rows.append(ListRow(pieces: [(indent, line, .plain)]))
                    }
                }
            }
            if !page.extra.isEmpty {
                if !rows.isEmpty { rows.append(ListRow()) }
                for line in TextWidth.wrap(page.extra, width: width) {
                    rows.append(ListRow(pieces: [((width - TextWidth.of(line)) / 2, line, Style(dim: true))]))
                }
            }
            return rows
        }
    }
}
