/// The tour as plain text, for pipes, dumb terminals and screen readers: no escape sequences.
package enum PlainText {
    /// One page: "Page N of M", then the body's own text.
    package static func page(_ page: Tour.Page, number: Int, of count: Int, glyphs: Glyphs = .unicode) -> String {
        let context = PageContext(glyphs: glyphs, accent: nil)
        return "Page \(number) of \(count)\n" + page.body.plainText(context: context) + "\n"
    }

    /// Every page, separated by blank lines.
    package static func tour(_ tour: Tour, glyphs: Glyphs = .unicode) -> String {
        tour.pages.enumerated().map { index, page in
            self.page(page, number: index + 1, of: tour.pages.count, glyphs: glyphs)
        }.joined(separator: "\n")
    }

    static func trimmingTrailingSpaces(_ line: String) -> String {
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
