import Foundation
import Testing

/// Question pages as a person answers them on a real pseudo-terminal, and as a tool reads
/// the answer: `--answers PATH` and `tour answers FILE`.
@Suite("End to end: question pages")
struct QuestionEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("mytool.json").path }
    var answersFile: String { directory.appendingPathComponent("answers.json").path }
    var stateHome: String { directory.appendingPathComponent("state").path }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-question-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try #"""
            {
              "id": "mytool",
              "version": "1.0.0",
              "pages": [
                {"title": "Welcome to mytool", "subtitle": "Notes in the terminal."},
                {"kind": "choice", "key": "telemetry", "title": "Share anonymous usage data?",
                 "subtitle": "Counts of commands help us fix what breaks.",
                 "options": [{"value": "yes", "label": "Yes, share counts", "detail": "Never your files."},
                             {"value": "no", "label": "No thanks"}],
                 "default": "no"}
              ]
            }
            """#.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// One `--once` run on a pty with these keys, each after the screen shows `waits[i]`.
    func answer(_ keys: [String], extra: [String] = [], answersPath: String? = nil) throws -> Int32? {
        let terminal = try PseudoTerminal(["--once", "--no-animation", "--answers", answersPath ?? answersFile] + extra + [tourFile],
                                          environment: environment)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        for key in keys {
            Thread.sleep(forTimeInterval: 0.3)
            terminal.write(key)
        }
        return terminal.waitForExit()?.code
    }

    var written: String? { try? String(contentsOfFile: answersFile, encoding: .utf8) }
    func kept() throws -> String { try runTour(["answers", tourFile], environment: environment).stdout }

    @Test func enterEnterTakesTheDefault() throws {
        defer { cleanUp() }
        #expect(try answer(["\r", "\r"]) == 0)
        #expect(written == "{\"telemetry\": \"no\"}\n")
        #expect(try kept() == "{\"telemetry\": \"no\"}\n")
        // Any time, in a pipe or in CI, with nothing shown.
        let inCI = try runTour(["answers", tourFile], environment: environment.merging(["CI": "true"]) { $1 })
        #expect(inCI.exitCode == 0 && inCI.stdout == "{\"telemetry\": \"no\"}\n" && inCI.stderr.isEmpty)
    }

    @Test func upChoosesYes() throws {
        defer { cleanUp() }
        #expect(try answer(["\r", "\u{1B}[A", "\r"]) == 0)
        #expect(written == "{\"telemetry\": \"yes\"}\n")
        #expect(try kept() == "{\"telemetry\": \"yes\"}\n")
    }

    @Test func qSkipsTheLastPageQuestionAndAnswersNothing() throws {
        defer { cleanUp() }
        #expect(try answer(["\r", "q"]) == 1)
        #expect(written == nil)
        #expect(try kept() == "{}\n")
        // --reset forgets answers with the rest.
        #expect(try runTour(["--reset", tourFile], environment: environment).exitCode == 0)
        #expect(try answer(["\r", "\r"]) == 0)
        #expect(try kept() == "{\"telemetry\": \"no\"}\n")
        #expect(try runTour(["--reset", tourFile], environment: environment).exitCode == 0)
        #expect(try kept() == "{}\n")
    }

    @Test func aClickOnYesThenEnterGivesYes() throws {
        defer { cleanUp() }
        // Where "Yes" is on an 80×24 screen: from the same view, drawn by `tour render`.
        let render = try runTour(["render", tourFile, "--page", "2", "--size", "80x24"])
        let rows = render.stdout.components(separatedBy: "\n")
        let row = try #require(rows.firstIndex { $0.contains("Yes, share counts") })
        let column = try #require(rows[row].range(of: "Yes")).lowerBound.utf16Offset(in: rows[row])
        let press = "\u{1B}[<0;\(column + 1);\(row + 1)M", release = "\u{1B}[<0;\(column + 1);\(row + 1)m"
        #expect(try answer(["\r", press + release, "\r"]) == 0)
        #expect(written == "{\"telemetry\": \"yes\"}\n")
    }

    /// A start with `--answers PATH` on a pty that stops before the screen is taken:
    /// the exit code and what it said.
    func refused(_ path: String) throws -> (code: Int32?, text: String) {
        let terminal = try PseudoTerminal(["--once", "--no-animation", "--answers", path, tourFile],
                                          environment: environment, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        let code = terminal.waitForExit()?.code
        return (code, terminal.text)
    }

    /// An --answers path that cannot take the answers (a missing folder, a folder, a file
    /// of another user's, a dangling link) is refused before the screen is taken, with
    /// the reason (exit 2), and nothing is recorded, so the next start asks again.
    @Test func anAnswersPathThatCannotBeWrittenIsRefusedBeforeTheScreen() throws {
        defer { cleanUp() }
        let planted = directory.appendingPathComponent("planted.json").path
        try #"{"telemetry": "yes"}"#.write(toFile: planted, atomically: false, encoding: .utf8)
        #expect(chown(planted, 65534, 65534) == 0)
        let dangling = directory.appendingPathComponent("dangling.json").path
        #expect(symlink(directory.path + "/nowhere.json", dangling) == 0)
        for (path, reason) in [(directory.path + "/missing/answers.json", "does not exist"), (directory.path, "is a directory"),
                               (planted, "belongs to another user"), (dangling, "symbolic link to a file that does not exist")] {
            let (code, text) = try refused(path)
            #expect(code == 2, "\(path)")
            #expect(text.contains("tour: --answers \(path): ") && text.contains(reason), "\(text.debugDescription)")
            #expect(!text.contains("Welcome to mytool") && !text.contains("\u{1B}[?1049h"), "the screen was taken for \(path)")
        }
        // The planted consent is left as it was, and nothing was recorded.
        #expect(try String(contentsOfFile: planted, encoding: .utf8) == #"{"telemetry": "yes"}"#)
        #expect(try kept() == "{}\n")
        #expect(try answer(["\r", "\r"]) == 0)  // shown again, and answered this time
        #expect(written == "{\"telemetry\": \"no\"}\n")
    }

    /// The README's lines, as a tool's start script runs them: a private file from
    /// `mktemp`, answered into.
    @Test func theReadmesAnswersLinesWork() throws {
        defer { cleanUp() }
        let readme = try String(contentsOfFile: ReadmeTests.readme, encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Questions\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
        #expect(block.contains("mktemp") && !block.contains("/tmp/"))
        let script = "cd \"$0\" && " + block + "\ncat \"$answers\"; echo; echo done"
        let path = (TourBinary.path as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
        let terminal = try PseudoTerminal(["-c", script, directory.path], environment: environment.merging(["PATH": path]) { $1 },
                                          executable: "/bin/sh")
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        for key in ["\r", "\r"] {
            Thread.sleep(forTimeInterval: 0.3)
            terminal.write(key)
        }
        try terminal.waitForOutput("done")
        #expect(terminal.text.components(separatedBy: "\u{1B}[?1049l").last?.contains("{\"telemetry\": \"no\"}\r\n{\"telemetry\": \"no\"}") == true,
                "\(terminal.text.debugDescription)")
    }

    /// Two tools whose tours have no id share a state name (their file's): `tour check`
    /// warns of it, and `tour answers` of one prints none of the other's answers.
    @Test func idlessToursAreWarnedOfAndReadOnlyTheirOwnAnswers() throws {
        defer { cleanUp() }
        // Two tools that each ship a tour.json: the one default id, "tour".
        let toolA = directory.appendingPathComponent("a/tour.json").path, toolB = directory.appendingPathComponent("b/tour.json").path
        for tool in ["a", "b"] { try FileManager.default.createDirectory(at: directory.appendingPathComponent(tool), withIntermediateDirectories: true) }
        let idless = try String(contentsOfFile: tourFile, encoding: .utf8).replacingOccurrences(of: #""id": "mytool","#, with: "")
        try idless.write(toFile: toolA, atomically: true, encoding: .utf8)
        try idless.replacingOccurrences(of: #""key": "telemetry""#, with: #""key": "editor""#).write(toFile: toolB, atomically: true, encoding: .utf8)
        let check = try runTour(["check", toolB])
        #expect(check.exitCode == 0)
        #expect(check.stdout.contains("b/tour.json:6:31: warning: page 2 asks a question and the tour has no \"id\""), "\(check.stdout)")
        #expect(try !runTour(["check", tourFile]).stdout.contains("warning"))
        let terminal = try PseudoTerminal(["--once", "--no-animation", toolA], environment: environment)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        for key in ["\r", "\u{1B}[A", "\r"] {
            Thread.sleep(forTimeInterval: 0.3)
            terminal.write(key)
        }
        #expect(terminal.waitForExit()?.code == 0)
        #expect(try runTour(["answers", toolA], environment: environment).stdout == "{\"telemetry\": \"yes\"}\n")
        #expect(try runTour(["answers", toolB], environment: environment).stdout == "{}\n")
    }

    /// A symlink is written through, atomically, in its target's folder, and stays a link;
    /// a FIFO and a character device are written into, never replaced.
    @Test func answersGoThroughALinkAndIntoAFIFOOrADevice() throws {
        defer { cleanUp() }
        let target = directory.appendingPathComponent("real.json").path
        try "".write(toFile: target, atomically: false, encoding: .utf8)
        let link = directory.appendingPathComponent("link.json").path
        #expect(symlink(target, link) == 0)
        #expect(try answer(["\r", "\r"], answersPath: link) == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "{\"telemetry\": \"no\"}\n")

        #expect(try runTour(["--reset", tourFile], environment: environment).exitCode == 0)
        let fifo = directory.appendingPathComponent("answers.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader that is there before tour writes, as a tool's would be.
        let received = directory.appendingPathComponent("received").path
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat \"$0\" > \"$1\"", fifo, received]
        try reader.run()
        #expect(try answer(["\r", "\u{1B}[A", "\r"], answersPath: fifo) == 0)
        reader.waitUntilExit()
        #expect(try String(contentsOfFile: received, encoding: .utf8) == "{\"telemetry\": \"yes\"}\n")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")

        #expect(try runTour(["--reset", tourFile], environment: environment).exitCode == 0)
        #expect(try answer(["\r", "\r"], answersPath: "/dev/null") == 0)
        #expect(lstat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR, "/dev/null was replaced")
    }

    /// When the kept answers cannot be written (a file where the answers folder goes), the
    /// tour is not recorded as seen: the next start asks again.
    @Test func answersThatCannotBeKeptLeaveTheTourUnseen() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(atPath: stateHome + "/tour", withIntermediateDirectories: true)
        try "not a folder".write(toFile: stateHome + "/tour/answers", atomically: false, encoding: .utf8)
        let terminal = try PseudoTerminal(["--once", "--no-animation", tourFile], environment: environment, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        for key in ["\r", "\r"] {
            Thread.sleep(forTimeInterval: 0.3)
            terminal.write(key)
        }
        #expect(terminal.waitForExit()?.code == 0)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(terminal.text.contains("the answers were not kept, so the tour will show again next time"), "\(terminal.text.debugDescription)")
        #expect(!FileManager.default.fileExists(atPath: stateHome + "/tour/mytool.json"), "the tour was recorded as seen")
    }

    @Test func notShownAnswersNothing() throws {
        defer { cleanUp() }
        for extra in [["CI": "true"], ["TOUR_DISABLE": "1"]] {
            let run = try runTour(["--once", "--answers", answersFile, tourFile], environment: environment.merging(extra) { $1 })
            #expect(run.exitCode == 0 && run.stdout.isEmpty)
        }
        let piped = try runTour(["--once", "--answers", answersFile, tourFile], environment: environment)
        let keptNow = try kept()
        #expect(piped.exitCode == 0 && written == nil && keptNow == "{}\n")
    }

    @Test func plainPrintsTheQuestionNumberedAndRecordsNothing() throws {
        defer { cleanUp() }
        let plain = try runTour(["--plain", "--answers", answersFile, tourFile], environment: environment)
        #expect(plain.exitCode == 0)
        #expect(plain.stdout.contains("Share anonymous usage data?\nCounts of commands help us fix what breaks.\n  1. Yes, share counts\n     Never your files.\n  2. No thanks (default)"),
                "\(plain.stdout)")
        let keptNow = try kept()
        #expect(written == nil && keptNow == "{}\n")
    }

    /// A terminal that cannot address the screen (TERM=dumb, as Emacs's shell sets it;
    /// unset; unknown) asks the question line by line instead of printing it unanswered.
    @Test(arguments: ["dumb", "", "no-such-terminal"])
    func aQuestionOnATerminalWithNoScreenIsAskedLineByLine(term: String) throws {
        defer { cleanUp() }
        let terminal = try PseudoTerminal(["--once", "--answers", answersFile, tourFile], environment: environment.merging(["TERM": term]) { $1 }, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        terminal.write("\r")
        try terminal.waitForOutput("Choose 1–2 ([Enter] 2):")
        terminal.write("1\r")
        #expect(terminal.waitForExit()?.code == 0)
        #expect(written == "{\"telemetry\": \"yes\"}\n")
        let keptNow = try kept()
        #expect(keptNow == "{\"telemetry\": \"yes\"}\n", "\(keptNow) \(terminal.text.debugDescription)")
    }

    /// The accessible mode on a pty: "Choose 1–2", Enter takes the default, a number chooses.
    @Test(arguments: [("", "no"), ("1", "yes")])
    func theAccessibleModeReadsANumberOrTakesTheDefault(typed: String, expected: String) throws {
        defer { cleanUp() }
        let terminal = try PseudoTerminal(["--once", "--accessible", "--answers", answersFile, tourFile], environment: environment)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        terminal.write("\r")
        try terminal.waitForOutput("Choose 1–2 ([Enter] 2):")
        #expect(terminal.text.contains("1. Yes, share counts") && terminal.text.contains("2. No thanks (default)"))
        terminal.write("3\r")
        try terminal.waitForOutput("Type one of these")
        terminal.write(typed + "\r")
        #expect(terminal.waitForExit()?.code == 0)
        #expect(written == "{\"telemetry\": \"\(expected)\"}\n")
    }
}
