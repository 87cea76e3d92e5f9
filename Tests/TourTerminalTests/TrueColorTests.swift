import Testing
import TourCore
@testable import TourTerminal

/// COLORTERM=truecolor, taken at its word where the terminal is known to mean it (issue 49, item 11).
@Suite("24-bit color where the terminal means it")
struct TrueColorTests {
    func environment(term: String, program: String? = nil, variables: [String: String] = [:]) -> TerminalEnvironment {
        var environment = TerminalEnvironment(stdinIsTerminal: true, stdoutIsTerminal: true, term: term, localeIsUTF8: true,
                                              noColorRequested: false, escapeDelayMilliseconds: nil, wantsTrueColor: false,
                                              reduceMotion: false, accessibleRequested: false)
        environment.termProgram = program
        environment.variables = variables
        return environment
    }

    @Test func theTerminalsThatMeanItAreKnownByWhatTheySet() {
        #expect(environment(term: "xterm-kitty").meansTrueColor)
        #expect(environment(term: "xterm-256color", variables: ["KITTY_WINDOW_ID": "1"]).meansTrueColor)
        #expect(environment(term: "xterm-256color", variables: ["VTE_VERSION": "7200"]).meansTrueColor)
        #expect(environment(term: "xterm-256color", variables: ["KONSOLE_VERSION": "230402"]).meansTrueColor)
        #expect(environment(term: "xterm-256color", program: "WezTerm").meansTrueColor)
        #expect(environment(term: "xterm-256color", program: "iTerm.app").meansTrueColor)
        #expect(environment(term: "foot").meansTrueColor && environment(term: "alacritty").meansTrueColor)
        #expect(!environment(term: "xterm-256color").meansTrueColor)
        #expect(!environment(term: "rxvt-unicode-256color", program: "tmux").meansTrueColor)
    }

    @Test func kittyIsDrawnThroughXtermsDirectEntry() {
        // Debian has no xterm-kitty-direct: xterm-direct (installed, or built in) stands in.
        #expect(environment(term: "xterm-kitty").directColorTerminalName == "xterm-direct")
        #expect(environment(term: "xterm-256color").directColorTerminalName == "xterm-direct")
        #expect(environment(term: "tmux-256color").directColorTerminalName == "tmux-direct")
        // An unknown terminal with no -direct entry keeps 256 colors.
        #expect(environment(term: "made-up-256color").directColorTerminalName == nil)
        #expect(environment(term: "xterm-direct").directColorTerminalName == nil)
    }
}
