/// A question page: the title and subtitle centred, as on any page, then the options as a
/// vertical list, the selected one marked by shape (`●` or `(x)`), bold and in the accent,
/// so it reads without color, at 8 colors and on light and dark backgrounds. A detail is
/// a dim line under its label. When the rows are few, the subtitle goes first, then the
/// details, then the list shows a window of options around the selected one.
package struct ChoiceBody: PageBody {
    package var drawsOwnTitle: Bool { true }

    package var title: String
    package var subtitle: String
    package var choice: Tour.Choice

    package init(title: String, subtitle: String, choice: Tour.Choice) {
        self.title = title
        self.subtitle = subtitle
        self.choice = choice
    }

    func titleLines(width: Int) -> [String] {
        TextWidth.wrap(title, width: min(TextWidth.readableWidth(width), HeroPageBody.titleMaximumWidth), maximumLines: TextWidth.screenLines)
    }

    func subtitleLines(width: Int) -> [String] {
        subtitle.isEmpty ? [] : TextWidth.wrap(InlineCode.mark(subtitle), width: min(TextWidth.readableWidth(width), HeroPageBody.subtitleMaximumWidth),
                                               maximumLines: TextWidth.screenLines)
    }

    /// Rows each option takes: its label, and its detail when details are shown.
    func optionRows(details: Bool) -> [Int] {
        choice.options.map { details && !($0.detail ?? "").isEmpty ? 2 : 1 }
    }

    package func preferredHeight(width: Int, context: PageContext) -> Int {
        let subtitle = subtitleLines(width: width).count
        return titleLines(width: width).count + 1 + (subtitle > 0 ? subtitle + 1 : 0) + optionRows(details: true).reduce(0, +)
    }

    /// The title and one option.
    package func minimumHeight(width: Int, context: PageContext) -> Int { 2 }

    /// What fits in `height` rows, in order of what goes first.
    struct Plan {
        var title: [String]
        var subtitle: [String]
        var gap: Int
        var details: Bool
        /// The options shown, a window of the list, and whether more are above and below.
        var shown: Range<Int>
    }

    func plan(width: Int, height: Int, selected: Int?, compact: Bool) -> Plan {
        var title = titleLines(width: width)
        var subtitle = subtitleLines(width: width)
        var gap = compact ? 0 : 1
        var details = true
        func used(_ options: Int) -> Int {
            title.count + gap + (subtitle.isEmpty ? 0 : subtitle.count + gap) + options
        }
        let all = optionRows(details: true).reduce(0, +)
        if used(all) > height { subtitle = [] }
        if used(all) > height { details = false }
        if used(choice.options.count) > height { gap = 0 }
        if used(1) > height { title = Array(title.prefix(max(1, height - 1))) }
        let rows = optionRows(details: details)
        var room = max(1, height - used(0))
        guard rows.reduce(0, +) > room else { return Plan(title: title, subtitle: subtitle, gap: gap, details: details, shown: 0..<choice.options.count) }
        // A window of options around the selected one; a row each way says there is more.
        room = max(1, room)
        let anchor = selected ?? 0
        var window = anchor..<(anchor + 1)
        var taken = rows[anchor]
        while true {
            let marks = (window.lowerBound > 0 ? 1 : 0) + (window.upperBound < rows.count ? 1 : 0)
            if window.upperBound < rows.count, taken + rows[window.upperBound] + marks <= room {
                taken += rows[window.upperBound]
                window = window.lowerBound..<(window.upperBound + 1)
            } else if window.lowerBound > 0, taken + rows[window.lowerBound - 1] + marks <= room {
                taken += rows[window.lowerBound - 1]
                window = (window.lowerBound - 1)..<window.upperBound
            } else {
                break
            }
        }
        return Plan(title: title, subtitle: subtitle, gap: gap, details: details, shown: window)
    }

    package func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        let width = canvas.size.width
        let plan = plan(width: width, height: canvas.size.height, selected: context.selectedOption, compact: context.compact)
        let glyphs = context.glyphs
        let markWidth = max(TextWidth.of(glyphs.chosen), TextWidth.of(glyphs.notChosen))
        let listWidth = min(TextWidth.readableWidth(width), FeatureListBody.listMaximumWidth)
        let labelWidth = max(1, listWidth - markWidth - 1)
        let rows = optionRows(details: plan.details)
        let moreAbove = plan.shown.lowerBound > 0, moreBelow = plan.shown.upperBound < choice.options.count
        let listRows = plan.shown.map { rows[$0] }.reduce(0, +) + (moreAbove ? 1 : 0) + (moreBelow ? 1 : 0)
        let total = plan.title.count + plan.gap + (plan.subtitle.isEmpty ? 0 : plan.subtitle.count + plan.gap) + listRows
        var y = max(0, (canvas.size.height - total) / 2)
        var layout = PageBodyLayout()
        for line in plan.title {
            layout.title.append(canvas.writeCentered(line, y: y, style: context.titleStyle, glyphs: glyphs))
            y += 1
        }
        y += plan.gap
        if !plan.subtitle.isEmpty {
            var inCode = false
            for line in plan.subtitle {
                layout.subtitle.append(canvas.writeCenteredMarked(line, y: y, glyphs: glyphs, inCode: &inCode))
                y += 1
            }
            y += plan.gap
        }
        // The list is a block, centred by its widest row.
        var widest = 0
        for index in plan.shown {
            let option = choice.options[index]
            widest = max(widest, markWidth + 1 + min(labelWidth, TextWidth.of(InlineCode.plain(InlineCode.mark(option.label)))))
            if plan.details, let detail = option.detail, !detail.isEmpty { widest = max(widest, markWidth + 1 + min(labelWidth, TextWidth.of(detail))) }
        }
        let x = max(0, (width - widest) / 2)
        let listTop = y
        if moreAbove {
            _ = canvas.write("\(glyphs.upArrow) \(context.labels[.moreAbove])", x: x, y: y, style: Style(dim: true))
            y += 1
        }
        for index in plan.shown {
            let option = choice.options[index]
            let selected = index == context.selectedOption
            let mark = selected ? glyphs.chosen : glyphs.notChosen
            let style = selected ? Style(foreground: context.accent ?? .default, bold: true) : Style.plain
            _ = canvas.write(mark, x: x, y: y, style: style)
            var inCode = false
            let label = TextWidth.truncate(InlineCode.mark(option.label), to: labelWidth, ellipsis: glyphs.ellipsis)
            let end = canvas.writeMarked(label, x: x + markWidth + 1, y: y, style: selected ? Style(bold: true) : .plain, inCode: &inCode)
            var rect = Rect(x: x, y: y, width: max(1, end - x), height: 1)
            y += 1
            if plan.details, let detail = option.detail, !detail.isEmpty {
                let shown = TextWidth.truncate(detail, to: labelWidth, ellipsis: glyphs.ellipsis)
                _ = canvas.write(shown, x: x + markWidth + 1, y: y, style: Style(dim: true))
                rect = Rect(x: x, y: rect.y, width: max(rect.width, markWidth + 1 + TextWidth.of(shown)), height: 2)
                y += 1
            }
            layout.options.append(PageBodyLayout.OptionPlace(index: index, rect: rect))
        }
        if moreBelow {
            _ = canvas.write("\(glyphs.downArrow) \(context.labels[.moreBelow])", x: x, y: y, style: Style(dim: true))
            y += 1
        }
        layout.list = Rect(x: x, y: listTop, width: max(1, widest), height: max(1, y - listTop))
        return layout
    }

    /// The question and its options, numbered, the default said: what plain mode prints
    /// and the accessible mode reads.
    package func plainText(context: PageContext) -> String {
        var lines = [title]
        if !subtitle.isEmpty { lines.append(InlineCode.plain(InlineCode.mark(subtitle))) }
        for (index, option) in choice.options.enumerated() {
            var line = "  \(index + 1). \(InlineCode.plain(InlineCode.mark(option.label)))"
            if index == choice.defaultIndex { line += " (\(context.labels[.defaultOption]))" }
            lines.append(line)
            if let detail = option.detail, !detail.isEmpty { lines.append("     \(detail)") }
        }
        return lines.joined(separator: "\n")
    }
}
