#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The process's standard output and error: the one writer that pages printed as text,
/// tips, notices, warnings and the command's messages all go through, whole (a short
/// write is continued, EINTR retried).
package enum StandardStreams {
    /// All of `text` to stdout; false when it could not all be written (errno says why).
    @discardableResult
    package static func output(_ text: String) -> Bool {
        FileSystem.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    /// All of `text` to stderr, as far as it can go: nowhere is left to report a failure.
    package static func error(_ text: String) {
        _ = FileSystem.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}
