/// The `?` screen: every key in the key table, and the mouse, in a box over the page.
package struct HelpOverlay: Sendable {
    /// The key table the help lists.
    package var bindings: KeyBindings
    /// Symbols for the arrow keys.
    package var glyphs: Glyphs
    /// List the mouse actions too.
    package var mouse: Bool
    /// The tour's words: a translation's help labels win over the key table's summaries.
    package var labels: Tour.Labels

    /// The help for a key table.
    package init(bindings: KeyBindings = .standard, glyphs: Glyphs = .unicode, mouse: Bool = true, labels: Tour.Labels = Tour.Labels()) {
        self.bindings = bindings
        self.glyphs = glyphs
        self.mouse = mouse
        self.labels = labels
    }

    /// Rows the help keeps first when the window is short: the ways to leave, then the
    /// ways to move; the rest go before these.
    static let importance: [KeyBindings.Command] = [.skip, .quit, .advance, .next, .previous]

    /// The rows, each with how much it matters (lower keeps longer).
    private var rows: [(keys: String, summary: String, rank: Int)] {
        var lines: [(String, String, Int)] = bindings.bindings.map { binding in
            let rank = Self.importance.firstIndex(of: binding.command) ?? Self.importance.count
            let summary = labels.override(Tour.Label.help(for: binding.command)) ?? binding.summary
            if binding.command == .jumpToDigit { return ("1–9".replacingASCII(glyphs), summary, rank) }
            return (binding.keys.map { $0.label(glyphs) }.joined(separator: " "), summary, rank)
        }
        if mouse {
            lines.append((labels[.mouseClick], labels[.helpClick], Self.importance.count + 1))
            lines.append((labels[.mouseWheel], labels[.helpWheel], Self.importance.count + 1))
        }
        return lines
    }

    /// The rows that fit in `count`, most important first, shown in table order.
    private func rows(fitting count: Int) -> [(keys: String, summary: String, rank: Int)] {
        let all = rows
        guard all.count > count else { return all }
        let kept = Set(all.indices.sorted { (all[$0].rank, $0) < (all[$1].rank, $1) }.prefix(max(0, count)))
        return all.indices.filter(kept.contains).map { all[$0] }
    }

    /// Dims the page and draws the box of keys over its middle.
    package func draw(over canvas: inout Canvas) {
        let rows = rows(fitting: canvas.size.height - 4)
        let keyWidth = rows.map { TextWidth.of($0.keys) }.max() ?? 0
        let summaryWidth = rows.map { TextWidth.of($0.summary) }.max() ?? 0
        let footer = labels[.helpClose]
        let innerWidth = min(max(keyWidth + 3 + summaryWidth, TextWidth.of(footer)), max(0, canvas.size.width - 4))
        let boxWidth = innerWidth + 4
        let boxHeight = min(rows.count + 4, canvas.size.height)
        guard boxWidth >= 8, boxHeight >= 4 else {
            // No room for a box: still say how to leave.
            let leave = bindings.keyName(for: .skip, glyphs: glyphs).map { "\($0) \(labels[.hintSkip]) \(glyphs.separator) " } ?? ""
            canvas.writeCentered("\(leave)\(footer)", y: canvas.size.height / 2, style: Style(reverse: true), glyphs: glyphs)
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
        canvas.write(" " + TextWidth.truncate(labels[.helpTitle], to: max(0, boxWidth - 6), ellipsis: glyphs.ellipsis) + " ",
                     x: left + 2, y: top, style: Style(bold: true, reverse: true))
        for y in top + 1..<top + boxHeight - 1 {
            canvas.write("|", x: left, y: y, style: border)
            canvas.write("|", x: left + boxWidth - 1, y: y, style: border)
        }
        for (index, row) in rows.enumerated() {
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
