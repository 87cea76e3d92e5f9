/// The one validator of tips files. JSON is parsed into the raw form with positions, and
/// Markdown is read into the same form (`MarkdownTipsParser`); this turns that form into
/// a `TipSet`: unknown keys (with a "did you mean"), wrong types and empty tips are errors
/// at the line and column where they were written, in either format.
package struct TipsDecoder {
    static let fileKeys = ["kind", "id", "version", "title", "label", "icon", "accent", "off", "labels", "tips"]
    static let tipKeys = ["id", "title", "text", "since", "icon", "accent"]
    /// More tips than this is refused: a tips file is read on every start of its tool.
    package static let maximumTips = 1_000
    /// A longer tip is refused: a tip is a few lines, not a page.
    package static let maximumTipCharacters = 1_000
    /// A tip's id is a key of the tips state: 1,000 tips of 64 bytes keep the state far
    /// under its reader's 256 KiB (400-byte ids made a 420 KB state that could not be read).
    package static let maximumTipIdBytes = 64
    /// A tip's title is drawn on one line.
    package static let maximumTitleCharacters = 80

    private let problems: SmallFileLog
    private var fileName: String { problems.fileName }
    private var log: DiagnosticLog { problems.log }

    private init(fileName: String) {
        problems = SmallFileLog(fileName: fileName)
    }

    /// Every problem in a tips file, in file order, and the tips as far as they could be read.
    package static func check(_ bytes: [UInt8], fileName: String, markdown: Bool) -> (TipSet?, [Diagnostic]) {
        let decoder = TipsDecoder(fileName: fileName)
        let root: JSONNode
        if markdown {
            var parser = MarkdownTipsParser(fileName: fileName)
            let (parsed, problems) = parser.parse(bytes)
            for problem in problems { decoder.log.add(problem) }
            guard let parsed else { return (nil, decoder.finish()) }
            root = parsed
        } else {
            switch JSONParser.parseDiagnosing(bytes, fileName: fileName) {
            case .success(let parsed): root = parsed
            case .failure(let diagnostic): return (nil, [diagnostic])
            }
        }
        let tips = decoder.decodeFile(root)
        return (tips, decoder.finish())
    }

    /// Every problem in tips already in the raw form (a tour's `"tips"`), and the tips.
    package static func check(root: JSONNode, fileName: String) -> (TipSet?, [Diagnostic]) {
        let decoder = TipsDecoder(fileName: fileName)
        let tips = decoder.decodeFile(root)
        return (tips, decoder.finish())
    }

    /// The `"tips"` of a tour's raw form, read as a tips file's with the tour's `version` and
    /// `tipsOff` (its `off`); nil tips when the tour has none.
    /// Its `"checklist"` comes with them, checked by `ChecklistDecoder`: a tour with a
    /// checklist and no tips has a set of no tips, with its `tipsOff` for the list's last line.
    package static func check(tourRoot root: JSONNode, fileName: String) -> (TipSet?, [Diagnostic]) {
        guard case .object(let members) = root.value else { return (nil, []) }
        let checklistMember = members.first { $0.key == "checklist" }
        var set: TipSet? = nil
        var diagnostics: [Diagnostic] = []
        if let tips = members.first(where: { $0.key == "tips" }) {
            var picked = [tips]
            for member in members where member.key == "tipsOff" || member.key == "version" {
                picked.append(JSONMember(key: member.key == "tipsOff" ? "off" : member.key, keyPosition: member.keyPosition, node: member.node))
            }
            (set, diagnostics) = check(root: JSONNode(value: .object(picked), position: root.position), fileName: fileName)
        }
        guard let checklistMember else { return (set, diagnostics) }
        let (checklist, problems) = ChecklistDecoder.check(checklistMember.node, fileName: fileName)
        diagnostics = Diagnostic.inFileOrder(diagnostics + problems)
        guard let checklist else { return (set, diagnostics) }
        if set == nil, !members.contains(where: { $0.key == "tips" }) {
            var alone = TipSet(tips: [])
            let decoder = TipsDecoder(fileName: fileName)
            alone.version = members.first { $0.key == "version" }.flatMap { decoder.version($0) }
            alone.offHint = members.first { $0.key == "tipsOff" }.flatMap { decoder.offHint($0) }
            diagnostics = Diagnostic.inFileOrder(diagnostics + decoder.finish())
            set = alone
        }
        set?.checklist = checklist
        return (set, diagnostics)
    }

    /// The same from a tour's token tape: only the top-level members a tips file has
    /// become a tree; the pages stay tokens (a 4 MiB tour is a 1 ms tape, its tree many times that).
    package static func check(tourTape tape: JSONTape, fileName: String) -> (TipSet?, [Diagnostic]) {
        guard tape.kind(JSONTape.root) == .object else { return (nil, []) }
        let members = tape.members(JSONTape.root).compactMap { member -> JSONMember? in
            guard let key = tape.string(member.key), key == "tips" || key == "tipsOff" || key == "version" || key == "checklist" else { return nil }
            return JSONMember(key: key, keyPosition: tape.position(member.key), node: tape.node(member.value))
        }
        return check(tourRoot: JSONNode(value: .object(members), position: tape.position(JSONTape.root)), fileName: fileName)
    }

    /// The tips, or the first error in them.
    package static func decode(_ bytes: [UInt8], fileName: String, markdown: Bool) throws(TourError) -> TipSet {
        let (tips, diagnostics) = check(bytes, fileName: fileName, markdown: markdown)
        if let error = Diagnostic.error(from: diagnostics) { throw error }
        guard let tips else { throw TourError.content(file: fileName, position: nil, message: "no tips") }
        return tips
    }

    /// Whether a raw form is a tips file rather than a tour: it has "tips" and no "pages",
    /// or says `kind: tips`. What `tour check` goes by.
    package static func isTipsFile(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return isTipsFile(keys: Set(members.map(\.key)), kind: { members.contains { $0.key == "kind" && $0.node.stringValue == "tips" } })
    }

    /// The same from the top-level keys, and the `kind` asked for only when there is one.
    package static func isTipsFile(keys: Set<String>, kind saysTips: () -> Bool) -> Bool {
        if keys.contains("kind"), saysTips() { return true }
        return keys.contains("tips") && !keys.contains("pages")
    }

    private func finish() -> [Diagnostic] { problems.diagnostics }

    private func error(_ position: SourcePosition?, _ message: String) { problems.error(position, message) }

    private func fields(_ node: JSONNode, what: String, allowed: [String]) -> JSONFields? {
        problems.fields(node, what: what, allowed: allowed)
    }

    private func string(_ member: JSONMember?) -> String? {
        guard let member else { return nil }
        guard case .string(let text) = member.node.value else {
            error(member.node.position, "\(Quoted(member.key)) must be a string, not \(member.node.value.kindName)")
            return nil
        }
        return text
    }

    private func color(_ member: JSONMember?) -> Color? {
        guard let member, let text = string(member) else { return nil }
        guard let color = ColorName.parse(text) else {
            error(member.node.position, "\(Quoted(member.key)) must be a color name (\(ColorName.names.joined(separator: ", ")), bright-NAME), #RRGGBB or #RGB, not \(Quoted(text))")
            return nil
        }
        return color
    }

    private func version(_ member: JSONMember?) -> String? {
        guard let member, let text = string(member) else { return nil }
        guard Version(text) != nil else {
            error(member.node.position, Version.problem(key: member.key, text: text))
            return nil
        }
        return text
    }

    /// An icon is one short symbol: the first grapheme, cleaned.
    private func icon(_ member: JSONMember?) -> String? {
        guard let text = string(member).map({ TextSanitizer.clean($0) }), !text.isEmpty else { return nil }
        return String(text.prefix(1))
    }

    private func decodeFile(_ root: JSONNode) -> TipSet? {
        guard let fields = fields(root, what: "the tips file", allowed: Self.fileKeys) else { return nil }
        if let kind = fields["kind"], let text = string(kind), text != "tips" {
            error(kind.node.position, "\"kind\" of a tips file is \"tips\", not \(Quoted(text))")
        }
        guard let (tipsPosition, nodes) = problems.array("tips", in: fields, of: root, missing:
            "the tips file has no \"tips\"; add \"tips\": [{\"text\": \"…\"}]") else { return nil }
        guard !nodes.isEmpty else {
            error(tipsPosition, "\"tips\" is empty; a tips file needs at least one tip")
            return nil
        }
        guard nodes.count <= Self.maximumTips else {
            error(tipsPosition, "too many tips (\(nodes.count)); the limit is \(Self.maximumTips)")
            return nil
        }
        let fileVersion = version(fields["version"])
        var tips: [TipSet.Tip] = []
        var keys: [String: Int] = [:]
        for (index, node) in nodes.enumerated() {
            guard let tip = decodeTip(node, number: index + 1, fileVersion: fileVersion) else { continue }
            if let first = keys[tip.key] {
                error(node.position, "tip \(index + 1) has the same id as tip \(first) (\(Quoted(tip.key))); each tip needs its own")
                continue
            }
            keys[tip.key] = index + 1
            tips.append(tip)
        }
        var set = TipSet(id: string(fields["id"]).map { TextSanitizer.clean($0) }, version: fileVersion, tips: tips)
        set.title = string(fields["title"]).map { TextSanitizer.clean($0) }
        if let label = string(fields["label"]).map({ TextSanitizer.clean($0) }), !label.isEmpty { set.label = label }
        if let labels = fields["labels"], let labelFields = self.fields(labels.node, what: "\"labels\"", allowed: Tour.Label.names) {
            for label in Tour.Label.allCases {
                guard let words = string(labelFields[label.rawValue]) else { continue }
                if let problem = label.lengthProblem(in: words), let member = labelFields[label.rawValue] {
                    error(member.node.position, problem)
                    continue
                }
                if !label.placeholders.isEmpty, let word = label.unknownPlaceholder(in: words), let member = labelFields[label.rawValue] {
                    error(member.node.position, "label \(Quoted(label.rawValue)) may hold \(label.placeholders.joined(separator: " and ")), not \(Quoted(word))")
                    continue
                }
                set.labels[label] = words
            }
        }
        set.icon = icon(fields["icon"])
        set.accent = color(fields["accent"])
        set.offHint = fields["off"].flatMap(offHint)
        return tips.isEmpty ? nil : set
    }

    /// The file's words for turning tips off: one line of at most 200 characters.
    private func offHint(_ off: JSONMember) -> String? {
        guard let text = string(off).map({ TextSanitizer.clean($0) }) else { return nil }
        guard text.count <= 200 else {
            error(off.node.position, "\(Quoted(off.key)) is \(text.count) characters; one line of at most 200 says how to turn tips off")
            return nil
        }
        return text
    }

    private func decodeTip(_ node: JSONNode, number: Int, fileVersion: String?) -> TipSet.Tip? {
        guard let fields = fields(node, what: "tip \(number)", allowed: Self.tipKeys) else { return nil }
        guard let textMember = fields["text"] else {
            if !(log.misspelled[node.position] ?? []).contains("text") {
                error(node.position, "tip \(number) has no \"text\"")
            }
            return nil
        }
        guard let raw = string(textMember) else { return nil }
        let text = TextSanitizer.clean(raw, keepNewlines: true)
        guard !text.allSatisfy(\.isWhitespace) else {
            error(textMember.node.position, "the text of tip \(number) is empty")
            return nil
        }
        guard text.count <= Self.maximumTipCharacters else {
            error(textMember.node.position, "tip \(number) is \(text.count) characters; a tip is at most \(Self.maximumTipCharacters)")
            return nil
        }
        let id = string(fields["id"]).map { TextSanitizer.clean($0) }
        if let id, let member = fields["id"], id.utf8.count > Self.maximumTipIdBytes {
            error(member.node.position, "the id of tip \(number) is \(id.utf8.count) bytes; a tip id is at most \(Self.maximumTipIdBytes)")
            return nil
        }
        let title = string(fields["title"]).map { TextSanitizer.clean($0) }
        if let title, let member = fields["title"], title.count > Self.maximumTitleCharacters {
            error(member.node.position, "the title of tip \(number) is \(title.count) characters; a title is one line of at most \(Self.maximumTitleCharacters)")
            return nil
        }
        var tip = TipSet.Tip(key: id ?? TipSet.key(forText: text), text: text)
        tip.title = title
        if let since = version(fields["since"]) {
            tip.since = Version(since)
            if let fileVersion, let tourVersion = Version(fileVersion), let sinceVersion = Version(since), tourVersion < sinceVersion {
                log.add(Diagnostic(file: fileName, position: fields["since"]?.node.position, severity: .warning,
                                   message: "tip \(number) is \"since\" \(since), newer than the file's version \(fileVersion): it shows as new only once the version reaches it"))
            }
        }
        tip.icon = icon(fields["icon"])
        tip.accent = color(fields["accent"])
        return tip
    }
}
