import Foundation
import Testing

/// What a person sees, key by key: lists that move by item and by screenful, the wheel
/// over a list, one-page tours, the last page, the indicator styles, 24-bit color.
@Suite("End to end: what a person sees")
struct LookAndFeelEndToEndTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-look-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String, _ json: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func listTour() throws -> String {
        let items = (1...30).map { #"{"icon": "*", "title": "Feature \#($0)", "text": "What feature \#($0) does."}"# }
        return try file("list.json", #"{"pages": [{"kind": "features", "title": "New", "items": [\#(items.joined(separator: ","))]}, {"title": "After the list"}]}"#)
    }

    /// The first item on screen in a list of "Feature N" rows.
    func firstItem(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.contains("Feature ") }.map { String($0.trimmingCharacters(in: .whitespaces).dropFirst(2)).trimmingCharacters(in: .whitespaces) }
    }

    @Test func downMovesOneItemAndTheWheelOverTheListScrollsIt() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--no-animation", try listTour()])
        var screen = try session.waitFor("Feature 1")
        #expect(firstItem(screen) == "Feature 1")
        try session.send("Down")
        screen = try session.waitForScreen("the second item on top") { self.firstItem($0) == "Feature 2" }
        #expect(screen.contains("more above"))
        // The wheel over the list (row 8, column 20) scrolls it; the page stays.
        try session.sendLiteral("\u{1B}[<65;20;8M")
        screen = try session.waitForScreen("the third item on top") { self.firstItem($0) == "Feature 3" }
        #expect(screen.contains("● ○"))
        try session.sendLiteral("\u{1B}[<64;20;8M")
        _ = try session.waitForScreen("the second item again") { self.firstItem($0) == "Feature 2" }
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func pageDownMovesAScreenfulThenTurnsThePage() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--no-animation", try listTour()])
        var screen = try session.waitFor("Space more")
        let before = firstItem(screen)
        try session.send("PageDown")
        screen = try session.waitForScreen("a screenful further") { self.firstItem($0) != before }
        let number = Int(firstItem(screen)?.split(separator: " ").last ?? "") ?? 0
        #expect(number > 3)  // more than one item further
        for _ in 0..<20 { try session.send("Space") }
        screen = try session.waitFor("After the list")  // at the end, Space turned the page
        #expect(screen.contains("○ ●"))
        try session.send("q")
        #expect(try session.exitCode() == 0)  // on the last page q closes it, finished
    }

    @Test func aOnePageTourShowsNoIndicatorAndNoSwipe() throws {
        defer { cleanUp() }
        let session = try TmuxSession([try file("one.json", #"{"pages": [{"title": "Only page", "subtitle": "Just this."}]}"#)])
        let screen = try session.waitFor("Only page")
        #expect(!screen.contains("●") && !screen.contains("swipe") && !screen.contains("Skip"))
        #expect(screen.contains("Enter finish · q close"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test func theLastPageSaysFinishAndCloseAndQClosesItFinished() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--no-animation"])
        try session.waitFor("Welcome to tour")
        // End stops on the practice page until its key, ?, is pressed.
        try session.send("End")
        try session.waitFor("Try a key")
        try session.send("?")
        try session.waitFor("✓ That is the help key.")
        try session.send("End")
        let screen = try session.waitFor("Get started")
        #expect(screen.contains("Enter finish · q close") && !screen.contains("q skip"))
        try session.send("q")
        #expect(try session.exitCode() == 0)
    }

    @Test(arguments: [("numbers", "", "2 / 4"), ("bar", "", "━━━━━─────"), ("dots", #", "indicatorGlyphs": {"current": "◆", "other": "◇"}"#, "◇ ◆ ◇ ◇"), ("none", "", "")])
    func everyIndicatorStyle(name: String, extra: String, expected: String) throws {
        defer { cleanUp() }
        let path = try file("\(name).json", #"{"indicator": "\#(name)"\#(extra), "pages": [{"title": "One"}, {"title": "Two"}, {"title": "Three"}, {"title": "Four"}]}"#)
        let session = try TmuxSession(["--no-animation", path])
        try session.waitFor("One")
        try session.send("Right")
        let screen = try session.waitFor("Two")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let button = try #require(lines.firstIndex { $0.contains("[ Next") })
        let indicator = lines[button - 2].trimmingCharacters(in: .whitespaces)
        if name == "bar" {
            #expect(indicator == expected)  // page 2 of 4: half of a bar as wide as the button
            // A click at the end of the bar jumps to the last page.
            let column = lines[button - 2].lastIndex { $0 == "─" }.map { lines[button - 2].distance(from: lines[button - 2].startIndex, to: $0) } ?? 0
            try session.sendLiteral("\u{1B}[<0;\(column + 1);\(button - 1)M\u{1B}[<0;\(column + 1);\(button - 1)m")
            try session.waitFor("Four")
        } else {
            #expect(indicator == expected)
        }
        try session.send("q")
        // The bar's click went to the last page, where q closes the tour as finished.
        #expect(try session.exitCode() == (name == "bar" ? 0 : 1))
    }

    /// 24-bit color in the semicolon form every truecolor terminal reads, not the colon
    /// form of the -direct terminfo entries, which some emulators print as text.
    @Test func trueColorGoesOutWithSemicolons() throws {
        defer { cleanUp() }
        let path = try file("gradient.json", ##"{"pages": [{"title": "Blue", "gradient": ["#3a7bd5", "#00d2ff"]}, {"title": "Two"}]}"##)
        let session = try TmuxSession([path], environment: ["COLORTERM": "truecolor", "TOUR_TEST_START_DELAY": "0.3"])
        let output = try session.recordOutput()
        try session.waitFor("Blue")
        try session.send("q")
        #expect(try session.exitCode() == 1)
        let bytes = try String(decoding: Data(contentsOf: output), as: UTF8.self)
        #expect(bytes.contains("\u{1B}[48;2;58;123;213m"))
        #expect(!bytes.contains("48:2::") && !bytes.contains("38:2::"))
    }

    @Test func resetSaysWhatItDid() throws {
        defer { cleanUp() }
        let state = ["XDG_STATE_HOME": directory.appendingPathComponent("state").path]
        let path = try file("mytool.json", #"{"id": "mytool", "pages": [{"title": "One"}]}"#)
        #expect(try runTour(["--reset", path], environment: state).stdout == "\"mytool\" was not marked as seen\n")
        _ = try runTour(["--once", "--plain", path], environment: state)
        #expect(try runTour(["--reset", path], environment: state).stdout == "forgot that \"mytool\" was seen\n")
    }

    @Test func aNonUTF8TerminalGetsASCIIIconsAndDots() throws {
        defer { cleanUp() }
        let path = try file("icons.json", #"{"pages": [{"kind": "features", "title": "Icons", "items": [{"icon": "★", "title": "Star"}]}, {"title": "Two"}]}"#)
        let session = try TmuxSession(["--no-animation", path], environment: ["LC_ALL": "C"])
        let screen = try session.waitFor("Star")
        #expect(screen.contains("*   Star") && screen.contains("* ."))
        #expect(!screen.contains("?"))
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }
}
