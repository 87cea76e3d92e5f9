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
/// <!-- since: 2.1.0 -->        ← page options in comments, the keys of a JSON page
///
/// ## What's new                ← any "## " heading, in any language, starts the feature list
/// - ★ Sync: Your habits on every machine.
///
/// And many small fixes.        ← text after the list closes it
/// ```
///
/// The parser only reads the Markdown's shape. It produces the same raw form as a JSON
/// file (objects, arrays and strings with positions), and `TourDecoder` validates that
/// form: one validator, so both formats give the same messages and the same checks.
package struct MarkdownTourParser {
    /// Front matter keys that belong in the tour's "labels" object.
    static let labelKeys = Tour.Label.names

    private let fileName: String
    private(set) var diagnostics: [Diagnostic] = []

    /// A parser for one file.
    package init(fileName: String) {
        self.fileName = fileName
    }

    /// A page as it is being read.
    private struct Draft {
        var line: Int
        var title: String
        var subtitle: [String] = []
        var subtitleLine = 0
        var subtitleDone = false
        /// Each art block, largest first: the versions of the hero.
        var heroVersions: [[String]] = []
        var heroLine = 0
        /// `![alt](path)`: a picture, its words, and where it was written.
        var image: (alt: String, path: String, line: Int, column: Int)? = nil
        /// Page options, in order; add them with `addOption`, which keeps the two facts below.
        private(set) var options: [JSONMember] = []
        /// An option set "kind" (whatever its value).
        private(set) var hasKindOption = false
        /// An option said `kind: features`.
        private(set) var kindIsFeatures = false
        /// An option said `kind: choice`: its list items are the question's options.
        private(set) var kindIsChoice = false
        /// A question's options, each `- value: Label`, with an indented line as its detail.
        var choices: [(value: String, label: String, detail: String?, line: Int, column: Int)] = []
        var featureHeadingLine: Int? = nil
        var items: [JSONNode] = []
        var itemsLine = 0
        var extra: [String] = []
        var extraLine = 0

        /// Asked on every line after the page's options: kept as facts, not found by
        /// scanning every option each time (20,000 options by 200,000 lines took 15 s).
        var isFeatureList: Bool {
            featureHeadingLine != nil || kindIsFeatures
        }

        mutating func addOption(_ member: JSONMember) {
            options.append(member)
            if member.key == "kind" {
                hasKindOption = true
                kindIsFeatures = kindIsFeatures || member.node.stringValue == "features"
                kindIsChoice = kindIsChoice || member.node.stringValue == "choice"
            }
        }
    }

    /// The front matter's members (tour keys, then label keys), the index of the first
    /// line after it, and whether it was closed. No front matter: nothing, line 0, closed.
    mutating func readFrontMatter(_ lines: [String]) -> (root: [JSONMember], labels: [JSONMember], next: Int, closed: Bool) {
        var root: [JSONMember] = []
        var labels: [JSONMember] = []
        guard lines.first?.trimmingSpaces == "---" else { return (root, labels, 0, true) }
        var index = 1
        while index < lines.count {
            let line = lines[index].trimmingSpaces
            index += 1
            if line == "---" { return (root, labels, index, true) }
            if line.isEmpty || line.begins(with: "#") { continue }
            guard let member = option(line, lineNumber: index, columnOffset: lines[index - 1].leadingSpaceCount) else {
                error(index, 1, "front matter lines are \"key: value\"")
                continue
            }
            if Self.labelKeys.contains(member.key) { labels.append(member) } else { root.append(member) }
        }
        return (root, labels, index, false)
    }

    /// The front matter's string values for `keys`, read from the lines up to its closing
    /// "---" only, as `parse` reads them: what a `once` run needs (id, version) without
    /// reading the pages. A file without front matter has none of them.
    package static func frontMatterStrings(_ bytes: [UInt8], keys: [String]) -> JSONParser.TopLevelScan {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var lines: [String] = []
        var lineStart = body.startIndex
        var closed = false
        while let newline = body[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = body[lineStart..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard let text = String(validating: line, as: UTF8.self) else { return .undecided }
            lines.append(text)
            lineStart = newline + 1
            let trimmed = text.trimmingSpaces
            if lines.count == 1, trimmed != "---" { return .found([:]) }
            if lines.count > 1, trimmed == "---" { closed = true; break }
        }
        guard closed else { return .needsMoreBytes }
        var parser = MarkdownTourParser(fileName: "")
        var found: [String: String] = [:]
        for member in parser.readFrontMatter(lines).root where keys.contains(member.key) {
            guard found[member.key] == nil, let value = member.node.stringValue else { return .undecided }
            found[member.key] = value
        }
        return .found(found)
    }

    /// A Markdown file's lines, without a byte-order mark or line ends; nil when it is not UTF-8.
    /// Split on bytes: Swift sees "\r\n" as one Character, which a split on "\n" misses.
    /// One pass over a buffer: a file of 700,000 lines is read in milliseconds.
    static func lines(of bytes: [UInt8]) -> [String]? {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        return body.withUnsafeBufferPointer { buffer -> [String]? in
            guard String(validating: buffer, as: UTF8.self) != nil else { return nil }
            var lines: [String] = []
            var start = 0
            while true {
                let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) ?? buffer.count
                var lineEnd = end
                if lineEnd > start, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<lineEnd]), as: UTF8.self))
                guard end < buffer.count else { return lines }
                start = end + 1
            }
        }
    }

    /// Whether the first line after line index `heading` that is not blank is the tips mark.
    private static func startsTipsSection(_ lines: [String], after heading: Int) -> Bool {
        lines[heading...].lazy.map(\.trimmingSpaces).first { !$0.isEmpty } == MarkdownTipsParser.tipsSectionMark
    }

    /// The raw form (nil when there is no page at all) and the problems with the Markdown itself.
    package mutating func parse(_ bytes: [UInt8]) -> (JSONNode?, [Diagnostic]) {
        guard let lines = Self.lines(of: bytes) else {
            error(1, 1, "invalid UTF-8")
            return (nil, diagnostics)
        }
        let frontMatter = readFrontMatter(lines)
        var (root, labels, index) = (frontMatter.root, frontMatter.labels, frontMatter.next)
        if !frontMatter.closed { error(1, 1, "the front matter has no closing \"---\"") }
        if !labels.isEmpty {
            let position = labels[0].keyPosition
            root.append(JSONMember(key: "labels", keyPosition: position, node: JSONNode(value: .object(labels), position: position)))
        }

        // Pages. Each draft is changed in place (drafts[last]), never copied out and back,
        // so a long page costs linear time.
        var drafts: [Draft] = []
        var inFence = false
        var fenceLines: [String] = []
        var fenceStart = 0
        while index < lines.count {
            let raw = lines[index]
            let line = raw.trimmingSpaces
            index += 1
            if inFence {
                if line.begins(with: "```") {
                    inFence = false
                    if drafts.isEmpty {
                        error(fenceStart, 1, "a code block before the first \"# \" heading")
                    } else {
                        // Another block is a smaller version of the same art.
                        if drafts[drafts.count - 1].heroVersions.isEmpty { drafts[drafts.count - 1].heroLine = fenceStart }
                        drafts[drafts.count - 1].heroVersions.append(fenceLines)
                        drafts[drafts.count - 1].subtitleDone = true
                    }
                } else {
                    fenceLines.append(raw)
                }
                continue
            }
            if line.begins(with: "```") {
                inFence = true
                fenceLines = []
                fenceStart = index
                continue
            }
            if line.begins(with: "# "), Self.startsTipsSection(lines, after: index) {
                // The rest of the file is the tour's tips, written as a tips file's body.
                var tipsParser = MarkdownTipsParser(fileName: fileName)
                let (tips, problems) = tipsParser.tourTipsSection(lines, from: index - 1)
                diagnostics += problems
                if let tips { root.append(tips) }
                break
            }
            if line.begins(with: "# ") || line == "#" {
                drafts.append(Draft(line: index, title: String(line.dropFirst(1)).trimmingSpaces))
                continue
            }
            if line.isEmpty {
                if let last = drafts.indices.last, !drafts[last].subtitle.isEmpty { drafts[last].subtitleDone = true }
                continue
            }
            if line == "---" || line == "***" { continue }
            guard let last = drafts.indices.last else {
                error(index, 1, "text before the first \"# \" heading; a page starts with \"# Title\"")
                continue
            }
            readLine(raw, trimmed: line, at: index, into: &drafts[last], number: last + 1)
        }
        if inFence { error(fenceStart, 1, "this code block is never closed with ```") }
        if drafts.isEmpty {
            error(max(1, index), 1, "no pages; a page starts with \"# Title\"")
            return (nil, diagnostics)
        }
        let pages = drafts.enumerated().map { number, draft in page(draft, number: number + 1) }
        let pagesPosition = SourcePosition(line: drafts[0].line, column: 1)
        root.append(JSONMember(key: "pages", keyPosition: pagesPosition, node: JSONNode(value: .array(pages), position: pagesPosition)))
        return (JSONNode(value: .object(root), position: SourcePosition(line: 1, column: 1)), diagnostics)
    }

    /// One line of a page's body, after its heading: a comment, a picture, a feature list
    /// and its items, a question's options, closing text or the subtitle.
    private mutating func readLine(_ raw: String, trimmed line: String, at index: Int, into draft: inout Draft, number: Int) {
        if line.begins(with: "<!--") {
            parseComment(line, line: index, column: raw.leadingSpaceCount + 1, into: &draft)
        } else if line.begins(with: "!["), let image = Self.image(line) {
            if draft.image != nil || !draft.heroVersions.isEmpty {
                error(index, 1, "page \(number) already has a picture")
            } else {
                draft.image = (image.alt, image.path, index, raw.leadingSpaceCount + image.pathColumn)
                draft.subtitleDone = !draft.subtitle.isEmpty
            }
        } else if line.begins(with: "## ") {
            if draft.featureHeadingLine != nil {
                error(index, 1, "page \(number) already has a \"## \" feature list")
            } else {
                draft.featureHeadingLine = index
                draft.subtitleDone = true
            }
        } else if draft.kindIsChoice, raw.leadingSpaceCount >= 2, !draft.choices.isEmpty, !line.begins(with: "- ") {
            // An indented line under an option: its detail.
            let option = draft.choices.count - 1
            let detail = draft.choices[option].detail.map { $0 + " " } ?? ""
            draft.choices[option].detail = detail + line
        } else if draft.kindIsChoice, line.begins(with: "- ") || line.begins(with: "* ") {
            let text = String(line.dropFirst(2)).trimmingSpaces
            let column = raw.leadingSpaceCount + 3
            guard let colon = text.firstIndex(of: ":") else {
                error(index, column, "an option is written \"- value: Label\", such as \"- no: No thanks\"")
                return
            }
            draft.subtitleDone = true
            draft.choices.append((String(text[..<colon]).trimmingSpaces, String(text[text.index(after: colon)...]).trimmingSpaces,
                                         nil, index, column))
        } else if line.begins(with: "- ") || line.begins(with: "* ") {
            if draft.isFeatureList {
                if draft.items.isEmpty { draft.itemsLine = index }
                draft.items.append(Self.feature(String(line.dropFirst(2)).trimmingSpaces, line: index, column: raw.leadingSpaceCount + 3))
            } else {
                error(index, 1, "a list belongs under a \"## \" heading, such as \"## What's new\"")
            }
        } else if draft.isFeatureList || !draft.items.isEmpty {
            if draft.extra.isEmpty { draft.extraLine = index }
            draft.extra.append(line)
        } else if !draft.subtitleDone {
            if draft.subtitle.isEmpty { draft.subtitleLine = index }
            draft.subtitle.append(line)
        } else {
            error(index, 1, "a page has one paragraph (its subtitle); start a new page with \"# Title\"")
        }
    }

    /// The raw form of one page: the keys a JSON page would have.
    private mutating func page(_ draft: Draft, number: Int) -> JSONNode {
        let position = SourcePosition(line: draft.line, column: 1)
        var members: [JSONMember] = []
        func add(_ key: String, _ value: JSONValue, line: Int, column: Int = 1) {
            let at = SourcePosition(line: line, column: column)
            members.append(JSONMember(key: key, keyPosition: at, node: JSONNode(value: value, position: at)))
        }
        // An empty title is the Markdown's own mistake, with its own hint; the validator
        // then sees a title and says nothing more.
        if draft.title.isEmpty { error(draft.line, 1, "page \(number) has no title after \"# \"") }
        add("title", .string(draft.title), line: draft.line, column: 3)
        if !draft.subtitle.isEmpty { add("subtitle", .string(draft.subtitle.joined(separator: " ")), line: draft.subtitleLine) }
        if draft.heroVersions.count == 1 {
            add("hero", .string(draft.heroVersions[0].joined(separator: "\n")), line: draft.heroLine)
        } else if !draft.heroVersions.isEmpty {
            let position = SourcePosition(line: draft.heroLine, column: 1)
            // Versions as JSON writes them: an array of arrays of lines.
            let versions = draft.heroVersions.map { lines in
                JSONNode(value: .array(lines.map { JSONNode(value: .string($0), position: position) }), position: position)
            }
            add("hero", .array(versions), line: draft.heroLine)
        }
        if let image = draft.image {
            add("heroImage", .string(image.path), line: image.line, column: image.column)
            if !image.alt.isEmpty { add("heroAlt", .string(image.alt), line: image.line, column: 3) }
        }
        if let heading = draft.featureHeadingLine, !draft.hasKindOption {
            add("kind", .string("features"), line: heading)
        }
        if draft.isFeatureList {
            add("items", .array(draft.items), line: draft.items.isEmpty ? (draft.featureHeadingLine ?? draft.line) : draft.itemsLine)
        }
        if !draft.extra.isEmpty { add("extra", .string(draft.extra.joined(separator: " ")), line: draft.extraLine) }
        if draft.kindIsChoice, let first = draft.choices.first {
            let options = draft.choices.map { option -> JSONNode in
                let at = SourcePosition(line: option.line, column: option.column)
                var fields = [JSONMember(key: "value", keyPosition: at, node: JSONNode(value: .string(option.value), position: at)),
                              JSONMember(key: "label", keyPosition: at, node: JSONNode(value: .string(option.label), position: at))]
                if let detail = option.detail {
                    fields.append(JSONMember(key: "detail", keyPosition: at, node: JSONNode(value: .string(detail), position: at)))
                }
                return JSONNode(value: .object(fields), position: at)
            }
            add("options", .array(options), line: first.line)
        }
        members += draft.options
        return JSONNode(value: .object(members), position: position)
    }

    /// `key: value`, with its positions; a gradient's commas make an array.
    func option(_ text: String, lineNumber: Int, columnOffset: Int) -> JSONMember? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let key = String(text[..<colon]).trimmingSpaces
        guard !key.isEmpty else { return nil }
        let afterColon = text[text.index(after: colon)...]
        let value = String(afterColon).trimmingSpaces.unquoted
        let keyPosition = SourcePosition(line: lineNumber, column: columnOffset + 1)
        let valueColumn = columnOffset + text[..<colon].count + 1 + afterColon.prefix { $0 == " " || $0 == "\t" }.count + 1
        let valuePosition = SourcePosition(line: lineNumber, column: valueColumn)
        let node: JSONValue
        switch key {
        case "gradient":
            node = .array(value.split(separator: ",").map { JSONNode(value: .string(String($0).trimmingSpaces), position: valuePosition) })
        case "indicatorGlyphs":
            // "◆ ◇": the current glyph, then the others'.
            let glyphs = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            node = .object(zip(["current", "other"], glyphs).map { key, glyph in
                JSONMember(key: key, keyPosition: valuePosition, node: JSONNode(value: .string(glyph), position: valuePosition))
            })
        default:
            node = .string(value)
        }
        return JSONMember(key: key, keyPosition: keyPosition, node: JSONNode(value: node, position: valuePosition))
    }

    /// `<!-- key: value -->`, one option per comment.
    private mutating func parseComment(_ line: String, line number: Int, column: Int, into draft: inout Draft) {
        guard line.hasSuffix("-->") else {
            error(number, column, "a comment must close on the same line with -->")
            return
        }
        let inner = String(line.dropFirst(4).dropLast(3))
        let leading = inner.prefix { $0 == " " || $0 == "\t" }.count
        guard let member = option(inner.trimmingSpaces, lineNumber: number, columnOffset: column - 1 + 4 + leading) else {
            error(number, column + 5, "page options are written <!-- key: value -->")
            return
        }
        draft.addOption(member)
    }

    /// `![A red disc](art/disc.png)` → the words and the path, and the column the path starts at.
    static func image(_ line: String) -> (alt: String, path: String, pathColumn: Int)? {
        guard line.begins(with: "!["), line.hasSuffix(")") else { return nil }
        let characters = Array(line)
        guard let bracket = characters.indices.first(where: { $0 + 1 < characters.count && characters[$0] == "]" && characters[$0 + 1] == "(" }) else { return nil }
        let alt = String(characters[2..<bracket])
        let path = String(characters[(bracket + 2)..<(characters.count - 1)]).trimmingSpaces
        guard !path.isEmpty else { return nil }
        return (alt, path, bracket + 3)
    }

    /// `- ★ Sync: Your habits on every machine.` → icon ★, title Sync, text after the colon.
    static func feature(_ text: String, line: Int, column: Int) -> JSONNode {
        let position = SourcePosition(line: line, column: column)
        var members: [JSONMember] = []
        func add(_ key: String, _ value: String) {
            members.append(JSONMember(key: key, keyPosition: position, node: JSONNode(value: .string(value), position: position)))
        }
        var rest = Substring(text)
        if let first = rest.split(separator: " ", maxSplits: 1).first,
           !first.contains(where: { $0.isLetter || $0.isNumber }), rest.count > first.count {
            add("icon", String(first))
            rest = rest.dropFirst(first.count).drop { $0 == " " }
        }
        if let colon = rest.indices.first(where: { rest[$0] == ":" && rest.index(after: $0) < rest.endIndex && rest[rest.index(after: $0)] == " " }) {
            add("title", String(rest[..<colon]))
            add("text", String(rest[rest.index(colon, offsetBy: 2)...]))
        } else {
            add("title", String(rest))
        }
        return JSONNode(value: .object(members), position: position)
    }

    private mutating func error(_ line: Int, _ column: Int, _ message: String) {
        diagnostics.append(Diagnostic(file: fileName, position: SourcePosition(line: line, column: column), severity: .error, message: message))
    }
}

extension JSONNode {
    var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        // Nearly every line has no space at either end, which its first and last bytes show.
        guard let first = utf8.first, let last = utf8.last else { return self }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        if !blank(first) && !blank(last) { return self }
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// Whether the text starts with `mark`, byte for byte. Markdown's marks are ASCII, and
    /// `hasPrefix` compares by Unicode equivalence, several times on each of a file's lines.
    func begins(with mark: StaticString) -> Bool {
        mark.withUTF8Buffer { mark in
            func starts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
                guard bytes.count >= mark.count else { return false }
                for index in 0..<mark.count where bytes[index] != mark[index] { return false }
                return true
            }
            return utf8.withContiguousStorageIfAvailable(starts) ?? Array(utf8).withUnsafeBufferPointer(starts)
        }
    }

    /// Spaces and tabs before the text.
    var leadingSpaceCount: Int { prefix { $0 == " " || $0 == "\t" }.count }

    /// Without one pair of surrounding quotes, as YAML-ish front matter allows.
    var unquoted: String {
        if count >= 2, (hasPrefix("\"") && hasSuffix("\"")) || (hasPrefix("'") && hasSuffix("'")) {
            return String(dropFirst().dropLast())
        }
        return self
    }
}
