/// The tour as plain text, for pipes, dumb terminals and screen readers: no escape sequences.
package enum PlainText {
    /// One page: "Page N of M" (the `page` label), then the body's own text. For a screen reader
    /// (`spoken`), a picture is its `heroAlt` words, or nothing: ASCII art read aloud is noise.
    package static func page(_ page: Tour.Page, number: Int, of count: Int, glyphs: Glyphs = .unicode, spoken: Bool = false,
                             labels: Tour.Labels = Tour.Labels()) -> String {
        var context = PageContext(glyphs: glyphs, accent: nil)
        context.labels = labels
        var text = labels.pageHeader(number: number, of: count) + "\n"
        // A picture is never drawn as text: its words stand in for it, in every plain output.
        if spoken || page.picture != nil, page.kindName == PageKind.page.name {
            text += HeroPageBody(title: page.title, subtitle: page.subtitle, hero: nil).plainText(context: context)
            if let alt = page.heroAlt, !alt.isEmpty { text += "\n\(labels[.picture]): \(alt)" }
        } else {
            text += page.body.plainText(context: context)
        }
        return text + "\n"
    }

    /// Every page, separated by blank lines.
    package static func tour(_ tour: Tour, glyphs: Glyphs = .unicode) -> String {
        (0..<tour.pageCount).map { index in
            self.page(tour.page(index), number: index + 1, of: tour.pageCount, glyphs: glyphs, labels: tour.labels)
        }.joined(separator: "\n")
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
