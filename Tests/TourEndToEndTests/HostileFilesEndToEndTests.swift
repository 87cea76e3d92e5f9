import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The second adversarial pass: signals that end the process, files outside the tour,
/// files that block, write errors, odd names, non-UTF-8 terminals.
@Suite("End to end: hostile files and names, failed output")
struct HostileFilesEndToEndTests {
    /// Every signal whose default action ends the process gives the terminal back first,
    /// then ends the process with that signal.
    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGSYS, SIGXCPU, SIGXFSZ, SIGPIPE])
    func aTerminatingSignalGivesTheTerminalBack(signal: Int32) throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        kill(try session.tourPID(), signal)
        #expect(try session.exitCode() == 128 + signal)
        try session.expectTerminalRestored()
    }

    /// Ctrl-\ is SIGQUIT from the keyboard: the terminal is restored, then it quits as asked.
    @Test func controlBackslashQuitsWithTheTerminalRestored() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        try session.tmux(["send-keys", "-H", "1c"])  // the byte Ctrl-\ sends
        #expect(try session.exitCode() == 128 + SIGQUIT)
        try session.expectTerminalRestored()
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-hard2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs tour with a deadline: a blocked open shows as exit 124, not as a hung test.
    func runWithDeadline(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
        try runTour(["5", TourBinary.path] + arguments, executable: "/usr/bin/timeout", environment: environment)
    }

    // MARK: 1. Escape sequences through error messages

    static let hostileKind = #"{"pages": [{"title": "t", "kind": "k\u001b]0;PWNED\u0007\u001b]52;c;ZXZpbA==\u0007\u001b[2J"}]}"#

    @Test func anErrorMessageCannotSetTheTitleOrTheClipboardOrClearTheScreen() throws {
        defer { cleanUp() }
        let evil = try file("evil.json", Self.hostileKind)
        for arguments in [[evil], ["check", evil]] {
            let result = try runTour(arguments)
            #expect(result.exitCode == 65)
            #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } && !result.stdout.contains("\u{1B}"))
            #expect((result.stderr + result.stdout).contains(#"not "k\e]0;PWNED\u{7}\e]52;c;ZXZpbA==\u{7}\e[2J""#))
        }
        // On a terminal, with stderr on the screen: the title and the screen stay ours.
        let session = try TmuxSession([evil], captureStandardError: false)
        #expect(try session.exitCode() == 65)
        #expect(try session.screen().contains(#"not "k\e]0;PWNED"#))
        #expect(!(try session.tmux(["display-message", "-p", "#{pane_title}"]).contains("PWNED")))
    }

    @Test func checkAsJSONEscapesC1AndBidiControls() throws {
        defer { cleanUp() }
        let path = try file("c1.json", "{\"pages\": [{\"title\": \"t\", \"k\u{9B}e\u{202E}y\": 1}]}")
        let result = try runTour(["check", "--format", "json", path])
        // The message shows them visibly; JSON then escapes its backslashes.
        #expect(result.stdout.contains(#"k\\u{9b}e\\u{202e}y"#))
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
    }

    @Test func aMegabyteKeyIsCutInTheMessageAndCostsNoSuggestion() throws {
        defer { cleanUp() }
        let path = try file("key.json", #"{"pages": [{"title": "t", ""# + String(repeating: "k", count: 1 << 20) + #"": 1}]}"#)
        let result = try runTour(["check", path])
        #expect(result.exitCode == 65)
        #expect(result.stdout.count < 400)
        #expect(result.stdout.contains("unknown key \"" + String(repeating: "k", count: 40) + "…\" in page 1; expected one of:"))
    }

    // MARK: 4. Files outside the tour, and files that block

    @Test func heroFileStaysInsideTheTourFolder() throws {
        defer { cleanUp() }
        try "secret\n".write(to: directory.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        let evil = try file("tour/evil.json", #"{"pages": [{"title": "a", "heroFile": "/proc/self/environ"}, {"title": "b", "heroFile": "../secret.txt"}]}"#)
        let result = try runTour(["render", evil, "--page", "1", "--size", "80x24", "--format", "svg"], environment: ["GITHUB_TOKEN": "ghp_X"])
        #expect(result.exitCode == 65 && result.stdout == "")
        #expect(!result.stderr.contains("ghp_X") && !result.stderr.contains("secret\n"))
        let check = try runTour(["check", evil])
        #expect(check.stdout.contains(#"heroFile "/proc/self/environ" is outside the tour's folder"#))
        #expect(check.stdout.contains(#"heroFile "../secret.txt" is outside the tour's folder"#))
        // A link that leads out is outside too; the author may lift the rule.
        symlink(directory.appendingPathComponent("secret.txt").path, directory.appendingPathComponent("tour/link.txt").path)
        let linked = try file("tour/linked.json", #"{"pages": [{"title": "a", "heroFile": "link.txt"}]}"#)
        #expect(try runTour([linked]).exitCode == 65)
        let lifted = try runTour(["--allow-outside-art", "--plain", linked])
        #expect(lifted.exitCode == 0 && lifted.stdout.contains("secret"))
    }

    @Test func fifosAndDevicesAreRefusedNotOpenedForever() throws {
        defer { cleanUp() }
        let fifo = directory.appendingPathComponent("fifo.json").path
        mkfifo(fifo, 0o600)
        let result = try runWithDeadline([fifo])
        #expect(result.exitCode == 66)
        #expect(result.stderr == "\(fifo): is not a regular file\n")
        mkfifo(directory.appendingPathComponent("art.fifo").path, 0o600)
        let tour = try file("fifo-art.json", #"{"pages": [{"title": "a", "heroFile": "art.fifo"}]}"#)
        let art = try runWithDeadline([tour])
        #expect(art.exitCode == 66 && art.stderr.contains(#"cannot read heroFile "art.fifo": is not a regular file"#))
        let tty = try file("tty.json", #"{"pages": [{"title": "a", "heroFile": "/dev/tty"}]}"#)
        #expect(try runWithDeadline([tty]).exitCode == 65)  // outside the folder, and never opened
    }

    // MARK: 5. Smaller defects

    @Test func writeErrorsExit74AndRecordNothing() throws {
        defer { cleanUp() }
        let tour = try file("full.json", #"{"id": "full", "pages": [{"title": "a"}]}"#)
        let state = directory.appendingPathComponent("state").path
        let script = "exec \"$0\" --once --plain \"$1\" > /dev/full"
        let once = try runTour(["-c", script, TourBinary.path, tour], executable: "/bin/sh", environment: ["XDG_STATE_HOME": state])
        #expect(once.exitCode == 74)
        #expect(once.stderr == "tour: cannot write the tour: No space left on device\n")
        #expect(!FileManager.default.fileExists(atPath: state + "/tour/full.json"))
        let render = try runTour(["-c", "exec \"$0\" render \"$1\" --size 40x10 > /dev/full", TourBinary.path, tour], executable: "/bin/sh")
        #expect(render.exitCode == 74)
    }

    @Test func anyFileNameOrIdPlaysAndRemembers() throws {
        defer { cleanUp() }
        let state = directory.appendingPathComponent("state").path
        for (name, id, stateName) in [("my tour.json", nil, "my-tour~"), ("café.json", nil, "caf-~"), (".x.json", nil, "x~"), ("plain.json", "My Tool", "my-tool~")] {
            let json = id.map { #"{"id": "\#($0)", "pages": [{"title": "a"}]}"# } ?? #"{"pages": [{"title": "a"}]}"#
            let path = try file(name, json)
            #expect(try runTour([path, "--plain"]).exitCode == 0, "\(name)")
            let once = try runTour(["--once", "--plain", path], environment: ["XDG_STATE_HOME": state])
            #expect(once.exitCode == 0 && once.stdout.hasPrefix("Page 1 of 1"), "\(name)")
            let files = try FileManager.default.contentsOfDirectory(atPath: state + "/tour")
            #expect(files.contains { stateName.hasSuffix("~") ? $0.hasPrefix(stateName) && $0.count == stateName.count + 37 : $0 == stateName + ".json" }, "\(name)")
        }
    }

    @Test func staleTemporaryFilesOfDeadRunsAreRemoved() throws {
        defer { cleanUp() }
        let state = directory.appendingPathComponent("state/tour")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        // A process that has certainly ended.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = state.appendingPathComponent(".stale.json.\(ended.processIdentifier).abc.tmp").path
        let live = state.appendingPathComponent(".stale.json.1.def.tmp").path  // pid 1 is alive
        // Today's short form, whatever the name: .tour.PID.RANDOM.tmp.
        let staleShort = state.appendingPathComponent(".tour.\(ended.processIdentifier).ghi.tmp").path
        FileManager.default.createFile(atPath: stale, contents: Data("{".utf8))
        FileManager.default.createFile(atPath: live, contents: Data("{".utf8))
        FileManager.default.createFile(atPath: staleShort, contents: Data("{".utf8))
        let tour = try file("stale.json", #"{"pages": [{"title": "a"}]}"#)
        #expect(try runTour(["--once", "--plain", tour], environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path]).exitCode == 0)
        #expect(!FileManager.default.fileExists(atPath: stale) && !FileManager.default.fileExists(atPath: staleShort))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func crlfMarkdownWithAByteOrderMarkReadsAsTwoPages() throws {
        defer { cleanUp() }
        let path = try file("crlf.md", "\u{FEFF}# Title\r\nSubtitle\r\n\r\n# Second\r\nMore\r\n")
        #expect(try runTour(["check", path]).exitCode == 0)
        #expect(try runTour(["--plain", path]).stdout == "Page 1 of 2\nTitle\nSubtitle\n\nPage 2 of 2\nSecond\nMore\n")
    }

    @Test func duplicateFrontMatterKeysAreErrorsAsInJSON() throws {
        defer { cleanUp() }
        let path = try file("dup.md", "---\nid: a\nid: b\n---\n# T\n")
        let result = try runTour(["check", path])
        #expect(result.exitCode == 65)
        #expect(result.stdout == "\(path):3:1: error: duplicate key \"id\" in the tour\n")
    }

    /// A non-UTF-8 locale gets ASCII on every path: "Û" is C3 9B, and 0x9B is CSI to an 8-bit terminal.
    @Test(arguments: [["--plain"], ["--accessible"], ["render", "--page", "1", "--size", "40x8"]])
    func aNonUTF8LocaleGetsOnlyASCII(arguments: [String]) throws {
        defer { cleanUp() }
        let path = try file("u.json", #"{"pages": [{"title": "Ûber café 日本"}]}"#)
        let words = arguments.first == "render" ? ["render", path] + arguments.dropFirst() : arguments + [path]
        let result = try runTour(words, environment: ["LC_ALL": "C"], stdin: arguments == ["--accessible"] ? "\n" : "")
        #expect(result.stdout.utf8.allSatisfy { $0 < 0x80 })
        #expect(result.stdout.contains("?ber caf? ????"))
    }

    /// Outside UTF-8, a list item's icon falls back to "*" in --plain as on the screen: it
    /// was "?" there, from the generic transliteration.
    @Test func aListIconFallsBackAlikeOnScreenAndInPlainText() throws {
        let plain = try runTour(["--plain"], environment: ["LC_ALL": "C"])
        #expect(plain.stdout.contains("\n- * Any terminal: ") && !plain.stdout.contains("\n- ? "), "\(plain.stdout)")
        let screen = try runTour(["render", "--page", "4", "--size", "80x24"], environment: ["LC_ALL": "C"])
        #expect(screen.stdout.contains("*   Any terminal") && !screen.stdout.contains("?   Any terminal"), "\(screen.stdout)")
    }

    /// A zero-width joiner in content kept tmux and ncurses out of step: the dots row read
    /// "‍●‍●○ ●" after paging. Joined sequences now go out in a form both count alike.
    @Test func zeroWidthJoinersKeepTheRowsInStep() throws {
        defer { cleanUp() }
        let path = try file("zwj.json", #"{"pages": [{"title": "a\u200db\u200d\u200dc 👨\u200d👩\u200d👧 🇫🇷"}, {"title": "Two"}, {"title": "Three"}]}"#)
        let session = try TmuxSession(["--no-animation", path])
        try session.waitFor("● ○ ○")
        try session.send("Right")
        try session.waitFor("Two")
        try session.send("Left")
        let screen = try session.waitFor("● ○ ○")
        let dots = try #require(screen.split(separator: "\n").first { $0.contains("●") })
        #expect(dots.trimmingCharacters(in: .whitespaces) == "● ○ ○")
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func svgDropsWhatXMLForbids() throws {
        defer { cleanUp() }
        let path = try file("nonchar.json", #"{"pages": [{"title": "a\uFFFEb\uFFFFc\uFDD0d"}]}"#)
        let svg = try runTour(["render", path, "--page", "1", "--size", "40x8", "--format", "svg"]).stdout
        #expect(svg.contains(">abcd<"))
        #if canImport(FoundationXML)
        #expect(FoundationXML.XMLParser(data: Data(svg.utf8)).parse())
        #endif
    }

    @Test func aRelativeHomeIsCalledThat() throws {
        defer { cleanUp() }
        let path = try file("home.json", #"{"pages": [{"title": "a"}]}"#)
        let result = try runTour(["--once", "--plain", path], environment: ["HOME": "relative/home", "XDG_STATE_HOME": ""])
        #expect(result.stderr == "tour: warning: cannot record what tour shows: no state directory (HOME is not an absolute path: \"relative/home\"); nothing is shown until it can be\n")
        #expect(result.stdout.isEmpty, "nothing is printed: it would print on every start")
    }

    /// The art folder deleted and made again: the watch finds its way back to the art.
    @Test func watchFindsTheArtAgainAfterItsFolderIsRemade() throws {
        defer { cleanUp() }
        let art = try file("w/art/logo.txt", "<<logo one>>")
        let tour = try file("w/tour.json", #"{"pages": [{"title": "With art", "heroFile": "art/logo.txt"}, {"title": "Two"}]}"#)
        let session = try TmuxSession(["--watch", "--no-animation", tour])
        try session.waitFor("<<logo one>>")
        try FileManager.default.removeItem(atPath: (art as NSString).deletingLastPathComponent)
        try session.waitFor("The tour has an error")
        _ = try file("w/art/logo.txt", "<<logo two>>")
        try session.waitFor("<<logo two>>")
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }
}
