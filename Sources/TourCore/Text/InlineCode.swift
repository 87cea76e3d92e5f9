/// `code` in a subtitle, a feature's text or the closing text: drawn in a code style
/// without its backticks, and kept on one line where it fits on one.
///
/// Before wrapping, a span is marked with two zero-width characters (U+2062 before it,
/// U+2063 after it) and its spaces become no-break spaces, so the wrapper, which breaks
/// only at spaces, keeps it whole and every width stays right. The view draws the marks
/// as a change of style; plain and accessible output say the text without backticks.
package enum InlineCode {
    static let start: Character = "\u{2062}"
    static let end: Character = "\u{2063}"
    static let noBreakSpace: Character = "\u{00A0}"

    /// The style code is drawn in.
    package static let style = Style(foreground: .ansi(6))

    /// `text` with its code spans marked; a backtick without a partner stays as it is.
    /// One pass over the UTF-8 bytes: it runs on every layout of a page.
    package static func mark(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(0x60) else { return text }
        let startBytes: [UInt8] = [0xE2, 0x81, 0xA2], endBytes: [UInt8] = [0xE2, 0x81, 0xA3], noBreak: [UInt8] = [0xC2, 0xA0]
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // Marks the author typed would be taken for ours: they are dropped.
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x81, bytes[index + 2] == 0xA2 || bytes[index + 2] == 0xA3 {
                index += 3
                continue
            }
            guard byte == 0x60, let close = bytes[(index + 1)...].firstIndex(of: 0x60), close > index + 1 else {
                result.append(byte)
                index += 1
                continue
            }
            result += startBytes
            for inner in bytes[(index + 1)..<close] {
                if inner == 0x20 { result += noBreak } else { result.append(inner) }
            }
            result += endBytes
            index = close + 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` as one code span, whatever it holds: a command made of a file name, which may
    /// have backticks of its own.
    package static func span(_ text: String) -> String {
        String(start) + String(text.map { $0 == " " ? noBreakSpace : $0 }) + String(end)
    }

    /// Marked text as a reader hears it: the code's own characters, no marks, no backticks.
    package static func plain(_ text: String) -> String {
        mark(text).filter { $0 != start && $0 != end }.map { $0 == noBreakSpace ? " " : $0 }.reduce(into: "") { $0.append($1) }
    }

    /// Whether a line holds a mark (both are E2 81 A2/A3 in UTF-8).
    static func hasMarks(_ line: String) -> Bool {
        line.utf8.contains(0xE2) && (line.contains(start) || line.contains(end))
    }
}

extension Canvas {
    /// Writes a line with code marks at `x`: code in the code style, the rest in `style`.
    /// `inCode` carries a span that a wrap split over the line before. Returns the column after it.
    @discardableResult
    package mutating func writeMarked(_ line: String, x: Int, y: Int, style: Style, inCode: inout Bool) -> Int {
        guard InlineCode.hasMarks(line) || inCode else { return write(line, x: x, y: y, style: style) }
        var column = x
        var span = ""
        func flush(_ canvas: inout Canvas, code: Bool) {
            guard !span.isEmpty else { return }
            column = canvas.write(span, x: column, y: y, style: code ? InlineCode.style : style)
            span = ""
        }
        for character in line {
            switch character {
            case InlineCode.start:
                flush(&self, code: inCode)
                inCode = true
            case InlineCode.end:
                flush(&self, code: inCode)
                inCode = false
            case InlineCode.noBreakSpace:
                span.append(" ")
            default:
                span.append(character)
            }
        }
        flush(&self, code: inCode)
        return column
    }

    /// The same, centred on row `y`, as `writeCentered` does.
    @discardableResult
    package mutating func writeCenteredMarked(_ line: String, y: Int, style: Style = .plain, glyphs: Glyphs, inCode: inout Bool) -> Rect {
        let fitted = TextWidth.truncate(line, to: size.width, ellipsis: glyphs.ellipsis)
        let width = TextWidth.of(fitted)
        let x = (size.width - width) / 2
        writeMarked(fitted, x: x, y: y, style: style, inCode: &inCode)
        return Rect(x: x, y: y, width: width, height: 1)
    }
}
