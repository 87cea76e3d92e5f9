import Foundation

/// `tour` on a pseudo-terminal this test owns: raw bytes in and out, any window size
/// (even 0×0), and the power to hang up. The pty is not the process's controlling
/// terminal, so a hang-up reaches it only as an end of input, never as SIGHUP.
final class PseudoTerminal: @unchecked Sendable {
    let master: Int32
    /// Held open here too, so the program's exit never makes our reads fail before its
    /// last output is in.
    private let slave: Int32
    let pid: pid_t
    private var output = Data()
    private let lock = NSLock()
    private var reader: Thread?
    private var closed = false

    /// What this terminal answers, as a terminal would, the moment a query appears in the
    /// output: (the query's bytes, the answer).
    private let answers: [(query: Data, answer: Data)]
    /// Where each query was first seen, and when (seconds, monotonic), so a test can time the wait.
    private(set) var answered: [Data: Double] = [:]
    /// How far the output was searched for each query.
    private var scannedTo: [Data: Int] = [:]

    /// `standardErrorOnTerminal`: stderr goes to the terminal too (as in a shell), not to /dev/null.
    /// How long an answer takes to come back: a slow link.
    private let answerDelay: Double
    /// Like a terminal with no multiplexer in front: what is inside a DCS (`ESC P … ESC \`)
    /// is not read as a query.
    private let ignoresDeviceControlStrings: Bool
    /// The output with device control strings taken out, and where that scan stands.
    private var visibleOutput = Data()
    private var inDeviceControl = false, pendingEscape = false

    init(_ arguments: [String] = [], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
         answers: [(query: String, answer: String)] = [], answerDelay: Double = 0, ignoresDeviceControlStrings: Bool = false,
         standardErrorOnTerminal: Bool = false, executable: String = TourBinary.path) throws {
        self.answers = answers.map { (Data($0.query.utf8), Data($0.answer.utf8)) }
        self.answerDelay = answerDelay
        self.ignoresDeviceControlStrings = ignoresDeviceControlStrings
        // posix_openpt and friends do not import into Swift here; these are their Linux ioctls.
        let getPtyNumber: UInt = 0x8004_5430  // TIOCGPTN
        let setPtyLock: UInt = 0x4004_5431  // TIOCSPTLCK
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: Int32 = 0
        guard master >= 0, ioctl(master, setPtyLock, &unlock) == 0, ioctl(master, getPtyNumber, &number) == 0 else {
            throw TimedOut(description: "no pseudo-terminal")
        }
        let slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR | O_NOCTTY, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        if standardErrorOnTerminal {
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addclose(&actions, master)
        // Tests run in parallel, and another test's pipe, open without close-on-exec at this
        // moment, would be inherited: its reader would wait for an end of file until this
        // tour exited, and with two cores that wait once stalled the whole run for minutes.
        // (glibc 2.34 has it; Swift does not import the _np declarations, so it is looked up.)
        if let found = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            _ = unsafeBitCast(found, to: CloseFrom.self)(&actions, 3)
        }
        var env = TourBinary.personEnvironment
        env["TERM"] = "xterm-256color"
        env["LC_ALL"] = "C.UTF-8"
        env.merge(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        // An empty TERM means "unset". Filtered first: a nil from the mapping itself would be
        // a NULL in the middle of envp, and cut the environment short there.
        let envp: [UnsafeMutablePointer<CChar>?] = env.filter { !($0.key == "TERM" && $0.value.isEmpty) }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The child inherits this thread's signal mask, in which the test runner blocks some
        // signals; tour must unblock what it needs, so that is left as it is on purpose.
        var child: pid_t = 0
        guard posix_spawn(&child, executable, &actions, nil, argv, envp) == 0 else {
            throw TimedOut(description: "cannot start tour")
        }
        pid = child
        let thread = Thread { [weak self] in self?.readLoop() }
        reader = thread
        thread.start()
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, WNOHANG)
        hangUp()
    }

    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 {
                if count < 0 && errno == EINTR { continue }
                return
            }
            lock.lock()
            output.append(contentsOf: buffer[0..<count])
            arrivals.append((output.count, Self.now()))
            if ignoresDeviceControlStrings {
                for byte in buffer[0..<count] { takeVisible(byte) }
            }
            let searched = ignoresDeviceControlStrings ? visibleOutput : output
            // Each time a query appears, as a terminal answers it each time it is asked.
            var due: [Data] = []
            for (query, answer) in answers {
                // From just past the last query found: new output only, however long it grows.
                var from = max(searched.startIndex, min(scannedTo[query, default: 0], searched.endIndex))
                while let range = searched.range(of: query, in: from..<searched.endIndex) {
                    if answered[query] == nil { answered[query] = Self.now() }
                    due.append(answer)
                    from = range.upperBound
                }
                scannedTo[query] = max(from, searched.endIndex - query.count + 1)
            }
            lock.unlock()
            if answerDelay > 0, !due.isEmpty {
                let delay = answerDelay, late = due
                Thread.detachNewThread { [weak self] in
                    Thread.sleep(forTimeInterval: delay)
                    for answer in late { self?.write(Array(answer)) }
                }
            } else {
                for answer in due { write(Array(answer)) }
            }
        }
    }

    /// One byte of output, kept unless it is part of a device control string.
    private func takeVisible(_ byte: UInt8) {
        let escape: UInt8 = 0x1B
        if inDeviceControl {
            if pendingEscape && byte == UInt8(ascii: "\\") { inDeviceControl = false }
            pendingEscape = byte == escape
            return
        }
        if pendingEscape {
            pendingEscape = false
            if byte == UInt8(ascii: "P") {
                inDeviceControl = true
                return
            }
            visibleOutput.append(escape)
        }
        if byte == escape { pendingEscape = true } else { visibleOutput.append(byte) }
    }

    /// What is left in the terminal's input queue for whatever reads it next (the shell),
    /// read as a shell would after tour exits: non-canonical, for `seconds`.
    func inputLeftForTheShell(waiting seconds: Double = 0.3) -> [UInt8] {
        var modes = termios()
        guard tcgetattr(slave, &modes) == 0 else { return [] }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(slave, TCSANOW, &modes)
        var left: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let until = Self.now() + seconds
        while Self.now() < until {
            let count = read(slave, &buffer, buffer.count)
            if count > 0 { left += buffer[0..<count] } else { Thread.sleep(forTimeInterval: 0.02) }
        }
        return left
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The end of each read and when it came (seconds, monotonic).
    private var arrivals: [(end: Int, time: Double)] = []

    /// When `text` first came out whole (seconds, monotonic), waiting for it.
    func timeOfOutput(_ text: String, timeout: Double = 10) throws -> Double {
        let end = try waitForOutput(text, timeout: timeout)
        lock.lock()
        defer { lock.unlock() }
        return arrivals.first { $0.end >= end }?.time ?? Self.now()
    }

    /// Everything the program wrote so far.
    var bytes: Data {
        lock.lock()
        defer { lock.unlock() }
        return output
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(master, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += count
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    func resize(width: Int, height: Int) {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        kill(pid, SIGWINCH)  // not our controlling terminal, so the kernel does not send it
    }

    @discardableResult
    func waitForOutput(_ text: String, after offset: Int = 0, timeout: Double = 10) throws -> Int {
        let needle = Data(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let data = bytes
            if offset <= data.count, let range = data.range(of: needle, in: offset..<data.count) { return range.upperBound }
            Thread.sleep(forTimeInterval: 0.01)
        }
        throw TimedOut(description: "no '\(text)' in the output")
    }

    /// Closes our end: to the program, the terminal hung up.
    func hangUp() {
        guard !closed else { return }
        closed = true
        close(master)
        close(slave)
    }

    struct Exit {
        var code: Int32?
        var signal: Int32?
        var cpuSeconds: Double
    }

    /// Waits for the program to end; nil if it is still running after `timeout`.
    func waitForExit(timeout: Double = 10) -> Exit? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var status: Int32 = 0
            var usage = rusage()
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid {
                waitForTheLastOutput()
                let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
                let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
                return Exit(code: signaled ? nil : (status >> 8) & 0xFF, signal: signaled ? status & 0x7F : nil, cpuSeconds: cpu)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }

    /// The program's last bytes can still be on their way through the kernel's pty buffers
    /// when it has been reaped, and a test that reads `text` at once would miss them. Waits
    /// until nothing is queued and nothing has arrived for 50 ms (at most 2 s).
    private func waitForTheLastOutput() {
        let deadline = Self.now() + 2
        var seen = bytes.count, quietSince = Self.now()
        while Self.now() < deadline {
            var queued: Int32 = 0
            _ = ioctl(master, UInt(FIONREAD), &queued)
            let count = bytes.count
            if queued > 0 || count != seen {
                seen = count
                quietSince = Self.now()
            } else if Self.now() - quietSince >= 0.05 {
                return
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// Peak resident memory of the running program, in KiB.
    var peakMemoryKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
    }
}
