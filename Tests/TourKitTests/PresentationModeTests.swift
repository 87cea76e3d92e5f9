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
}
