import Foundation
import Testing

/// What tour starts and what a slow link brings back cannot hang a start or reach the
/// shell (issue 44, items 11 to 13).
@Suite("End to end: children and slow links")
struct ChildrenAndLinksEndToEndTests {
    let directory: URL
    var tourFile: String { directory.appendingPathComponent("t.json").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-children-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try #"{"pages": [{"title": "Welcome to mytool"}, {"title": "Second page"}]}"#.write(toFile: tourFile, atomically: true, encoding: .utf8)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// A `tmux` first on PATH that runs `body`, and the environment of a pane inside it.
    func fakeTmux(_ body: String) throws -> [String: String] {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("tmux").path
        try "#!/bin/sh\n\(body)\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(chmod(script, 0o755) == 0)
        return ["TMUX": "/tmp/tmux-0/fake,1,0", "TMUX_PANE": "%0", "PATH": bin.path + ":/usr/bin:/bin"]
    }

    /// A tmux that closes its stdout and lingers, or prints without end: the first frame
    /// still comes within the 0.1 s the question may take (well inside 2 s here), SIGTERM
    /// is answered at once, and what was read is capped.
    @Test(arguments: ["exec >&-; sleep 8", "exec cat /dev/zero"])
    func aTmuxThatLingersOrFloodsCannotHangTheStart(body: String) throws {
        defer { cleanUp() }
        let started = PseudoTerminal.now()
        let terminal = try PseudoTerminal(["--no-animation", tourFile], environment: try fakeTmux(body))
        defer { terminal.hangUp() }
        let framed = try terminal.timeOfOutput("Welcome to mytool", timeout: 6)
        #expect(framed - started < 2, "first frame after \(framed - started) s")
        #expect((terminal.peakMemoryKiB ?? 0) < 40 * 1024, "peak \(terminal.peakMemoryKiB ?? 0) KiB")
        kill(terminal.pid, SIGTERM)
        let exit = terminal.waitForExit(timeout: 2)
        #expect(exit?.code == 143 || exit?.signal == SIGTERM, "\(String(describing: exit))")
    }

    /// tmux's question is started with the run's snapshot of what tmux needs, not the
    /// whole environment: it finds its server (TMUX, PATH) and hears no secret of the tool's.
    @Test func tmuxIsAskedWithTheSnapshotsEnvironment() throws {
        defer { cleanUp() }
        let seen = directory.appendingPathComponent("tmux-env").path
        var environment = try fakeTmux("env > \(seen); echo 1")
        environment["MYTOOL_API_TOKEN"] = "s3cret"
        let terminal = try PseudoTerminal(["--no-animation", tourFile], environment: environment)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        terminal.write("q")
        #expect(terminal.waitForExit()?.code == 1)
        let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("TMUX=/tmp/tmux-0/fake,1,0") && lines.contains { $0.hasPrefix("PATH=") })
        #expect(!lines.contains { $0.hasPrefix("MYTOOL_API_TOKEN=") }, "\(lines)")
    }

    static let deviceAttributes = (query: "\u{1B}[c", answer: "\u{1B}[?62;22c")

    /// Over a link with a 0.7 s or 1.2 s round trip, the exit drain waits as long as the
    /// start showed the link needs: its fence's answer never reaches the shell.
    @Test(arguments: [0.7, 1.2])
    func theExitFenceComesBackBeforeTheShellOverASlowLink(roundTrip: Double) throws {
        defer { cleanUp() }
        let terminal = try PseudoTerminal(["--no-animation", tourFile], answers: [Self.deviceAttributes], answerDelay: roundTrip)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool", timeout: 5)
        Thread.sleep(forTimeInterval: roundTrip + 0.5)  // the start-up answer is in
        terminal.write("q")
        #expect(terminal.waitForExit(timeout: 6)?.code == 1)
        let left = terminal.inputLeftForTheShell(waiting: roundTrip + 0.5)
        #expect(left.isEmpty, "left for the shell: \(String(decoding: left, as: UTF8.self).debugDescription)")
    }

    /// On black over a slow link, TOUR_DEBUG says the late answer came and was used,
    /// not that the terminal did not answer (issue 49, item 12).
    @Test(arguments: [0.16, 0.41])
    func theDebugLineSaysALateAnswerCame(delay: Double) throws {
        defer { cleanUp() }
        let black = "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;22c"
        let terminal = try PseudoTerminal(["--no-animation", tourFile], environment: ["TOUR_DEBUG": "1"],
                                          answers: [(query: "\u{1B}[c", answer: black)], answerDelay: delay, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        Thread.sleep(forTimeInterval: delay + 0.3)
        terminal.write("q")
        #expect(terminal.waitForExit()?.code == 1)
        let said = String(decoding: terminal.bytes, as: UTF8.self)
        #expect(said.contains("colors for a dark background: the terminal's answer came"), "\(said.suffix(300).debugDescription)")
        #expect(said.contains("ms after the first frame, and agreed with what the first frame was drawn for"))
        #expect(!said.contains("did not answer in time"))
    }

    /// STY set with no GNU screen in front (a window opened from inside screen): once the
    /// plain fence was answered and the one wrapped for screen never was, the exit asks
    /// the plain fence alone, which comes back, instead of waiting for one that never does.
    @Test func styWithNoScreenInFrontExitsOnThePlainFence() throws {
        defer { cleanUp() }
        let terminal = try PseudoTerminal(["--no-animation", tourFile], environment: ["STY": "4242.pts-0.host"],
                                          answers: [Self.deviceAttributes], ignoresDeviceControlStrings: true)
        defer { terminal.hangUp() }
        try terminal.waitForOutput("Welcome to mytool")
        Thread.sleep(forTimeInterval: 1.2)  // past the wait for a late answer
        let beforeExit = terminal.bytes.count
        terminal.write("q")
        #expect(terminal.waitForExit()?.code == 1)
        let exitOutput = terminal.bytes.suffix(from: terminal.bytes.startIndex + beforeExit)
        #expect(exitOutput.range(of: Data("\u{1B}[c".utf8)) != nil && exitOutput.range(of: Data("\u{1B}P".utf8)) == nil,
                "\(String(decoding: exitOutput, as: UTF8.self).debugDescription)")
        #expect(terminal.inputLeftForTheShell().isEmpty)
    }
}
