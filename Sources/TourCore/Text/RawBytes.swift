/// Text that may not be UTF-8, kept exactly: a file name from the command line or a
/// directory is bytes, and `lat\xe9.json` must open as `lat\xe9.json`, not as
/// `lat\u{FFFD}.json`. Each byte that is not part of valid UTF-8 becomes one scalar of a
/// private-use block (U+10FF80 to U+10FFFF), which turns back into that byte when the path
/// goes to the system, and shows as `\xE9` in messages.
package enum RawBytes {
    /// Where the escaped bytes 0x80...0xFF live: the last 128 code points of plane 16.
    static let escapeBase: UInt32 = 0x10_FF00

    /// `bytes` as a string, with every byte that is not valid UTF-8 escaped.
    package static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        decode(Array(bytes))
    }

    /// The same, for an array: not generic, so a call from another module runs this
    /// module's compiled code rather than building generic metadata at run time, which
    /// cost each start about 0.1 ms for its arguments.
    package static func decode(_ array: [UInt8]) -> String {
        let text = String(decoding: array, as: UTF8.self)
        // Decoding replaces what is not UTF-8; where nothing was replaced, the bytes come back.
        if text.utf8.elementsEqual(array) { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            let lead = array[index]
            let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
            if length > 0, index + length <= array.count,
               let text = String(validating: array[index..<index + length], as: UTF8.self), let scalar = text.unicodeScalars.first {
                result.append(scalar)
                index += length
            } else {
                result.append(Unicode.Scalar(escapeBase + UInt32(lead))!)
                index += 1
            }
        }
        return String(result)
    }

    /// The bytes a string stands for: UTF-8, with escaped bytes put back.
    package static func encode(_ text: String) -> [UInt8] {
        if !text.unicodeScalars.contains(where: { isEscape($0.value) }) { return Array(text.utf8) }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if isEscape(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// One escaped byte.
    package static func isEscape(_ value: UInt32) -> Bool {
        value >= escapeBase + 0x80 && value <= escapeBase + 0xFF
    }

    /// A path as the C string a system call takes.
    package static func withCString<Result>(_ text: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var bytes = encode(text)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
