import Testing
@testable import TourCore

@Suite("What tour gives back that ncurses leaves set")
struct HandBackTests {
    @Test func xtermGetsItsMarginsBack() {
        // xterm-256color: csr, no enacs or is2 that designates a set.
        #expect(HandBack(speaksECMA48: true, setsScrollRegion: true, initStrings: []).bytes == "\u{1B}[r")
    }

    @Test func tmuxGetsItsMarginsAndG1Back() {
        // tmux-256color: enacs=\E(B\E)0, is2=\E)0.
        let handBack = HandBack(speaksECMA48: true, setsScrollRegion: true, initStrings: ["\u{1B}(B\u{1B})0", "\u{1B})0"])
        #expect(handBack.bytes == "\u{1B}[r\u{1B})B")
    }

    @Test func aSetDesignatedBackToASCIIIsNotTouched() {
        #expect(HandBack(speaksECMA48: true, setsScrollRegion: false, initStrings: ["\u{1B})0\u{1B})B", "\u{1B}(B"]).bytes == "")
    }

    @Test func aTerminalThatDoesNotSpeakECMA48GetsNothing() {
        #expect(HandBack(speaksECMA48: false, setsScrollRegion: true, initStrings: ["\u{1B})0"]).bytes == "")
    }
}
