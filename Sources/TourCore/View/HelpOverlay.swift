/// The `?` screen: every key in the key table, and the mouse, in a box over the page.
package struct HelpOverlay: Sendable {
    /// The key table the help lists.
    package var bindings: KeyBindings
    /// Symbols for the arrow keys.
    package var glyphs: Glyphs
    /// List the mouse actions too.
    package var mouse: Bool

    /// The help for a key table.
    package init(bindings: KeyBindings = .standard, glyphs: Glyphs = .unicode, mouse: Bool = true) {
        self.bindings = bindings
        self.glyphs = glyphs
        self.mouse = mouse
    }

    /// The rows of the help: keys on the left, what they do on the right.
    package var lines: [(keys: String, summary: String)] {
        var lines: [(String, String)] = bindings.bindings.map { binding in
            if binding.command == .jumpToDigit { return ("1–9".replacingASCII(glyphs), binding.summary) }
            return (binding.keys.map { $0.label(glyphs) }.joined(separator: " "), binding.summary)
        }
        if mouse {
            lines.append(("click", "the button, a dot, or Skip"))
            lines.append(("wheel", "previous / next page"))
        }
        return lines
    }

    /// Dims the page and draws the box of keys over its middle.
    package func draw(over canvas: inout Canvas) {
        let rows = lines
        let keyWidth = rows.map { TextWidth.of($0.keys) }.max() ?? 0
        let summaryWidth = rows.map { TextWidth.of($0.summary) }.max() ?? 0
        let footer = "any key closes"
        let innerWidth = min(max(keyWidth + 3 + summaryWidth, TextWidth.of(footer)), max(0, canvas.size.width - 4))
        let boxWidth = innerWidth + 4
        let boxHeight = min(rows.count + 4, canvas.size.height)
        guard boxWidth >= 8, boxHeight >= 3 else {
            canvas.writeCentered("? keys: any key closes", y: canvas.size.height / 2, style: Style(reverse: true), glyphs: glyphs)
            return
        }
        let left = (canvas.size.width - boxWidth) / 2
        let top = (canvas.size.height - boxHeight) / 2
        // The page stays visible but steps back, so the box reads as on top.
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                var cell = canvas[x, y]
                cell.style.dim = true
                cell.style.bold = false
                canvas[x, y] = cell
            }
        }
        let border = Style(bold: true)
        for y in top..<top + boxHeight {
            canvas.write(String(repeating: " ", count: boxWidth), x: left, y: y)
        }
        let horizontal = String(repeating: "-", count: boxWidth - 2)
        canvas.write("+" + horizontal + "+", x: left, y: top, style: border)
        canvas.write("+" + horizontal + "+", x: left, y: top + boxHeight - 1, style: border)
        canvas.write(" Keys ", x: left + 2, y: top, style: Style(bold: true, reverse: true))
        for y in top + 1..<top + boxHeight - 1 {
            canvas.write("|", x: left, y: y, style: border)
            canvas.write("|", x: left + boxWidth - 1, y: y, style: border)
        }
        for (index, row) in rows.prefix(max(0, boxHeight - 4)).enumerated() {
            let y = top + 1 + index
            let keys = TextWidth.truncate(row.keys, to: min(keyWidth, innerWidth), ellipsis: glyphs.ellipsis)
            canvas.write(keys, x: left + 2, y: y, style: Style(bold: true))
            let room = innerWidth - keyWidth - 3
            if room > 0 {
                canvas.write(TextWidth.truncate(row.summary, to: room, ellipsis: glyphs.ellipsis), x: left + 2 + keyWidth + 3, y: y)
            }
        }
        canvas.writeCentered(footer, y: top + boxHeight - 2, style: Style(dim: true), glyphs: glyphs)
    }
}

private extension String {
    /// "1–9" in ASCII when the glyphs are ASCII.
    func replacingASCII(_ glyphs: Glyphs) -> String {
        glyphs == .ascii ? "1-9" : self
    }
}
