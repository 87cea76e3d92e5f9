import Foundation
import Testing

/// Practice pages as a person meets them in a real terminal (tmux): a wrong key does not
/// go on, the right one does with its `done` line; `--set` changes the key and the words;
/// the accessible mode takes the key line by line; a bad value stops before the screen.
@Suite("End to end: practice pages and values")
struct PracticeEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("notes.json").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-practice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try #"""
            {"id": "notes", "version": "1.0.0", "values": {"search": "/", "tool": "notes"},
             "pages": [
               {"title": "Welcome to {tool}"},
               {"kind": "practice", "title": "Search", "subtitle": "Press {search} to find a note.", "expect": "{search}",
                "done": "{search} is search."},
               {"kind": "practice", "title": "Sync", "expect": {"line": "{tool} sync"}},
               {"title": "All set"}
             ]}
            """#.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    @Test func aWrongKeyStaysTheRightKeyIsDoneAndTheLineIsTyped() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--no-animation", tourFile])
        try session.waitFor("Welcome to notes")
        try session.send("Enter")
        var screen = try session.waitFor("Press / to find a note.")
        #expect(!screen.contains("Enter next"))
        // Enter and → do not go on; x is not it, and says so in place.
        try session.send("Enter")
        try session.send("Right")
        try session.sendLiteral("x")
        screen = try session.waitFor("Not quite: that was x. Try again.")
        #expect(screen.contains("Search"))
        try session.sendLiteral("/")
        screen = try session.waitFor("✓ / is search.")
        #expect(screen.contains("Enter next") && !screen.contains("Not quite"))
        try session.send("Enter")
        try session.waitFor("Type notes sync and press Enter")
        try session.sendLiteral("notes sink")
        try session.send("Enter")
        try session.waitFor("Not quite: that was notes sink. Try again.")
        try session.sendLiteral("notes  sync")
        try session.send("Enter")
        try session.waitFor("✓ Done")
        try session.send("Enter")
        try session.waitFor("All set")
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test func setChangesTheKeyAndTheWords() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--no-animation", "--set", "search=?", "--set", "tool=jot", tourFile])
        try session.waitFor("Welcome to jot")
        try session.send("Enter")
        try session.waitFor("Press ? to find a note.")
        // / is no longer it; ? is, and does not open the help here.
        try session.sendLiteral("/")
        try session.waitFor("Not quite: that was /. Try again.")
        try session.sendLiteral("?")
        let screen = try session.waitFor("✓ ? is search.")
        #expect(!screen.contains("Keys"))
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func theAccessibleModeTakesTheKeyLineByLine() throws {
        defer { cleanUp() }
        let result = try runTour(["--accessible", "--set", "search=/", tourFile], stdin: "\nx\n/\n\nnotes sync\n\n\n")
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Press /\nType it, then Enter · b back · q skip\nNot quite: that was x. Try again. Press /"))
        #expect(result.stdout.contains("✓ / is search.") && result.stdout.contains("✓ Done") && result.stdout.contains("All set"))
    }

    @Test func theAccessibleModeTakesTheKeyLineByLineOnATerminal() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--accessible", tourFile])
        try session.waitFor("Welcome to notes")
        try session.send("Enter")
        try session.waitFor("Type it, then Enter · b back · q skip")
        try session.sendLiteral("x")
        try session.send("Enter")
        try session.waitFor("Not quite: that was x. Try again. Press /")
        try session.sendLiteral("/")
        try session.send("Enter")
        try session.waitFor("✓ / is search.")
        try session.send("Enter")
        try session.waitFor("Type notes sync and press Enter")
        try session.sendLiteral("notes sync")
        try session.send("Enter")
        try session.waitFor("✓ Done")
        try session.send("Enter")
        try session.waitFor("All set")
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test func aValueThatNamesNoKeyGivesWayToTheToursOwnAndCheckWarnsOfUndeclaredNames() throws {
        defer { cleanUp() }
        // A person's key map may hold what no practice can wait for: the tour's own "/" stands,
        // on the page's words too, and one warning says so after the run.
        let kept = try runTour(["--plain", "--set", "search=ctrl-c", tourFile])
        #expect(kept.exitCode == 0 && kept.stdout.contains("Press / to find a note.\nPress /"), "\(kept.stdout)")
        #expect(kept.stderr.contains(#"the value given for {search}, "ctrl-c", makes page 2's practice ask for no key ("ctrl-c" cannot be asked for: the terminal keeps it (it interrupts)); the tour's own "/" is used"#),
                "\(kept.stderr)")
        let bad = try runTour(["--set", "no good=1", tourFile])
        #expect(bad.exitCode == 2 && bad.stderr.contains("--set takes NAME=VALUE"))
        // Escapes in a value never reach the terminal.
        let plain = try runTour(["--plain", "--set", "tool=\u{1B}]0;owned\u{07}jot", tourFile])
        #expect(plain.stdout.contains("Welcome to jot") && !plain.stdout.contains("\u{1B}"))
        try #"{"pages": [{"title": "Hi {toool}"}], "values": {"tool": "x"}}"#.write(toFile: tourFile, atomically: true, encoding: .utf8)
        let check = try runTour(["check", tourFile])
        #expect(check.exitCode == 0 && check.stdout.contains("{toool} names no value, so it stays as written; did you mean {tool}?"), "\(check.stdout)")
    }
}
