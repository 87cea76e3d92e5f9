import Testing
@testable import TourCore

@Suite("The canvas: text written into cells")
struct CanvasTests {
    let red = Style(foreground: .ansi(1))

    /// ASCII over a wide character: the first cell written may cut it in two, and its
    /// left half goes blank; every character of the text itself stays.
    @Test func asciiOverAWideCharacterKeepsEveryCharacter() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.write("x日", x: 0, y: 0)
        canvas.write("abcd", x: 0, y: 0)
        #expect(canvas.text == "abcd")
        var cut = Canvas(size: Size(width: 6, height: 1))
        cut.write("x日", x: 0, y: 0)
        cut.write("ab", x: 2, y: 0)
        #expect(cut.text == "x ab")
        #expect((0..<6).allSatisfy { !cut[$0, 0].isContinuation })
    }

    @Test func aMutableRowChangesThatRowOnly() {
        var canvas = Canvas(size: Size(width: 3, height: 2))
        canvas.write("abc", x: 0, y: 0)
        canvas.write("def", x: 0, y: 1)
        canvas.withMutableRow(1) { row in row[1].style = red }
        #expect(canvas[1, 1].style == red)
        #expect(canvas[1, 0].style == .plain && canvas[0, 1].style == .plain)
        #expect(canvas.text == "abc\ndef")
    }
}
