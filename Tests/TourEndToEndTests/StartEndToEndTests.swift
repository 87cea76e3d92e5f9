import Foundation
import Testing

/// `tour --once FILE` on every start of a tool whose tour holds tips: at most one thing a
/// start (the welcome, else what's new, else a tip), on a real pseudo-terminal.
@Suite("End to end: one call at start")
struct StartEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("mytool.json").path }
    var stateHome: String { directory.appendingPathComponent("state").path }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write(version: "1.0.0", newPage: false)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// The tour at `version`; with `newPage`, a page since 1.1.0 and a second, and the notice.
    func write(version: String, newPage: Bool) throws {
        let new = newPage ? #"""
            ,
                {"title": "Reminders", "subtitle": "A nudge at the right time.\nSecond line.", "since": "1.1.0"},
                {"title": "Sync everywhere", "subtitle": "Your notes on every machine.", "since": "1.1.0"}
            """# : ""
        try #"""
            {
              "id": "mytool",
              "version": "\#(version)",
              "whatsNew": "notice",
              "pages": [
                {"title": "Welcome to mytool", "subtitle": "Notes in the terminal."},
                {"title": "Everything offline", "subtitle": "No network needed."}\#(new)
              ],
              "tips": [
                {"id": "sync", "text": "Press `s` to sync."},
                {"id": "find", "text": "`mytool find WORD` searches."},
                {"id": "export", "text": "`mytool export` makes a web page."}
              ]
            }
            """#.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    /// One start as a tool makes it: `sh` prints the tool's own line, then calls tour.
    func start(keys: [String] = [], width: Int = 80, environment more: [String: String] = [:]) throws -> (text: String, code: Int32?) {
        let script = "echo 'mytool: ready'; exec \"$0\" --once --every 0 \"$1\""
        let terminal = try PseudoTerminal(["-c", script, TourBinary.path, tourFile], width: width, environment: environment.merging(more) { $1 },
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
        return (terminal.text, exit?.code)
    }

    func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Which tip a start printed: 0, 1 or 2.
    func tip(_ text: String) -> Int? {
        ["to sync.", "searches.", "makes a web page."].firstIndex { plain(text).contains($0) }
    }

    @Test func welcomeThenTwoTipsThenTheNoticeInPlaceThenTheNextTip() throws {
        defer { cleanUp() }
        // 1. The welcome, full screen, and no tip.
        let first = try start(keys: ["\r", "\r"])
        #expect(first.code == 0)
        #expect(first.text.contains("\u{1B}[?1049h"), "\(first.text.debugDescription)")
        #expect(tip(first.text) == nil, "a tip after the welcome: \(first.text.debugDescription)")
        // 2. Then tip 1 and tip 2, in place.
        for expected in [0, 1] {
            let run = try start()
            #expect(run.code == 0)
            #expect(!run.text.contains("\u{1B}[?1049h"), "\(run.text.debugDescription)")
            #expect(tip(run.text) == expected, "\(run.text.debugDescription)")
            #expect(plain(run.text).contains("mytool: ready\nTip  "), "\(run.text.debugDescription)")
        }
        // 3. An update with new pages: the notice in place, no key, exit 0, the tool's
        // line still there above it (nothing clears or moves the screen), no tip.
        try write(version: "1.1.0", newPage: true)
        let notice = try start()
        #expect(notice.code == 0)
        for takeover in ["\u{1B}[?1049h", "\u{1B}[2J", "\u{1B}[H", "\u{1B}[?25l"] {
            #expect(!notice.text.contains(takeover), "\(takeover.debugDescription) in \(notice.text.debugDescription)")
        }
        let words = plain(notice.text)
        #expect(words.hasPrefix("mytool: ready\nWhat's new in mytool  1.0.0 → 1.1.0\n"), "\(words.debugDescription)")
        #expect(words.contains("• Reminders  A nudge at the right time.\n") && words.contains("• Sync everywhere"), "\(words.debugDescription)")
        #expect(!words.contains("Second line") && !words.contains("Welcome to mytool"))
        // The words and the command, or where a long path leaves no room, the command alone.
        let again = "See them again: tour whats-new \(tourFile)"
        #expect(words.contains(again.count <= 78 ? again : "\n  tour whats-new \(tourFile)\n"), "\(words.debugDescription)")
        #expect(tip(notice.text) == nil)
        // 4. The start after that: the next tip, and never the notice again.
        let after = try start()
        #expect(after.code == 0 && tip(after.text) == 2, "\(after.text.debugDescription)")
        #expect(!plain(after.text).contains("What's new"))
    }

    /// `"whatsNew": "notice"` with an update that asks a question: a notice would print it
    /// and ask nothing, so that update plays in the pager, and the answer is kept.
    @Test func anUpdateThatAsksAQuestionPlaysInThePagerUnderNotice() throws {
        defer { cleanUp() }
        _ = try start(keys: ["\r", "\r"])
        let question = #"""
            {"kind": "choice", "key": "telemetry", "title": "Share anonymous usage data?", "since": "1.1.0",
             "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}], "default": "no"}
            """#
        let text = try String(contentsOfFile: tourFile, encoding: .utf8)
            .replacingOccurrences(of: #""version": "1.0.0""#, with: #""version": "1.1.0""#)
            .replacingOccurrences(of: #"{"title": "Everything offline", "subtitle": "No network needed."}"#,
                                  with: #"{"title": "Everything offline", "subtitle": "No network needed."}, "# + question)
        try text.write(toFile: tourFile, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(["--once", "--no-animation", tourFile], environment: environment, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Share anonymous usage data?")
        Thread.sleep(forTimeInterval: 0.3)
        terminal.write("\r")
        #expect(terminal.waitForExit()?.code == 0)
        #expect(terminal.text.contains("\u{1B}[?1049h"), "not the pager: \(terminal.text.debugDescription)")
        let answers = try runTour(["answers", tourFile], environment: environment)
        #expect(answers.stdout == "{\"telemetry\": \"no\"}\n")
    }

    /// As tips do: fitted to 40 columns, no SGR under NO_COLOR or TERM=dumb, ASCII under LC_ALL=C.
    @Test(arguments: [(["NO_COLOR": "1"], 80), (["TERM": "dumb"], 80), (["LC_ALL": "C"], 80), ([:], 40)])
    func theNoticeFitsTheTerminalItIsPrintedOn(environment more: [String: String], width: Int) throws {
        defer { cleanUp() }
        _ = try start(keys: ["\r", "\r"])
        try write(version: "1.1.0", newPage: true)
        let notice = try start(width: width, environment: more)
        #expect(notice.code == 0)
        let lines = plain(notice.text).split(separator: "\n").map(String.init)
        #expect(lines.first == "mytool: ready" && lines.count >= 4, "\(notice.text.debugDescription)")
        if more["TERM"] == "dumb" { #expect(!notice.text.contains("\u{1B}["), "\(notice.text.debugDescription)") }
        if more["NO_COLOR"] != nil {
            // Bold and dim, as a tip has them; no color at all.
            let parameters = notice.text.matches(of: /\x1B\[([0-9;]*)m/).flatMap { $0.1.split(separator: ";").map(String.init) }
            #expect(!parameters.isEmpty && Set(parameters).isSubset(of: ["0", "1", "2", "22"]), "\(parameters)")
        }
        if more["LC_ALL"] == "C" {
            #expect(notice.text.utf8.allSatisfy { $0 < 0x80 } && lines[1] == "What's new in mytool  1.0.0 -> 1.1.0", "\(lines)")
            #expect(lines[2].hasPrefix("  * Reminders"), "\(lines)")
        }
        for line in lines.dropFirst().dropLast() { #expect(line.count <= width, "\(line)") }
    }

    @Test func theNoticeIsSilentAndRecordsNothingInAPipeOrCI() throws {
        defer { cleanUp() }
        _ = try start(keys: ["\r", "\r"])
        try write(version: "1.1.0", newPage: true)
        for extra in [["CI": "true"], ["TOUR_DISABLE": "1"], [:]] {
            let piped = try runTour(["--once", tourFile], environment: environment.merging(extra) { $1 })
            #expect(piped.exitCode == 0 && piped.stdout.isEmpty, "\(extra): \(piped.stdout.debugDescription)")
        }
        // Still new to the person at the terminal.
        let notice = try start()
        #expect(plain(notice.text).contains("What's new in mytool"), "\(notice.text.debugDescription)")
    }

    @Test func whatsNewPlainPrintsExactlyThePagesNewerThanAVersion() throws {
        defer { cleanUp() }
        try write(version: "1.1.0", newPage: true)
        let since = try runTour(["whats-new", "--plain", tourFile, "--since", "1.0.0"], environment: environment)
        #expect(since.exitCode == 0)
        #expect(since.stdout.contains("Reminders") && since.stdout.contains("Sync everywhere"), "\(since.stdout)")
        #expect(!since.stdout.contains("Welcome to mytool") && !since.stdout.contains("Everything offline"), "\(since.stdout)")
        let none = try runTour(["whats-new", "--plain", tourFile, "--since", "1.1.0"], environment: environment)
        #expect(none.exitCode == 0 && none.stdout.contains("no page of") && !none.stdout.contains("Reminders"), "\(none.stdout)")
        // It records nothing: a first --once still shows the welcome.
        #expect(!FileManager.default.fileExists(atPath: stateHome + "/tour/mytool.json"))
    }
}
