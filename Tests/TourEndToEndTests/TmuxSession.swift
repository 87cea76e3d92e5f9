import Foundation
import Testing

/// The built `tour` binary: TOUR_BIN, or the debug build in this package.
enum TourBinary {
    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let path: String = ProcessInfo.processInfo.environment["TOUR_BIN"] ?? packageRoot + "/.build/debug/tour"
    /// Drives TourKit the way a Swift tool would (Tests/TourKitHarness), built beside `tour`.
    static var harness: String { (path as NSString).deletingLastPathComponent + "/TourKitHarness" }
    /// The example tool in Examples/mytool, built by `make test`.
    static let example: String = ProcessInfo.processInfo.environment["MYTOOL_BIN"] ?? packageRoot + "/Examples/mytool/.build/debug/mytool"

    /// What `swift test` and CI set but a person at a terminal does not: NO_COLOR (set by
    /// swift test for its children), CI (set by the CI runner) and tour's own switches.
    /// Tests that want them say so.
    static let settingsOfTheTestRun = ["NO_COLOR", "COLORTERM", "CI", "TOUR_DISABLE", "TOUR_DEBUG"]

    /// This process's environment without `settingsOfTheTestRun`, with the binary's folder
    /// first on PATH, as where tour is installed: the hints it prints then call it `tour`.
    static var personEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !settingsOfTheTestRun.contains($0.key) }
        environment["PATH"] = (path as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }
}

struct CommandResult {
    var exitCode: Int32
    var stdout: String
    var stderr: String
}

/// Runs `tour` without a terminal, with pipes on every end.
func runTour(_ arguments: [String], executable: String = TourBinary.path, environment: [String: String] = [:],
             stdin: String = "", in directory: String? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = arguments
    var env = TourBinary.personEnvironment
    env.merge(environment) { $1 }
    process.environment = env
    let (input, output, error) = (Pipe(), Pipe(), Pipe())
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    // Give stdin only to a program that reads it: one that exits first closes the pipe, and
    // writing to it would end the test runner with SIGPIPE. (Ignoring SIGPIPE here instead
    // would hand that disposition to every program the tests start.)
    try process.run()
    if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(exitCode: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                         stderr: String(decoding: err, as: UTF8.self))
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String
}

/// A real terminal for end-to-end tests: `tour` runs in a tmux pane of its own server,
/// keys go in with send-keys, and the screen comes out with capture-pane.
///
/// The pane runs a wrapper that records `stty -g` before and after, and the exit code,
/// so a test can check that the terminal was given back intact.
final class TmuxSession {
    let socket: String
    let directory: URL
    private static let counter = Counter()

    /// - Parameter captureStandardError: false leaves stderr on the terminal (an interactive shell needs it there).
    /// - Parameter tmuxConfiguration: lines for tmux's configuration, such as a white
    ///   `window-style` for a light terminal (tmux answers OSC 11 with its background).
    init(_ arguments: [String] = [], executable: String = TourBinary.path, width: Int = 80, height: Int = 24,
         environment: [String: String] = [:], captureStandardError: Bool = true, tmuxConfiguration: String = "") throws {
        socket = "tour-e2e-\(getpid())-\(Self.counter.next())"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let wrapper = directory.appendingPathComponent("run.sh")
        try """
            #!/bin/sh
            d="$1"; shift
            # Like an interactive shell, outlive the Ctrl-C and Ctrl-backslash meant for the program (a
            # handler, not an ignore, so the program does not inherit them ignored).
            trap ':' INT QUIT
            stty -g > "$d/stty.before"
            [ -n "$TOUR_TEST_START_DELAY" ] && sleep "$TOUR_TEST_START_DELAY"
            if [ -n "$TOUR_TEST_KEEP_STDERR" ]; then "$@"; else "$@" 2> "$d/stderr"; fi
            echo $? > "$d/exit.partial"
            stty -g > "$d/stty.after"
            mv "$d/exit.partial" "$d/exit"
            exec sleep 3600
            """.write(to: wrapper, atomically: true, encoding: .utf8)
        var env = ["LC_ALL": "C.UTF-8", "TERM": "tmux-256color"]
        if !captureStandardError { env["TOUR_TEST_KEEP_STDERR"] = "1" }
        env.merge(environment) { $1 }
        let envArguments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // `swift test` sets NO_COLOR for its children and CI sets CI; a person's terminal does not.
        let configuration = directory.appendingPathComponent("tmux.conf")
        try tmuxConfiguration.write(to: configuration, atomically: true, encoding: .utf8)
        try tmux(["-f", configuration.path, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "--",
                  "env"] + TourBinary.settingsOfTheTestRun.flatMap { ["-u", $0] } + envArguments + ["sh", wrapper.path, directory.path, executable] + arguments)
    }

    deinit {
        // kill-server alone can leave the server waiting on its pane; end both for certain.
        let pids = ((try? tmux(["display-message", "-p", "#{pid} #{pane_pid}"])) ?? "")
            .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? tmux(["kill-server"])
        if pids.count == 2 {
            kill(-pids[1], SIGKILL)  // the pane's process group: the wrapper, tour, sleep
            kill(pids[0], SIGKILL)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let outputFile = directory.appendingPathComponent("tmux-output-\(Self.counter.next())")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = environment["TERM"] ?? "xterm-256color"
        environment.removeValue(forKey: "TMUX")
        try spawnAndWait(["tmux", "-L", socket] + arguments, environment: environment, outputPath: outputFile.path)
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    /// Starts recording every byte the program writes to the terminal.
    func recordOutput() throws -> URL {
        let log = directory.appendingPathComponent("output.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        try tmux(["pipe-pane", "-o", "cat >> '\(log.path)'"])
        return log
    }

    /// The screen as text; with `escapes`, with its colors and attributes as SGR sequences.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []))
    }

    /// Rows of the screen with trailing spaces removed.
    func screenLines() throws -> [String] {
        var text = try screen()
        if text.hasSuffix("\n") { text.removeLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen satisfies `condition`; returns that screen.
    @discardableResult
    func waitForScreen(timeout: Double = 10, _ what: String, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TimedOut(description: "timed out waiting for \(what); screen was:\n\(last)")
    }

    /// Waits until `text` is on screen and the screen has stopped moving (animations done).
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitForScreen(timeout: timeout, "'\(text)'") { $0.contains(text) }
        return try settled()
    }

    /// The screen once two looks 50 ms apart agree: what a person sees after a slide ends.
    func settled(timeout: Double = 3) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = try screen()
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let next = try screen()
            if next == last { return next }
            last = next
        }
        return last
    }

    /// The exit code of `tour`, once it has exited.
    func exitCode(timeout: Double = 10) throws -> Int32 {
        let file = directory.appendingPathComponent("exit")
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               let code = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return code
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TimedOut(description: "tour did not exit; screen was:\n\((try? screen()) ?? "")")
    }

    var standardError: String {
        (try? String(contentsOf: directory.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    /// The pid of `tour` itself: the child of the pane's shell.
    func tourPID() throws -> Int32 {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
            throw TimedOut(description: "no tour process under the pane's shell \(shell)")
        }
        return pid
    }

    /// Checks that the terminal came back as it was: same stty modes, normal screen, visible cursor, no mouse mode.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try String(contentsOf: directory.appendingPathComponent("stty.before"), encoding: .utf8)
        let after = try String(contentsOf: directory.appendingPathComponent("stty.after"), encoding: .utf8)
        #expect(before == after, "stty modes changed", sourceLocation: sourceLocation)
        let flags = try tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(flags == "0 1 0", "alternate screen, cursor visible, mouse: \(flags)", sourceLocation: sourceLocation)
    }
}

private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}

/// Runs a command to completion with its output in a file.
///
/// Not Foundation's Process: it learns of the child's exit through a descriptor the child
/// inherits, and the tmux server that `new-session` forks keeps that open forever.
func spawnAndWait(_ arguments: [String], environment: [String: String], outputPath: String) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, envp)
    guard result == 0 else { throw TimedOut(description: "cannot run \(arguments.joined(separator: " ")): error \(result)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
}
