import Foundation
import Testing

/// `tour check`, `tour render`, Markdown, translations and `--watch`, through the command.
@Suite("End to end: authoring")
struct AuthoringEndToEndTests {
    static let fixtures = TourBinary.packageRoot + "/Tests/Fixtures"

    @Test(arguments: [("syntax-error", Int32(65)), ("many-problems", 65), ("empty-pages", 65), ("clean", 0)])
    func checkPrintsEveryProblemWithItsPosition(fixture: String, exitCode: Int32) throws {
        let directory = Self.fixtures + "/check"
        let result = try runTour(["check", "\(fixture).json"], in: directory)
        #expect(result.exitCode == exitCode)
        let expected = try String(contentsOfFile: "\(directory)/\(fixture).expected", encoding: .utf8)
        #expect(result.stdout == expected)

        let json = try runTour(["check", "--format", "json", "\(fixture).json"], in: directory)
        #expect(json.exitCode == exitCode)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(parsed?.count == expected.split(separator: "\n").count)
        if let first = parsed?.first {
            #expect(first["file"] as? String == "\(fixture).json")
            #expect(first["line"] is Int && first["column"] is Int && first["severity"] is String && first["message"] is String)
        }
    }

    @Test func checkOnAnUnreadableFileExits66() throws {
        let result = try runTour(["check", "/no/such/tour.json"])
        #expect(result.exitCode == 66)
        #expect(result.stderr == "/no/such/tour.json: no such file\n")
    }

    /// A typo in a translation gets a "did you mean", as in a tour; a wrong page count is
    /// one problem among the others, not the only one reported.
    @Test func aTranslationsTypoGetsDidYouMeanBesideAWrongPageCount() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-typo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"id": "t", "pages": [{"title": "One"}, {"title": "Two"}, {"title": "Three"}]}"#
            .write(to: directory.appendingPathComponent("tour.json"), atomically: true, encoding: .utf8)
        try "{\"pages\": [\n  {\"titre\": \"Un\"},\n  {\"title\": 2}\n]}\n"
            .write(to: directory.appendingPathComponent("tour.fr.json"), atomically: true, encoding: .utf8)
        let check = try runTour(["check", "tour.json"], in: directory.path)
        #expect(check.exitCode == 65)
        #expect(check.stdout == """
            tour.fr.json:1:11: error: the translation has 2 pages and the base tour 3; a translation has the same pages
            tour.fr.json:2:4: error: unknown key "titre" in page 1; did you mean "title"?
            tour.fr.json:3:13: error: "title" must be a string, not a number

            """, "\(check.stdout)")
    }

    @Test func checkReportsATranslationThatChangesStructure() throws {
        let clean = try runTour(["check", "tour.json"], in: Self.fixtures + "/translations")
        #expect(clean.exitCode == 0 && clean.stdout == "")
        let result = try runTour(["check", "tour.json"], in: Self.fixtures + "/translations-bad")
        #expect(result.exitCode == 65)
        #expect(result.stdout == """
            tour.de.json:2:14: error: "version" differs from the base tour's; a translation changes texts only, and a translation may set labels, pages
            tour.de.json:3:12: error: the translation has 2 pages and the base tour 3; a translation has the same pages

            """)
        // Not used at play: the base tour shows, one warning names the file and `tour check`,
        // and the exit code is the tour's own.
        let played = try runTour(["--plain", "--locale", "de", "tour.json"], in: Self.fixtures + "/translations-bad")
        #expect(played.exitCode == 0)
        #expect(played.stdout.hasPrefix("Page 1 of 3\nHello\n"))
        #expect(played.stderr == "tour: warning: tour.de.json does not fit the tour (2 problems), so the tour shows untranslated; `tour check tour.json` lists them\n")
    }

    /// What a translator does: copy tour.json to tour.fr.json and translate the texts.
    /// Every other value repeats the base's, so it is a translation; one value changed is
    /// an error at its place.
    @Test func aCopiedAndTranslatedFileIsATranslation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-copied-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = try String(contentsOfFile: Self.fixtures + "/translations-bad/tour.json", encoding: .utf8)
        try base.write(to: directory.appendingPathComponent("tour.json"), atomically: true, encoding: .utf8)
        let french = base.replacingOccurrences(of: "\"Hello\"", with: "\"Bonjour\"").replacingOccurrences(of: "Welcome.", with: "Bienvenue.")
            .replacingOccurrences(of: "\"Keys\"", with: "\"Touches\"").replacingOccurrences(of: "Everywhere.", with: "Partout.")
        try french.write(to: directory.appendingPathComponent("tour.fr.json"), atomically: true, encoding: .utf8)
        let check = try runTour(["check", "tour.json"], in: directory.path)
        #expect(check.exitCode == 0 && check.stdout == "", "\(check.stdout)")
        let played = try runTour(["--plain", "tour.json"], environment: ["LANG": "fr_FR.UTF-8"], in: directory.path)
        #expect(played.exitCode == 0 && played.stdout.hasPrefix("Page 1 of 3\nBonjour\nBienvenue.\n") && played.stderr.isEmpty)
        // One page too many: check fails with 65; at play, the base tour and a warning.
        let extra = french.replacingOccurrences(of: "\"pages\": [", with: "\"pages\": [\n    {\"title\": \"De trop\"},")
        try extra.write(to: directory.appendingPathComponent("tour.fr.json"), atomically: true, encoding: .utf8)
        #expect(try runTour(["check", "tour.json"], in: directory.path).exitCode == 65)
        let fallback = try runTour(["--plain", "tour.json"], environment: ["LANG": "fr_FR.UTF-8"], in: directory.path)
        #expect(fallback.exitCode == 0 && fallback.stdout.hasPrefix("Page 1 of 3\nHello\n"))
        #expect(fallback.stderr.hasPrefix("tour: warning: tour.fr.json does not fit the tour (1 problem)"))
        // A value that differs (the accent) is named where it is.
        try french.replacingOccurrences(of: "\"accent\": \"cyan\"", with: "\"accent\": \"red\"")
            .write(to: directory.appendingPathComponent("tour.fr.json"), atomically: true, encoding: .utf8)
        let differs = try runTour(["check", "tour.json"], in: directory.path)
        #expect(differs.exitCode == 65 && differs.stdout.hasPrefix("tour.fr.json:4:13: error: \"accent\" differs from the base tour's"), "\(differs.stdout)")
    }

    @Test(arguments: [("builtin-page1-40x12", "welcome", 1, "40x12"), ("habits-page3-60x20", "habits", 3, "60x20")])
    func renderMatchesItsGoldensInEveryFormat(golden: String, source: String, page: Int, size: String) throws {
        let file = source == "welcome" ? TourBinary.packageRoot + "/Resources/welcome.json" : Self.fixtures + "/markdown/habits.md"
        let formats = source == "welcome" ? ["text", "ansi", "svg"] : ["ansi", "svg"]
        for format in formats {
            let result = try runTour(["render", file, "--page", "\(page)", "--size", size, "--format", format])
            #expect(result.exitCode == 0)
            let expected = try String(contentsOfFile: "\(Self.fixtures)/render/\(golden).\(format)", encoding: .utf8)
            #expect(result.stdout == expected, "\(golden).\(format)")
        }
    }

    @Test func theReadmePicturesAreWhatRenderDrawsToday() throws {
        for page in 1...6 {
            // The built-in tour, as `tour render` draws it with no FILE.
            let result = try runTour(["render", "--page", "\(page)", "--size", "80x24", "--format", "svg"])
            let committed = try String(contentsOfFile: TourBinary.packageRoot + "/docs/tour-page-\(page).svg", encoding: .utf8)
            #expect(result.stdout == committed, "docs/tour-page-\(page).svg is stale: run make docs")
        }
    }

    @Test func renderRefusesWhatItCannotDraw() throws {
        #expect(try runTour(["render", Self.fixtures + "/markdown/habits.md", "--size", "80"]).exitCode == 2)
        #expect(try runTour(["render", Self.fixtures + "/markdown/habits.md", "--page", "9", "--size", "80x24"]).exitCode == 2)
        #expect(try runTour(["render", Self.fixtures + "/markdown/habits.md", "--size", "80x24", "--format", "png"]).exitCode == 2)
        #expect(try runTour(["render", Self.fixtures + "/markdown/broken.md", "--size", "80x24"]).exitCode == 65)
    }

    @Test func theTranslationIsChosenFromTheLocaleOrTheFlag() throws {
        let file = Self.fixtures + "/translations/tour.json"
        #expect(try runTour(["--plain", file], environment: ["LANG": "fr_CA.UTF-8", "LC_ALL": ""]).stdout.contains("Bonjour"))
        #expect(try runTour(["--plain", file], environment: ["LC_ALL": "fr_FR.UTF-8"]).stdout.contains("Bonjour"))
        #expect(try runTour(["--plain", "--locale", "de", file], environment: ["LC_ALL": "fr_FR.UTF-8"]).stdout.contains("Hello"))
        #expect(try runTour(["--plain", "--locale", "fr", file]).stdout.contains("Bonjour"))
    }

    @Test func aMarkdownTourPlays() throws {
        let session = try TmuxSession([Self.fixtures + "/markdown/habits.md"])
        try session.waitFor("( o.o )")
        try session.send("End")
        let screen = try session.waitFor("And many small fixes.")
        #expect(screen.contains("★   Sync") && screen.contains("[ Continue ]"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
    }

    @Test func watchReloadsOnEverySaveAndShowsErrorsUntilFixed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("art"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tour = directory.appendingPathComponent("tour.json").path
        let art = directory.appendingPathComponent("art/logo.txt").path
        func tourText(_ title: String) -> String {
            #"{"pages": [{"title": "\#(title)"}, {"title": "With art", "heroFile": "art/logo.txt"}, {"title": "End"}]}"#
        }
        try "<<logo one>>".write(toFile: art, atomically: false, encoding: .utf8)
        try tourText("First title").write(toFile: tour, atomically: false, encoding: .utf8)

        let session = try TmuxSession(["--watch", tour])
        try session.waitFor("First title")
        // Written in place.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: tour))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(tourText("Second title").utf8))
        try handle.close()
        try session.waitFor("Second title")
        // Written anew and renamed over the old file, as vim does.
        let temporary = directory.appendingPathComponent(".tour.json.swp").path
        try tourText("Third title").write(toFile: temporary, atomically: false, encoding: .utf8)
        rename(temporary, tour)
        try session.waitFor("Third title")
        // It stays on the same page across reloads, and an art file counts too.
        try session.send("Right")
        try session.waitFor("<<logo one>>")
        try "<<logo two>>".write(toFile: art, atomically: true, encoding: .utf8)
        try session.waitFor("<<logo two>>")
        // A broken save shows the error in place of the page, without exiting.
        try #"{"pages": [{"title": "Broken",}]}"#.write(toFile: tour, atomically: true, encoding: .utf8)
        let error = try session.waitFor("The tour has an error")
        #expect(error.contains("tour.json:1:30:") && error.contains("trailing comma after the last member"))
        try session.send("Right")  // ignored while broken
        try tourText("Fixed title").write(toFile: tour, atomically: true, encoding: .utf8)
        let fixed = try session.waitFor("With art")
        #expect(fixed.contains("○ ● ○"))
        try session.send("q")
        #expect(try session.exitCode() == 1)
        try session.expectTerminalRestored()
    }
}
