/// The standard page: hero art, a bold title and a wrapped subtitle, centered.
///
/// When rows are short it drops the hero first, then its blank rows, then cuts the
/// title and the end of the subtitle with an ellipsis. The title always keeps a row.
package struct HeroPageBody: PageBody {
    /// Bold, wrapped, centered.
    package var title: String
    /// It draws the title itself, under the hero.
    package var drawsOwnTitle: Bool { true }
    /// Wrapped to at most 60 columns, centered.
    package var subtitle: String
    /// The picture above the title.
    package var hero: Tour.Art?
    /// A PNG or JPEG picture, drawn to fit the rows the text leaves; it stands in for `hero`.
    package var picture: Picture?
    /// What the picture shows (`heroAlt`): drawn in its place where it cannot be drawn
    /// (no libchafa on this machine).
    package var pictureWords: String?

    /// A picture takes at most this many rows, or two thirds of the page's rows on a tall
    /// window: a hero, not a wallpaper, and larger when there is room.
    package static let pictureRows = 12
    /// And at least this many, or it gives way like art that does not fit.
    package static let pictureMinimumRows = 3

    /// The standard page body.
    package init(title: String, subtitle: String, hero: Tour.Art?, picture: Picture? = nil, pictureWords: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.hero = hero
        self.picture = picture
        self.pictureWords = pictureWords
    }

    /// The picture's words as dim art, one bracketed line cut to the width, for a picture
    /// that cannot be drawn here; nil without words.
    private func wordsInPlaceOfPicture(width: Int, context: PageContext) -> Tour.Art? {
        guard let words = pictureWords, !words.isEmpty, width > 6 else { return nil }
        let line = "[ " + TextWidth.truncate(words, to: width - 6, ellipsis: context.glyphs.ellipsis) + " ]"
        return Tour.Art(lines: [line], styles: [Array(repeating: Style(dim: true), count: line.count)])
    }

    /// The picture cannot be drawn here at all: not in pixels, and no libchafa for cells.
    private func pictureUndrawable(_ context: PageContext) -> Bool {
        picture != nil && context.pictureStandIn == nil && picture?.drawer?.canDraw != true
    }

    /// A readable line length for the subtitle.
    package static let subtitleMaximumWidth = 60
    /// Titles wrap before this width.
    package static let titleMaximumWidth = 70

    private struct Lines {
        var title: [String]
        var subtitle: [String]
        var titleWidth: Int
        var subtitleWidth: Int

        init(_ body: HeroPageBody, width: Int) {
            titleWidth = min(TextWidth.readableWidth(width), HeroPageBody.titleMaximumWidth)
            subtitleWidth = min(TextWidth.readableWidth(width), HeroPageBody.subtitleMaximumWidth)
            title = TextWidth.wrap(body.title, width: titleWidth, maximumLines: TextWidth.screenLines)
            subtitle = body.subtitle.isEmpty ? [] : TextWidth.wrap(InlineCode.mark(body.subtitle), width: subtitleWidth, maximumLines: TextWidth.screenLines)
        }

        func height(hero: Tour.Art?, gaps: Bool) -> Int {
            var rows = title.count
            if let hero { rows += hero.lines.count + (gaps ? 1 : 0) }
            if !subtitle.isEmpty { rows += subtitle.count + (gaps ? 1 : 0) }
            return rows
        }
    }

    /// The versions of the hero narrow enough for the width, largest first.
    private func heroesThatFit(width: Int) -> [Tour.Art] {
        guard let hero else { return [] }
        return hero.versions.filter { !$0.lines.isEmpty && $0.width <= width - 2 }
    }

    private func heroThatFits(width: Int) -> Tour.Art? {
        heroesThatFit(width: width).first
    }

    /// The picture drawn as art in at most `rows` rows, or nil when it gets fewer than its minimum.
    private func pictureArt(width: Int, rows: Int, context: PageContext) -> Tour.Art? {
        if pictureUndrawable(context) { return rows >= 1 ? wordsInPlaceOfPicture(width: width, context: context) : nil }
        guard let picture, let drawer = picture.drawer, rows >= Self.pictureMinimumRows, width > 4 else { return nil }
        let cap = max(Self.pictureRows, context.pageRows * 2 / 3)
        let largest = picture.largestCells
        let (columns, fitted) = fit(picture, drawer: drawer, maxColumns: min(width - 4, largest.columns), maxRows: min(rows, cap, largest.rows),
                                    context: context)
        // In pixels the same box is kept, so that a slide's cells and the settled picture agree.
        switch context.pictureStandIn {
        case .blank?:
            return Tour.Art(lines: Array(repeating: String(repeating: " ", count: columns), count: fitted), keepBlankRows: true)
        case .placeholders(let id)?:
            return KittyGraphics.placeholderArt(id: id, columns: min(columns, KittyGraphics.largestGrid),
                                                rows: min(fitted, KittyGraphics.largestGrid), depth: context.colorDepth)
        case nil: break
        }
        return drawer.art(picture, columns: columns, rows: fitted, depth: context.colorDepth, background: context.background,
                          ascii: context.glyphs == .ascii)
    }

    /// The rows a picture would like at this width.
    private func pictureHeight(width: Int, context: PageContext) -> Int? {
        if pictureUndrawable(context) { return pictureWords?.isEmpty == false ? 1 : nil }
        guard let picture, let drawer = picture.drawer, width > 4 else { return nil }
        let largest = picture.largestCells
        return fit(picture, drawer: drawer, maxColumns: min(width - 4, largest.columns), maxRows: min(Self.pictureRows, largest.rows),
                   context: context).rows
    }

    /// The cells a picture fills within the bounds, keeping its shape: at the terminal's
    /// cell size in a run that draws pixels, else as the drawer (libchafa) fits it.
    private func fit(_ picture: Picture, drawer: any PictureDrawer, maxColumns: Int, maxRows: Int,
                     context: PageContext) -> (columns: Int, rows: Int) {
        guard let cell = context.pixelCell else { return drawer.fit(picture, maxColumns: maxColumns, maxRows: maxRows) }
        let pixels = PixelImage.fit(width: picture.width, height: picture.height, into: (maxColumns * cell.width, maxRows * cell.height))
        let columns = (pixels.width + cell.width - 1) / cell.width, rows = (pixels.height + cell.height - 1) / cell.height
        return (max(1, min(maxColumns, columns)), max(1, min(maxRows, rows)))
    }

    /// Hero (when it fits the width), title and subtitle, with a blank row between each.
    package func preferredHeight(width: Int, context: PageContext) -> Int {
        Lines(self, width: width).height(hero: heroThatFits(width: width), gaps: true)
    }

    /// Title and subtitle with the blank row between: the hero is the first to go.
    package func minimumHeight(width: Int, context: PageContext) -> Int {
        Lines(self, width: width).height(hero: nil, gaps: true)
    }

    /// Both heights from one wrapping of the text.
    package func heights(width: Int, context: PageContext) -> (preferred: Int, minimum: Int) {
        let lines = Lines(self, width: width)
        let minimum = lines.height(hero: nil, gaps: true)
        if let rows = pictureHeight(width: width, context: context) { return (minimum + rows + 1, minimum) }
        return (lines.height(hero: heroThatFits(width: width), gaps: true), minimum)
    }

    /// Centers what fits: the hero goes first, then blank rows, then the end of the subtitle.
    package func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        let width = canvas.size.width
        let height = canvas.size.height
        var lines = Lines(self, width: width)
        var gaps = !context.compact
        var hero = heroThatFits(width: width)
        if picture != nil {
            // A picture is drawn to the rows the text leaves (less the blank row under it). It
            // gives way before spacing does: none once the page is compact.
            hero = gaps ? pictureArt(width: width, rows: height - lines.height(hero: nil, gaps: gaps) - 1, context: context) : nil
        }
        if lines.height(hero: hero, gaps: gaps) > height {
            // A smaller version that fits the rows, before the art is given up.
            hero = picture == nil ? heroesThatFit(width: width).first { lines.height(hero: $0, gaps: gaps) <= height } : nil
        }
        if lines.height(hero: nil, gaps: gaps) > height { gaps = false }
        if lines.height(hero: nil, gaps: gaps) > height {
            // Cut the title, then the subtitle, to the rows there are.
            let titleRows = max(1, min(lines.title.count, height))
            if lines.title.count > titleRows {
                lines.title = Array(lines.title.prefix(titleRows))
                lines.title[titleRows - 1] = TextWidth.truncate(lines.title[titleRows - 1], to: lines.titleWidth, ellipsis: context.glyphs.ellipsis, continues: true)
            }
            let subtitleRows = max(0, height - titleRows)
            if lines.subtitle.count > subtitleRows {
                lines.subtitle = Array(lines.subtitle.prefix(subtitleRows))
                if let last = lines.subtitle.indices.last {
                    lines.subtitle[last] = TextWidth.truncate(lines.subtitle[last], to: lines.subtitleWidth, ellipsis: context.glyphs.ellipsis, continues: true)
                }
            }
        }

        var layout = PageBodyLayout()
        var y = max(0, (height - lines.height(hero: hero, gaps: gaps)) / 2)
        if let hero {
            let x = (width - hero.width) / 2
            for (row, line) in hero.lines.enumerated() {
                if hero.styles.isEmpty {
                    canvas.write(line, x: x, y: y)
                } else if canvas.writeASCII(line, styles: hero.styles[row], x: x, y: y) == nil {
                    // A run of characters in one style is written at once: a write per
                    // character cost a string and a segmentation each.
                    var column = x
                    var runStart = line.startIndex
                    var runStyle: Style? = nil
                    var index = line.startIndex
                    for style in hero.styles[row] {
                        guard index < line.endIndex else { break }
                        if let previous = runStyle, style != previous {
                            column = canvas.write(String(line[runStart..<index]), x: column, y: y, style: previous)
                            runStart = index
                        }
                        runStyle = style
                        index = line.index(after: index)
                    }
                    if let runStyle { canvas.write(String(line[runStart..<index]), x: column, y: y, style: runStyle) }
                }
                y += 1
            }
            layout.hero = Rect(x: x, y: y - hero.lines.count, width: hero.width, height: hero.lines.count)
            if gaps { y += 1 }
        }
        for line in lines.title {
            layout.title.append(canvas.writeCentered(line, y: y, style: context.titleStyle, glyphs: context.glyphs))
            y += 1
        }
        if !lines.subtitle.isEmpty {
            if gaps { y += 1 }
            var inCode = false
            for line in lines.subtitle {
                layout.subtitle.append(canvas.writeCenteredMarked(line, y: y, glyphs: context.glyphs, inCode: &inCode))
                y += 1
            }
        }
        return layout
    }

    /// Title, subtitle, then the art.
    package func plainText(context: PageContext) -> String {
        var lines = [title]
        if !subtitle.isEmpty { lines.append(InlineCode.plain(subtitle)) }
        if let hero, !hero.lines.isEmpty {
            lines.append("")
            lines.append(contentsOf: hero.lines.map(PlainText.trimmingTrailingSpaces))
        }
        return lines.joined(separator: "\n")
    }
}
