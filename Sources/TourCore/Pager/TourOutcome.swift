/// How a run of a tour ended. The one outcome type: the state machine, TourKit and the
/// command (through its exit code) all speak it.
public enum TourOutcome: Hashable, Sendable {
    /// "Get started" on the last page (or the tour was printed as text).
    case completed
    /// Skipped, on this page (counted from 0 in the whole tour).
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
        /// stdin or stdout is not a terminal: a pipe, a script, a cron job.
        case notATerminal
        /// `CI` is set (to anything but empty, 0 or false).
        case continuousIntegration
        /// The person set `TOUR_DISABLE=1`.
        case disabledByUser
    }
}

/// What one run showed, how it ended and what was answered: `Tour.show(options:)` returns
/// it. `run(options:)` returns its `outcome` alone, so a `switch` over `TourOutcome`
/// written for 2.3 compiles as it did.
public struct TourResult: Hashable, Sendable {
    /// What the person saw. New cases may come: switch with a `default`.
    public enum Shown: Hashable, Sendable {
        /// Nothing: a pipe, CI, `TOUR_DISABLE`, or nothing new and no tip due.
        case nothing
        /// Every page (a run without `once`).
        case tour
        /// The welcome, on a first run with `once`.
        case welcome
        /// After an update, the new pages, full screen (or every page with `since`, by `whatsNew(since:)`).
        case whatsNew
        /// After an update, the new pages as a notice printed in place.
        case whatsNewNotice
        /// A tip, by its key (its `id`, or a hash of its text).
        case tip(id: String)
    }

    /// How the run ended, pages counted in the tour as written.
    public var outcome: TourOutcome
    public var shown: Shown
    /// The answers this run collected from question pages, by key; empty when none.
    public var answers: [String: String]

    public init(outcome: TourOutcome, shown: Shown, answers: [String: String] = [:]) {
        self.outcome = outcome
        self.shown = shown
        self.answers = answers
    }
}
