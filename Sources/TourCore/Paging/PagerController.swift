/// Maps input onto the paging state machine: keys go through the key table,
/// everything else arrives as a `PagerAction` directly.
public struct PagerController: Sendable {
    public let tour: Tour
    public private(set) var state: PagerState
    public var bindings: KeyBindings

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

    /// Applies a key. Returns the page change it caused, if any.
    @discardableResult
    public mutating func handle(_ key: Key) -> Change? {
        guard let action = bindings.action(for: key) else { return nil }
        return apply(action)
    }

    @discardableResult
    public mutating func apply(_ action: PagerAction) -> Change? {
        let before = state.currentPage
        state = state.reduce(action)
        return before == state.currentPage ? nil : Change(fromPage: before, toPage: state.currentPage)
    }

    public func view(glyphs: Glyphs) -> PageView {
        PageView(tour: tour, state: state, glyphs: glyphs)
    }
}
