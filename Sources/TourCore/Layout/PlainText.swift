/// The tour as plain text, for pipes, dumb terminals and screen readers: no escape sequences.
public enum PlainText {
    public static func page(_ page: Tour.Page, number: Int, of count: Int) -> String {
        var lines = ["Page \(number) of \(count)", page.title]
        if !page.subtitle.isEmpty { lines.append(page.subtitle) }
        for item in page.items {
            let text = item.text.isEmpty ? item.title : "\(item.title): \(item.text)"
            lines.append("- " + (item.icon.isEmpty ? "" : item.icon + " ") + text)
        }
        if !page.extra.isEmpty { lines.append(page.extra) }
        if let hero = page.hero, !hero.lines.isEmpty {
            lines.append("")
            lines.append(contentsOf: hero.lines.map { line in
                var trimmed = Substring(line)
                while trimmed.last == " " { trimmed = trimmed.dropLast() }
                return String(trimmed)
            })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func tour(_ tour: Tour) -> String {
        tour.pages.enumerated().map { index, page in
            self.page(page, number: index + 1, of: tour.pages.count)
        }.joined(separator: "\n")
    }
}
