/// What's new after an update, printed in place as a tip is (`"whatsNew": "notice"`):
///
/// ```
/// What's new in mytool  2.0.0 → 2.1.0          ← the label (accent, bold), the versions (dim)
///   • Reminders  A nudge at the right time.     ← each new page: its title (bold), and its
///   • Sync everywhere                             subtitle's first line where there is room
///   Run `mytool whats-new` for more             ← dim: the author's hint, or how to see them again
/// ```
///
/// No alternate screen and no key: the prompt is usable at once. At most 80 columns and
/// `maximumPages` pages, the rest counted in one line, so it never pushes a tool's own
/// output far up.
package enum WhatsNewNotice {
    package static let maximumWidth = 80
    package static let maximumPages = 6

    /// The notice for the `pages` of `tour` (written places, in the order shown), for a
    /// person who had `fromVersion`. `name` names the tool; `lastLine` is the hint, its code
    /// marked already (`lastLine(hint:command:labels:)`).
    package static func canvas(_ tour: Tour, pages: [Int], name: String, fromVersion: String?, lastLine: String?,
                               width terminalWidth: Int) -> Canvas {
        let width = max(20, min(terminalWidth, maximumWidth))
        let title = TextWidth.truncate(Tour.Label.fill(tour.labels[.whatsNewTitle], with: ["{name}": TextSanitizer.clean(name)]), to: width)
        let versions = [fromVersion, tour.version].compactMap { $0 }.map { TextSanitizer.clean($0) }
        // "→" and "•" become "->" and "*" with the rest of the text where the locale is not UTF-8.
        let versionText = versions.count == 2 ? "\(versions[0]) → \(versions[1])" : versions.first ?? ""
        let shown = Array(pages.prefix(pages.count > maximumPages ? maximumPages - 1 : maximumPages))
        let rest = pages.count - shown.count
        var rows: [[(text: String, style: Style)]] = []
        for index in shown {
            let page = tour.page(index)
            let line = TextWidth.truncate("• " + page.title, to: width - 2)
            var row: [(text: String, style: Style)] = [(line, Style(bold: true))]
            let room = width - 2 - TextWidth.of(line) - 2
            let firstLine = page.subtitle.split(separator: "\n").first.map(String.init) ?? ""
            if room >= 8, !firstLine.isEmpty {
                row.append(("  " + TextWidth.truncate(InlineCode.plain(InlineCode.mark(firstLine)), to: room), .plain))
            }
            rows.append(row)
        }
        if rest > 0 { rows.append([("• +\(rest)", Style(dim: true))]) }
        let lastRow = lastLine
        let height = 1 + rows.count + (lastRow == nil ? 0 : 1)
        var canvas = Canvas(size: Size(width: max(width, lastRow.map { 2 + TextWidth.of(InlineCode.plain($0)) } ?? 0), height: height))
        let x = canvas.write(title, x: 0, y: 0, style: Style(foreground: tour.accent ?? .default, bold: true))
        if !versionText.isEmpty, x + 2 + TextWidth.of(versionText) <= width {
            _ = canvas.write(versionText, x: x + 2, y: 0, style: Style(dim: true))
        }
        for (y, row) in rows.enumerated() {
            var column = 2
            for part in row { column = canvas.write(part.text, x: column, y: y + 1, style: part.style) }
        }
        if let lastRow {
            var inCode = false
            _ = canvas.writeMarked(lastRow, x: 2, y: height - 1, style: Style(dim: true), inCode: &inCode)
        }
        return canvas
    }

    /// The last line, within `width` columns (the notice's, 2 of them its indent): the
    /// author's hint (`whatsNewHint`), cut with "…"; else how to see the pages again
    /// (`command`, for the `tour` command: `tour whats-new FILE`), or the command alone
    /// where the words do not fit; else none. A command is never cut, since it would name
    /// another file: one wider than the notice wraps, and a path is at most 4 KiB.
    package static func lastLine(hint: String?, command: String?, labels: Tour.Labels, width terminalWidth: Int = maximumWidth) -> String? {
        let room = max(20, min(terminalWidth, maximumWidth)) - 2
        if let hint { return InlineCode.mark(TextWidth.truncate(TextSanitizer.clean(hint), to: room)) }
        guard let command else { return nil }
        guard let line = againLine(command: command, labels: labels) else { return nil }
        if TextWidth.of(InlineCode.plain(line)) <= room { return line }
        return InlineCode.span(TextSanitizer.clean(command))
    }

    /// The `whatsNewAgain` label with the command in it.
    private static func againLine(command: String, labels: Tour.Labels) -> String? {
        let again = labels[.whatsNewAgain]
        // The words around {command}, found by hand: splitting on a string would link the
        // regex engine's algorithms (1.8 MB) into the binary.
        var before = Substring(again), after = Substring("")
        var index = again.startIndex
        while index < again.endIndex {
            if again[index...].hasPrefix("{command}") {
                before = again[..<index]
                after = again[again.index(index, offsetBy: "{command}".count)...]
                break
            }
            index = again.index(after: index)
        }
        return InlineCode.mark(String(before)) + InlineCode.span(TextSanitizer.clean(command)) + InlineCode.mark(String(after))
    }
}
