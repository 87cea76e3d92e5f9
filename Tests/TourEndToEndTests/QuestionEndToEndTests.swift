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
    func answer(_ keys: [String], extra: [String] = []) throws -> Int32? {
        let terminal = try PseudoTerminal(["--once", "--no-animation", "--answers", answersFile] + extra + [tourFile], environment: environment)
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

    /// An --answers file that cannot be written is an output failure (74): nothing is
    /// recorded, so the next start asks again.
    @Test func anAnswersFileThatCannotBeWrittenIs74AndRecordsNothing() throws {
        defer { cleanUp() }
        let terminal = try PseudoTerminal(["--once", "--no-animation", "--answers", directory.path + "/missing/answers.json", tourFile],
                                          environment: environment, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        for key in ["\r", "\r"] {
            Thread.sleep(forTimeInterval: 0.3)
            terminal.write(key)
        }
        #expect(terminal.waitForExit()?.code == 74)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(terminal.text.contains("tour: cannot write"), "\(terminal.text.debugDescription)")
        #expect(try kept() == "{}\n")
        #expect(try answer(["\r", "\r"]) == 0)  // shown again, and answered this time
        #expect(written == "{\"telemetry\": \"no\"}\n")
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
