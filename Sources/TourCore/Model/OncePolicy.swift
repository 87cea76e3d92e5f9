/// When a `once` run stays out of the way. A tool calls `tour --once` on every start, so
/// the tour must never land in a pipe, a script, a CI log, or on someone who opted out;
/// and a tour nobody saw must not be recorded as seen.
package enum OncePolicy {
    /// Why a `once` run stays out of the way: `TourOutcome.NotShownReason`'s reasons, and
    /// one more that TOUR_DEBUG tells apart, which the public outcome folds into
    /// `.notATerminal` (a new case would break a Swift tool's exhaustive switch).
    package enum Reason: Equatable, Sendable {
        case notATerminal
        /// A background job (`mytool &`): the terminal belongs to another process group,
        /// and taking it would stop the job (SIGTTOU) or draw over the shell.
        case backgroundJob
        case continuousIntegration
        case disabledByUser
        /// What would show could not be recorded (a read-only HOME, a HOME that is a file):
        /// shown, it would show again on every start. `problem` is the write that failed.
        case stateNotWritable(problem: String)

        /// As TourKit reports it: a new public case would break a Swift tool's exhaustive
        /// switch within 2.x, so a state that cannot be written reads as no terminal to keep.
        package var outcome: TourOutcome.NotShownReason {
            switch self {
            case .notATerminal, .backgroundJob, .stateNotWritable: .notATerminal
            case .continuousIntegration: .continuousIntegration
            case .disabledByUser: .disabledByUser
            }
        }
    }

    /// Why not to show the tour, or nil to show it. The person's own opt-out comes first,
    /// then CI, then the terminal check, which an explicit `--plain` lifts, then the job:
    /// a background job shows nothing, `--plain` or not (its text would land in the middle
    /// of whatever the person is typing, and the tour would be recorded unseen).
    package static func reasonNotToShow(stdinIsTerminal: Bool, stdoutIsTerminal: Bool, continuousIntegration: Bool,
                                        disabledByUser: Bool, plainRequested: Bool,
                                        inForeground: Bool = true) -> Reason? {
        if disabledByUser { return .disabledByUser }
        if continuousIntegration { return .continuousIntegration }
        if !plainRequested, !(stdinIsTerminal && stdoutIsTerminal) { return .notATerminal }
        if !inForeground { return .backgroundJob }
        return nil
    }

    /// Why a start that has something to show shows nothing: its record cannot be written
    /// (`writeProblem`, nil when it can).
    package static func reasonNotToShow(writeProblem: String?) -> Reason? {
        writeProblem.map { .stateNotWritable(problem: $0) }
    }

    /// The warning of a start that showed nothing because its record cannot be written:
    /// it names the write, not a read that failed for the same reason.
    package static func unwritableWarning(_ problem: String) -> String {
        "cannot record what tour shows: \(problem); nothing is shown until it can be"
    }

    /// The line TOUR_DEBUG=1 prints.
    /// Why, in words; the way around it in the words of the `tour` command, or of TourKit
    /// for a Swift tool, whose users have no `--plain`.
    package static func explanation(_ reason: Reason, forCommand: Bool = false) -> String {
        switch reason {
        case .notATerminal:
            forCommand ? "stdin or stdout is not a terminal (give --plain to print the tour anyway)"
                : "stdin or stdout is not a terminal (the presentation .plain prints the tour anyway)"
        case .backgroundJob: "running as a background job: the terminal belongs to another process group"
        case .continuousIntegration: "CI is set in the environment"
        case .disabledByUser: "TOUR_DISABLE is set in the environment"
        case .stateNotWritable(let problem): "what it shows could not be recorded (\(problem)), so it would show on every start"
        }
    }
}
