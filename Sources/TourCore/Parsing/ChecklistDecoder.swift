/// The one validator of a tour's `"checklist"`, on the raw form (JSON or Markdown front
/// matter alike): unknown keys (with a "did you mean"), wrong types, a list of more than
/// seven items, ids that are not short plain words or that repeat, all at the line and
/// column where they were written. The tour's decoder and the read of a tour's tips alone
/// (`TipsDecoder.check(tourRoot:)`) both come here, so the two cannot disagree.
package struct ChecklistDecoder {
    static let checklistKeys = ["title", "items"]
    static let itemKeys = ["id", "title", "hint"]

    private let problems: SmallFileLog
    private var fileName: String { problems.fileName }
    private var log: DiagnosticLog { problems.log }

    private init(fileName: String) {
        problems = SmallFileLog(fileName: fileName)
    }

    /// Every problem in the `"checklist"` value `node`, in file order, and the checklist
    /// when it has none that is an error.
    package static func check(_ node: JSONNode, fileName: String) -> (Checklist?, [Diagnostic]) {
        let decoder = ChecklistDecoder(fileName: fileName)
        let checklist = decoder.decode(node)
        let diagnostics = decoder.problems.diagnostics
        return (diagnostics.contains { $0.severity == .error } ? nil : checklist, diagnostics)
    }

    private func error(_ position: SourcePosition?, _ message: String) { problems.error(position, message) }

    private func fields(_ node: JSONNode, what: String, allowed: [String]) -> JSONFields? {
        problems.fields(node, what: what, allowed: allowed)
    }

    /// A string of at most `limit` characters, cleaned; nil (and said) when it is not one.
    private func line(_ member: JSONMember?, what: String, limit: Int) -> String? {
        guard let member else { return nil }
        guard case .string(let raw) = member.node.value else {
            error(member.node.position, "\(Quoted(member.key)) must be a string, not \(member.node.value.kindName)")
            return nil
        }
        let text = TextSanitizer.clean(raw)
        guard !text.allSatisfy(\.isWhitespace) else {
            error(member.node.position, "\(what) is empty")
            return nil
        }
        guard text.count <= limit else {
            error(member.node.position, "\(what) is \(text.count) characters; it is one line of at most \(limit)")
            return nil
        }
        return text
    }

    private func decode(_ node: JSONNode) -> Checklist? {
        guard let fields = fields(node, what: "\"checklist\"", allowed: Self.checklistKeys) else { return nil }
        let title = line(fields["title"], what: "the title of the checklist", limit: Checklist.maximumTitleCharacters)
        guard let (itemsPosition, nodes) = problems.array("items", in: fields, of: node, missing:
            "the checklist has no \"items\"; add \"items\": [{\"id\": \"login\", \"title\": \"Log in\", \"hint\": \"mytool login\"}]") else { return nil }
        guard (1...Checklist.maximumItems).contains(nodes.count) else {
            error(itemsPosition, "the checklist has \(nodes.count) items; it has 1 to \(Checklist.maximumItems), a list read at a glance")
            return nil
        }
        var items: [Checklist.Item] = []
        var ids: [String: Int] = [:]
        for (index, itemNode) in nodes.enumerated() {
            guard let item = decodeItem(itemNode, number: index + 1) else { continue }
            if let first = ids[item.id] {
                error(itemNode.position, "items \(first) and \(index + 1) of the checklist have the one id \(Quoted(item.id)); each item needs its own")
                continue
            }
            ids[item.id] = index + 1
            items.append(item)
        }
        return Checklist(title: title ?? Checklist.defaultTitle, items: items)
    }

    private func decodeItem(_ node: JSONNode, number: Int) -> Checklist.Item? {
        let what = "item \(number) of the checklist"
        guard let fields = fields(node, what: what, allowed: Self.itemKeys) else { return nil }
        let misspelled = log.misspelled[node.position] ?? []
        var id: String? = nil
        if let member = fields["id"] {
            guard case .string(let text) = member.node.value else {
                error(member.node.position, "\"id\" must be a string, not \(member.node.value.kindName)")
                return nil
            }
            guard Tour.Choice.isPlainValue(text) else {
                error(member.node.position, "the id of \(what) is a short plain word (a-z, 0-9, _ . -, at most \(Tour.Choice.maximumValueBytes) bytes) that the tool ticks it by, as in `tour done FILE login`; not \(Quoted(text))")
                return nil
            }
            id = text
        } else if !misspelled.contains("id") {
            error(node.position, "\(what) has no \"id\"; add one the tool ticks it by, as \"id\": \"login\"")
        }
        let title = line(fields["title"], what: "the title of \(what)", limit: Checklist.maximumTitleCharacters)
        if fields["title"] == nil, !misspelled.contains("title") {
            error(node.position, "\(what) has no \"title\"; add what the person reads, as \"title\": \"Log in\"")
        }
        let hint = line(fields["hint"], what: "the hint of \(what)", limit: Checklist.maximumHintCharacters)
        guard let id, let title else { return nil }
        return Checklist.Item(id: id, title: title, hint: hint)
    }
}
