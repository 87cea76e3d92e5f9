import Foundation
import Testing

/// The contract with a tool author who runs `tour --once mytool.json` on every start:
/// never in a pipe, in CI or after the person opted out; translations that keep the seen
/// state; UTF-8 that survives a missing message locale; errors that name the cause.
@Suite("End to end: shipped inside another tool")
struct ToolAuthorEndToEndTests {
    let directory: URL
    var stateHome: String { directory.appendingPathComponent("state").path }
    var tourFile: String { directory.appendingPathComponent("greeting.json").path }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }
    static let fixtures = TourBinary.packageRoot + "/Tests/Fixtures"

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-author-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["tour.json", "tour.fr.json"] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/translations/" + name,
                                             toPath: directory.appendingPathComponent(name.replacingOccurrences(of: "tour", with: "greeting")).path)
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// The state directory's files after a run: empty when nothing was recorded. A lock
    /// (`.ID.lock`, which every change of a state file takes) is no record.
    var recorded: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: stateHome + "/tour")) ?? []).filter { !$0.hasSuffix(".lock") }
    }

    @Test func pipedOutputGetsNothingAndNothingIsRecorded() throws {
        defer { cleanUp() }
        let result = try runTour(["--once", tourFile], environment: environment)
        #expect(result.exitCode == 0 && result.stdout == "" && result.stderr == "")
        #expect(recorded.isEmpty)
        // The reason, for an author who wonders why nothing showed.
        let debug = try runTour(["--once", tourFile], environment: environment.merging(["TOUR_DEBUG": "1"]) { $1 })
        #expect(debug.stderr == "tour: not shown: stdin or stdout is not a terminal (give --plain to print the tour anyway)\n")
        #expect(debug.stdout == "" && recorded.isEmpty)
        // Without --once a pipe still gets the plain-text preview.
        #expect(try runTour([tourFile]).stdout.hasPrefix("Page 1 of 3\nHello"))
    }

    @Test func stdinThatIsNotATerminalGetsNothingEither() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["-c", "exec \"$0\" --once \"$1\" < /dev/null", TourBinary.path, tourFile],
                                      executable: "/bin/sh", environment: environment)
        #expect(try session.exitCode() == 0)
        #expect(try session.screen().trimmingCharacters(in: .whitespacesAndNewlines) == "")
        #expect(recorded.isEmpty)
    }

    @Test(arguments: [("CI", "true", "CI is set in the environment"), ("CI", "1", "CI is set in the environment"),
                      ("TOUR_DISABLE", "1", "TOUR_DISABLE is set in the environment")])
    func ciAndTheOptOutShowNothingOnARealTerminal(name: String, value: String, reason: String) throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--once", tourFile], environment: environment.merging([name: value, "TOUR_DEBUG": "1"]) { $1 })
        #expect(try session.exitCode() == 0)
        #expect(try session.screen().trimmingCharacters(in: .whitespacesAndNewlines) == "")
        #expect(session.standardError == "tour: not shown: \(reason)\n")
        #expect(recorded.isEmpty)
    }

    @Test(arguments: ["", "0", "false"])
    func aCIVariableThatSaysNoStillShows(value: String) throws {
        defer { cleanUp() }
        let session = try TmuxSession(["--once", tourFile], environment: environment.merging(["CI": value]) { $1 })
        try session.waitFor("Hello")
        try session.send("q")
        #expect(try session.exitCode() == 1)
        #expect(recorded == ["greeting.json"])
    }

    @Test func plainAskedForWithOnceIsShownAndRecorded() throws {
        defer { cleanUp() }
        let result = try runTour(["--once", "--plain", tourFile], environment: environment)
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("Page 1 of 2\nHello"))  // a fresh install: the "since 2.0" page waits
        #expect(recorded == ["greeting.json"])
        #expect(try runTour(["--once", "--plain", tourFile], environment: environment).stdout == "")
    }

    /// Seen in English, then run in French: the state is the base tour's, so nothing shows.
    @Test func changingLanguageNeverShowsTheTourAgain() throws {
        defer { cleanUp() }
        let english = try TmuxSession(["--once", tourFile], environment: environment.merging(["LANG": "en_US.UTF-8"]) { $1 })
        try english.waitFor("Hello")
        try english.send("Enter")
        try english.waitFor("Keys")
        try english.send("Enter")
        #expect(try english.exitCode() == 0)
        #expect(recorded == ["greeting.json"])
        let french = try TmuxSession(["--once", tourFile], environment: environment.merging(["LC_ALL": "fr_FR.UTF-8"]) { $1 })
        #expect(try french.exitCode() == 0)
        #expect(try french.screen().trimmingCharacters(in: .whitespacesAndNewlines) == "")
    }

    @Test func aFreshFrenchInstallSeesTheFrenchWelcomeAndNotWhatIsNew() throws {
        defer { cleanUp() }
        let result = try runTour(["--once", "--plain", tourFile], environment: environment.merging(["LANG": "fr_FR.UTF-8", "LC_ALL": ""]) { $1 })
        #expect(result.stdout.contains("Bonjour en français") && result.stdout.contains("Touches"))
        #expect(!result.stdout.contains("Nouveau"))
        #expect(recorded == ["greeting.json"])
        let state = try String(contentsOfFile: stateHome + "/tour/greeting.json", encoding: .utf8)
        #expect(state.contains(#""version": "2.0""#))
    }

    /// LANG=C.UTF-8 with LC_MESSAGES naming a locale this machine does not have (only C,
    /// C.utf8 and POSIX are installed here): setlocale(LC_ALL, "") would fail as a whole.
    @Test func aMissingMessageLocaleKeepsUTF8() throws {
        defer { cleanUp() }
        let session = try TmuxSession([tourFile], environment: ["LC_ALL": "", "LANG": "C.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])
        let screen = try session.waitFor("Bonjour en français")
        #expect(screen.contains("● ○ ○"))
        #expect(screen.contains("Suivant →"))
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func playingABadFileListsEveryProblemFirstCauseFirst() throws {
        defer { cleanUp() }
        let bad = directory.appendingPathComponent("bad.json").path
        try #"{"pages": [{"title": "a", "heroFile": "nope.txt"}, {"titel": "b", "accent": "chartreuse"}]}"#
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try runTour([bad])
        #expect(result.exitCode == 65)  // bad content besides the missing file: 65 (66 only when every problem is a file)
        #expect(result.stderr == """
            \(bad):1:39: cannot read heroFile "nope.txt": no such file
            \(bad):1:53: unknown key "titel" in page 2; did you mean "title"?
            \(bad):1:77: "accent" must be a color name (black, red, green, yellow, blue, magenta, cyan, white, bright-NAME), #RRGGBB or #RGB, not "chartreuse"

            """)
        let comma = directory.appendingPathComponent("comma.json").path
        try "{\"pages\": [{\"title\": \"a\"},]}".write(toFile: comma, atomically: true, encoding: .utf8)
        let trailing = try runTour([comma])
        #expect(trailing.exitCode == 65)
        #expect(trailing.stderr == "\(comma):1:26: trailing comma after the last element; JSON allows none, so remove the ','\n")
    }

    /// TourKit picks the translation from the environment, as the command does, and gives
    /// the host tool its locale back.
    @Test func tourKitPicksTheTranslationAndRestoresTheLocale() throws {
        defer { cleanUp() }
        let result = try runTour(["locale", tourFile], executable: TourBinary.harness, environment: ["LC_ALL": "", "LANG": "C.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"])
        #expect(result.stdout.contains("Page 1 of 3\nBonjour en français"))
        #expect(result.stdout.hasSuffix("locale before: C\nlocale after: C\n"))
    }
}
