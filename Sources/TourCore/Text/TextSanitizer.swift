/// Makes tour content safe to put on a terminal.
///
/// Tour files come from strangers. Whatever they hold, only printable text may reach
/// the screen: escape sequences (CSI, OSC, DCS, …) are removed whole, other C0 and C1
/// controls are dropped, and bidi overrides, which could reorder the rest of the screen,
/// are dropped too. Newlines survive only where the caller asks for them.
package enum TextSanitizer {
    /// The text with every control, escape sequence and bidi mark removed; tabs become four spaces.
    package static func clean(_ text: String, keepNewlines: Bool = false) -> String {
        // Fast path: nearly every string is already clean, which a look at its bytes shows.
        if isClean(text.utf8, keepNewlines: keepNewlines) {
            return text
        }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if EscapeSequence.isIntroducer(scalar.value) {
                index = EscapeSequence.skip(scalars, from: index).next
                continue
            }
            switch scalar.value {
            case 0x0A: output.append(keepNewlines ? "\n" : " ")
            case 0x09: output.append(contentsOf: "    ".unicodeScalars)
            default: if !isUnsafe(scalar) { output.append(scalar) }
            }
            index += 1
        }
        return String(output)
    }

    /// True when the UTF-8 holds nothing `clean` would change: no control byte (newline
    /// aside, when kept), no DEL, no C1 control (C2 80–9F), no bidi mark (E2 80 AA–AE,
    /// E2 81 A6–A9), no invisible operator (E2 81 A1–A4) and no line or paragraph
    /// separator (E2 80 A8–A9).
    static func isClean(_ bytes: String.UTF8View, keepNewlines: Bool) -> Bool {
        if let clean = bytes.withContiguousStorageIfAvailable({ isClean($0, keepNewlines: keepNewlines) }) {
            return clean
        }
        return Array(bytes).withUnsafeBufferPointer { isClean($0, keepNewlines: keepNewlines) }
    }

    private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>, keepNewlines: Bool) -> Bool {
        var index = 0
        while true {
            index = PrintableASCII.end(of: bytes, from: index)
            guard index < bytes.count else { return true }
            let byte = bytes[index]
            index += 1
            if byte < 0x20 {
                if !(byte == 0x0A && keepNewlines) { return false }
            } else if byte == 0x7F {
                return false
            } else if byte == 0xC2, index < bytes.count, bytes[index] >= 0x80, bytes[index] <= 0x9F {
                return false
            } else if byte == 0xE2, index + 1 < bytes.count {
                let second = bytes[index], third = bytes[index + 1]
                if second == 0x80, third >= 0xA8, third <= 0xAE { return false }
                if second == 0x81, third >= 0xA6, third <= 0xA9 { return false }
                if second == 0x81, third >= 0xA1, third <= 0xA4 { return false }
            }
        }
    }

    /// Controls (other than newline), DEL, C1 controls, bidi embedding/override/isolate
    /// marks, and the invisible operators U+2061–U+2064, which mean nothing in a tour and
    /// two of which (U+2062, U+2063) are the marks the view draws code spans by.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2061...0x2064: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `text` when it is printable ASCII, else `fallback`: what a non-UTF-8 terminal shows
    /// for an icon or a dot glyph.
    package static func asciiFallback(_ text: String, or fallback: String) -> String {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text : fallback
    }

    /// Bidi embeddings, overrides and isolates: they can reorder the rest of a line.
    package static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

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

/// Text for a terminal whose locale is not UTF-8. There, the bytes of "Û" (C3 9B) end in
/// 0x9B, which is CSI to an 8-bit terminal: UTF-8 must not go out at all. Every character
/// outside printable ASCII becomes "?" (two for a wide one, so columns stay in step), as
/// the full-screen pager draws it.
package enum ASCIIText {
    /// Marks that have a plain spelling, so an arrow or a bullet still reads as one.
    static let spelledInASCII: [Character: String] = [
        "→": "->", "←": "<-", "•": "*", "…": "...", "·": ".", "●": "*", "○": "o", "—": "-", "–": "-",
        "“": "\"", "”": "\"", "‘": "'", "’": "'",
    ]

    package static func transliterate(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var result = ""
        for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20 || ascii == 0x0A || ascii == 0x09 || ascii == 0x1B {
                result.append(character)
            } else if character == "\r\n" {
                result.append("\n")
            } else if let spelled = spelledInASCII[character] {
                result += spelled
            } else {
                result += String(repeating: "?", count: max(1, TextWidth.of(character)))
            }
        }
        return result
    }
}

/// A value quoted for a message: cut to a readable length and with every control shown
/// visibly, so a message can never carry an escape sequence from the file it quotes.
package struct Quoted: CustomStringConvertible {
    package var text: String
    package init(_ text: String) { self.text = text }
    package var description: String { "\"" + MessageText.visible(text) + "\"" }
}
