import Foundation
import Testing

/// Colors, art, motion, mouse, help and the accessible mode, in a real terminal.
@Suite("End to end: look and motion")
struct LookAndMotionEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("color.json").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-look-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Colored art with an OSC title sequence hidden in it.
        try "\u{1B}[38;5;208m /\\_/\\ \u{1B}[0m\n\u{1B}[1;33m( o.o )\u{1B}]0;pwned\u{07}\u{1B}[0m\n\u{1B}[44m > ^ < \u{1B}[0m\n"
            .write(to: directory.appendingPathComponent("cat.ans"), atomically: true, encoding: .utf8)
        try """
            {"accent": "bright-magenta", "pages": [
             {"title": "Gradient page", "subtitle": "Bands from top to bottom.", "gradient": ["#3a7bd5", "#00d2ff"], "heroFile": "cat.ans"},
             {"title": "Accent page", "accent": "#ff8800", "hero": "[###]"},
             {"title": "Last page"}
            ]}
            """.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// SGR parameters that set a color: 30–37, 38, 39 excluded, 40–47, 48, 90–97, 100–107.
    func colorCodes(in screen: String) -> [String] {
        var codes: [String] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(where: { $0.isLetter }) else { break }
            if rest[end] == "m" {
                for code in rest[..<end].split(separator: ";") {
                    if let number = Int(code), (30...38).contains(number) || (40...48).contains(number) || (90...107).contains(number) {
                        codes.append(String(code))
                    }
                }
            }
            rest = rest[end...]
        }
        return codes
    }

    @Test func noColorSendsNoColorsButKeepsBoldAndReverse() throws {
        defer { cleanUp() }
        let session = try TmuxSession([tourFile], environment: ["NO_COLOR": "1"])
        try session.waitFor("( o.o )")
        let screen = try session.screen(escapes: true)
        #expect(colorCodes(in: screen).isEmpty, "\(colorCodes(in: screen))")
        #expect(screen.contains("\u{1B}[1m") || screen.contains("\u{1B}[1;"))
        #expect(screen.contains("7m"))  // the button, in reverse video
        try session.send("q")
        #expect(try session.exitCode() == 1)

        let flag = try TmuxSession(["--no-color", tourFile])
        try flag.waitFor("( o.o )")
        #expect(colorCodes(in: try flag.screen(escapes: true)).isEmpty)
    }

    @Test func accentGradientAndColoredArtShow() throws {
        defer { cleanUp() }
        let session = try TmuxSession([tourFile], environment: ["TOUR_TEST_START_DELAY": "0.3"])
        let output = try session.recordOutput()
        try session.waitFor("( o.o )")
        let first = try session.screen(escapes: true)
        #expect(first.contains("38;5;208m /\\_/\\"))  // the art's own color
        #expect(first.contains("48;5;"))  // the gradient's bands
        try session.send("Right")
        try session.waitFor("Accent page")
        #expect(try session.screen(escapes: true).contains("38;5;208m"))  // #ff8800 → 208 in 256 colors
        try session.send("q")
        #expect(try session.exitCode() == 1)
        // The OSC inside the art never reached the terminal.
        let bytes = try Data(contentsOf: output)
        #expect(!bytes.isEmpty)
        #expect(bytes.range(of: Data("pwned".utf8)) == nil)
        #expect(bytes.range(of: Data("\u{1B}]0;".utf8)) == nil)
        #expect(try session.tmux(["display-message", "-p", "#{pane_title}"]).contains("pwned") == false)
    }

    @Test func trueColorWhereTheTerminalSaysSo() throws {
        defer { cleanUp() }
        let session = try TmuxSession([tourFile], environment: ["COLORTERM": "truecolor"])
        try session.waitFor("( o.o )")
        #expect(try session.screen(escapes: true).contains("48;2;58;123;213"))  // #3a7bd5, exactly
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func aClickOnTheButtonAdvancesAndOnADotJumps() throws {
        defer { cleanUp() }
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        let lines = try session.screenLines()
        let buttonRow = lines.firstIndex { $0.contains("[ Next → ]") }!
        let buttonColumn = Array(lines[buttonRow]).firstIndex(of: "N")!
        try session.sendLiteral("\u{1B}[<0;\(buttonColumn + 1);\(buttonRow + 1)M\u{1B}[<0;\(buttonColumn + 1);\(buttonRow + 1)m")
        try session.waitFor("Swipe with your keys")
        let dotsRow = try session.screenLines().firstIndex { $0.contains("○ ● ○ ○") }!
        let lastDot = Array(try session.screenLines()[dotsRow]).lastIndex(of: "○")!
        try session.sendLiteral("\u{1B}[<0;\(lastDot + 1);\(dotsRow + 1)M")
        // A dot past the practice page stops on it until its key is pressed.
        try session.waitFor("Try a key")
        try session.send("?")
        try session.waitFor("✓ That is the help key.")
        try session.sendLiteral("\u{1B}[<0;\(lastDot + 1);\(dotsRow + 1)M")
        try session.waitFor("Shown once")
        try session.sendLiteral("\u{1B}[<64;1;1M")  // wheel up: previous page
        try session.waitFor("Write your own tour")
        try session.send("q")
        #expect(try session.exitCode() == 1)
        try session.expectTerminalRestored()  // mouse reporting is off again
    }

    @Test func questionMarkShowsTheHelpAndAnyKeyClosesIt() throws {
        defer { cleanUp() }
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        try session.send("?")
        let help = try session.waitFor("any key closes")
        for keys in ["→ l", "← b h Backspace", "Space PgDn", "PgUp", "Home g", "End G", "1–9", "q Esc", "click", "wheel"] {
            #expect(help.contains(keys), "\(keys)")
        }
        try session.send("q")  // closes the help only
        let page = try session.waitForScreen("the help to close") { !$0.contains("any key closes") }
        #expect(page.contains("Welcome to tour"))
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    /// Synchronized-update frames written after one Right key.
    func framesForOnePageChange(_ arguments: [String], environment: [String: String] = [:]) throws -> Int {
        let session = try TmuxSession(arguments, environment: environment.merging(["TOUR_TEST_START_DELAY": "0.3"]) { $1 })
        let output = try session.recordOutput()
        try session.waitFor("Welcome to tour")
        let before = try Data(contentsOf: output)
        try session.send("Right")
        try session.waitFor("Swipe with your keys")
        let after = try Data(contentsOf: output)
        try session.send("q")
        _ = try session.exitCode()
        let marker = Data("\u{1B}[?2026h".utf8)
        var count = 0
        var range = before.count..<after.count
        while let found = after.range(of: marker, in: range) {
            count += 1
            range = found.upperBound..<after.count
        }
        return count
    }

    @Test func aPageChangeAnimatesInSeveralFramesOrOneWithoutMotion() throws {
        defer { cleanUp() }
        // More than one frame is what tells a slide from a cut. How many more depends on how
        // busy the machine is (tests run in parallel), so no higher count is asserted.
        #expect(try framesForOnePageChange([]) >= 2)
        #expect(try framesForOnePageChange(["--no-animation"]) == 1)
        #expect(try framesForOnePageChange([], environment: ["TOUR_REDUCE_MOTION": "1"]) == 1)
        #expect(try framesForOnePageChange([], environment: ["REDUCED_MOTION": "1"]) == 1)  // the shared convention
    }

    @Test func noMouseLeavesMouseReportingOff() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--no-mouse"])
        try session.waitFor("Welcome to tour")
        #expect(try session.tmux(["display-message", "-p", "#{mouse_any_flag}"]).hasPrefix("0"))
        try session.send("q")
        _ = try session.exitCode()
        let withMouse = try TmuxSession()
        try withMouse.waitFor("Welcome to tour")
        #expect(try withMouse.tmux(["display-message", "-p", "#{mouse_any_flag}"]).hasPrefix("1"))
    }

    @Test func accessibleModeIsLinearText() throws {
        defer { cleanUp() }
        let result = try runTour(["--accessible"], stdin: "\n\nb\nx\nq\n")
        #expect(result.exitCode == 1)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.hasPrefix("Page 1 of 6\nWelcome to tour\n"))
        // A screen reader hears what the picture shows, not the ASCII art.
        #expect(result.stdout.contains("Picture: A terminal window in which a tool greets its new user with a tour."))
        #expect(!result.stdout.contains("~/projects"))
        #expect(result.stdout.contains("[Enter] next · b back · q skip\n"))
        let pages = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Page ") }
        #expect(pages == ["Page 1 of 6", "Page 2 of 6", "Page 3 of 6", "Page 2 of 6"])
        // A line it does not understand: said so, and the prompt again says what to type.
        #expect(result.stdout.contains("Type one of these, or a page number.\n[Enter] next · b back · q skip\n"))

        // 6 stops on the practice page (3) until ? is typed there; then 6 goes to the last.
        let viaEnvironment = try runTour([], environment: ["ACCESSIBLE": "1"], stdin: "6\n?\n6\n\n")
        #expect(viaEnvironment.exitCode == 0)
        #expect(viaEnvironment.stdout.contains("[Enter] finish · b back · q close"))
        let ended = try runTour(["--accessible"], stdin: "")
        #expect(ended.exitCode == 129)
    }
}
