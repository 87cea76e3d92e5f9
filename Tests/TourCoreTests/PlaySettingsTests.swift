import Testing
@testable import TourCore

/// The pure decision of how a run plays, from what the caller asked and the person's
/// environment (issue 66, item 4: policy in TourCore, TourKit only builds the request).
@Suite("Play settings: the decision")
struct PlaySettingsDecisionTests {
    static func environment(utf8: Bool = true, noColor: Bool = false, reduceMotion: Bool = false, accessible: Bool = false,
                            term: String? = "xterm-256color", terminal: Bool = true) -> TerminalEnvironment {
        TerminalEnvironment(stdinIsTerminal: terminal, stdoutIsTerminal: terminal, term: term, localeIsUTF8: utf8,
                            noColorRequested: noColor, escapeDelayMilliseconds: nil, wantsTrueColor: false,
                            reduceMotion: reduceMotion, accessibleRequested: accessible)
    }

    @Test func theCallerAndThePersonCanEachTurnMotionAndColorOff() {
        #expect(PlaySettings.resolve(.init(), environment: Self.environment())
                == PlaySettings(mode: .fullScreen, animation: true, color: true, asciiOnly: false))
        let still = PlaySettings.resolve(.init(animation: false, color: false), environment: Self.environment())
        #expect(!still.animation && !still.color)
        let person = PlaySettings.resolve(.init(), environment: Self.environment(noColor: true, reduceMotion: true))
        #expect(!person.animation && !person.color)
    }

    /// The caller's choice of pixels or cells wins over the person's TOUR_PICTURES, which
    /// wins over auto; NO_COLOR keeps pictures as they are.
    @Test func picturesFollowTheCallerThenThePerson() {
        var person = Self.environment(noColor: true)
        #expect(PlaySettings.resolve(.init(), environment: person).pictures == .auto)
        person.picturesRequested = .cells
        #expect(PlaySettings.resolve(.init(), environment: person).pictures == .cells)
        #expect(PlaySettings.resolve(.init(pictures: .pixels), environment: person).pictures == .pixels)
    }

    @Test func outsideUTF8EverythingIsASCII() {
        let settings = PlaySettings.resolve(.init(), environment: Self.environment(utf8: false))
        #expect(settings.asciiOnly && settings.glyphs == .ascii)
        #expect(PlaySettings.resolve(.init(), environment: Self.environment()).glyphs == .unicode)
    }

    @Test func theModeFollowsTheRequestThenThePersonThenTheTerminal() {
        #expect(PlaySettings.resolve(.init(), environment: Self.environment(accessible: true)).mode == .accessible)
        #expect(PlaySettings.resolve(.init(), environment: Self.environment(term: "dumb")).mode == .plainText)
        #expect(PlaySettings.resolve(.init(), environment: Self.environment(terminal: false)).mode == .plainText)
        #expect(PlaySettings.resolve(.init(presentation: .plain), environment: Self.environment(accessible: true)).mode == .plainText)
        #expect(PlaySettings.resolve(.init(presentation: .accessible), environment: Self.environment(terminal: false)).mode == .accessible)
    }

    /// A question on a terminal that cannot be full screen is asked line by line; off a
    /// terminal, the pages are printed.
    @Test func aQuestionOnADumbTerminalIsAskedLineByLine() {
        #expect(PlaySettings.resolve(.init(), environment: Self.environment(term: "dumb"), asksQuestions: true).mode == .accessible)
        #expect(PlaySettings.resolve(.init(), environment: Self.environment(terminal: false), asksQuestions: true).mode == .plainText)
        #expect(PlaySettings.resolve(.init(), environment: Self.environment(), asksQuestions: true).mode == .fullScreen)
    }

    @Test func thePagerIsHandedTheMotionGlyphsMouseAndKeys() {
        let settings = PlaySettings(mode: .fullScreen, animation: false, color: true, asciiOnly: true)
        let pager = settings.pager(mouse: false, bindings: .standard)
        #expect(!pager.animation && !pager.mouse && pager.glyphs == .ascii)
    }
}
