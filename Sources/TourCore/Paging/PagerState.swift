/// How a tour ended, or that it has not.
public enum PagerOutcome: Hashable, Sendable {
    case running
    case completed
    case skipped
    /// Stopped by a signal (2 for Ctrl-C); the command exits with 128 + signal.
    case interrupted(signal: Int32)

    /// The tour is still on screen.
    public var isRunning: Bool { self == .running }
}

/// The one paging state machine. A value: `reduce` returns the next state and never
/// touches anything else.
public struct PagerState: Hashable, Sendable {
    /// Counted from 0.
    public private(set) var currentPage: Int
    /// At least 1.
    public let pageCount: Int
    /// Running, or how it ended.
    public private(set) var outcome: PagerOutcome

    /// A running tour on `currentPage`, clamped into range.
    public init(pageCount: Int, currentPage: Int = 0) {
        precondition(pageCount > 0, "a tour has at least one page")
        self.pageCount = pageCount
        self.currentPage = min(max(0, currentPage), pageCount - 1)
        self.outcome = .running
    }

    /// Previous does nothing here.
    public var isFirstPage: Bool { currentPage == 0 }
    /// Advance completes here, and the button says Get started.
    public var isLastPage: Bool { currentPage == pageCount - 1 }

    /// The state after `action`. Next and previous stop at the ends; an ended tour stays ended.
    public func reduce(_ action: PagerAction) -> PagerState {
        guard outcome.isRunning else { return self }
        var state = self
        switch action {
        case .next: state.currentPage = min(currentPage + 1, pageCount - 1)
        case .previous: state.currentPage = max(currentPage - 1, 0)
        case .advance:
            if isLastPage { state.outcome = .completed } else { state.currentPage += 1 }
        case .first: state.currentPage = 0
        case .last: state.currentPage = pageCount - 1
        case .jump(let page):
            if (0..<pageCount).contains(page) { state.currentPage = page }
        case .skip: state.outcome = .skipped
        case .interrupt(let signal): state.outcome = .interrupted(signal: signal)
        }
        return state
    }

    /// The same as `state.reduce(action)`.
    public static func reduce(_ state: PagerState, _ action: PagerAction) -> PagerState {
        state.reduce(action)
    }
}
