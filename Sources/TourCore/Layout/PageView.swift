/// Lays one page of a tour out for a terminal size, into a `Canvas`.
///
/// Top to bottom: Skip (top right), hero art, title, subtitle, page dots, button, key hint.
/// When rows run out it drops, in order: the hint, the hero, the blank rows between
/// parts, then the end of the subtitle. Title, dots and button always stay.
public struct PageView: Sendable {
    public var tour: Tour
    public var state: PagerState
    public var glyphs: Glyphs

    /// Below this the pager cannot be drawn, and a notice asks for a bigger window.
    public static let minimumSize = Size(width: 16, height: 4)
    public static let subtitleMaximumWidth = 60
    public static let titleMaximumWidth = 70

    public init(tour: Tour, state: PagerState, glyphs: Glyphs = .unicode) {
        self.tour = tour
        self.state = state
        self.glyphs = glyphs
    }

    /// Where each part landed; the mouse layer reads it to know what was clicked.
    public struct Layout: Equatable, Sendable {
        public var skip: Rect?
        public var hero: Rect?
        public var title: [Rect] = []
        public var subtitle: [Rect] = []
        /// One rectangle per page dot, in page order (empty when a counter stands in for the dots).
        public var dots: [Rect] = []
        public var pageCounter: Rect?
        public var button: Rect?
        public var hint: Rect?
        public var tooSmallNotice: Rect?
    }

    public var page: Tour.Page { tour.pages[state.currentPage] }

    public var buttonLabel: String {
        if let custom = page.button { return custom }
        return state.isLastPage ? tour.labels.done : "\(tour.labels.next) \(glyphs.rightArrow)"
    }

    public var skipLabel: String { "\(tour.labels.skip) (q)" }

    public var hintText: String {
        let s = glyphs.separator
        return "\(glyphs.leftArrow) \(glyphs.rightArrow) swipe \(s) Enter \(state.isLastPage ? "finish" : "next") \(s) q skip"
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
        let plan = Plan(view: self, size: size)
        var layout = Layout()
        let width = size.width

        if !state.isLastPage {
            let label = TextWidth.truncate(skipLabel, to: width - 2, ellipsis: glyphs.ellipsis)
            let labelWidth = TextWidth.of(label)
            let x = max(0, width - labelWidth - 1)
            canvas.write(label, x: x, y: 0, style: Style(dim: true))
            layout.skip = Rect(x: x, y: 0, width: labelWidth, height: 1)
        }

        // The bottom stack, from the last row up: [hint], [blank], button, [blank], dots.
        var row = size.height - 1
        if plan.showHint {
            let hint = TextWidth.truncate(hintText, to: width, ellipsis: glyphs.ellipsis)
            canvas.writeCentered(hint, y: row, style: Style(dim: true))
            layout.hint = Rect(x: (width - TextWidth.of(hint)) / 2, y: row, width: TextWidth.of(hint), height: 1)
            row -= 1
        }
        if plan.gaps { row -= 1 }  // a blank row under the button, or between it and the hint
        let button = "[ " + TextWidth.truncate(buttonLabel, to: width - 6, ellipsis: glyphs.ellipsis) + " ]"
        let buttonWidth = TextWidth.of(button)
        let buttonX = (width - buttonWidth) / 2
        canvas.write(button, x: buttonX, y: row, style: Style(bold: true, reverse: true))
        layout.button = Rect(x: buttonX, y: row, width: buttonWidth, height: 1)
        row -= plan.gaps ? 2 : 1
        drawDots(into: &canvas, row: row, layout: &layout)
        let contentBottom = row - (plan.gaps ? 1 : 0)  // exclusive

        // The content block, centered in what is left between the top row and the dots.
        let contentTop = 1
        let available = contentBottom - contentTop
        var y = contentTop + max(0, (available - plan.contentHeight) / 2)
        if plan.showHero, let art = page.hero {
            let x = (width - art.width) / 2
            for line in art.lines {
                canvas.write(line, x: x, y: y)
                y += 1
            }
            layout.hero = Rect(x: x, y: y - art.lines.count, width: art.width, height: art.lines.count)
            if plan.gaps { y += 1 }
        }
        for line in plan.titleLines {
            let lineWidth = TextWidth.of(line)
            canvas.writeCentered(line, y: y, style: Style(bold: true))
            layout.title.append(Rect(x: (width - lineWidth) / 2, y: y, width: lineWidth, height: 1))
            y += 1
        }
        if !plan.subtitleLines.isEmpty {
            if plan.gaps { y += 1 }
            for line in plan.subtitleLines {
                let lineWidth = TextWidth.of(line)
                canvas.writeCentered(line, y: y)
                layout.subtitle.append(Rect(x: (width - lineWidth) / 2, y: y, width: lineWidth, height: 1))
                y += 1
            }
        }
        return layout
    }

    private func drawDots(into canvas: inout Canvas, row: Int, layout: inout Layout) {
        let width = canvas.size.width
        let dotsWidth = state.pageCount * 2 - 1
        if dotsWidth <= width - 2 {
            var x = (width - dotsWidth) / 2
            for index in 0..<state.pageCount {
                let isCurrent = index == state.currentPage
                canvas.write(isCurrent ? glyphs.currentDot : glyphs.otherDot, x: x, y: row,
                             style: isCurrent ? Style(bold: true) : Style(dim: true))
                layout.dots.append(Rect(x: x, y: row, width: 1, height: 1))
                x += 2
            }
        } else {
            // Too many pages for dots: a counter says the same thing in less room.
            let counter = "\(glyphs.currentDot) \(state.currentPage + 1) / \(state.pageCount)"
            let counterWidth = TextWidth.of(counter)
            canvas.writeCentered(counter, y: row, style: Style(bold: true))
            layout.pageCounter = Rect(x: (width - counterWidth) / 2, y: row, width: counterWidth, height: 1)
        }
    }

    private func drawTooSmallNotice(into canvas: inout Canvas) -> Layout {
        let size = canvas.size
        guard size.width > 0, size.height > 0 else { return Layout() }
        var lines = TextWidth.wrap("Enlarge the terminal", width: size.width)
        if lines.count > size.height { lines = [TextWidth.prefix("Enlarge the terminal", width: size.width)] }
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < size.height {
            canvas.writeCentered(line, y: top + offset, style: Style(bold: true))
        }
        let noticeWidth = lines.map(TextWidth.of).max() ?? 0
        var layout = Layout()
        layout.tooSmallNotice = Rect(x: (size.width - noticeWidth) / 2, y: top, width: noticeWidth, height: min(lines.count, size.height))
        return layout
    }

    /// What fits: decided once per frame from the size, by dropping parts in the documented order.
    struct Plan {
        var showHint = true
        var showHero = true
        var gaps = true
        var titleLines: [String]
        var subtitleLines: [String]

        var contentHeight: Int = 0

        init(view: PageView, size: Size) {
            let page = view.page
            let titleWidth = min(Self.textWidth(size), PageView.titleMaximumWidth)
            let subtitleWidth = min(Self.textWidth(size), PageView.subtitleMaximumWidth)
            titleLines = TextWidth.wrap(page.title, width: titleWidth)
            let fullSubtitle = page.subtitle.isEmpty ? [] : TextWidth.wrap(page.subtitle, width: subtitleWidth)
            subtitleLines = fullSubtitle
            let heroFits = page.hero.map { $0.width <= size.width - 2 && !$0.lines.isEmpty } ?? false
            showHero = heroFits

            // Try each degradation in turn until everything fits.
            let steps: [(inout Plan) -> Void] = [
                { _ in },
                { $0.showHint = false },
                { $0.showHero = false },
                { $0.gaps = false },
            ]
            for step in steps {
                step(&self)
                if rowsNeeded(view: view) <= size.height {
                    finish(view: view)
                    return
                }
            }
            // Still too tall: cut the subtitle, then the title, to the rows that remain.
            let fixedRows = rowsNeeded(view: view) - titleLines.count - subtitleLines.count
            let spare = max(0, size.height - fixedRows)
            let titleRows = max(1, min(titleLines.count, spare))
            if titleLines.count > titleRows {
                titleLines = Array(titleLines.prefix(titleRows))
                titleLines[titleRows - 1] = Self.ellipsize(titleLines[titleRows - 1], width: titleWidth, glyphs: view.glyphs)
            }
            let subtitleRows = max(0, spare - titleRows)
            if subtitleLines.count > subtitleRows {
                subtitleLines = Array(subtitleLines.prefix(subtitleRows))
                if let lastIndex = subtitleLines.indices.last {
                    subtitleLines[lastIndex] = Self.ellipsize(subtitleLines[lastIndex], width: subtitleWidth, glyphs: view.glyphs)
                }
            }
            finish(view: view)
        }

        private static func textWidth(_ size: Size) -> Int {
            size.width >= 24 ? size.width - 4 : size.width - 2
        }

        /// Marks a line as cut short, within its width.
        private static func ellipsize(_ line: String, width: Int, glyphs: Glyphs) -> String {
            let room = width - TextWidth.of(glyphs.ellipsis)
            return TextWidth.prefix(line, width: room) + glyphs.ellipsis
        }

        private mutating func finish(view: PageView) {
            contentHeight = contentRows(view: view)
        }

        private func contentRows(view: PageView) -> Int {
            var rows = titleLines.count
            if showHero, let art = view.page.hero { rows += art.lines.count + (gaps ? 1 : 0) }
            if !subtitleLines.isEmpty { rows += subtitleLines.count + (gaps ? 1 : 0) }
            return rows
        }

        /// Top row (Skip) + content + dots + button + hint, with the blank rows between them.
        private func rowsNeeded(view: PageView) -> Int {
            var rows = 1 + contentRows(view: view) + 1 + 1
            if gaps { rows += 3 }  // above the dots, between dots and button, below the button
            if showHint { rows += 1 }
            return rows
        }
    }
}
