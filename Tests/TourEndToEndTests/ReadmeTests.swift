import Foundation
import Testing

/// The README's Swift code is real: every block marked with a file name is written into a
/// new package that depends on this checkout, built, and played in a terminal. The
/// API table is checked against what TourKit publishes.
@Suite("The README's Swift code builds and runs")
struct ReadmeTests {
    static let readme = TourBinary.packageRoot + "/README.md"

    static let swiftGuide = TourBinary.packageRoot + "/docs/swift.md"

    /// A fenced block whose info string names a file: ```swift file=Sources/mytool/main.swift,
    /// optionally ` append` (added to the end of that file) or ` line=PREFIX` (replaces
    /// the file's one line that starts with PREFIX).
    struct FileBlock {
        var path: String
        var mode: String
        var text: String
    }

    /// The file blocks of a document, or of one of its `## ` sections.
    static func fileBlocks(in document: String = readme, section: String? = nil) throws -> [FileBlock] {
        var text = try String(contentsOfFile: document, encoding: .utf8)
        if let section {
            let rest = try #require(text.components(separatedBy: "\n## \(section)\n").dropFirst().first, "no section \(section)")
            text = rest.components(separatedBy: "\n## ").first ?? rest
        }
        var blocks: [FileBlock] = []
        var current: (info: [Substring], lines: [String])? = nil
        for line in text.components(separatedBy: "\n") {
            if let open = current {
                if line == "```" {
                    blocks.append(FileBlock(path: String(open.info[0]), mode: open.info.count > 1 ? String(open.info[1]) : "",
                                            text: open.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.hasPrefix("```"), let range = line.range(of: " file=") {
                current = (line[range.upperBound...].split(separator: " "), [])
            }
        }
        return blocks
    }

    /// The files the blocks make, in order: a block replaces its file, or adds to it.
    static func assemble(_ blocks: [FileBlock]) throws -> [String: String] {
        var files: [String: String] = [:]
        for block in blocks {
            if block.mode == "append" {
                let before = try #require(files[block.path], "\(block.path) is appended to before it is written")
                files[block.path] = before + "\n" + block.text
            } else if block.mode.hasPrefix("line=") {
                let prefix = String(block.mode.dropFirst(5))
                var lines = try #require(files[block.path], "\(block.path) is edited before it is written").components(separatedBy: "\n")
                let matching = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
                try #require(matching.count == 1, "\(block.path) has \(matching.count) lines starting \(prefix)")
                lines[matching[0]] = String(block.text.dropLast())
                files[block.path] = lines.joined(separator: "\n")
            } else {
                files[block.path] = block.text
            }
        }
        return files
    }

    /// The Swift section alone, as a newcomer copies it.
    static func swiftSectionFiles() throws -> [String: String] {
        try assemble(fileBlocks(section: "Use it from Swift"))
    }

    /// The README's whole tool: the Swift section, then the Tips section's additions.
    static func wholeToolFiles() throws -> [String: String] {
        try assemble(fileBlocks(section: "Use it from Swift") + fileBlocks(section: "Tips"))
    }

    /// The README's example tours (JSON and Markdown blocks without a file name) are
    /// tours `tour check` accepts.
    @Test func theReadmesExampleToursPassCheck() throws {
        let lines = try String(contentsOfFile: Self.readme, encoding: .utf8).components(separatedBy: "\n")
        var examples: [(ext: String, text: String)] = []
        var current: (ext: String, fence: String, lines: [String])? = nil
        for line in lines {
            if let open = current {
                if line == open.fence {
                    examples.append((open.ext, open.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line == "```json" {
                current = ("json", "```", [])
            } else if line == "````markdown" {
                current = ("md", "````", [])
            }
        }
        #expect(examples.count == 2)
        for (index, example) in examples.enumerated() {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-readme-example-\(index)-\(UUID().uuidString).\(example.ext)")
            defer { try? FileManager.default.removeItem(at: file) }
            try example.text.write(to: file, atomically: true, encoding: .utf8)
            let result = try runTour(["check", file.path])
            #expect(result.exitCode == 0 && result.stdout.isEmpty, "\(example.ext) example: \(result.stdout)")
        }
    }

    /// The type names in docs/swift.md's API table.
    static func apiNames() throws -> [String] {
        let text = try String(contentsOfFile: swiftGuide, encoding: .utf8)
        let rest = try #require(text.components(separatedBy: "## Every public type\n").dropFirst().first)
        let section = rest.components(separatedBy: "\n#").first ?? rest
        let rows = section.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        return rows.flatMap { row -> [String] in
            let firstColumn = row.split(separator: "|")[0]
            return firstColumn.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
    }

    static var swift: String {
        if let path = ProcessInfo.processInfo.environment["SWIFT"] { return path }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") + ["/opt/swift/usr/bin"] {
            let candidate = "\(directory)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "swift"
    }

    static func build(_ package: URL) throws -> CommandResult {
        try runTour(["build", "--package-path", package.path], executable: swift)
    }

    /// A new package of these files, depending on this checkout.
    static func package(of files: [String: String]) throws -> URL {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("tour-readme-\(UUID().uuidString)")
        for (path, text) in files where !path.hasSuffix(".sh") {
            let file = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The one edit: the dependency points at this checkout instead of "../tour".
            let edited = text.replacingOccurrences(of: #"path: "../tour""#, with: "path: \"\(TourBinary.packageRoot)\"")
            try edited.write(to: file, atomically: true, encoding: .utf8)
        }
        return package
    }

    /// Plays the tool at `binary` as a person would, in a terminal: the tour once, then
    /// nothing; in French where the locale asks; `mytool tour` shows it again.
    static func playTheTool(_ binary: String, state: String) throws {
        let session = try TmuxSession([], executable: binary, environment: ["XDG_STATE_HOME": state])
        try session.waitFor("Welcome to mytool")
        try session.send("Enter")
        try session.waitFor("Everything offline")
        try session.send("Enter")
        // The consent page: No thanks is preselected; Up chooses yes, and the tool acts on it.
        try session.waitFor("Share anonymous usage counts?")
        try session.send("Up")
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
        let after = try session.screen()
        #expect(after.contains("tour page 0 -> 1") && after.contains("mytool: sharing anonymous usage counts") && after.contains("mytool: ready"),
                "\(after)")
        try session.expectTerminalRestored()
        let again = try TmuxSession([], executable: binary, environment: ["XDG_STATE_HOME": state])
        #expect(try again.exitCode() == 0)
        #expect(try again.screen().trimmingCharacters(in: .whitespacesAndNewlines) == "mytool: sharing anonymous usage counts\nmytool: ready")
        // `mytool tour`: seen, and shown again on request.
        let onRequest = try TmuxSession(["tour"], executable: binary, environment: ["XDG_STATE_HOME": state])
        try onRequest.waitFor("Welcome to mytool")
        try onRequest.send("q")
        #expect(try onRequest.exitCode() == 0)
        #expect(try onRequest.screen().contains("skipped at page 0; 'mytool tour' shows it again"))

        // In French, where the person's locale asks for it: the embedded translation, with the embedded art.
        let french = try TmuxSession([], executable: binary, environment: ["XDG_STATE_HOME": state + "-fr", "LC_ALL": "fr_FR.UTF-8"])
        // The art grows in on first sight: wait for it whole.
        let welcome = try french.waitForScreen("the French welcome with its art") { $0.contains("Bienvenue dans mytool") && $0.contains("[===]") }
        #expect(welcome.contains("Vos notes, depuis le terminal.") && welcome.contains("Suivant") && welcome.contains("Passer (q)"))
        try french.send("Enter")
        try french.waitFor("Tout hors ligne")
        try french.send("Enter")
        let question = try french.waitFor("Partager des statistiques anonymes ?")
        #expect(question.contains("● Non merci") && question.contains("○ Oui, partager"), "\(question)")
        try french.send("Enter")
        #expect(try french.exitCode() == 0)
        let frenchAfter = try french.screen()
        #expect(frenchAfter.contains("mytool: ready") && !frenchAfter.contains("warning") && !frenchAfter.contains("sharing"), "\(frenchAfter)")
    }

    /// Point 9 of "what authors tripped on": the Swift section's blocks, and nothing else,
    /// make a package that builds and plays.
    @Test func theSwiftSectionBuildsAndPlaysAlone() throws {
        let files = try Self.swiftSectionFiles()
        #expect(files.keys.sorted() == ["Package.swift", "Sources/mytool/banner.txt", "Sources/mytool/main.swift",
                                        "Sources/mytool/tour.fr.json", "Sources/mytool/tour.json"])
        let package = try Self.package(of: files)
        defer { try? FileManager.default.removeItem(at: package) }
        let build = try Self.build(package)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        guard build.exitCode == 0 else { return }
        try Self.playTheTool(package.appendingPathComponent(".build/debug/mytool").path, state: package.appendingPathComponent("state").path)
    }

    /// "They are Examples/mytool": file for file, the Swift section and the Tips section's additions (none today).
    @Test func theExampleIsTheReadmesWholeTool() throws {
        let files = try Self.wholeToolFiles()
        let example = TourBinary.packageRoot + "/Examples/mytool"
        let present = try FileManager.default.subpathsOfDirectory(atPath: example).filter { path in
            !path.hasPrefix(".build") && !path.hasPrefix(".swiftpm") && !path.hasSuffix("Package.resolved")
                && !((try? FileManager.default.attributesOfItem(atPath: example + "/" + path)[.type] as? FileAttributeType) == .typeDirectory)
        }
        #expect(present.sorted() == files.keys.sorted())
        for (path, text) in files {
            let written = try String(contentsOfFile: example + "/" + path, encoding: .utf8)
            // The one difference: the example's checkout of tour is two folders up.
            #expect(written == text.replacingOccurrences(of: #"path: "../tour""#, with: #"path: "../..""#), "Examples/mytool/\(path)")
        }
    }

    /// docs/swift.md's "Shipping a Swift tool": the README's tool built with
    /// --static-swift-stdlib against a Debian 11 root, by the guide's own script, then
    /// played in a Debian 11 root that has only libncursesw6 installed
    /// (Tests/Packages/play-in-root.py).
    @Test func theReadmeToolBuiltStaticallyPlaysInDebian11() throws {
        let package = try Self.package(of: Self.swiftSectionFiles())
        defer { try? FileManager.default.removeItem(at: package) }
        let script = try #require(Self.fileBlocks(in: Self.swiftGuide).first { $0.path == "build-for-debian-11.sh" })
        try script.text.write(to: package.appendingPathComponent(script.path), atomically: true, encoding: .utf8)
        let toolchain = URL(fileURLWithPath: Self.swift).deletingLastPathComponent().path
        let path = toolchain + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        // A wrong checkout stops it at once, with what to do, before anything is built.
        let wrong = try runTour(["build-for-debian-11.sh"], executable: "/bin/sh",
                                environment: ["TOUR_CHECKOUT": "/nonexistent", "PATH": path], in: package.path)
        #expect(wrong.exitCode != 0 && wrong.stderr.contains("no checkout of tour at '/nonexistent'"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(".build/release").path))
        // The script finds tour itself: here a path: dependency.
        let build = try runTour(["build-for-debian-11.sh"], executable: "/bin/sh", environment: ["PATH": path], in: package.path)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        guard build.exitCode == 0 else { return }
        let binary = package.appendingPathComponent(".build/release/mytool").path
        let libraries = try runTour(["-d", binary], executable: "/usr/bin/readelf").stdout
        #expect(!libraries.contains("libswift"), "the Swift libraries are inside the binary")
        let played = try runTour([TourBinary.packageRoot + "/Tests/Packages/play-in-root.py", "bullseye", binary, "Welcome to mytool"],
                                 executable: "/usr/bin/env", environment: ["PATH": path])
        #expect(played.exitCode == 0, "\(played.stderr)")
        #expect(played.stdout.contains(#""shown": true"#) && played.stdout.contains(#""exit": 0"#), "\(played.stdout)")
        #expect(played.stdout.contains(#""restored": true"#) && played.stdout.contains(#""left": 0"#), "\(played.stdout)")
    }

    /// The README's whole tool with docs/swift.md's Swift-built pages: it builds, every name
    /// of the guide's API table is usable and nothing else is, and its tips show after
    /// its own output.
    @Test func theWholeToolBuildsShowsItsTipsAndUsesExactlyThePublicAPI() throws {
        var files = try Self.wholeToolFiles()
        let guideBlocks = try Self.fileBlocks(in: Self.swiftGuide).filter { $0.path.hasSuffix(".swift") }
        #expect(guideBlocks.map(\.path).sorted() == ["Sources/mytool/ProgressBody.swift", "Sources/mytool/WelcomeTour.swift"])
        for block in guideBlocks { files[block.path] = block.text }
        // Every name in the API table is usable from a client, and so is the guide's tour.
        let names = try Self.apiNames()
        #expect(names.count >= 20)
        files["Sources/mytool/API.swift"] = "import TourKit\n\nlet everyPublicType: [Any.Type] = [\n" + names.map { "    \($0).self,\n" }.joined() + "]\n"
            + "func builtInSwift() -> Tour { welcomeTour() }\n"
        let package = try Self.package(of: files)
        defer { try? FileManager.default.removeItem(at: package) }
        let build = try Self.build(package)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        guard build.exitCode == 0 else { return }
        let binary = package.appendingPathComponent(".build/debug/mytool").path
        let tipHome = package.appendingPathComponent("state").path

        // One call at start: the welcome, and no tip that day (the session keeps stderr in
        // a file, and tips need stderr on the terminal too).
        let first = try TmuxSession([], executable: binary, environment: ["XDG_STATE_HOME": tipHome])
        try first.waitFor("Welcome to mytool")
        try first.send("q")
        #expect(try first.exitCode() == 0)
        #expect(!(try first.screen().contains("Tip  ")))
        // A day later (the tips state's clock set back), with stderr on the terminal as in a
        // shell: the first tip, in the tool's words for turning tips off; right after, none.
        let tipsState = tipHome + "/tour/tips/mytool.json"
        let state = try String(contentsOfFile: tipsState, encoding: .utf8)
        let shownAt = try #require(state.firstMatch(of: /"lastShownAt": (\d+)/).flatMap { Int($0.1) })
        try state.replacingOccurrences(of: "\"lastShownAt\": \(shownAt)", with: "\"lastShownAt\": \(shownAt - 2 * 86_400)")
            .write(toFile: tipsState, atomically: true, encoding: .utf8)
        for run in 1...2 {
            let terminal = try PseudoTerminal([], environment: ["XDG_STATE_HOME": tipHome], standardErrorOnTerminal: true, executable: binary)
            defer { terminal.hangUp() }
            try terminal.waitForOutput("mytool: ready")
            #expect(terminal.waitForExit()?.code == 0)
            Thread.sleep(forTimeInterval: 0.1)  // the last output in flight
            let printed = terminal.text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            if run == 1 {
                #expect(printed.hasPrefix("Tip  Press s to sync your notes on every machine.\r\n     Hide tips: mytool config tips off\r\n")
                        && printed.hasSuffix("mytool: ready\r\n"), "\(printed.debugDescription)")
            } else {
                #expect(printed == "mytool: ready\r\n", "\(printed.debugDescription)")
            }
        }

        // And nothing beyond the table: the package's own types stay out of reach.
        let hidden = package.appendingPathComponent("Sources/mytool/Hidden.swift")
        for name in ["PagerModel", "Paging", "TourLoader", "FullScreenSession", "TourRunner", "PageView", "TourCore.PagerModel"] {
            try "import TourKit\nlet hidden: Any.Type = \(name).self\n".write(to: hidden, atomically: true, encoding: .utf8)
            let refused = try Self.build(package)
            #expect(refused.exitCode != 0, "\(name) is visible to a client")
        }
    }

    /// Point 10: the README's git line works once a release is tagged by `make tag`
    /// (CONTRIBUTING.md, "Releasing"): with the placeholder URL replaced by a clone of
    /// this checkout, SwiftPM resolves `from: "2.0.0"` to the tagged version.
    @Test func theGitDependencyLineResolvesAtAReleaseTag() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tour-git-line-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let clone = work.appendingPathComponent("tour").path
        let identity = ["GIT_AUTHOR_NAME": "Release", "GIT_AUTHOR_EMAIL": "release@example.com",
                        "GIT_COMMITTER_NAME": "Release", "GIT_COMMITTER_EMAIL": "release@example.com"]
        #expect(try runTour(["clone", "-q", TourBinary.packageRoot, clone], executable: "/usr/bin/git").exitCode == 0)
        let tagged = try runTour(["-C", clone, "--no-print-directory", "tag"], executable: "/usr/bin/make", environment: identity)
        #expect(tagged.exitCode == 0, "\(tagged.stdout)\(tagged.stderr)")
        let version = try #require(tagged.stdout.split(separator: " ").dropFirst().first.map { String($0.dropLast()) })
        // Twice is refused: the tag is there.
        #expect(try runTour(["-C", clone, "tag"], executable: "/usr/bin/make", environment: identity).exitCode != 0)

        let readme = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let line = try #require(readme.components(separatedBy: "\n").first { $0.contains(".package(url:") && $0.contains("from:") })
        let uncommented = String(line.trimmingCharacters(in: .whitespaces).dropFirst(2))
        let dependency = uncommented.replacingOccurrences(of: "https://git.example.com/you/tour.git", with: "file://" + clone)
        #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && dependency != uncommented, "the README's placeholder URL changed: \(line)")
        let package = work.appendingPathComponent("mytool")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/mytool"), withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "mytool", dependencies: [\(dependency)],
                                  targets: [.executableTarget(name: "mytool", dependencies: [.product(name: "TourKit", package: "tour")])])
            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import TourKit\n".write(to: package.appendingPathComponent("Sources/mytool/main.swift"), atomically: true, encoding: .utf8)
        let resolved = try runTour(["package", "--package-path", package.path, "resolve"], executable: Self.swift)
        #expect(resolved.exitCode == 0, "\(resolved.stdout)\(resolved.stderr)")
        let pins = try String(contentsOfFile: package.appendingPathComponent("Package.resolved").path, encoding: .utf8)
        #expect(pins.contains("\"version\" : \"\(version)\""), "\(pins)")
    }

    /// Point 13: the README stays a five-minute read as features arrive (about 1,600
    /// words outside code, at 300 a minute with the tables skimmed); details go to the
    /// reference and docs/swift.md.
    @Test func theReadmeStaysAFiveMinuteRead() throws {
        var words = 0
        var inCode = false
        for line in try String(contentsOfFile: Self.readme, encoding: .utf8).components(separatedBy: "\n") {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            if !inCode { words += line.split(whereSeparator: { $0 == " " }).count }
        }
        #expect(words <= 1_600, "the README has \(words) words outside code")
    }

    /// The docs name no deprecated API: `Tour.Page(imageBytes:)` became `heroImageBytes:`.
    @Test func theDocsUseNoDeprecatedInitializer() throws {
        let deprecated = try String(contentsOfFile: TourBinary.packageRoot + "/Sources/TourKit/Tour+Run.swift", encoding: .utf8)
        #expect(deprecated.contains("@available(*, deprecated, renamed: \"init(title:subtitle:heroImageBytes:"))
        for document in [Self.readme, Self.swiftGuide, TourBinary.packageRoot + "/docs/reference.md"] {
            let text = try String(contentsOfFile: document, encoding: .utf8)
            #expect(!text.replacingOccurrences(of: "heroImageBytes:", with: "").contains("imageBytes:"), "\(document)")
        }
    }
}
