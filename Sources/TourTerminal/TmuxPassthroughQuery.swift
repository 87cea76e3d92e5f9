#if canImport(Glibc)
import Glibc
#endif

/// Asks the tmux server whether this pane may pass sequences on to the outer terminal,
/// and what that terminal said it is (tmux asks it XTVERSION itself):
/// `tmux display-message -p -t PANE '#{allow-passthrough} #{client_termtype}'`. Started before the screen
/// is set up, so that its few milliseconds overlap the setup, and read just before the
/// start-up questions, which are wrapped for tmux only when it passes them on.
final class TmuxPassthroughQuery {
    private let child: pid_t
    private let output: Int32
    private var finished = false

    private init(child: pid_t, output: Int32) {
        self.child = child
        self.output = output
    }

    /// Starts the question, in `environment` ("NAME=value" each); nil when tmux cannot be started.
    static func start(pane: String?, environment: [String]) -> TmuxPassthroughQuery? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        // Neither end stays open in the child beyond its stdout (dup2 clears the flag there).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Nothing of tmux's reaches the person's terminal: no input, no error text.
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let words = ["tmux", "display-message", "-p"] + (pane.map { ["-t", $0] } ?? []) + ["#{allow-passthrough} #{client_termtype}"]
        var arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        var variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in arguments + variables { free(pointer) } }
        var child: pid_t = 0
        let started = posix_spawnp(&child, "tmux", &actions, nil, &arguments, &variables)
        close(ends[1])
        guard started == 0 else {
            close(ends[0])
            return nil
        }
        return TmuxPassthroughQuery(child: child, output: ends[0])
    }

    /// The answer is a word ("1", "on"); a child that prints more is not tmux answering.
    static let maximumAnswer = 256

    /// What tmux printed, waited for at most `seconds` in all, reading and exit together;
    /// nil if it did not finish in time, printed too much or failed. A child that closes its
    /// stdout and lingers is killed at the deadline like one that never answers, and the
    /// child is reaped either way, so nothing of it outlives the wait.
    func answer(within seconds: Double) -> String? {
        guard !finished else { return nil }
        finished = true
        defer { close(output) }
        let deadline = TimedRead.now() + seconds
        var printed: [UInt8] = []
        var tooMuch = false
        let ended = TimedRead.read(output, for: seconds, until: { tooMuch }) { chunk in
            printed += chunk.prefix(Self.maximumAnswer - printed.count)
            tooMuch = printed.count >= Self.maximumAnswer
        }
        var status: Int32 = 0
        let exited = ended && !tooMuch && Self.reap(child, status: &status, until: deadline)
        if !exited {
            kill(child, SIGKILL)
            status = 0
            // Killed, it goes at once; the status no longer matters.
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
            return nil
        }
        let succeeded = (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0
        return succeeded ? String(decoding: printed, as: UTF8.self) : nil
    }

    /// Waits for `child` to exit until `deadline`, without blocking past it; true when it
    /// exited, with its status. A host process that reaps every child itself may have taken
    /// the status first (ECHILD): that counts as exited, status 0.
    private static func reap(_ child: pid_t, status: inout Int32, until deadline: Double) -> Bool {
        while true {
            let reaped = waitpid(child, &status, WNOHANG)
            if reaped == child { return true }
            if reaped < 0 && errno == ECHILD { status = 0; return true }
            if reaped < 0 && errno != EINTR { return false }
            guard TimedRead.now() < deadline else { return false }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
        }
    }
}
