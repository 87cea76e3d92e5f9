import Foundation
import Testing

/// The README's Swift code is real: every block marked with a file name is written into a
/// new package that depends on this checkout, built, and played in a terminal. The
/// API table is checked against what TourKit publishes.
@Suite("The README's Swift code builds and runs")
struct ReadmeTests {
    static let readme = TourBinary.packageRoot + "/README.md"

    /// Fenced blocks whose info string names a file: ```swift file=Sources/mytool/main.swift
    static func fileBlocks() throws -> [(path: String, text: String)] {
        let lines = try String(contentsOfFile: readme, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [(String, String)] = []
        var current: (path: String, lines: [String])? = nil
        for line in lines {
            if let open = current {
                if line == "```" {
                    blocks.append((open.path, open.lines.joined(separator: "\n") + "\n"))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.hasPrefix("```"), let range = line.range(of: " file=") {
                current = (String(line[range.upperBound...]), [])
            }
        }
        return blocks
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

    /// The type names in the README's API table.
    static func apiNames() throws -> [String] {
        let text = try String(contentsOfFile: readme, encoding: .utf8)
        let rest = try #require(text.components(separatedBy: "### The API\n").dropFirst().first)
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

    /// A new package of the README's file blocks, depending on this checkout.
    static func readmePackage() throws -> URL {
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("tour-readme-\(UUID().uuidString)")
        let blocks = try Self.fileBlocks()
        #expect(blocks.map(\.path).sorted() == ["Package.swift", "Sources/mytool/ProgressBody.swift", "Sources/mytool/WelcomeTour.swift",
                                                "Sources/mytool/banner.txt", "Sources/mytool/main.swift", "Sources/mytool/tips.json",
                                                "Sources/mytool/tour.fr.json", "Sources/mytool/tour.json", "build-for-debian-11.sh"])
        for (path, text) in blocks {
            let file = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // The one edit: the dependency points at this checkout instead of "../tour".
            let edited = text.replacingOccurrences(of: #"path: "../tour""#, with: "path: \"\(TourBinary.packageRoot)\"")
            try edited.write(to: file, atomically: true, encoding: .utf8)
        }
        return package
    }

    /// "Ship it with your tool": the README's tool built with --static-swift-stdlib against
    /// a Debian 11 root, by the README's own script, then played in a Debian 11 root that
    /// has only libncursesw6 installed (Tests/Packages/play-in-root.py).
    @Test func theReadmeToolBuiltStaticallyPlaysInDebian11() throws {
        let package = try Self.readmePackage()
        defer { try? FileManager.default.removeItem(at: package) }
        let toolchain = URL(fileURLWithPath: Self.swift).deletingLastPathComponent().path
        let path = toolchain + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let build = try runTour(["build-for-debian-11.sh"], executable: "/bin/sh",
                                environment: ["TOUR_CHECKOUT": TourBinary.packageRoot, "PATH": path], in: package.path)
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

    @Test func theReadmeToolBuildsRunsAndUsesExactlyThePublicAPI() throws {
        let package = try Self.readmePackage()
        defer { try? FileManager.default.removeItem(at: package) }
        // Every name in the README's API table is usable from a client.
        let names = try Self.apiNames()
        #expect(names.count >= 20)
        try ("import TourKit\n\nlet everyPublicType: [Any.Type] = [\n" + names.map { "    \($0).self,\n" }.joined() + "]\n")
            .write(to: package.appendingPathComponent("Sources/mytool/API.swift"), atomically: true, encoding: .utf8)
        let build = try Self.build(package)
        #expect(build.exitCode == 0, "\(build.stdout)\n\(build.stderr)")
        guard build.exitCode == 0 else { return }

        // Played as a person would, in a terminal, twice: the second run shows nothing.
        let state = package.appendingPathComponent("state").path
        let binary = package.appendingPathComponent(".build/debug/mytool").path
        for (arguments, title) in [([String](), "Welcome to mytool"), (["--swift"], "Welcome to mytool")] {
            let home = state + "/" + (arguments.first ?? "json")
            let session = try TmuxSession(arguments, executable: binary, environment: ["XDG_STATE_HOME": home])
            try session.waitFor(title)
            try session.send("Enter")
            try session.waitFor("Everything offline")
            if arguments == ["--swift"] {
                try session.send("Enter")
                let custom = try session.waitFor("Syncing your notes")  // "New in 2.1" waits for an update
                #expect(custom.contains("[###############...............]"))
            }
            try session.send("Enter")
            #expect(try session.exitCode() == 0)
            let after = try session.screen()
            #expect(after.contains("tour page 0 -> 1") && after.contains("mytool: ready"))
            // The session keeps stderr in a file, so no tip: tips need stderr on the terminal too.
            #expect(!after.contains("Tip  "))
            let again = try TmuxSession(arguments, executable: binary, environment: ["XDG_STATE_HOME": home])
            #expect(try again.exitCode() == 0)
            #expect(try again.screen().trimmingCharacters(in: .whitespacesAndNewlines) == "mytool: ready")
        }

        // With stderr on the terminal, as in a shell: after the tool's own output, the first
        // tip, in the tool's words for turning tips off; right after, none (one a day).
        let tipHome = state + "/json"
        for run in 1...2 {
            let terminal = try PseudoTerminal([], environment: ["XDG_STATE_HOME": tipHome], standardErrorOnTerminal: true, executable: binary)
            defer { terminal.hangUp() }
            try terminal.waitForOutput("mytool: ready")
            #expect(terminal.waitForExit()?.code == 0)
            Thread.sleep(forTimeInterval: 0.1)  // the last output in flight
            let printed = terminal.text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            if run == 1 {
                #expect(printed.contains("mytool: ready\r\nTip  Press s to sync your notes on every machine.\r\n     Hide tips: mytool config tips off"),
                        "\(printed.debugDescription)")
            } else {
                #expect(printed == "mytool: ready\r\n", "\(printed.debugDescription)")
            }
        }

        // In French, where the person's locale asks for it: the embedded translation, with the embedded art.
        let french = try TmuxSession([], executable: binary, environment: ["XDG_STATE_HOME": state + "/fr", "LC_ALL": "fr_FR.UTF-8"])
        // The art grows in on first sight: wait for it whole.
        let welcome = try french.waitForScreen("the French welcome with its art") { $0.contains("Bienvenue dans mytool") && $0.contains("[===]") }
        #expect(welcome.contains("Vos notes, depuis le terminal."))
        try french.send("Enter")
        try french.waitFor("Tout hors ligne")
        try french.send("Enter")
        #expect(try french.exitCode() == 0)
        #expect(try french.screen().contains("mytool: ready") && !(try french.screen().contains("warning")))

        // And nothing beyond the table: the package's own types stay out of reach.
        let hidden = package.appendingPathComponent("Sources/mytool/Hidden.swift")
        for name in ["Pager", "Paging", "TourLoader", "FullScreenSession", "TourRunner", "PageView", "TourCore.Pager"] {
            try "import TourKit\nlet hidden: Any.Type = \(name).self\n".write(to: hidden, atomically: true, encoding: .utf8)
            let refused = try Self.build(package)
            #expect(refused.exitCode != 0, "\(name) is visible to a client")
        }
    }
}
