/// Maps input onto the paging state machine: keys go through the key table,
/// everything else arrives as a `PagerAction` directly.
public struct PagerController: Sendable {
    public let tour: Tour
    public private(set) var state: PagerState
    public var bindings: KeyBindings
    /// How far a long feature list is scrolled; back to the top on every page change.
    public private(set) var scrollOffset = 0

    public init(tour: Tour, startPage: Int = 0, bindings: KeyBindings = .standard) {
        self.tour = tour
        self.state = PagerState(pageCount: tour.pages.count, currentPage: startPage)
        self.bindings = bindings
    }

    /// A page change, reported so a caller can log it or redraw.
    public struct Change: Equatable, Sendable {
        public var fromPage: Int
        public var toPage: Int
    }

    /// What handling a key did, so the caller knows whether to redraw and whom to tell.
    public struct Effect: Equatable, Sendable {
        public var pageChange: Change?
        public var needsRedraw: Bool
    }

    /// Applies a key. `screen` is the size the page is drawn at, which bounds scrolling.
    @discardableResult
    public mutating func handle(_ key: Key, screen: Size) -> Effect {
        switch bindings.command(for: key) {
        case .paging(let action)?:
            let before = state
            let change = apply(action)
            return Effect(pageChange: change, needsRedraw: before != state)
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

    @discardableResult
    public mutating func apply(_ action: PagerAction) -> Change? {
        let before = state.currentPage
        state = state.reduce(action)
        guard before != state.currentPage else { return nil }
        scrollOffset = 0
        return Change(fromPage: before, toPage: state.currentPage)
    }

    public func view(glyphs: Glyphs) -> PageView {
        PageView(tour: tour, state: state, glyphs: glyphs, scrollOffset: scrollOffset)
    }
}
