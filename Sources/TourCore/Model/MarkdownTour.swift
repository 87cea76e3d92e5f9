/// Reads a tour written in Markdown, the format tool authors already use for prose.
///
/// ```
/// ---
/// id: habits
/// version: 2.1.0
/// ---
///
/// # Form new habits            ← a heading starts a page and is its title
/// Small steps, every day.      ← the first paragraph is the subtitle
///
///     ```                      ← a fenced code block is the hero art
///      /\_/\
///     ```
///
/// ---                          ← a rule between pages (optional)
///
/// # What's new in 2.1
/// <!-- since: 2.1.0 -->        ← page options in comments: since, accent, button, gradient, heroFile, kind
///
/// ## What's new                ← this heading turns the page into a feature list
/// - ★ Sync: Your habits on every machine.
///
/// And many small fixes.        ← text after the list closes it
/// ```
///
/// It loads into the same `Tour` as JSON, so every command works on both, and its
/// errors point at the Markdown line.
public struct MarkdownTourParser {
    /// What the front matter may set.
    public static let frontMatterKeys = ["id", "version", "next", "done", "skip", "accent"]
    /// What a page's `<!-- key: value -->` comments may set.
    public static let pageOptionKeys = ["since", "accent", "button", "gradient", "heroFile", "kind"]

    private let fileName: String
    private let readArt: TourDecoder.ArtReader
    private var diagnostics: [Diagnostic] = []

    /// A parser for one file; art files are read with `readArt`.
    public init(fileName: String, readArt: @escaping TourDecoder.ArtReader) {
        self.fileName = fileName
        self.readArt = readArt
    }

    /// A page as it is being read.
    private struct Draft {
        var line: Int
        var title: String
        var subtitle: [String] = []
        var subtitleDone = false
        var hero: [String]? = nil
        var heroLine = 0
        var heroFile: (path: String, line: Int, column: Int)? = nil
        var options: [String: (value: String, line: Int, column: Int)] = [:]
        var isFeatureList = false
        var items: [Tour.Feature] = []
        var extra: [String] = []
    }

    /// The tour as far as it could be read, and every problem found, in file order.
    public mutating func check(_ bytes: [UInt8]) -> (Tour?, [Diagnostic]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return (nil, [Diagnostic(file: fileName, position: SourcePosition(line: 1, column: 1), severity: .error, message: "invalid UTF-8")])
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        var tour = Tour(pages: [])
        var index = 0

        // Front matter.
        if lines.first?.trimmingSpaces == "---" {
            index = 1
            var closed = false
            while index < lines.count {
                let line = lines[index].trimmingSpaces
                index += 1
                if line == "---" {
                    closed = true
                    break
                }
                if line.isEmpty || line.hasPrefix("#") { continue }
                guard let colon = line.firstIndex(of: ":") else {
                    error(index, 1, "front matter lines are \"key: value\"")
                    continue
                }
                let key = String(line[..<colon]).trimmingSpaces
                let value = String(line[line.index(after: colon)...]).trimmingSpaces.unquoted
                switch key {
                case "id": tour.id = TextSanitizer.clean(value)
                case "version":
                    if Version(value) == nil { error(index, colon.utf16Offset(in: line) + 3, "\"version\" must be dotted numbers such as \"2.1.0\", not \"\(value)\"") }
                    else { tour.version = value }
                case "next": tour.labels.next = TextSanitizer.clean(value)
                case "done": tour.labels.done = TextSanitizer.clean(value)
                case "skip": tour.labels.skip = TextSanitizer.clean(value)
                case "accent":
                    if let color = ColorName.parse(value) { tour.accent = color } else { error(index, 1, "\"accent\" must be a color name or #RRGGBB, not \"\(value)\"") }
                default:
                    error(index, 1, unknownKey(key, in: "the front matter", allowed: Self.frontMatterKeys))
                }
            }
            if !closed { error(1, 1, "the front matter has no closing \"---\"") }
        }

        // Pages.
        var drafts: [Draft] = []
        var inFence = false
        var fenceLines: [String] = []
        var fenceStart = 0
        while index < lines.count {
            let raw = lines[index]
            let line = raw.trimmingSpaces
            index += 1
            if inFence {
                if line.hasPrefix("```") {
                    inFence = false
                    if drafts.isEmpty {
                        error(fenceStart, 1, "a code block before the first \"# \" heading")
                    } else if drafts[drafts.count - 1].hero != nil || drafts[drafts.count - 1].heroFile != nil {
                        error(fenceStart, 1, "page \(drafts.count) already has hero art")
                    } else {
                        drafts[drafts.count - 1].hero = fenceLines
                        drafts[drafts.count - 1].heroLine = fenceStart
                        drafts[drafts.count - 1].subtitleDone = true
                    }
                } else {
                    fenceLines.append(raw)
                }
                continue
            }
            if line.hasPrefix("```") {
                inFence = true
                fenceLines = []
                fenceStart = index
                continue
            }
            if line.hasPrefix("# ") || line == "#" {
                drafts.append(Draft(line: index, title: String(line.dropFirst(1)).trimmingSpaces))
                continue
            }
            if line.isEmpty {
                if var last = drafts.last, !last.subtitle.isEmpty, !last.subtitleDone {
                    last.subtitleDone = true
                    drafts[drafts.count - 1] = last
                }
                continue
            }
            if line == "---" || line == "***" { continue }
            guard !drafts.isEmpty else {
                error(index, 1, "text before the first \"# \" heading; a page starts with \"# Title\"")
                continue
            }
            var draft = drafts[drafts.count - 1]
            if line.hasPrefix("<!--") {
                parseComment(line, line: index, into: &draft)
            } else if line.hasPrefix("## ") {
                let heading = String(line.dropFirst(3)).trimmingSpaces.lowercased()
                if heading == "what's new" || heading == "what’s new" {
                    draft.isFeatureList = true
                    draft.subtitleDone = true
                } else {
                    error(index, 1, "only \"## What's new\" is understood inside a page")
                }
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") {
                if draft.isFeatureList || draft.options["kind"]?.value == "features" {
                    draft.items.append(Self.feature(String(line.dropFirst(2)).trimmingSpaces))
                } else {
                    error(index, 1, "a list belongs under \"## What's new\"")
                }
            } else if draft.isFeatureList || !draft.items.isEmpty {
                draft.extra.append(line)
            } else if !draft.subtitleDone {
                draft.subtitle.append(line)
            } else {
                error(index, 1, "a page has one paragraph (its subtitle); start a new page with \"# Title\"")
            }
            drafts[drafts.count - 1] = draft
        }
        if inFence { error(fenceStart, 1, "this code block is never closed with ```") }
        if drafts.isEmpty { error(max(1, index), 1, "no pages; a page starts with \"# Title\"") }

        for (number, draft) in drafts.enumerated() {
            if let page = build(draft, number: number + 1, tourVersion: tour.version.flatMap(Version.init)) { tour.pages.append(page) }
        }
        let sorted = diagnostics.enumerated().sorted { a, b in
            let (left, right) = (a.element.position, b.element.position)
            if let left, let right, left != right { return (left.line, left.column) < (right.line, right.column) }
            return a.offset < b.offset
        }.map(\.element)
        return (tour.pages.isEmpty ? nil : tour, sorted)
    }

    private mutating func build(_ draft: Draft, number: Int, tourVersion: Version?) -> Tour.Page? {
        if draft.title.isEmpty {
            error(draft.line, 1, "page \(number) has no title after \"# \"")
            return nil
        }
        var page: Tour.Page
        if draft.isFeatureList || draft.options["kind"]?.value == "features" {
            page = Tour.Page(title: draft.title, features: draft.items, extra: draft.extra.joined(separator: " "))
        } else {
            page = Tour.Page(title: draft.title, subtitle: draft.subtitle.joined(separator: " "))
        }
        if let hero = draft.hero {
            let art = Tour.Art(text: hero.joined(separator: "\n"))
            page.hero = checked(art, line: draft.heroLine)
        }
        if let file = draft.heroFile {
            do throws(TourError) {
                let bytes = try readArt(file.path)
                page.hero = checked(Tour.Art(text: String(decoding: bytes, as: UTF8.self)), line: file.line)
                page.heroFile = file.path
            } catch {
                self.error(file.line, file.column, "cannot read heroFile \"\(file.path)\": \(Self.reason(error))")
            }
        }
        for (key, option) in draft.options {
            switch key {
            case "since":
                if let version = Version(option.value) {
                    page.since = version
                    if let tourVersion, version > tourVersion {
                        diagnostics.append(Diagnostic(file: fileName, position: SourcePosition(line: option.line, column: option.column), severity: .warning,
                                                      message: "\"since\": \"\(option.value)\" is newer than the tour's version \(tourVersion); --once will not show this page yet"))
                    }
                } else {
                    error(option.line, option.column, "\"since\" must be dotted numbers such as \"2.1.0\", not \"\(option.value)\"")
                }
            case "accent":
                if let color = ColorName.parse(option.value) { page.accent = color } else { error(option.line, option.column, "\"accent\" must be a color name or #RRGGBB, not \"\(option.value)\"") }
            case "button":
                page.button = TextSanitizer.clean(option.value)
            case "gradient":
                let colors = option.value.split(separator: ",").map { ColorName.parse(String($0).trimmingSpaces) }
                if colors.count >= 2, colors.count <= 16, colors.allSatisfy({ $0 != nil }) {
                    page.gradient = colors.compactMap { $0 }
                } else {
                    error(option.line, option.column, "\"gradient\" must be 2 to 16 colors separated by commas, such as #3a7bd5, #00d2ff")
                }
            case "kind":
                if option.value != "page" && option.value != "features" {
                    error(option.line, option.column, "\"kind\" must be \"page\" or \"features\", not \"\(option.value)\"")
                }
            default:
                break
            }
        }
        return page
    }

    private mutating func checked(_ art: Tour.Art, line: Int) -> Tour.Art? {
        if art.width > TourDecoder.maximumArtColumns || art.lines.count > TourDecoder.maximumArtRows {
            error(line, 1, "hero art is \(art.width)×\(art.lines.count); the limit is \(TourDecoder.maximumArtColumns)×\(TourDecoder.maximumArtRows)")
            return nil
        }
        if art.width > TourDecoder.comfortableArtColumns {
            diagnostics.append(Diagnostic(file: fileName, position: SourcePosition(line: line, column: 1), severity: .warning,
                                          message: "hero art is \(art.width) columns wide; it will be left out on terminals narrower than \(art.width + 2) columns"))
        }
        return art
    }

    /// `<!-- key: value -->`, one option per comment.
    private mutating func parseComment(_ line: String, line number: Int, into draft: inout Draft) {
        guard line.hasSuffix("-->") else {
            error(number, 1, "a comment must close on the same line with -->")
            return
        }
        let body = String(line.dropFirst(4).dropLast(3)).trimmingSpaces
        guard let colon = body.firstIndex(of: ":") else {
            error(number, 6, "page options are written <!-- key: value -->")
            return
        }
        let key = String(body[..<colon]).trimmingSpaces
        let value = String(body[body.index(after: colon)...]).trimmingSpaces.unquoted
        guard Self.pageOptionKeys.contains(key) else {
            error(number, 6, unknownKey(key, in: "page options", allowed: Self.pageOptionKeys))
            return
        }
        if draft.options[key] != nil || (key == "heroFile" && draft.heroFile != nil) {
            error(number, 6, "duplicate \"\(key)\" on page \"\(draft.title)\"")
            return
        }
        if key == "heroFile" {
            if draft.hero != nil { error(number, 6, "this page already has hero art") } else { draft.heroFile = (value, number, 6) }
            return
        }
        draft.options[key] = (value, number, 6)
    }

    /// `- ★ Sync: Your habits on every machine.` → icon ★, title Sync, text after the colon.
    static func feature(_ text: String) -> Tour.Feature {
        var rest = Substring(text)
        var icon = ""
        if let first = rest.split(separator: " ", maxSplits: 1).first,
           !first.contains(where: { $0.isLetter || $0.isNumber }), rest.count > first.count {
            icon = String(first)
            rest = rest.dropFirst(first.count).drop { $0 == " " }
        }
        if let colon = rest.indices.first(where: { rest[$0] == ":" && rest.index(after: $0) < rest.endIndex && rest[rest.index(after: $0)] == " " }) {
            return Tour.Feature(icon: icon, title: String(rest[..<colon]), text: String(rest[rest.index(colon, offsetBy: 2)...]))
        }
        return Tour.Feature(icon: icon, title: String(rest))
    }

    private func unknownKey(_ key: String, in what: String, allowed: [String]) -> String {
        var message = "unknown key \"\(key)\" in \(what)"
        if let suggestion = KeySuggestion.closest(to: key, among: allowed) {
            message += "; did you mean \"\(suggestion)\"?"
        } else {
            message += "; expected one of: " + allowed.joined(separator: ", ")
        }
        return message
    }

    private mutating func error(_ line: Int, _ column: Int, _ message: String) {
        diagnostics.append(Diagnostic(file: fileName, position: SourcePosition(line: line, column: column), severity: .error, message: message))
    }

    private static func reason(_ error: TourError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// Without one pair of surrounding quotes, as YAML-ish front matter allows.
    var unquoted: String {
        if count >= 2, (hasPrefix("\"") && hasSuffix("\"")) || (hasPrefix("'") && hasSuffix("'")) {
            return String(dropFirst().dropLast())
        }
        return self
    }
}
