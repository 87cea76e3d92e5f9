/// The one paging state machine: which page, and whether the tour has ended. A value:
/// `reduce` returns the next state and touches nothing else.
package struct Paging: Hashable, Sendable {
    /// Counted from 0 among the pages the run shows (the run plan maps it to the tour as written).
    package private(set) var currentPage: Int
    /// At least 1.
    package let pageCount: Int
    /// nil while the tour runs; how it ended after. Here `.skipped(atPage:)` counts the
    /// pages as this run shows them (positions in its plan); `RunPlan.writtenOutcome` turns
    /// it into the page of the tour as written, which is what TourKit and the state report.
    package private(set) var outcome: TourOutcome?

    /// A running tour on `currentPage`, clamped into range.
    package init(pageCount: Int, currentPage: Int = 0) {
        precondition(pageCount > 0, "a tour has at least one page")
        self.pageCount = pageCount
        self.currentPage = min(max(0, currentPage), pageCount - 1)
        self.outcome = nil
    }

    /// The tour is still on screen.
    package var isRunning: Bool { outcome == nil }
    /// Previous does nothing here.
    package var isFirstPage: Bool { currentPage == 0 }
    /// Advance completes here, and the button says Get started.
    package var isLastPage: Bool { currentPage == pageCount - 1 }

    /// The state after `action`. Next and previous stop at the ends; skip on the last page
    /// completes; an ended tour stays ended.
    package func reduce(_ action: Paging.Move) -> Paging {
        guard isRunning else { return self }
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
        // On the last page q says "close": a person who read every page finished the tour.
        case .skip: state.outcome = isLastPage ? .completed : .skipped(atPage: currentPage)
        case .skipQuestion: state.outcome = .skipped(atPage: currentPage)
        case .interrupt(let signal): state.outcome = .interrupted(signal: signal)
        }
        return state
    }

    /// The same state with a different page count (a reloaded tour), on `currentPage` (clamped).
    package func resized(to pageCount: Int, currentPage: Int) -> Paging {
        var state = Paging(pageCount: pageCount, currentPage: currentPage)
        state.outcome = outcome
        return state
    }
}
