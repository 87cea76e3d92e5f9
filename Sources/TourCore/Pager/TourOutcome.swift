/// How a run of a tour ended. The one outcome type: the state machine, TourKit and the
/// command (through its exit code) all speak it.
public enum TourOutcome: Hashable, Sendable {
    /// "Get started" on the last page (or the tour was printed as text).
    case completed
    /// Skipped, on this page (counted from 0 in the whole tour as written, whichever pages
    /// the run showed; the paging machine counts shown positions until `RunPlan` maps them).
    case skipped(atPage: Int)
    /// Ctrl-C or a signal (2 for Ctrl-C, 15 for SIGTERM, 1 for a hang-up): nobody chose,
    /// so the tour shows again next time. The command exits 128 + signal.
    case interrupted(signal: Int32)
    /// With `once`: this user has seen everything there is.
    case alreadySeen
    /// With `once`: nothing was shown and nothing recorded, for this reason.
    case notShown(NotShownReason)

    /// Why a `once` run stayed out of the way.
    public enum NotShownReason: Hashable, Sendable {
        /// stdin or stdout is not a terminal (a pipe, a script, a cron job), or not this
        /// process's to take: a background job (`mytool &`). Also a start whose record
        /// cannot be written (a read-only HOME), which would show on every start;
        /// `TOUR_DEBUG=1` says which.
        case notATerminal
        /// `CI` is set (to anything but empty, 0 or false).
        case continuousIntegration
        /// The person set `TOUR_DISABLE=1`.
        case disabledByUser
    }
}
