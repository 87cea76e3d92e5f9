/// A practice page: the title and subtitle centred, as on any page, then what to press or
/// type in the code style, the line typed so far, and under it a kind word after a try
/// that was not it, or the check mark and the page's `done` once it is done.
package struct PracticeBody: PageBody {
    package var drawsOwnTitle: Bool { true }

    var title: String
    var subtitle: String
    var practice: Tour.Practice

    /// Each row under the subtitle, marked for code, with its style.
    func rows(_ context: PageContext) -> [(text: String, style: Style)] {
        let labels = context.labels
        let named = InlineCode.span(practice.named(context.glyphs))
        var rows: [(String, Style)] = []
        switch practice.expectation {
        case .keys: rows.append((Tour.Label.fill(labels[.practicePress], with: ["{keys}": named]), Style(bold: true)))
        case .line: rows.append((Tour.Label.fill(labels[.practiceType], with: ["{line}": named]), Style(bold: true)))
        }
        let progress = context.practice ?? PracticeProgress()
        if case .line = practice.expectation, !progress.isDone {
            rows.append(("> " + InlineCode.span(progress.typed + "_"), .plain))
        }
        if progress.isDone {
            let said = practice.done.isEmpty ? labels[.practiceDone] : practice.done
            rows.append(("\(context.glyphs.check) \(said)", Style(foreground: context.accent ?? .default, bold: true)))
        } else if let missed = progress.missed {
            let tried: String
            switch missed {
            case .key(let key): tried = InlineCode.span(key.label(context.glyphs))
            case .line(let line): tried = InlineCode.span(line.isEmpty ? "Enter" : line)
            }
            rows.append((Tour.Label.fill(labels[.practiceMissed], with: ["{tried}": tried]), Style(dim: true)))
        }
        return rows
    }

    func lines(_ text: String, width: Int, maximum: Int) -> [String] {
        text.isEmpty ? [] : TextWidth.wrap(text, width: min(TextWidth.readableWidth(width), maximum), maximumLines: TextWidth.screenLines)
    }

    package func preferredHeight(width: Int, context: PageContext) -> Int {
        let subtitleRows = lines(InlineCode.mark(subtitle), width: width, maximum: HeroPageBody.subtitleMaximumWidth).count
        let below = rows(context).reduce(0) { $0 + lines($1.text, width: width, maximum: HeroPageBody.subtitleMaximumWidth).count }
        return lines(title, width: width, maximum: HeroPageBody.titleMaximumWidth).count + 1 + (subtitleRows > 0 ? subtitleRows + 1 : 0) + below
    }

    /// The title and what to press.
    package func minimumHeight(width: Int, context: PageContext) -> Int { 2 }

    package func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        let width = canvas.size.width, height = canvas.size.height
        let glyphs = context.glyphs
        var title = lines(title, width: width, maximum: HeroPageBody.titleMaximumWidth)
        var subtitle = lines(InlineCode.mark(subtitle), width: width, maximum: HeroPageBody.subtitleMaximumWidth)
        let below = rows(context).flatMap { row in lines(row.text, width: width, maximum: HeroPageBody.subtitleMaximumWidth).map { ($0, row.style) } }
        var gap = context.compact ? 0 : 1
        // What goes first when rows are few: the gaps, the subtitle, then title lines.
        func used() -> Int { title.count + gap + (subtitle.isEmpty ? 0 : subtitle.count + gap) + below.count }
        if used() > height { gap = 0 }
        if used() > height { subtitle = [] }
        if used() > height { title = Array(title.prefix(max(1, height - below.count))) }
        var y = max(0, (height - used()) / 2)
        var layout = PageBodyLayout()
        for line in title {
            layout.title.append(canvas.writeCentered(line, y: y, style: context.titleStyle, glyphs: glyphs))
            y += 1
        }
        y += gap
        if !subtitle.isEmpty {
            var inCode = false
            for line in subtitle {
                layout.subtitle.append(canvas.writeCenteredMarked(line, y: y, glyphs: glyphs, inCode: &inCode))
                y += 1
            }
            y += gap
        }
        for (line, style) in below where y < height {
            var inCode = false
            _ = canvas.writeCenteredMarked(line, y: y, style: style, glyphs: glyphs, inCode: &inCode)
            y += 1
        }
        return layout
    }

    /// The title, the subtitle and what to press or type: what plain mode prints and the
    /// accessible mode reads before it asks.
    package func plainText(context: PageContext) -> String {
        var lines = [title]
        if !subtitle.isEmpty { lines.append(InlineCode.plain(InlineCode.mark(subtitle))) }
        lines.append(PlainText.practiceInstruction(practice, glyphs: context.glyphs, labels: context.labels))
        return lines.joined(separator: "\n")
    }
}

extension PlainText {
    /// What a practice asks, in words: "Press Ctrl-R", "Type notes sync and press Enter".
    package static func practiceInstruction(_ practice: Tour.Practice, glyphs: Glyphs, labels: Tour.Labels) -> String {
        let named = practice.named(glyphs)
        switch practice.expectation {
        case .keys: return Tour.Label.fill(labels[.practicePress], with: ["{keys}": named])
        case .line: return Tour.Label.fill(labels[.practiceType], with: ["{line}": named])
        }
    }
}
