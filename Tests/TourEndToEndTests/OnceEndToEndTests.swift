import Foundation
import Testing

/// Show once and "what's new", with a real state directory and the real binary.
@Suite("End to end: --once, --reset and what's new")
struct OnceEndToEndTests {
    let directory: URL
    var stateHome: String { directory.appendingPathComponent("state").path }
    var stateFile: String { stateHome + "/tour/habits.json" }
    var tourFile: String { directory.appendingPathComponent("habits.json").path }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-once-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try writeTour(version: "1.0")
    }

    func writeTour(version: String) throws {
        let items = (1...30).map { #"{"icon": "★", "title": "Feature \#($0)", "text": "What feature \#($0) does.", "accent": "green"}"# }
        try """
            {"id": "habits", "version": "\(version)", "pages": [
              {"title": "Welcome to habits", "subtitle": "Form new habits."},
              {"title": "Sync arrives", "since": "2.0"},
              {"kind": "features", "title": "What's new in 2.1", "since": "2.1",
               "items": [\(items.joined(separator: ",\n"))],
               "extra": "And many small fixes.", "button": "Continue"}
            ]}
            """.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// Plays `--once` to the welcome page, leaves with `key`, and returns the exit code.
    func leaveWelcome(with key: String) throws -> Int32 {
        let session = try TmuxSession(["--once", tourFile], environment: environment)
        try session.waitFor("Welcome to habits")
        try session.send(key)
        return try session.exitCode()
    }

    func stateText() -> String? {
        FileManager.default.contents(atPath: stateFile).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func onceTwiceShowsTheWelcomeOnceThenNothing() throws {
        defer { cleanUp() }
        let first = try TmuxSession(["--once", tourFile], environment: environment)
        let screen = try first.waitFor("Welcome to habits")
        #expect(screen.contains("[ Get started ]"))  // the welcome is one page: what's new is not shown on a fresh install
        #expect(!screen.contains("Sync arrives"))
        try first.send("Enter")
        #expect(try first.exitCode() == 0)
        try first.expectTerminalRestored()
        #expect(stateText()?.contains(#""outcome": "completed""#) == true)
        #expect(stateText()?.contains(#""version": "1.0""#) == true)

        let second = try TmuxSession(["--once", tourFile], environment: environment)
        #expect(try second.exitCode() == 0)
        #expect(try second.screen().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(second.standardError.isEmpty)
        try second.expectTerminalRestored()
    }

    @Test func aVersionBumpShowsOnlyTheNewPagesAndResetBringsTheWelcomeBack() throws {
        defer { cleanUp() }
        #expect(try leaveWelcome(with: "q") == 0)
        #expect(stateText()?.contains(#""outcome": "completed""#) == true)

        try writeTour(version: "2.1")
        let upgraded = try TmuxSession(["--once", tourFile], environment: environment)
        let screen = try upgraded.waitFor("Sync arrives")
        #expect(screen.contains("● ○"))  // two pages: 2.0's and 2.1's, merged
        #expect(!screen.contains("Welcome to habits"))
        try upgraded.send("Right")
        try upgraded.waitFor("What's new in 2.1")
        try upgraded.send("Enter")
        #expect(try upgraded.exitCode() == 0)
        #expect(stateText()?.contains(#""version": "2.1""#) == true)

        let reset = try runTour(["--reset", tourFile], environment: environment)
        #expect(reset.exitCode == 0 && reset.stdout == "forgot that \"habits\" was seen\n")
        #expect(stateText() == nil)
        let again = try TmuxSession(["--once", tourFile], environment: environment)
        try again.waitFor("Welcome to habits")
        try again.send("q")
        #expect(try again.exitCode() == 0)
    }

    @Test func aThirtyItemFeatureListScrollsWhileItsButtonStaysVisible() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--page", "3", tourFile], environment: environment)
        var screen = try session.waitFor("What's new in 2.1")
        #expect(screen.contains("Feature 1") && !screen.contains("Feature 30"))
        #expect(screen.contains("more below (j)") && !screen.contains("more above"))
        #expect(screen.contains("[ Continue ]") && screen.contains("○ ○ ●"))
        for _ in 0..<12 { try session.send("j") }
        screen = try session.waitFor("more above (k)")
        #expect(screen.contains("[ Continue ]") && screen.contains("○ ○ ●"))
        for _ in 0..<100 { try session.send("Down") }
        screen = try session.waitFor("And many small fixes.")
        #expect(screen.contains("Feature 30") && !screen.contains("more below"))
        #expect(screen.contains("[ Continue ]") && screen.contains("○ ○ ●"))
        for _ in 0..<200 { try session.send("k") }
        screen = try session.waitForScreen("the top again") { !$0.contains("more above") }
        #expect(screen.contains("Feature 1\n"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test func controlCDoesNotCountAsSeen() throws {
        defer { cleanUp() }
        #expect(try leaveWelcome(with: "C-c") == 130)
        #expect(stateText() == nil)
    }

    @Test func aCorruptStateFileWarnsAfterTheTourAndIsReplaced() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(atPath: stateHome + "/tour", withIntermediateDirectories: true)
        try "{not json".write(toFile: stateFile, atomically: true, encoding: .utf8)
        let session = try TmuxSession(["--once", tourFile], environment: environment)
        try session.waitFor("Welcome to habits")
        try session.send("q")
        #expect(try session.exitCode() == 0)  // the tour's own exit code: q on its one page closes it
        #expect(session.standardError == "tour: warning: \(stateFile) is not a tour state file; ignoring it\n")
        #expect(stateText()?.contains(#""outcome": "completed""#) == true)
        try session.expectTerminalRestored()
    }

    /// A start that cannot record what it would show shows nothing, since it would show it
    /// again on every start (issue 65, 9): no HOME, a HOME that is a file, a read-only
    /// state. It exits 0, its one warning names the write that failed, and TOUR_DEBUG says why.
    @Test func aStateThatCannotBeWrittenShowsNothingAndNamesTheWrite() throws {
        defer { cleanUp() }
        let homeFile = directory.appendingPathComponent("home-is-a-file").path
        try "".write(toFile: homeFile, atomically: true, encoding: .utf8)
        var cases: [(environment: [String: String], problem: String)] = [
            (["HOME": "", "XDG_STATE_HOME": ""], "no state directory (HOME is not set)"),
            (["HOME": homeFile, "XDG_STATE_HOME": ""], "cannot create \(homeFile)/.local/state/tour: \(homeFile) is not a directory"),
        ]
        // A read-only file system, as a container's HOME: a read-only bind mount (root only).
        let readOnly = directory.appendingPathComponent("read-only").path
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
        let mounted = getuid() == 0 && (try? runTour(["--bind", "-o", "ro", readOnly, readOnly], executable: "/bin/mount"))?.exitCode == 0
        defer { if mounted { _ = try? runTour([readOnly], executable: "/bin/umount") } }
        if mounted { cases.append((["XDG_STATE_HOME": readOnly], "cannot create \(readOnly)/tour: Read-only file system")) }
        for (environment, problem) in cases {
            let terminal = try PseudoTerminal(["--once", "--no-animation", tourFile], environment: environment.merging(["TOUR_DEBUG": "1"]) { $1 },
                                              standardErrorOnTerminal: true)
            defer { terminal.hangUp() }
            let exit = terminal.waitForExit()
            let text = terminal.text
            #expect(exit?.code == 0 && !text.contains("Welcome to habits") && !text.contains("\u{1B}[?1049h"), "\(text.debugDescription)")
            #expect(text.contains("tour: not shown: what it shows could not be recorded (\(problem)), so it would show on every start"),
                    "\(text.debugDescription)")
            #expect(text.contains("tour: warning: cannot record what tour shows: \(problem); nothing is shown until it can be"),
                    "\(text.debugDescription)")
            #expect(!text.contains("cannot read"), "the warning names the write: \(text.debugDescription)")
        }
        #expect(mounted || getuid() != 0, "the read-only case ran")
    }

    /// `--plain` too: what cannot be recorded is not printed (it would print on every
    /// start), the run does not fail, and one warning names the write.
    @Test func anUnwritableStateDirectoryShowsNothingAndNeverFails() throws {
        defer { cleanUp() }
        // A file where the directory should be: writing fails even for root.
        FileManager.default.createFile(atPath: stateHome, contents: Data("x".utf8))
        let result = try runTour(["--once", "--plain", tourFile], environment: environment)
        #expect(result.exitCode == 0)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("tour: warning: cannot record what tour shows: cannot create \(stateHome)/tour: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func twentyRunsAtOnceLeaveOneValidFile() throws {
        defer { cleanUp() }
        let runs = (0..<20).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TourBinary.path)
            process.arguments = ["--once", "--plain", tourFile]
            process.environment = TourBinary.personEnvironment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            return process
        }
        for process in runs { try process.run() }
        for process in runs { process.waitUntilExit() }
        #expect(runs.allSatisfy { $0.terminationStatus == 0 })
        // One state file, and its lock, which all twenty took in turn.
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateHome + "/tour").sorted() == [".habits.lock", "habits.json"])
        #expect(stateText()?.hasPrefix("{\n  \"format\": 1,\n  \"outcome\": \"completed\"") == true)
    }

    @Test func aRunKilledMidWriteLeavesTheOldFileOrTheNew() throws {
        defer { cleanUp() }
        for round in 0..<40 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TourBinary.path)
            process.arguments = ["--once", "--plain", tourFile]
            process.environment = TourBinary.personEnvironment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            if round % 2 == 0 { _ = try runTour(["--reset", tourFile], environment: environment) }
            try process.run()
            usleep(UInt32.random(in: 0...6_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if let text = stateText() {
                #expect(text.hasPrefix("{\n  \"format\": 1,") && text.hasSuffix("\"\n}\n"), "round \(round): \(text)")
            }
        }
    }

    /// The call on every start reads the state and the top of the file: a seen tour of
    /// 3,000 pages, broken on its last page, stays silent (tour check finds the error);
    /// after an update that added nothing the record moves to the new version; an update
    /// that added a page shows that page, and the break, which now must be read, is reported.
    @Test func aSeenTourIsDecidedFromItsTopAlone() throws {
        defer { cleanUp() }
        func write(version: String, newPage: Bool, broken: Bool) throws {
            var pages = (1...3000).map { #"{"title": "Page \#($0)", "hero": ["  .--.  ", " (    ) "]}"# }
            if newPage { pages.append(#"{"title": "New in 3.0", "since": "3.0"}"#) }
            if broken { pages.append(#"{"titel": "Broken"}"#) }
            try #"{"id": "habits", "version": "\#(version)", "pages": [\#(pages.joined(separator: ",\n"))]}"#
                .write(toFile: tourFile, atomically: true, encoding: .utf8)
        }
        try write(version: "1.0", newPage: false, broken: false)
        let first = try runTour(["--once", "--plain", tourFile], environment: environment)
        #expect(first.exitCode == 0 && first.stdout.contains("Page 3000"))
        #expect(stateText()?.contains(#""version": "1.0""#) == true)

        try write(version: "1.0", newPage: false, broken: true)
        let seen = try runTour(["--once", "--plain", tourFile], environment: environment.merging(["TOUR_DEBUG": "1"]) { $1 })
        #expect(seen.exitCode == 0 && seen.stdout.isEmpty)
        #expect(seen.stderr == "tour: not shown: \"habits\" was seen at version \"1.0\"\n")
        let check = try runTour(["check", tourFile])
        #expect(check.exitCode == 65 && (check.stdout + check.stderr).contains("habits.json:3001:2: error: unknown key \"titel\""), "\(check.stderr)")

        try write(version: "2.0", newPage: false, broken: false)
        let updated = try runTour(["--once", "--plain", tourFile], environment: environment)
        #expect(updated.exitCode == 0 && updated.stdout.isEmpty && updated.stderr.isEmpty)
        #expect(stateText()?.contains(#""version": "2.0""#) == true)
        #expect(stateText()?.contains(#""lastPage": 2999"#) == true)

        try write(version: "3.0", newPage: true, broken: true)
        let reported = try runTour(["--once", "--plain", tourFile], environment: environment)
        #expect(reported.exitCode == 65 && reported.stderr.contains("habits.json:3002:2: unknown key \"titel\""), "\(reported.stderr)")
        try write(version: "3.0", newPage: true, broken: false)
        let whatsNew = try runTour(["--once", "--plain", tourFile], environment: environment)
        #expect(whatsNew.exitCode == 0 && whatsNew.stdout.contains("New in 3.0") && !whatsNew.stdout.contains("Page 2999"))
        #expect(stateText()?.contains(#""version": "3.0""#) == true)
    }
}
