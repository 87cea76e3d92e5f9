#if canImport(Glibc)
import Glibc
#endif

extension Paging {
    /// How the paging state machine can be asked to move: what `reduce` takes. A key asks
    /// for a `KeyBindings.Command` (which also scrolls, opens the help, or is nothing here);
    /// the update function turns the commands that page into one of these, and so does
    /// `AccessibleTour` with a typed answer.
    package enum Move: Hashable, Sendable {
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

        /// Ctrl-C: one name, not the case's own (`interrupt(signal:)`) again.
        package static let controlC = Move.interrupt(signal: SIGINT)
    }
}
