import Testing
@testable import TourCore

@Suite("The shell's prompt drawn again after a lost race")
struct PromptRedrawTests {
    @Test func theWindowIsMadeOneRowShorter() {
        let redraw = PromptRedraw(rows: 24, columns: 80, terminalPath: "/dev/pts/3")
        #expect(redraw?.nudgedRows == 23)
        #expect(redraw?.columns == 80)
    }

    @Test func aOneRowWindowGrowsInstead() {
        #expect(PromptRedraw(rows: 1, columns: 80, terminalPath: "/dev/pts/3")?.nudgedRows == 2)
    }

    @Test func aWindowWithNoSizeIsLeftAlone() {
        #expect(PromptRedraw(rows: 0, columns: 80, terminalPath: "/dev/pts/3") == nil)
        #expect(PromptRedraw(rows: 24, columns: 0, terminalPath: "/dev/pts/3") == nil)
    }

    @Test func onlyAPseudoTerminalIsNudged() {
        // A Linux console's size is its screen's: setting it would resize the console.
        #expect(PromptRedraw(rows: 25, columns: 80, terminalPath: "/dev/tty1") == nil)
        #expect(PromptRedraw(rows: 25, columns: 80, terminalPath: "/dev/ttyS0") == nil)
        #expect(PromptRedraw(rows: 25, columns: 80, terminalPath: nil) == nil)
    }

    @Test func theSizeIsPutBackOnlyWhileStillNudged() {
        let redraw = PromptRedraw(rows: 40, columns: 120, terminalPath: "/dev/pts/0")!
        #expect(redraw.putsBack(seenRows: 39, seenColumns: 120))
        // The person resized the window meanwhile: their size stays.
        #expect(!redraw.putsBack(seenRows: 50, seenColumns: 120))
        #expect(!redraw.putsBack(seenRows: 39, seenColumns: 100))
    }
}
