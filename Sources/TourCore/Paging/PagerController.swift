/// Maps input onto the paging state machine: keys go through the key table,
/// everything else arrives as a `PagerAction` directly.
public struct PagerController: Sendable {
    /// The tour being shown.
    public let tour: Tour
    /// The paging state machine.
    public private(set) var state: PagerState
    /// The key table.
    public var bindings: KeyBindings
    /// How far a long feature list is scrolled; back to the top on every page change.
    public private(set) var scrollOffset = 0
    /// The `?` overlay is up; the next key closes it and does nothing else.
    public private(set) var isShowingHelp = false
    /// Whether clicks mean anything (they are only reported when the mouse is on).
    public var mouseEnabled = true

    /// A controller on `startPage` (clamped to the tour).
    public init(tour: Tour, startPage: Int = 0, bindings: KeyBindings = .standard) {
        self.tour = tour
        self.state = PagerState(pageCount: tour.pages.count, currentPage: startPage)
        self.bindings = bindings
    }

    /// A page change, reported so a caller can log it or redraw.
    public struct Change: Equatable, Sendable {
        /// Counted from 0.
        public var fromPage: Int
        /// Counted from 0.
        public var toPage: Int
    }

    /// What handling a key did, so the caller knows whether to redraw and whom to tell.
    public struct Effect: Equatable, Sendable {
        /// The page change, if the input caused one.
        public var pageChange: Change?
        /// Whether anything on screen changed.
        public var needsRedraw: Bool
        /// The paging action the input became, if any: a swipe animates, a jump does not.
        public var action: PagerAction? = nil
    }

    /// Applies a key. `screen` is the size the page is drawn at, which bounds scrolling.
    @discardableResult
    public mutating func handle(_ key: Key, screen: Size) -> Effect {
        if isShowingHelp {
            // Any key closes the help, and that key does nothing else (a mouse release is no key).
            if case .mouse(let event) = key, case .release = event.kind { return Effect(pageChange: nil, needsRedraw: false) }
            isShowingHelp = false
            return Effect(pageChange: nil, needsRedraw: true)
        }
        if case .mouse(let event) = key {
            guard let action = mouseAction(event, screen: screen) else { return Effect(pageChange: nil, needsRedraw: false) }
            let before = state
            let change = apply(action)
            return Effect(pageChange: change, needsRedraw: before != state, action: action)
        }
        switch bindings.command(for: key) {
        case .help?:
            isShowingHelp = true
            return Effect(pageChange: nil, needsRedraw: true)
        case .paging(let action)?:
            let before = state
            let change = apply(action)
            return Effect(pageChange: change, needsRedraw: before != state, action: action)
        case .scroll(let delta)?:
            let before = scrollOffset
            let limit = view(glyphs: .unicode).maximumScroll(size: screen)
            scrollOffset = max(0, min(scrollOffset + delta, limit))
            return Effect(pageChange: nil, needsRedraw: before != scrollOffset)
        case .jumpToDigit?, nil:
            return Effect(pageChange: nil, needsRedraw: false)
        }
    }

    /// Applies a key at a size where any list fits; for tests and callers that do not scroll.
    @discardableResult
    public mutating func handle(_ key: Key) -> Change? {
        handle(key, screen: Size(width: 80, height: 24)).pageChange
    }

    /// What a click or the wheel does: the button advances, a dot jumps to its page, Skip
    /// skips, and the wheel turns pages. Places come from the page's own layout.
    func mouseAction(_ event: MouseEvent, screen: Size) -> PagerAction? {
        switch event.kind {
        case .wheelUp: return .previous
        case .wheelDown: return .next
        case .release: return nil
        case .press(let button):
            guard button == 0 else { return nil }
            var canvas = Canvas(size: screen)
            let layout = view(glyphs: .unicode).draw(into: &canvas)
            if let rect = layout.button, rect.contains(x: event.x, y: event.y) { return .advance }
            if let rect = layout.skip, rect.contains(x: event.x, y: event.y) { return .skip }
            // Dots are one cell wide; accept the cell either side so they are easy to hit.
            for (index, dot) in layout.dots.enumerated() where event.y == dot.y && abs(event.x - dot.x) <= 1 {
                if abs(event.x - dot.x) == 1, layout.dots.contains(where: { $0.x == event.x }) { continue }
                return .jump(to: index)
            }
            return nil
        }
    }

    /// Applies a paging action from anywhere (keys, clicks, a library caller); returns the page change.
    @discardableResult
    public mutating func apply(_ action: PagerAction) -> Change? {
        let before = state.currentPage
        state = state.reduce(action)
        guard before != state.currentPage else { return nil }
        scrollOffset = 0
        return Change(fromPage: before, toPage: state.currentPage)
    }

    /// The view of the current page, scrolled as it is.
    public func view(glyphs: Glyphs) -> PageView {
        PageView(tour: tour, state: state, glyphs: glyphs, scrollOffset: scrollOffset)
    }

    /// The whole screen for the current state: the page, and the help over it when it is up.
    public func render(size: Size, glyphs: Glyphs) -> Canvas {
        renderWithLayout(size: size, glyphs: glyphs).canvas
    }

    /// The screen and where the page's parts landed on it.
    public func renderWithLayout(size: Size, glyphs: Glyphs) -> (canvas: Canvas, layout: PageView.Layout) {
        var canvas = Canvas(size: size)
        let layout = view(glyphs: glyphs).draw(into: &canvas)
        if isShowingHelp { HelpOverlay(bindings: bindings, glyphs: glyphs, mouse: mouseEnabled).draw(over: &canvas) }
        return (canvas, layout)
    }
}
