import Testing
import TourCore

@Suite("Choosing full screen, plain text or the accessible mode")
struct PresentationModeTests {
    @Test func anExplicitRequestWins() {
        for accessible in [false, true] {
            for terminal in [false, true] {
                #expect(PresentationMode.choose(.plain, accessibleRequested: accessible, canRunFullScreen: terminal) == .plainText)
                #expect(PresentationMode.choose(.accessible, accessibleRequested: accessible, canRunFullScreen: terminal) == .accessible)
            }
        }
    }

    @Test func automaticFollowsThePersonThenTheTerminal() {
        #expect(PresentationMode.choose(.automatic, accessibleRequested: true, canRunFullScreen: true) == .accessible)
        #expect(PresentationMode.choose(.automatic, accessibleRequested: true, canRunFullScreen: false) == .accessible)
        #expect(PresentationMode.choose(.automatic, accessibleRequested: false, canRunFullScreen: true) == .fullScreen)
        #expect(PresentationMode.choose(.automatic, accessibleRequested: false, canRunFullScreen: false) == .plainText)
    }

    /// A question is never printed unanswered on a terminal: it is asked line by line.
    @Test func aQuestionOnATerminalThatCannotBeFullScreenIsAskedLineByLine() {
        #expect(PresentationMode.choose(.automatic, accessibleRequested: false, canRunFullScreen: false, asksQuestions: true, onTerminal: true) == .accessible)
        #expect(PresentationMode.choose(.automatic, accessibleRequested: false, canRunFullScreen: false, asksQuestions: true, onTerminal: false) == .plainText)
        #expect(PresentationMode.choose(.automatic, accessibleRequested: false, canRunFullScreen: false, asksQuestions: false, onTerminal: true) == .plainText)
        #expect(PresentationMode.choose(.automatic, accessibleRequested: false, canRunFullScreen: true, asksQuestions: true, onTerminal: true) == .fullScreen)
        // Asked for in words, --plain prints the options and answers nothing.
        #expect(PresentationMode.choose(.plain, accessibleRequested: false, canRunFullScreen: false, asksQuestions: true, onTerminal: true) == .plainText)
        #expect(PresentationMode.fallback(asksQuestions: true, onTerminal: true) == .accessible)
    }
}
