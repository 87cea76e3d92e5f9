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
    package static func mark(_ text: String) -> String {
        guard text.contains("`") else { return text }
        var result = ""
        var rest = Substring(text.filter { $0 != start && $0 != end })
        while let open = rest.firstIndex(of: "`") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "`"), close > afterOpen else {
                result += rest[...open]
                rest = rest[afterOpen...]
                continue
            }
            result += rest[..<open]
            result.append(start)
            result += rest[afterOpen..<close].map { $0 == " " ? noBreakSpace : $0 }
            result.append(end)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Marked text as a reader hears it: the code's own characters, no marks, no backticks.
    package static func plain(_ text: String) -> String {
        mark(text).filter { $0 != start && $0 != end }.map { $0 == noBreakSpace ? " " : $0 }.reduce(into: "") { $0.append($1) }
    }

    /// Whether a line holds a mark.
    static func hasMarks(_ line: String) -> Bool {
        line.contains(start) || line.contains(end)
    }
}

extension Canvas {
    /// Writes a line with code marks at `x`: code in the code style, the rest in `style`.
    /// `inCode` carries a span that a wrap split over the line before. Returns the column after it.
    @discardableResult
    package mutating func writeMarked(_ line: String, x: Int, y: Int, style: Style, inCode: inout Bool) -> Int {
        guard InlineCode.hasMarks(line) || inCode else { return write(line, x: x, y: y, style: style) }
        var column = x
        var run = ""
        func flush(_ canvas: inout Canvas, code: Bool) {
            guard !run.isEmpty else { return }
            column = canvas.write(run, x: column, y: y, style: code ? InlineCode.style : style)
            run = ""
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
                run.append(" ")
            default:
                run.append(character)
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
