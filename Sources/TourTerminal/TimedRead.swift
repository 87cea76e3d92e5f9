#if canImport(Glibc)
import Glibc
#endif

/// Reading a descriptor for a bounded time, on one clock: the start-up questions' wait,
/// the drain at exit, tmux's answer about passthrough, and the input loop's timers.
enum TimedRead {
    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Hands what arrives on `descriptor` to `take` until `done` holds, input ends, or
    /// `seconds` have passed. Returns true when input ended (end of file or an error).
    @discardableResult
    static func read(_ descriptor: Int32, for seconds: Double, until done: () -> Bool = { false },
                     _ take: (ArraySlice<UInt8>) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let start = now()
        while !done() {
            let remaining = Int32(((seconds - (now() - start)) * 1000).rounded(.up))
            guard remaining > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, remaining)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return true }
            take(buffer[0..<count])
        }
        return false
    }
}
