/// One tip as `tour tip` prints it, in place, in a few lines:
///
/// ```
/// Tip  Sync everywhere                       ← the label (accent, bold), the title (bold)
///      Press `s` to sync your habits on      ← the text, wrapped beside the label
///      every machine.
///      Turn tips off: tour tip --off --id ID    ← dim: how to make them stop
/// ```
///
/// At most 80 columns wide, whatever the terminal: a tip is read, not scanned. At most
/// six lines high, whatever the file: the title takes one line and the text four, each
/// cut with "…" where it would go on, so a tip never pushes a tool's output off screen.
package enum TipCard {
    package static let maximumWidth = 80
    package static let maximumTextLines = 4

    /// The tip drawn into cells, `width` the terminal's. The text wraps beside the label;
    /// the dim last line (`offLine`, its code already marked) is a command to copy, so it
    /// is never broken.
    package static func canvas(_ index: Int, of tips: TipSet, offLine: String, width terminalWidth: Int) -> Canvas {
        let tip = tips.tips[index]
        let width = max(20, min(terminalWidth, maximumWidth))
        let icon = tip.icon ?? tips.icon
        let label = TextWidth.truncate((icon.map { $0 + " " } ?? "") + tips.label, to: width / 3)
        let gutter = TextWidth.of(label) + 2
        let bodyWidth = width - gutter
        var rows: [(text: String, style: Style)] = []
        if let title = tip.title, !title.isEmpty {
            rows += cut(TextWidth.wrap(InlineCode.mark(title), width: bodyWidth), to: 1, width: bodyWidth).map { ($0, Style(bold: true)) }
        }
        rows += cut(TextWidth.wrap(InlineCode.mark(tip.text), width: bodyWidth), to: maximumTextLines, width: bodyWidth)
            .map { ($0, Style.plain) }
        // A command to copy: one line, never broken. Beside the label when it fits the
        // terminal there, else from the first column; wider still, the terminal wraps it.
        let offWidth = TextWidth.of(offLine)
        let offX = gutter + offWidth <= max(width, min(terminalWidth, 200)) ? gutter : 0
        let canvasWidth = max(width, rows.map { gutter + TextWidth.of(InlineCode.plain($0.text)) }.max() ?? 0, offX + offWidth)
        var canvas = Canvas(size: Size(width: canvasWidth, height: rows.count + 1))
        canvas.write(label, x: 0, y: 0, style: Style(foreground: tip.accent ?? tips.accent ?? .default, bold: true))
        var inCode = false
        for (y, row) in rows.enumerated() {
            canvas.writeMarked(row.text, x: gutter, y: y, style: row.style, inCode: &inCode)
        }
        inCode = false
        canvas.writeMarked(offLine, x: offX, y: rows.count, style: Style(dim: true), inCode: &inCode)
        return canvas
    }

    /// The first `count` lines, the last of them ending in "…" when more were cut.
    static func cut(_ lines: [String], to count: Int, width: Int) -> [String] {
        guard lines.count > count else { return lines }
        var kept = Array(lines.prefix(count))
        kept[count - 1] = TextWidth.truncate(kept[count - 1], to: width, continues: true)
        return kept
    }

    /// The command that turns off the tips kept under `id`: one the person can type from
    /// anywhere, however deep the tool's files are installed. `--id` says it is an id, so a
    /// file or folder of that name where the person stands (a tool's own name is the
    /// commonest in its author's folders) is not read instead.
    /// `tour`: the word that calls tour in the person's shell (`CommandName`).
    package static func offCommand(id: String, tour: String = "tour") -> String {
        "\(tour) tip --off --id \(ShellWord.quote(id))"
    }

    /// What to print: with SGR for `depth`, or plain text when the terminal takes none.
    package static func text(_ canvas: Canvas, depth: ColorDepth?) -> String {
        guard let depth else { return ScreenExport.text(canvas) }
        return ScreenExport.ansi(canvas, depth: depth)
    }

    /// The dim last line, cleaned and with its code marked: how the person turns these tips
    /// off. The file's own words first, then the tool's (`TipOptions.offHint`), then the
    /// `tour` command's (`tour tip --off FILE`), and for a Swift tool that gave none the
    /// variable that silences every tool. The command is one code span as it is: a file
    /// name is never read as markup (`` x`id`y.json `` stays whole).
    /// The author's words are cut with "…" to the card's width (`width` the terminal's),
    /// so they never wrap; the command is never cut.
    package static func offLine(file: String?, tool: String?, command: String?, width: Int = maximumWidth) -> String {
        if let words = file ?? tool {
            return InlineCode.mark(TextWidth.truncate(TextSanitizer.clean(words), to: max(20, min(width, maximumWidth))))
        }
        if let command { return "Turn tips off: " + InlineCode.span(TextSanitizer.clean(command)) }
        return InlineCode.mark("Turn tips off: set `TOUR_NO_TIPS=1`")
    }
}
