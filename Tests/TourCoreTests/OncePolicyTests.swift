import Testing
@testable import TourCore

/// When a `once` run stays out of the way, in the order the README gives: the person's
/// opt-out, then CI, then the terminal check, which an explicit `--plain` lifts.
@Suite("OncePolicy")
struct OncePolicyTests {
    @Test func theOrderOfTheChecks() {
        func reason(stdin: Bool = true, stdout: Bool = true, ci: Bool = false, disabled: Bool = false, plain: Bool = false,
                    foreground: Bool = true) -> OncePolicy.Reason? {
            OncePolicy.reasonNotToShow(stdinIsTerminal: stdin, stdoutIsTerminal: stdout, continuousIntegration: ci,
                                       disabledByUser: disabled, plainRequested: plain, inForeground: foreground)
        }
        #expect(reason() == nil)
        #expect(reason(stdin: false) == .notATerminal && reason(stdout: false) == .notATerminal)
        #expect(reason(stdin: false, plain: true) == nil)  // --plain prints to a pipe on purpose
        #expect(reason(ci: true) == .continuousIntegration && reason(stdout: false, ci: true) == .continuousIntegration)
        #expect(reason(ci: true, plain: true) == .continuousIntegration)  // CI stays quiet even with --plain
        #expect(reason(stdin: false, ci: true, disabled: true) == .disabledByUser)  // the person's own word first
        // `mytool &`: the terminal is another group's; not even --plain prints into it.
        #expect(reason(foreground: false) == .backgroundJob && reason(plain: true, foreground: false) == .backgroundJob)
        #expect(reason(stdout: false, foreground: false) == .notATerminal && reason(ci: true, foreground: false) == .continuousIntegration)
        // TourKit's public outcome keeps its cases: a background job is not a terminal to take.
        #expect(OncePolicy.Reason.backgroundJob.outcome == .notATerminal)
    }

    @Test func theDebugLineNamesTheWayAroundInTheCallersWords() {
        #expect(OncePolicy.explanation(.notATerminal, forCommand: true).contains("--plain"))
        #expect(OncePolicy.explanation(.notATerminal).contains(".plain") && !OncePolicy.explanation(.notATerminal).contains("--plain"))
        #expect(OncePolicy.explanation(.continuousIntegration) == "CI is set in the environment")
        #expect(OncePolicy.explanation(.disabledByUser) == "TOUR_DISABLE is set in the environment")
        #expect(OncePolicy.explanation(.backgroundJob).contains("background job"))
    }

    /// What would show but cannot be recorded is not shown (issue 65, 9): its warning and its
    /// debug line name the write.
    @Test func aStateThatCannotBeWrittenShowsNothing() {
        #expect(OncePolicy.reasonNotToShow(writeProblem: nil) == nil)
        let problem = "cannot create /home/ana/.local/state/tour: Read-only file system"
        let reason = OncePolicy.reasonNotToShow(writeProblem: problem)
        #expect(reason == .stateNotWritable(problem: problem) && reason?.outcome == .notATerminal)
        #expect(OncePolicy.explanation(reason!) == "what it shows could not be recorded (\(problem)), so it would show on every start")
        #expect(OncePolicy.unwritableWarning(problem) == "cannot record what tour shows: \(problem); nothing is shown until it can be")
    }
}
