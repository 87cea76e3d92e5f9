/// One tip as `tour tip` prints it, in place, in a few lines:
///
/// ```
/// Tip  Sync everywhere                       ← the label (accent, bold), the title (bold)
///      Press `s` to sync your habits on      ← the text, wrapped beside the label
///      every machine.
///      Turn tips off: tour tip --off FILE    ← dim: how to make them stop
/// ```
///
/// At most 80 columns wide, whatever the terminal: a tip is read, not scanned.
package enum TipCard {
    package static let maximumWidth = 80

    /// The tip drawn into cells, `width` the terminal's. The text wraps beside the label;
    /// the dim last line is a command to copy, so it is never broken.
    package static func canvas(_ index: Int, of tips: TipSet, offLine: String, width terminalWidth: Int) -> Canvas {
        let tip = tips.tips[index]
        let width = max(20, min(terminalWidth, maximumWidth))
        let icon = tip.icon ?? tips.icon
        let label = TextWidth.truncate((icon.map { $0 + " " } ?? "") + tips.label, to: width / 3)
        let gutter = TextWidth.of(label) + 2
        let bodyWidth = width - gutter
        var rows: [(text: String, style: Style)] = []
        if let title = tip.title, !title.isEmpty {
            rows += TextWidth.wrap(InlineCode.mark(title), width: bodyWidth).map { ($0, Style(bold: true)) }
        }
        rows += TextWidth.wrap(InlineCode.mark(tip.text), width: bodyWidth).map { ($0, Style.plain) }
        // A command to copy: one line, as wide as it needs; the terminal wraps what does not fit.
        rows.append((InlineCode.mark(offLine), Style(dim: true)))
        let canvasWidth = max(width, rows.map { gutter + TextWidth.of(InlineCode.plain($0.text)) }.max() ?? 0)
        var canvas = Canvas(size: Size(width: canvasWidth, height: rows.count))
        canvas.write(label, x: 0, y: 0, style: Style(foreground: tip.accent ?? tips.accent ?? .default, bold: true))
        var inCode = false
        for (y, row) in rows.enumerated() {
            canvas.writeMarked(row.text, x: gutter, y: y, style: row.style, inCode: &inCode)
        }
        return canvas
    }

    /// What to print: with SGR for `depth`, or plain text when the terminal takes none.
    package static func text(_ canvas: Canvas, depth: ColorDepth?) -> String {
        guard let depth else { return ScreenExport.text(canvas) }
        return ScreenExport.ansi(canvas, depth: depth)
    }

    /// The dim last line when the file gives none: how the person turns these tips off.
    package static func defaultOffLine(command: String) -> String {
        "Turn tips off: `\(command)`"
    }
}
