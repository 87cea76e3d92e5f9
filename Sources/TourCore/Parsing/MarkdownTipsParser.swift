/// Reads a tips file written in Markdown into the raw form `TipsDecoder` validates, as
/// `MarkdownTourParser` does for tours.
///
/// ```
/// ---
/// kind: tips                         ← what makes `tour check` read it as tips
/// id: mytool-tips
/// version: 2.1.0
/// off: Hide tips with `mytool config tips off`
/// ---
///
/// # Tips for mytool                  ← the title (tour tips shows it)
///
/// - Press `s` to sync.               ← a list item is a tip
/// - Undo with `u`. <!-- id: undo --> ← options in comments, the keys of a JSON tip
///
/// ## Sync everywhere                 ← a "##" section is a tip; its heading the title
/// <!-- since: 2.1.0 -->
/// Your habits on every machine.
/// ```
package struct MarkdownTipsParser {
    private let fileName: String
    private var diagnostics: [Diagnostic] = []

    package init(fileName: String) {
        self.fileName = fileName
    }

    /// A tip as it is being read.
    private struct Draft {
        var position: SourcePosition
        var options: [JSONMember] = []
        var title: (text: String, position: SourcePosition)? = nil
        var paragraphs: [[String]] = [[]]
        var textPosition: SourcePosition? = nil
        var isListItem: Bool
    }

    private mutating func error(_ line: Int, _ column: Int, _ message: String) {
        diagnostics.append(Diagnostic(file: fileName, position: SourcePosition(line: line, column: column), severity: .error, message: message))
    }

    /// The raw form (nil when the file is not UTF-8) and the problems with the Markdown itself.
    package mutating func parse(_ bytes: [UInt8]) -> (JSONNode?, [Diagnostic]) {
        guard let lines = MarkdownTourParser.lines(of: bytes) else {
            error(1, 1, "invalid UTF-8")
            return (nil, diagnostics)
        }
        var frontMatterReader = MarkdownTourParser(fileName: fileName)
        let frontMatter = frontMatterReader.readFrontMatter(lines)
        diagnostics += frontMatterReader.diagnostics
        if !frontMatter.closed { error(1, 1, "the front matter has no closing \"---\"") }
        // Label keys are the pager's words when `tour tips` shows every tip.
        var root = frontMatter.root
        if let first = frontMatter.labels.first {
            root.append(JSONMember(key: "labels", keyPosition: first.keyPosition,
                                   node: JSONNode(value: .object(frontMatter.labels), position: first.keyPosition)))
        }
        readTips(lines, from: frontMatter.next, into: &root)
        return (JSONNode(value: .object(root), position: SourcePosition(line: 1, column: 1)), diagnostics)
    }

    /// The tips in a Markdown tour: the section from its `# Tips` heading (marked with
    /// `<!-- kind: tips -->`) to the end, written as a tips file's body. Its "tips" member.
    package mutating func tourTipsSection(_ lines: [String], from start: Int) -> (JSONMember?, [Diagnostic]) {
        var members: [JSONMember] = []
        readTips(lines, from: start, into: &members)
        return (members.first { $0.key == "tips" }, diagnostics)
    }

    /// The body of a tips file, from line index `start`: its title and its tips, added to `root`.
    private mutating func readTips(_ lines: [String], from start: Int, into root: inout [JSONMember]) {
        let frontMatterReader = MarkdownTourParser(fileName: fileName)
        var tips: [JSONNode] = []
        var current: Draft? = nil
        var titleSeen = false

        func finish(_ draft: Draft?) {
            if let draft { tips.append(Self.node(of: draft)) }
        }

        var index = start
        while index < lines.count {
            let raw = lines[index]
            index += 1
            let number = index
            let indent = raw.leadingSpaceCount
            var line = raw.trimmingSpaces
            if line.isEmpty {
                // A blank line ends a list item; in a section it starts a new paragraph.
                if current?.isListItem == true {
                    finish(current)
                    current = nil
                } else if current?.paragraphs.last?.isEmpty == false {
                    current?.paragraphs.append([])
                }
                continue
            }
            if indent == 0, line.begins(with: "# ") {
                finish(current)
                current = nil
                guard !titleSeen else {
                    error(number, 1, "a tips file has one \"#\" title; start each tip with \"- \" or \"## \"")
                    continue
                }
                titleSeen = true
                let position = SourcePosition(line: number, column: 3)
                root.append(JSONMember(key: "title", keyPosition: position, node: JSONNode(value: .string(String(line.dropFirst(2)).trimmingSpaces), position: position)))
                continue
            }
            if indent == 0, line.begins(with: "## ") {
                finish(current)
                let position = SourcePosition(line: number, column: 4)
                current = Draft(position: SourcePosition(line: number, column: 1), isListItem: false)
                current?.title = (String(line.dropFirst(3)).trimmingSpaces, position)
                continue
            }
            // The column `line` starts at in the file, for the positions of its parts.
            var column = indent + 1
            if indent == 0, line.begins(with: "- ") || line.begins(with: "* ") || line.begins(with: "+ ") {
                finish(current)
                current = Draft(position: SourcePosition(line: number, column: 1), isListItem: true)
                let rest = String(line.dropFirst(2))
                column += 2 + rest.leadingSpaceCount
                line = rest.trimmingSpaces
            }
            // What marks a tour's tips section, under its heading; said again in a tips file, harmless.
            if current == nil, titleSeen, line == MarkdownTipsParser.tipsSectionMark { continue }
            guard current != nil else {
                error(number, indent + 1, "text outside a tip; start a tip with \"- \" or \"## \"")
                continue
            }
            readTipLine(line, column: column, number: number, into: &current!, reader: frontMatterReader)
        }
        finish(current)
        let position = tips.first?.position ?? SourcePosition(line: max(1, start), column: 1)
        root.append(JSONMember(key: "tips", keyPosition: position, node: JSONNode(value: .array(tips), position: position)))
    }

    /// A tip's raw form: the keys a JSON tip would have.
    private static func node(of draft: Draft) -> JSONNode {
        var members = draft.options
        if let title = draft.title {
            members.append(JSONMember(key: "title", keyPosition: title.position, node: JSONNode(value: .string(title.text), position: title.position)))
        }
        let text = draft.paragraphs.map { $0.joined(separator: " ") }.filter { !$0.isEmpty }.joined(separator: "\n")
        if let position = draft.textPosition {
            members.append(JSONMember(key: "text", keyPosition: position, node: JSONNode(value: .string(text), position: position)))
        }
        return JSONNode(value: .object(members), position: draft.position)
    }

    /// A line of a tip's text, from `column` of the file: its option comments at the end
    /// (or a line of them), then its words.
    private mutating func readTipLine(_ text: String, column: Int, number: Int, into draft: inout Draft, reader: MarkdownTourParser) {
        var line = text
        while line.hasSuffix("-->"), let open = Self.lastIndex(of: "<!--", in: line) {
            let commentColumn = column + line.distance(from: line.startIndex, to: open)
            // "<!-->" ends where it starts: the two marks overlap, and nothing is inside.
            let innerStart = line.index(open, offsetBy: 4), innerEnd = line.index(line.endIndex, offsetBy: -3)
            let inner = innerStart <= innerEnd ? String(line[innerStart..<innerEnd]) : ""
            if let option = reader.option(inner.trimmingSpaces, lineNumber: number, columnOffset: commentColumn + 3 + inner.leadingSpaceCount) {
                draft.options.insert(option, at: 0)
            } else {
                error(number, commentColumn, "an option comment is <!-- key: value -->")
            }
            line = String(line[..<open]).trimmingSpaces
        }
        if line.begins(with: "<!--") {
            error(number, column, "a comment must close on the same line with -->")
            return
        }
        guard !line.isEmpty else { return }
        if draft.textPosition == nil { draft.textPosition = SourcePosition(line: number, column: column) }
        draft.paragraphs[draft.paragraphs.count - 1].append(line)
    }

    /// The comment under a Markdown tour's `# ` heading that makes the rest of the file its tips.
    package static let tipsSectionMark = "<!-- kind: tips -->"

    /// Where the last `needle` in `text` starts.
    private static func lastIndex(of needle: String, in text: String) -> String.Index? {
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index...].hasPrefix(needle) { return index }
        }
        return nil
    }
}
