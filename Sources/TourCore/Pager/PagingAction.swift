#if canImport(Glibc)
import Glibc
#endif

/// What the paging state machine can be asked to do. Keys and clicks become one of these
/// in the update function; the accessible mode's typed answers in `AccessibleTour`.
package enum PagingAction: Hashable, Sendable {
    case next
    case previous
    /// Enter: next page, or complete the tour on the last page.
    case advance
    case first
    case last
    /// Jump to a page by index, counted from 0.
    case jump(to: Int)
    case skip
    /// q on a question page: skipped, even on the last page, so nothing is answered.
    case skipQuestion
    /// Stopped without choosing: Ctrl-C, SIGTERM, a hang-up.
    case interrupt(signal: Int32)

    /// Ctrl-C.
    package static let interrupt = PagingAction.interrupt(signal: SIGINT)
}
