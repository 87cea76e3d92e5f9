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
