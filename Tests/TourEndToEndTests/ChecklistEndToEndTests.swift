import Foundation
import Testing

/// A tour's getting-started checklist as a tool's users meet it (issue 67, part 3): ticked
/// by `tour done` when the person really does the thing, shown in a tip's place on later
/// starts of `tour --once`, "All done" once, then nothing; silent in pipes and CI; turned
/// off with the tips; printed any time by `tour checklist`.
@Suite("End to end: the checklist")
struct ChecklistEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("mytool.json").path }
    var stateHome: String { directory.appendingPathComponent("state").path }
    var tipsState: String { stateHome + "/tour/tips/mytool.json" }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-checklist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write(tips: false)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    func write(tips: Bool) throws {
        let tipsJSON = tips ? #","tips": [{"id": "export", "text": "`mytool export` makes a web page."}]"# : ""
        try #"""
            {
              "id": "mytool",
              "version": "1.0.0",
              "tipsOff": "Hide these: `mytool tips off`",
              "pages": [{"title": "Welcome to mytool", "subtitle": "Notes in the terminal."}],
              "checklist": {"title": "Getting started", "items": [
                {"id": "login", "title": "Log in", "hint": "`mytool login`"},
                {"id": "sync", "title": "Sync your notes", "hint": "`mytool sync`"},
                {"id": "find", "title": "Find a note"}
              ]}\#(tipsJSON)
            }
            """#.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    /// One start as a tool makes it: `sh` prints the tool's own line, then calls tour.
    func start(keys: [String] = [], environment more: [String: String] = [:]) throws -> (text: String, code: Int32?) {
        let script = "echo 'mytool: ready'; exec \"$0\" --once --every 0 \"$1\""
        let terminal = try PseudoTerminal(["-c", script, TourBinary.path, tourFile], environment: environment.merging(more) { $1 },
                                          standardErrorOnTerminal: true, executable: "/bin/sh")
        defer { terminal.hangUp() }
        if !keys.isEmpty {
            try terminal.waitForOutput("Welcome to mytool")
            for key in keys {
                Thread.sleep(forTimeInterval: 0.4)
                terminal.write(key)
            }
        }
        let exit = terminal.waitForExit()
        Thread.sleep(forTimeInterval: 0.1)  // the last output in flight
        return (plain(terminal.text), exit?.code)
    }

    func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// `tour done FILE ITEM`, as a tool's `sync` calls it: in a pipe, its output captured.
    func done(_ item: String, environment more: [String: String] = [:]) throws -> CommandResult {
        try runTour(["done", tourFile, item], environment: environment.merging(more) { $1 })
    }

    @Test func zeroOfThreeThenProgressThenAllDoneOnceThenNothing() throws {
        defer { cleanUp() }
        // Never shown: silent, exit 0, nothing recorded.
        let early = try done("login")
        #expect(early.exitCode == 0 && early.stdout.isEmpty && early.stderr.isEmpty, "\(early)")
        #expect(!FileManager.default.fileExists(atPath: tipsState))
        // The welcome, and no checklist on that start.
        let welcome = try start(keys: ["\r"])
        #expect(welcome.code == 0 && !welcome.text.contains("Getting started"), "\(welcome.text.debugDescription)")
        // The next start: the list in place, under the tool's line, with the next hint.
        let first = try start()
        #expect(first.code == 0)
        #expect(first.text.contains("mytool: ready\nGetting started  0 of 3\n  ☐ Log in\n  ☐ Sync your notes\n  ☐ Find a note\n  Next: mytool login\n  Hide these: mytool tips off"),
                "\(first.text.debugDescription)")
        #expect(!first.text.contains("\u{1B}[?1049h"))
        // Ticked twice: once recorded, the second changes nothing.
        #expect(try done("login").exitCode == 0)
        let afterOne = try String(contentsOfFile: tipsState, encoding: .utf8)
        let again = try done("login")
        #expect(again.exitCode == 0 && again.stdout.isEmpty && again.stderr.isEmpty)
        #expect(try String(contentsOfFile: tipsState, encoding: .utf8) == afterOne)
        let second = try start()
        #expect(second.text.contains("Getting started  1 of 3\n  ✓ Log in\n  ☐ Sync your notes\n  ☐ Find a note\n  Next: mytool sync"),
                "\(second.text.debugDescription)")
        // The last two: "All done", one line, once; then nothing at all.
        #expect(try done("find").exitCode == 0 && done("sync").exitCode == 0)
        let finished = try start()
        #expect(finished.text.contains("mytool: ready\n✓ Getting started: all done"), "\(finished.text.debugDescription)")
        #expect(!finished.text.contains("of 3") && !finished.text.contains("Hide these"), "\(finished.text.debugDescription)")
        let after = try start()
        #expect(after.code == 0 && after.text.trimmingCharacters(in: .whitespacesAndNewlines) == "mytool: ready", "\(after.text.debugDescription)")
    }

    @Test func aMisspelledItemIsRefusedWithTheNearest() throws {
        defer { cleanUp() }
        let wrong = try done("sycn")
        #expect(wrong.exitCode == 2)
        #expect(wrong.stderr == "tour: the checklist of \(tourFile) has no item \"sycn\"; did you mean \"sync\"? (its items: login, sync, find)\n",
                "\(wrong.stderr)")
        let missing = try runTour(["done", tourFile], environment: environment)
        #expect(missing.exitCode == 2 && missing.stderr.contains("done needs a tour FILE and an ITEM"))
    }

    @Test func silentInPipesCIAndDisabledAndNeverOnTheWelcomesDay() throws {
        defer { cleanUp() }
        _ = try start(keys: ["\r"])
        for extra in [["CI": "true"], ["TOUR_DISABLE": "1"], [:]] {
            let piped = try runTour(["--once", "--every", "0", tourFile], environment: environment.merging(extra) { $1 })
            #expect(piped.exitCode == 0 && piped.stdout.isEmpty, "\(extra): \(piped.stdout.debugDescription)")
        }
        let disabled = try start(environment: ["TOUR_DISABLE": "1"])
        #expect(!disabled.text.contains("Getting started"))
        // The default interval: the welcome's day is the welcome's alone.
        let terminal = try PseudoTerminal(["-c", "exec \"$0\" --once \"$1\"", TourBinary.path, tourFile], environment: environment,
                                          standardErrorOnTerminal: true, executable: "/bin/sh")
        _ = terminal.waitForExit()
        terminal.hangUp()
        #expect(!plain(terminal.text).contains("Getting started"), "\(terminal.text.debugDescription)")
        // Nothing silent was recorded: the next start at a terminal shows the list.
        #expect(try start().text.contains("Getting started  0 of 3"))
    }

    @Test func turnedOffWithTheTipsAndNeverLost() throws {
        defer { cleanUp() }
        _ = try start(keys: ["\r"])
        let off = try runTour(["tip", "--off", "--id", "mytool"], environment: environment)
        #expect(off.exitCode == 0)
        #expect(try done("login").exitCode == 0)
        let quiet = try start()
        #expect(!quiet.text.contains("Getting started"), "\(quiet.text.debugDescription)")
        // The tick did not undo the off, and the off did not lose the tick.
        let state = try String(contentsOfFile: tipsState, encoding: .utf8)
        #expect(state.contains("\"off\": true") && state.contains("\"login\""), "\(state)")
        // `tour checklist` prints it any time, in a pipe as plain words.
        let printed = try runTour(["checklist", tourFile], environment: environment)
        #expect(printed.exitCode == 0 && printed.stdout.hasPrefix("Getting started  1 of 3\n  ✓ Log in\n"), "\(printed.stdout.debugDescription)")
        #expect(!printed.stdout.contains("\u{1B}"))
        _ = try runTour(["tip", "--on", "--id", "mytool"], environment: environment)
        #expect(try start().text.contains("Getting started  1 of 3"))
    }

    @Test func aTipAndTheChecklistNeverShareAStart() throws {
        defer { cleanUp() }
        try write(tips: true)
        _ = try start(keys: ["\r"])
        let list = try start()
        #expect(list.text.contains("Getting started  0 of 3") && !list.text.contains("makes a web page"), "\(list.text.debugDescription)")
        for item in ["login", "sync", "find"] { #expect(try done(item).exitCode == 0) }
        let allDone = try start()
        #expect(allDone.text.contains("all done") && !allDone.text.contains("makes a web page"), "\(allDone.text.debugDescription)")
        let tip = try start()
        #expect(tip.text.contains("makes a web page") && !tip.text.contains("Getting started"), "\(tip.text.debugDescription)")
    }
}
