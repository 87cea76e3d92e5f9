/// The checklist as a start prints it, in place, in a tip's slot:
///
/// ```
/// Getting started  1 of 3                  ← the title (accent, bold), the progress (dim)
///   ✓ Log in                               ← done: the mark in the accent, the title dim
///   ☐ Sync your notes                      ← to do
///   ☐ Find a note
///   Next: mytool sync                      ← the next item's hint (its title when it has none)
///   Hide tips: mytool config tips off      ← dim: the tips' own last line, the same switch
/// ```
///
/// Once every item is done, one line, said once: `✓ Getting started: all done`. At most
/// 80 columns, whatever the terminal; every line is cut with "…" rather than wrapped, so
/// the card is never more than the items and three lines high.
package enum ChecklistCard {
    package static let maximumWidth = 80
    static let doneMark = "✓"
    static let todoMark = "☐"

    /// The card for `stage` of `checklist`, with the items `done` (`Checklist.done(in:)`).
    /// `offLine` is the tips' last line (`TipCard.offLine`), its code marked already;
    /// `width` the terminal's.
    package static func canvas(_ checklist: Checklist, stage: Checklist.Stage, done: [Bool], accent: Color?,
                               offLine: String, width terminalWidth: Int) -> Canvas {
        let width = max(20, min(terminalWidth, maximumWidth))
        let accentStyle = Style(foreground: accent ?? .default, bold: true)
        if stage == .allDone {
            var canvas = Canvas(size: Size(width: width, height: 1))
            let x = canvas.write(doneMark + " ", x: 0, y: 0, style: accentStyle)
            canvas.write(TextWidth.truncate(checklist.title + ": all done", to: width - x), x: x, y: 0, style: Style(bold: true))
            return canvas
        }
        let count = done.filter { $0 }.count
        let progress = "\(count) of \(checklist.items.count)"
        var rows: [(mark: String, text: String, style: Style)] = []
        for (index, item) in checklist.items.enumerated() {
            let isDone = index < done.count && done[index]
            rows.append((isDone ? doneMark : todoMark, TextWidth.truncate(item.title, to: width - 4), isDone ? Style(dim: true) : .plain))
        }
        let nextIndex = done.firstIndex(of: false)
        let nextLine = nextIndex.map { index in
            let item = checklist.items[index]
            return "Next: " + InlineCode.mark(TextWidth.truncate(item.hint ?? item.title, to: width - 8))
        }
        let lines = [nextLine, offLine].compactMap { $0 }
        let widest = lines.map { 2 + TextWidth.of(InlineCode.plain($0)) }.max() ?? 0
        var canvas = Canvas(size: Size(width: max(width, widest), height: 1 + rows.count + lines.count))
        let titleEnd = canvas.write(TextWidth.truncate(checklist.title, to: width - progress.count - 2), x: 0, y: 0, style: accentStyle)
        canvas.write(progress, x: titleEnd + 2, y: 0, style: Style(dim: true))
        for (offset, row) in rows.enumerated() {
            let x = canvas.write(row.mark, x: 2, y: 1 + offset, style: row.mark == doneMark ? Style(foreground: accent ?? .default) : .plain)
            canvas.write(row.text, x: x + 1, y: 1 + offset, style: row.style)
        }
        for (offset, line) in lines.enumerated() {
            var inCode = false
            canvas.writeMarked(line, x: 2, y: 1 + rows.count + offset, style: offset == lines.count - 1 ? Style(dim: true) : .plain, inCode: &inCode)
        }
        return canvas
    }

    /// The card as plain lines, for `tour checklist` in a pipe and for tests.
    package static func plainText(_ checklist: Checklist, stage: Checklist.Stage, done: [Bool], offLine: String) -> String {
        ScreenExport.text(canvas(checklist, stage: stage, done: done, accent: nil, offLine: offLine, width: maximumWidth))
    }
}
