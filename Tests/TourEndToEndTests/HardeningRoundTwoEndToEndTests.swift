import Foundation
import Testing

/// The second adversarial pass: signals that end the process, files outside the tour,
/// files that block, write errors, odd names, non-UTF-8 terminals.
@Suite("End to end: hardening, round two")
struct HardeningRoundTwoEndToEndTests {
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
}
