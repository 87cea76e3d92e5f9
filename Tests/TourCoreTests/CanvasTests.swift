import Testing
@testable import TourCore

@Suite("The canvas: text written into cells")
struct CanvasTests {
    let red = Style(foreground: .ansi(1))
    let blue = Style(foreground: .ansi(4), bold: true)

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

    /// A line of colored art: each character in its own style, as run-by-run writes give.
    @Test func styledASCIIGivesEachCharacterItsStyle() {
        let styles = [red, red, blue, .plain, blue]
        var atOnce = Canvas(size: Size(width: 8, height: 1))
        let end = atOnce.writeASCII("ab-de", styles: styles, x: 1, y: 0)
        #expect(end == 6)
        var runByRun = Canvas(size: Size(width: 8, height: 1))
        runByRun.write("ab", x: 1, y: 0, style: red)
        runByRun.write("-", x: 3, y: 0, style: blue)
        runByRun.write("d", x: 4, y: 0, style: .plain)
        runByRun.write("e", x: 5, y: 0, style: blue)
        #expect(atOnce == runByRun)
        #expect(atOnce[2, 0].style == red && atOnce[3, 0].style == blue && atOnce[5, 0].style == blue)
        // Clipped at the right edge, as `write` clips.
        var narrow = Canvas(size: Size(width: 3, height: 1))
        let clippedEnd = narrow.writeASCII("ab-de", styles: styles, x: 1, y: 0)
        #expect(clippedEnd == 3)
        #expect(narrow.text == " ab")
    }

    /// What is not one printable ASCII character a style is left to `write`, untouched.
    @Test func styledASCIIRefusesOtherText() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        let wide = canvas.writeASCII("日本", styles: [red, red], x: 0, y: 0)
        let tooFewStyles = canvas.writeASCII("ab", styles: [red], x: 0, y: 0)
        let control = canvas.writeASCII("a\tb", styles: [red, red, red], x: 0, y: 0)
        #expect(wide == nil && tooFewStyles == nil && control == nil)
        #expect(canvas == Canvas(size: Size(width: 8, height: 1)))
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
