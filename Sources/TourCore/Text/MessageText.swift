/// Values quoted in messages. Error messages are content too: a key or value from a tour
/// file, a file name or an argument goes through here before it is printed.
package enum MessageText {
    /// Quoted values are cut to this many characters.
    package static let maximumLength = 40
    /// File names are cut only past this many: a path is read whole.
    package static let maximumPathLength = 1024

    /// A file name or path for a message: shown visibly like any quoted value, cut only
    /// past `maximumPathLength`. Paths come from the user, the environment
    /// (XDG_STATE_HOME), an archive or a repository.
    package static func path(_ path: String) -> String {
        visible(path, limit: maximumPathLength)
    }

    /// `text` with controls, DEL, C1 controls, bidi controls and line separators written
    /// visibly (`\e`, `\u{9b}`, `\u{202e}`), and cut to `maximumLength` with "…".
    package static func visible(_ text: String, limit: Int = maximumLength) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                result += "…"
                break
            }
            let value = scalar.value
            switch value {
            case 0x1B: result += "\\e"
            case 0x0A: result += "\\n"
            case 0x09: result += "\\t"
            case 0x0D: result += "\\r"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFFFE, 0xFFFF:
                result += "\\u{" + String(value, radix: 16) + "}"
            case _ where RawBytes.isEscape(value):
                // A byte of a file name that is not UTF-8, kept as it was.
                let byte = String(value - RawBytes.escapeBase, radix: 16, uppercase: true)
                result += "\\x" + byte
            default:
                if TextSanitizer.isBidiControl(value) || (0x200E...0x200F).contains(value) || value == 0x061C {
                    result += "\\u{" + String(value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return result
    }
}
