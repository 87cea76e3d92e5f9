import Foundation
import Testing

/// The built binary in a real terminal (tmux), driven key by key as a person would.
@Suite("End to end: the pager in tmux")
struct PagerEndToEndTests {
    @Test func swipeThroughTheBuiltInTourAndFinish() throws {
        let session = try TmuxSession()
        var screen = try session.waitFor("Welcome to tour")
        #expect(screen.contains("Skip (q)"))
        #expect(screen.contains("[ Next → ]"))
        #expect(screen.contains("● ○ ○ ○ ○ ○"))
        #expect(screen.contains("← → swipe · Enter next · q skip"))
        #expect(try session.tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag}"]).hasPrefix("1 0"))

        try session.send("Right")
        screen = try session.waitFor("Swipe with your keys")
        #expect(screen.contains("○ ● ○ ○ ○ ○"))
        try session.send("Left")
        try session.waitFor("Welcome to tour")
        try session.send("Right")
        try session.waitFor("Swipe with your keys")
        try session.send("Right")
        try session.waitFor("Try a key")
        // The practice page: Right goes nowhere until its key, ?, is pressed.
        try session.send("Right")
        try session.waitFor("Press ?")
        try session.send("?")
        try session.waitFor("✓ That is the help key.")
        try session.send("Right")
        try session.waitFor("What you get")
        try session.send("Right")
        try session.waitFor("Write your own tour")
        try session.send("Right")
        screen = try session.waitFor("Shown once, then what's new")
        #expect(screen.contains("[ Get started ]"))
        #expect(screen.contains("○ ○ ○ ○ ○ ●"))
        #expect(screen.contains("Enter finish · q close"))
        #expect(!screen.contains("Skip (q)"))
        // Next stops at the end: had Right moved anywhere, Enter would not finish the tour.
        try session.send("Right")
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
        try session.expectTerminalRestored()
        #expect(session.standardError.isEmpty)
    }

    @Test func enterAdvancesPageByPage() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        for title in ["Swipe with your keys", "Try a key", "What you get", "Write your own tour", "Shown once"] {
            if title == "What you get" {
                // The practice page goes on once its key is pressed.
                try session.send("?")
                try session.waitFor("✓ That is the help key.")
            }
            try session.send("Enter")
            try session.waitFor(title)
        }
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test(arguments: [
        (["l"], "Swipe with your keys"), (["Space"], "Swipe with your keys"), (["NPage"], "Swipe with your keys"),
        // End, G and a digit past the practice page (3, "Try a key") stop on it until ? is pressed there.
        (["End"], "Try a key"), (["G"], "Try a key"), (["5"], "Try a key"), (["3"], "Try a key"),
        (["End", "?", "End"], "Shown once"), (["G", "?", "G"], "Shown once"), (["3", "?", "5"], "Write your own tour"),
        (["3", "?", "4"], "What you get"),
        (["End", "?", "End", "h"], "Write your own tour"), (["End", "?", "End", "b"], "Write your own tour"),
        (["End", "?", "End", "BSpace"], "Write your own tour"), (["End", "?", "End", "PPage"], "Write your own tour"),
        (["End", "Home"], "Welcome to tour"), (["End", "g"], "Welcome to tour"), (["5", "1"], "Welcome to tour"),
    ])
    func everyKeyInTheTable(keys: [String], expectedTitle: String) throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        for key in keys {
            let before = try session.screen()
            try session.send(key)
            _ = try? session.waitForScreen(timeout: 1, "a change after \(key)") { $0 != before }
        }
        try session.waitFor(expectedTitle)
        try session.send("q")
        // q skips (1), and on the last page closes the tour as finished (0).
        #expect(try session.exitCode() == (expectedTitle == "Shown once" ? 0 : 1))
    }

    @Test func qSkipsWithExitCode1() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        try session.send("Right")
        try session.waitFor("Swipe with your keys")
        try session.send("q")
        #expect(try session.exitCode() == 1)
        try session.expectTerminalRestored()
    }

    @Test func escapeSkipsPromptly() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        let start = Date()
        try session.send("Escape")
        #expect(try session.exitCode(timeout: 3) == 1)
        // A generous bound: the design target is ~25 ms of escape delay, and ncurses' default is a full second.
        #expect(Date().timeIntervalSince(start) < 0.9)
        try session.expectTerminalRestored()
    }

    @Test func controlCInterruptsWithExitCode130() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        try session.send("C-c")
        #expect(try session.exitCode() == 130)
        try session.expectTerminalRestored()
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGHUP, Int32(129))])
    func signalsRestoreTheTerminalAndExit128PlusN(signal: Int32, expected: Int32) throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        kill(try session.tourPID(), signal)
        #expect(try session.exitCode() == expected)
        try session.expectTerminalRestored()
    }

    @Test func resizeRedrawsAtOnceAndMatchesTheGoldenSnapshot() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        for (width, height) in [(40, 12), (20, 6), (120, 40), (80, 24)] {
            try session.resize(width: width, height: height)
            let golden = try goldenScreen("builtin-page1-\(width)x\(height)")
            try session.waitForScreen("the \(width)x\(height) layout") { _ in
                (try? session.screenLines()) == golden
            }
        }
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func tooSmallShowsANoticeAndRecoversWhenTheWindowGrows() throws {
        let session = try TmuxSession(width: 12, height: 3)
        try session.waitFor("Enlarge the")
        try session.resize(width: 80, height: 24)
        try session.waitFor("Welcome to tour")
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func aTourFileWithArtNextToIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-e2e-file-\(getpid())")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("art"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "[###  ]\n[#### ]".write(to: directory.appendingPathComponent("art/progress.txt"), atomically: true, encoding: .utf8)
        try #"""
            {"id": "habits", "labels": {"done": "Let's go"},
             "pages": [
               {"title": "Form new habits", "subtitle": "Small steps.", "hero": "  /\\_/\\ \n ( o.o )\n  > ^ <"},
               {"title": "Track your progress", "heroFile": "art/progress.txt"}
             ]}
            """#.write(to: directory.appendingPathComponent("habits.json"), atomically: true, encoding: .utf8)
        let session = try TmuxSession([directory.appendingPathComponent("habits.json").path])
        try session.waitFor("Form new habits")
        try session.waitFor("( o.o )")  // the hero reveals itself after the title is up
        try session.send("Right")
        let last = try session.waitFor("[#### ]")
        #expect(last.contains("[ Let's go ]"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test func badContentIsReportedBeforeTheScreenIsTakenOver() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-e2e-bad-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try "{\"pages\": [\n  {\"title\": \"a\", \"subtile\": \"b\"}\n]}".write(to: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path])
        #expect(try session.exitCode() == 65)
        #expect(session.standardError == "\(file.path):2:18: unknown key \"subtile\" in page 1; did you mean \"subtitle\"?\n")
        try session.expectTerminalRestored()
    }

    @Test func dumbTerminalGetsPlainText() throws {
        let session = try TmuxSession(height: 120, environment: ["TERM": "dumb"])
        #expect(try session.exitCode() == 0)
        let screen = try session.screen()
        #expect(screen.contains("Page 1 of 6"))
        #expect(screen.contains("Page 6 of 6"))
    }

    @Test func asciiOnlyWhenTheLocaleIsNotUTF8() throws {
        let session = try TmuxSession(environment: ["LC_ALL": "C"])
        let screen = try session.waitFor("Welcome to tour")
        #expect(screen.contains("* . . ."))
        #expect(screen.contains("[ Next -> ]"))
        #expect(screen.unicodeScalars.allSatisfy { $0.isASCII })
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    /// Rows of a golden snapshot file, without trailing spaces, as capture-pane shows them.
    func goldenScreen(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: TourBinary.packageRoot + "/Tests/TourCoreTests/Snapshots/\(name).txt", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let rows = lines.dropFirst(2).prefix { !$0.hasPrefix("+") }
        return rows.map { row in String(row.dropFirst().dropLast().reversed().drop(while: { $0 == " " }).reversed()) }
    }
}
