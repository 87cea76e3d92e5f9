import Testing
@testable import TourCore

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

    /// A tour with a picture asks about pixels too, even with the background given, but not
    /// with pictures as cells or behind GNU screen; tmux is asked whenever pixels are, and
    /// for the background only where it is older than 3.4.
    @Test func pixelsAreAskedForAPictureAndTmuxWhenTheyGoThroughIt() {
        let plain = Self.environment()
        #expect(plain.startupAsking(explicitBackground: nil, showsPictures: true, pictures: .auto)
                == .init(background: true, pixels: true, tmux: false))
        #expect(plain.startupAsking(explicitBackground: .dark, showsPictures: true, pictures: .auto)
                == .init(background: false, pixels: true, tmux: false))
        #expect(!plain.startupAsking(explicitBackground: .dark, showsPictures: false, pictures: .auto).any)
        #expect(!plain.startupAsking(explicitBackground: nil, showsPictures: true, pictures: .cells).pixels)
        #expect(!Self.environment(screen: true).startupAsking(explicitBackground: nil, showsPictures: true, pictures: .pixels).pixels)
        #expect(!Self.environment(term: "dumb").startupAsking(explicitBackground: nil, showsPictures: true, pictures: .auto).any)
        var tmux = Self.environment()
        (tmux.insideTmux, tmux.termProgram, tmux.termProgramVersion) = (true, "tmux", "3.4")
        #expect(!tmux.startupAsking(explicitBackground: nil, showsPictures: false, pictures: .auto).tmux)
        #expect(tmux.startupAsking(explicitBackground: .light, showsPictures: true, pictures: .auto).tmux)
        tmux.termProgramVersion = "3.3a"
        #expect(tmux.startupAsking(explicitBackground: nil, showsPictures: false, pictures: .auto).tmux)
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
