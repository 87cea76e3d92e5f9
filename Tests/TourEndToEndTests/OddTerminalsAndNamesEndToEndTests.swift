import Foundation
import Testing

/// Round three through the real binary: terminals without private modes, names that are
/// not UTF-8, escapes from the environment, and the exit codes of odd failures.
@Suite("End to end: odd terminals and names, quoted visibly")
struct OddTerminalsAndNamesEndToEndTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-round3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    func file(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A VT52 addresses the cursor with ESC Y: it is sent no `ESC [ ?` mode at all.
    @Test func aTerminalWithoutPrivateModesIsSentNone() throws {
        defer { cleanUp() }
        let tour = try file("two.json", #"{"pages": [{"title": "First page"}, {"title": "Second page"}]}"#)
        let terminal = try PseudoTerminal([tour], environment: ["TERM": "vt52"])
        try terminal.waitForOutput("First page")
        terminal.write("q")
        #expect(terminal.waitForExit()?.code == 1)
        #expect(terminal.bytes.range(of: Data("\u{1B}[?".utf8)) == nil)
        // An xterm gets them: mouse reporting and synchronized frames.
        let xterm = try PseudoTerminal([tour], environment: ["TERM": "xterm-256color"])
        try xterm.waitForOutput("First page")
        xterm.write("q")
        #expect(xterm.waitForExit()?.code == 1)
        #expect(xterm.bytes.range(of: Data("\u{1B}[?1000h".utf8)) != nil && xterm.bytes.range(of: Data("\u{1B}[?2026h".utf8)) != nil)
    }

    /// `lat\xE9.json` opens as itself, and a message shows the byte, not U+FFFD.
    @Test func aFileNameThatIsNotUTF8OpensAndIsQuotedVisibly() throws {
        defer { cleanUp() }
        var name = Array(directory.path.utf8) + Array("/lat".utf8) + [0xE9] + Array(".json".utf8)
        let text = #"{"pages": [{"title": "Latin-1 name"}]}"#
        name.append(0)
        let descriptor = name.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        #expect(descriptor >= 0)
        _ = text.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        let result = try runRaw(["--plain"], rawFile: Array(name.dropLast()))
        #expect(result.exitCode == 0 && result.stdout.contains("Latin-1 name"))
        let missing = try runRaw(["--plain"], rawFile: Array(directory.path.utf8) + Array("/nul".utf8) + [0xE9])
        #expect(missing.exitCode == 66 && missing.stderr == "\(directory.path)/nul\\xE9: no such file\n")
    }

    /// Runs tour with one argument given as raw bytes (Foundation's Process takes Strings).
    func runRaw(_ words: [String], rawFile: [UInt8]) throws -> CommandResult {
        let out = directory.appendingPathComponent("out.txt").path
        var arguments = [TourBinary.path] + words
        arguments.append(String(decoding: rawFile, as: UTF8.self))  // placeholder, replaced below
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.dropLast().map { strdup($0) }
        let raw = UnsafeMutablePointer<CChar>.allocate(capacity: rawFile.count + 1)
        for (index, byte) in rawFile.enumerated() { raw[index] = CChar(bitPattern: byte) }
        raw[rawFile.count] = 0
        pointers.append(raw)
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, out + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var pid: pid_t = 0
        let environment = TourBinary.personEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        guard posix_spawn(&pid, TourBinary.path, &actions, nil, pointers, environment) == 0 else { throw TimedOut(description: "spawn failed") }
        posix_spawn_file_actions_destroy(&actions)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return CommandResult(exitCode: (status >> 8) & 0xFF, stdout: try String(contentsOfFile: out, encoding: .utf8),
                             stderr: try String(contentsOfFile: out + ".err", encoding: .utf8))
    }

    /// A state directory whose name carries an escape sequence: every message shows it visibly.
    @Test func escapesFromTheEnvironmentAreQuotedInEveryMessage() throws {
        defer { cleanUp() }
        let tour = try file("seen.json", #"{"id": "seen", "pages": [{"title": "Hello"}]}"#)
        let state = directory.appendingPathComponent("state\u{1B}]0;PWNED\u{07}").path
        // The state file is a directory: it cannot be read, nor removed by --reset.
        try FileManager.default.createDirectory(atPath: state + "/tour/seen.json/inside", withIntermediateDirectories: true)
        let once = try runTour(["--once", "--plain", tour], environment: ["XDG_STATE_HOME": state, "TOUR_DEBUG": "1"])
        #expect(once.exitCode == 0)
        #expect(once.stderr.contains(#"state\e]0;PWNED\u{7}/tour/seen.json"#))
        let reset = try runTour(["--reset", tour], environment: ["XDG_STATE_HOME": state])
        #expect(reset.exitCode == 74)  // the state could not be changed: output failed, not unreadable input
        #expect(reset.stderr.hasPrefix("tour: cannot remove ") && reset.stderr.contains(#"\e]0;PWNED\u{7}"#))
        for output in [once.stderr, reset.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        }
    }

    @Test func artOverTheSizeLimitIsBadContent() throws {
        defer { cleanUp() }
        _ = try file("big.txt", String(repeating: "x", count: 2 << 20))
        let tour = try file("big.json", #"{"pages": [{"title": "Big", "heroFile": "big.txt"}]}"#)
        let result = try runTour(["check", tour])
        #expect(result.exitCode == 65)
        #expect(result.stdout.contains("file is larger than the limit of 1 MiB"))
    }
}
