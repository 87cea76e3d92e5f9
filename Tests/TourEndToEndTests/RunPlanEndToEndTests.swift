import Foundation
import Testing

/// One run plan, through the real binary: page numbers, reloads and resumes that agree.
@Suite("End to end: the run plan")
struct RunPlanEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("plan.json").path }
    var stateHome: String { directory.appendingPathComponent("state").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    func writeTour(pages: Int, version: String = "1.0", newInVersion: String? = nil) throws {
        let list = (1...pages).map { number in
            let since = number > 3 ? newInVersion.map { #", "since": "\#($0)""# } ?? "" : ""
            return #"{"title": "Page \#(number) title"\#(since)}"#
        }
        try #"{"id": "plan", "version": "\#(version)", "pages": [\#(list.joined(separator: ", "))]}"#
            .write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    /// The crash of `--watch`: a page added while the tour plays, then End, then q.
    @Test func watchSurvivesPagesAddedAndRemoved() throws {
        defer { cleanUp() }
        try writeTour(pages: 3)
        let session = try TmuxSession(["--watch", "--no-animation", tourFile])
        try session.waitFor("Page 1 title")
        try writeTour(pages: 4)
        try session.waitFor("● ○ ○ ○")
        try session.send("End")
        try session.waitFor("Page 4 title")
        // Removed again while on the page that goes: the new last page.
        try writeTour(pages: 2)
        let shorter = try session.waitFor("Page 2 title")
        #expect(shorter.contains("○ ●"))
        try writeTour(pages: 5)
        try session.waitFor("○ ● ○ ○ ○")
        try session.send("End")
        try session.waitFor("Page 5 title")
        try session.send("q")
        #expect(try session.exitCode() == 0)  // q on the last page closes it, finished
        try session.expectTerminalRestored()
    }

    /// Ctrl-Z, the window resized while stopped, then fg: drawn at the new size at once.
    @Test func aResumeDrawsAtTheSizeTheWindowHasNow() throws {
        defer { cleanUp() }
        try writeTour(pages: 3)
        let session = try TmuxSession(["--norc", "--noprofile", "-i"], executable: "/bin/bash",
                                      environment: ["PS1": "$ ", "TOUR": TourBinary.path, "TOUR_FILE": tourFile], captureStandardError: false)
        try session.waitFor("$")
        try session.sendLiteral("\"$TOUR\" --no-animation \"$TOUR_FILE\"\n")
        try session.waitFor("Page 1 title")
        try session.send("C-z")
        try session.waitForScreen("the shell to come back") { $0.contains("Stopped") }
        try session.resize(width: 120, height: 40)
        try session.sendLiteral("fg\n")
        // "Skip (q)" sits at the right edge of the new width, not of the old one.
        let screen = try session.waitForScreen("the tour at 120 columns") { screen in
            screen.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasSuffix("Skip (q)") && $0.count >= 110 }
        }
        #expect(screen.contains("Page 1 title"))
        try session.send("q")
        try session.waitForScreen("the prompt") { $0.hasSuffix("$ \n") || $0.contains("\n$ ") }
    }

    /// After an update that adds page 4, `--once --page 4` shows that page.
    @Test func onceWithAPageNumberCountsTheTourAsWritten() throws {
        defer { cleanUp() }
        let environment = ["XDG_STATE_HOME": stateHome]
        try writeTour(pages: 3, version: "1.0")
        let first = try TmuxSession(["--once", "--no-animation", tourFile], environment: environment)
        try first.waitFor("Page 1 title")
        try first.send("End", "Enter")
        #expect(try first.exitCode() == 0)

        try writeTour(pages: 4, version: "2.0", newInVersion: "2.0")
        let update = try TmuxSession(["--once", "--no-animation", "--page", "4", tourFile], environment: environment)
        let screen = try update.waitFor("Page 4 title")
        #expect(screen.contains("[ Get started ]"))
        try update.send("q")
        #expect(try update.exitCode() == 0)  // q on the last page closes it, finished
        let state = try String(contentsOfFile: stateHome + "/tour/plan.json", encoding: .utf8)
        #expect(state.contains(#""outcome": "completed""#) && state.contains(#""lastPage": 3"#) && state.contains(#""version": "2.0""#))
    }

    @Test(arguments: [(["check", "--once"], "--once"), (["check", "--page", "2"], "--page"), (["render", "--size", "80x24", "--watch"], "--watch"),
                      (["--size", "80x24"], "--size"), (["--format", "json"], "--format")])
    func optionsThatDoNotApplyAreUsageErrors(words: [String], option: String) throws {
        defer { cleanUp() }
        try writeTour(pages: 2)
        let result = try runTour(words + [tourFile])
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("tour: \(option) does not go with "))
        #expect(result.stdout.isEmpty)
    }

    /// A bad tour-wide value is one mistake, reported once however many pages there are.
    @Test func aBadTourWideValueIsReportedOnce() throws {
        defer { cleanUp() }
        let pages = (1...500).map { #"{"title": "P\#($0)"}"# }.joined(separator: ", ")
        try #"{"accent": "chartreuse-ish", "pages": [\#(pages)]}"#.write(toFile: tourFile, atomically: true, encoding: .utf8)
        let result = try runTour(["check", tourFile])
        #expect(result.exitCode == 65)
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("accent") }.count == 1)
    }
}
