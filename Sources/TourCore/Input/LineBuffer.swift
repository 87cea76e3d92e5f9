/// Splits bytes typed into the accessible mode's prompt into lines, keeping at most
/// `maximumLength` bytes of each: an answer is a word or a number, and input without a
/// newline (50 MB from a pipe) must not grow memory without bound.
package struct LineBuffer: Sendable {
    package static let maximumLength = 1024

    private var current: [UInt8] = []
    /// The line under way is over the limit: the rest of it is dropped up to its newline.
    private var overlong = false
    private let maximumLength: Int

    package init(maximumLength: Int = LineBuffer.maximumLength) {
        self.maximumLength = maximumLength
    }

    /// The lines `bytes` complete, without their newlines (a CR before one is dropped too).
    package mutating func feed(_ bytes: [UInt8]) -> [String] {
        feed(bytes[...])
    }

    /// A concrete type, not any Sequence, for the reason KeyDecoder.feed gives.
    package mutating func feed(_ bytes: ArraySlice<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == 0x0A {
                if current.last == 0x0D { current.removeLast() }
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
                overlong = false
            } else if current.count < maximumLength {
                current.append(byte)
            } else {
                overlong = true
            }
        }
        return lines
    }

    /// At the end of input: what was typed after the last newline, if anything.
    package mutating func finish() -> String? {
        defer { current.removeAll() }
        return current.isEmpty ? nil : String(decoding: current, as: UTF8.self)
    }
}
