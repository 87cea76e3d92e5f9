import Testing
@testable import TourCore

@Suite("The cell diff: what a frame sends")
struct CellDiffTests {
    let size = Size(width: 6, height: 2)

    func canvas(_ rows: [String]) -> Canvas {
        var canvas = Canvas(size: size)
        for (y, row) in rows.enumerated() { canvas.write(row, x: 0, y: y) }
        return canvas
    }

    /// What a frame sends: whether it erases first, and each cell written, as "x,y=c".
    func frame(from previous: Canvas?, to next: Canvas, columns: Int, rows: Int) -> (erasesFirst: Bool, written: [String]) {
        var written: [String] = []
        CellDiff.forEachChange(from: previous, to: next, columns: columns, rows: rows) { x, y, cell in written.append("\(x),\(y)=\(cell.character)") }
        return (CellDiff.erasesFirst(from: previous, to: next), written)
    }

    @Test func aFirstFrameErasesAndWritesOnlyWhatIsNotBlank() {
        let first = frame(from: nil, to: canvas(["ab", "   c"]), columns: 6, rows: 2)
        #expect(first.erasesFirst)
        #expect(first.written == ["0,0=a", "1,0=b", "3,1=c"])
    }

    @Test func theSameFrameSendsNothingAndOneChangedCellSendsOne() {
        let before = canvas(["hello", "world"])
        let same = frame(from: before, to: before, columns: 6, rows: 2)
        #expect(!same.erasesFirst && same.written.isEmpty)
        var after = before
        after.write("W", x: 0, y: 1)
        #expect(frame(from: before, to: after, columns: 6, rows: 2).written == ["0,1=W"])
        // A style is a change too.
        var bold = before
        bold.write("h", x: 0, y: 0, style: Style(bold: true))
        #expect(frame(from: before, to: bold, columns: 6, rows: 2).written == ["0,0=h"])
    }

    /// A wide character takes two cells: its second is never written, and the cell
    /// before a changed one is written again, for a wide character may have spilled.
    @Test func wideCharactersAreWrittenByTheirFirstCell() {
        let before = canvas(["ab", ""])
        let after = canvas(["a日", ""])
        #expect(frame(from: before, to: after, columns: 6, rows: 2).written == ["0,0=a", "1,0=日"])
        #expect(frame(from: after, to: before, columns: 6, rows: 2).written == ["0,0=a", "1,0=b", "2,0= "])
    }

    @Test func aNewSizeOrASmallerWindowStartsAgainOrCuts() {
        let before = canvas(["abcdef", "ghijkl"])
        var wider = Canvas(size: Size(width: 7, height: 2))
        wider.write("x", x: 0, y: 0)
        let widened = frame(from: before, to: wider, columns: 7, rows: 2)
        #expect(widened.erasesFirst && widened.written == ["0,0=x"])
        // The window shrank under the canvas: nothing outside it is sent.
        #expect(frame(from: nil, to: before, columns: 2, rows: 1).written == ["0,0=a", "1,0=b"])
    }
}
