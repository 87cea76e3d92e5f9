import Testing
import TourCore
@testable import TourTerminal

/// When the terminal is asked for its background, and when it is not.
@Suite("Asking the terminal for its background")
struct BackgroundQuestionTests {
    static func environment(term: String? = "xterm-256color", stdin: Bool = true, stdout: Bool = true, screen: Bool = false) -> TerminalEnvironment {
        var environment = TerminalEnvironment(stdinIsTerminal: stdin, stdoutIsTerminal: stdout, term: term, localeIsUTF8: true,
                                              noColorRequested: false, escapeDelayMilliseconds: nil, wantsTrueColor: false,
                                              reduceMotion: false, accessibleRequested: false)
        environment.insideGNUScreen = screen
        return environment
    }

    @Test func askedOnlyWhereItCanBeAnsweredAndIsNeeded() {
        #expect(Self.environment().shouldAskBackground(explicit: nil))
        #expect(!Self.environment().shouldAskBackground(explicit: .light))       // the person said
        #expect(!Self.environment(term: "dumb").shouldAskBackground(explicit: nil))
        #expect(!Self.environment(term: nil).shouldAskBackground(explicit: nil))
        #expect(!Self.environment(stdin: false).shouldAskBackground(explicit: nil))
        #expect(!Self.environment(stdout: false).shouldAskBackground(explicit: nil))
        #expect(Self.environment(screen: true).shouldAskBackground(explicit: nil))   // wrapped in a DCS for it
    }
}
