/// Lays one page of a tour out for a terminal size, into a `Canvas`.
///
/// Every page has the same frame: Skip at the top right, then the page dots, the button
/// and a key hint at the bottom. Between them the page's `PageBody` draws itself.
///
/// When rows run out, things give way in one order, everywhere: the hero art first, then
/// the blank rows between parts, then the end of the subtitle (or of a list), and only
/// then the key hint. The title, the indicator and the button stay until the "Enlarge
/// the terminal" notice takes over.
package struct PageView: Sendable {
    /// The tour the page belongs to: labels and tour-wide accent.
    package var tour: Tour
    /// Which page, and how many.
    package var state: Paging
    /// Unicode or ASCII symbols.
    package var glyphs: Glyphs
    /// Rows a scrolling body is scrolled by; clamped to what the body allows.
    package var scrollOffset: Int
    /// The key table the hints name keys from.
    package var bindings: KeyBindings
    /// The terminal's color depth and background, for keeping text readable; nil draws the
    /// author's colors as they are.
    package var contrast: (depth: ColorDepth, background: TerminalBackground)? = nil

    /// Below this the pager cannot be drawn, and a notice asks for a bigger window.
    package static let minimumSize = Size(width: 16, height: 4)

    /// On a question page: the option selected, if any (the default until the pager says).
    package var selectedOption: Int?
    /// How far the person has come on a practice page.
    package var practice: PracticeProgress?
    /// Seconds the page has been on screen: `PageContext.time`.
    package var time: Double = 0
    /// What the picture's box holds while the terminal draws the picture in pixels; nil
    /// draws it in cells.
    package var pictureStandIn: PictureStandIn?
    /// One cell's size in pixels, in a run that draws pictures in pixels.
    package var pixelCell: (width: Int, height: Int)?

    /// The view of the current page of `state`.
    package init(tour: Tour, state: Paging, glyphs: Glyphs = .unicode, scrollOffset: Int = 0, bindings: KeyBindings = .standard) {
        self.tour = tour
        self.state = state
        self.glyphs = glyphs
        self.scrollOffset = scrollOffset
        self.bindings = bindings
        self.selectedOption = tour.page(state.currentPage).choice?.defaultIndex
    }

    /// Where each part landed, in screen cells; the mouse layer reads it to know what was clicked.
    package struct Layout: Equatable, Sendable {
        /// The Skip label, top right; nil on the last page.
        package var skip: Rect?
        /// The area the page body was given.
        package var body: Rect?
        /// Where the body put its parts (hero, title, subtitle, list), in screen cells.
        package var parts = PageBodyLayout()
        /// One rectangle per page dot, in page order (empty when a counter stands in for the dots).
        package var dots: [Rect] = []
        /// The "● 12 / 40" counter that stands in for dots when they do not fit, or the
        /// "2 / 5" of the numbers indicator.
        package var pageCounter: Rect?
        /// The progress bar of the bar indicator.
        package var bar: Rect?
        /// The Next / Get started button.
        package var button: Rect?
        /// The dim key hint on the last row; nil when it was dropped.
        package var hint: Rect?
        /// The "Enlarge the terminal" notice; set only when nothing else was drawn.
        package var tooSmallNotice: Rect?
        /// How many rows the page's list can scroll at this size; 0 when it fits.
        package var scrollLimit = 0

        /// Nothing placed yet.
        package init() {}
    }

    /// The page on screen.
    package var page: Tour.Page { tour.page(state.currentPage) }
    /// The page's accent, or the tour's.
    package var accent: Color? { page.accent ?? tour.accent }

    /// The page's own label, or Next →, or Get started on the last page.
    package var buttonLabel: String {
        if let custom = page.button { return custom }
        return state.isLastPage ? tour.labels.done : "\(tour.labels.next) \(glyphs.rightArrow)"
    }

    /// Skip with its key, as the key table has it.
    package var skipLabel: String {
        guard let key = bindings.keyName(for: .skip, glyphs: glyphs) else { return tour.labels.skip }
        return "\(tour.labels.skip) (\(key))"
    }

    /// The key hint; it mentions scrolling when the list scrolls, and choosing on a question.
    package func hintText(scrolls: Bool = false, listAtEnd: Bool = false, width: Int = Int.max) -> String {
        bindings.hint(isLastPage: state.isLastPage, isOnlyPage: state.pageCount == 1, scrolls: scrolls, listAtEnd: listAtEnd, glyphs: glyphs,
                      labels: tour.labels, width: width, questionCanGoOn: page.choice == nil ? nil : selectedOption != nil,
                      practiceDone: page.practice == nil ? nil : practice?.isDone == true)
    }

    /// A question with nothing chosen, or a practice not yet done: the button is drawn dim,
    /// the way forward closed.
    var isForwardClosed: Bool {
        if page.practice != nil { return practice?.isDone != true }
        return page.choice != nil && selectedOption == nil
    }

    /// The page drawn on a new canvas of this size.
    package func render(size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        draw(into: &canvas)
        return canvas
    }

    /// What the frame keeps at a size, and the body's area.
    struct Frame {
        var showHint: Bool
        var gaps: Bool
        var bodyArea: Rect
        var context: PageContext
        /// How far the body can scroll in its area.
        var scrollLimit: Int
    }

    func frame(size: Size) -> Frame {
        let body = page.body
        var context = PageContext(glyphs: glyphs, accent: accent, scrollOffset: 0, compact: false)
        context.scrollKeys = (bindings.typedKey(for: .scrollUp).map(String.init), bindings.typedKey(for: .scrollDown).map(String.init))
        context.colorDepth = contrast?.depth ?? .direct
        context.background = contrast?.background ?? .dark
        context.pageRows = size.height
        context.labels = tour.labels
        context.selectedOption = selectedOption
        context.practice = practice
        context.time = time
        context.pictureStandIn = pictureStandIn
        context.pixelCell = pixelCell
        let (_, minimum) = body.heights(width: size.width, context: context)
        // The hint is the last to go: it stays while the body keeps a row beside it.
        let showHint = Self.frameRows(showHint: true, gaps: false) + 1 <= size.height
        let gaps = Self.frameRows(showHint: showHint, gaps: true) + minimum <= size.height
        context.compact = !gaps
        let bodyHeight = max(0, size.height - Self.frameRows(showHint: showHint, gaps: gaps))
        let area = Rect(x: 0, y: 1, width: size.width, height: bodyHeight)
        let limit = body.maximumScroll(area: Size(width: area.width, height: area.height), context: context)
        context.scrollOffset = max(0, min(scrollOffset, limit))
        return Frame(showHint: showHint, gaps: gaps, bodyArea: area, context: context, scrollLimit: limit)
    }

    /// Draws the page into `canvas` and says where each part went.
    @discardableResult
    package func draw(into canvas: inout Canvas) -> Layout {
        let size = canvas.size
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            return drawTooSmallNotice(into: &canvas)
        }
        let frame = frame(size: size)
        var layout = Layout()
        layout.scrollLimit = frame.scrollLimit
        drawFrame(into: &canvas, frame: frame, hint: hintText(scrolls: frame.scrollLimit > 0, listAtEnd: frame.context.scrollOffset >= frame.scrollLimit,
                                                              width: size.width), layout: &layout)

        // The body draws into its own region, so it cannot spill over the frame.
        let area = frame.bodyArea
        let pageBody = page.body
        let body = canvas.withRegion(area) { region in pageBody.draw(into: &region, context: frame.context) }
        layout.body = area
        layout.parts = body.offset(x: area.x, y: area.y)
        paintGradient(into: &canvas, depth: contrast?.depth ?? .direct)
        if let contrast {
            // A picture, and an author's art, keep their colors; art that follows contrast does not.
            let keepsItsColors = page.picture != nil || !(page.hero?.followsContrast ?? false)
            Contrast.enforce(on: &canvas, depth: contrast.depth, background: contrast.background, except: keepsItsColors ? layout.parts.hero : nil)
        }
        return layout
    }

    /// Paints the page's gradient behind everything that has no background of its own,
    /// one band per row, with black or white text, whichever reads better on that band as
    /// the terminal draws it (at 256 colors, the palette entry the band becomes). Text on a
    /// band is never dim: dim gray on a mid-tone band is unreadable (the hint, Skip, the dots).
    private func paintGradient(into canvas: inout Canvas, depth: ColorDepth) {
        let stops = page.gradient.compactMap(Palette.rgb(of:))
        guard stops.count >= 2 else { return }
        let height = canvas.size.height
        for y in 0..<height {
            let band = Palette.blend(stops, at: height > 1 ? Double(y) / Double(height - 1) : 0)
            let drawn = Contrast.shown(band, depth: depth).map { Color.rgb($0.0, $0.1, $0.2) } ?? band
            let foreground = Palette.readableForeground(on: drawn)
            for x in 0..<canvas.size.width {
                var cell = canvas[x, y]
                let onBand = cell.style.background == .default
                if onBand { cell.style.background = band }
                if cell.style.foreground == .default {
                    cell.style.foreground = foreground
                    if onBand { cell.style.dim = false }
                }
                canvas[x, y] = cell
            }
        }
    }

    /// Draws Skip, dots, button and hint around the body's area.
    private func drawFrame(into canvas: inout Canvas, frame: Frame, hint: String, layout: inout Layout) {
        let width = canvas.size.width
        // Skip stays on a last page that asks: q there skips, and answers nothing.
        if !state.isLastPage || page.choice != nil {
            let label = TextWidth.truncate(skipLabel, to: width - 2, ellipsis: glyphs.ellipsis)
            let labelWidth = TextWidth.of(label)
            let x = max(0, width - labelWidth - 1)
            canvas.write(label, x: x, y: 0, style: Style(dim: true))
            layout.skip = Rect(x: x, y: 0, width: labelWidth, height: 1)
        }
        // From the last row up: [hint], [blank], button, [blank], dots.
        var row = canvas.size.height - 1
        if frame.showHint {
            layout.hint = canvas.writeCentered(hint, y: row, style: Style(dim: true), glyphs: glyphs)
            row -= 1
        }
        if frame.gaps { row -= 1 }
        let button = "[ " + TextWidth.truncate(buttonLabel, to: width - 6, ellipsis: glyphs.ellipsis) + " ]"
        let buttonStyle = isForwardClosed ? Style(dim: true) : Style(foreground: accent ?? .default, bold: true, reverse: true)
        layout.button = canvas.writeCentered(button, y: row, style: buttonStyle, glyphs: glyphs)
        row -= frame.gaps ? 2 : 1
        // A one-page tour has nowhere to go: no indicator.
        guard state.pageCount > 1 else { return }
        drawIndicator(into: &canvas, row: row, buttonWidth: layout.button?.width ?? 0, layout: &layout)
    }

    /// The indicator the page (or the tour) asks for.
    package var indicator: Tour.Indicator { page.indicator ?? tour.indicator }

    private func drawIndicator(into canvas: inout Canvas, row: Int, buttonWidth: Int, layout: inout Layout) {
        let width = canvas.size.width
        let current = Style(foreground: accent ?? .default, bold: true)
        switch indicator {
        case .none:
            return
        case .numbers:
            layout.pageCounter = canvas.writeCentered("\(state.currentPage + 1) / \(state.pageCount)", y: row, style: current, glyphs: glyphs)
        case .bar:
            // As wide as the button, filled to the page: clicking a spot jumps to that fraction.
            let barWidth = max(min(width - 2, max(buttonWidth, 8)), 1)
            let filled = max(1, Int((Double(state.currentPage + 1) / Double(state.pageCount) * Double(barWidth)).rounded()))
            let x = (width - barWidth) / 2
            canvas.write(String(repeating: glyphs.barFilled, count: filled), x: x, y: row, style: current)
            canvas.write(String(repeating: glyphs.barEmpty, count: barWidth - filled), x: x + filled, y: row, style: Style(dim: true))
            layout.bar = Rect(x: x, y: row, width: barWidth, height: 1)
        case .dots(let currentGlyph, let otherGlyph):
            let currentDot = glyphs == .ascii ? TextSanitizer.asciiFallback(currentGlyph, or: glyphs.currentDot) : currentGlyph
            let otherDot = glyphs == .ascii ? TextSanitizer.asciiFallback(otherGlyph, or: glyphs.otherDot) : otherGlyph
            let dotWidth = max(TextWidth.of(currentDot), TextWidth.of(otherDot), 1)
            let dotsWidth = state.pageCount * (dotWidth + 1) - 1
            if dotsWidth <= width - 2 {
                var x = (width - dotsWidth) / 2
                for index in 0..<state.pageCount {
                    let isCurrent = index == state.currentPage
                    canvas.write(isCurrent ? currentDot : otherDot, x: x, y: row, style: isCurrent ? current : Style(dim: true))
                    layout.dots.append(Rect(x: x, y: row, width: dotWidth, height: 1))
                    x += dotWidth + 1
                }
            } else {
                // Too many pages for dots: a counter says the same thing in less room.
                let counter = "\(currentDot) \(state.currentPage + 1) / \(state.pageCount)"
                layout.pageCounter = canvas.writeCentered(counter, y: row, style: current, glyphs: glyphs)
            }
        }
    }

    private func drawTooSmallNotice(into canvas: inout Canvas) -> Layout {
        let size = canvas.size
        guard size.width > 0, size.height > 0 else { return Layout() }
        let notice = tour.labels[.enlarge]
        var lines = TextWidth.wrap(notice, width: size.width)
        if lines.count > size.height { lines = [TextWidth.prefix(notice, width: size.width)] }
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < size.height {
            canvas.writeCentered(line, y: top + offset, style: Style(bold: true), glyphs: glyphs)
        }
        let noticeWidth = lines.map(TextWidth.of).max() ?? 0
        var layout = Layout()
        layout.tooSmallNotice = Rect(x: (size.width - noticeWidth) / 2, y: top, width: noticeWidth, height: min(lines.count, size.height))
        return layout
    }

    /// Rows the frame takes besides the body: Skip, dots, button, hint and the blanks between.
    static func frameRows(showHint: Bool, gaps: Bool) -> Int {
        var rows = 3  // Skip row, dots, button
        if gaps { rows += 3 }  // above the dots, between dots and button, below the button
        if showHint { rows += 1 }
        return rows
    }
}
