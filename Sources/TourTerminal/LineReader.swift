import TourCore
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// Reads lines from a descriptor (the accessible mode's stdin), each cut to
/// `LineBuffer.maximumLength`. A non-blocking descriptor is waited on, not taken for
/// the end of input.
package final class LineReader {
    private let descriptor: Int32
    private var buffer = LineBuffer()
    private var ready: [String] = []
    private var atEnd = false

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, without its newline; nil at the end of input or on an error.
    package func readLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while ready.isEmpty && !atEnd {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                ready += buffer.feed(chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                if !FileSystem.waitUntilReadable(descriptor) { atEnd = true }
            } else {
                atEnd = true
                if let last = buffer.finish() { ready.append(last) }
            }
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }
}
