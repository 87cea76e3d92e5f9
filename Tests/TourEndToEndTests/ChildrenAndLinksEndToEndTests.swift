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
}
