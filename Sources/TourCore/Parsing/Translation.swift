/// A translation is an overlay of the base tour: it holds texts only, and everything else
/// (id, version, every `since`, colors, gradients, art, the number of pages) comes from
/// the base. So changing language never changes which pages are new, how they look, or
/// the name the seen state is kept under.
///
/// Pages are matched by position, or by `key` where the base page has one. A text the
/// translation leaves out falls back to the base text. A translation may repeat any other
/// value of the base as long as it is equal, so a copy of the tour file with its texts
/// translated is a translation; a value that differs is an error at its place.
package enum Translation {
    /// What a translation may set on the tour, a page and a feature item.
    static let tourKeys = ["labels", "pages"]
    static let labelKeys = Tour.Label.names
    static let pageKeys = ["key", "title", "subtitle", "heroAlt", "button", "items", "extra", "options"]
    static let featureKeys = ["title", "text"]
    /// A question's options: their labels and details; each value must be the base's.
    static let optionKeys = ["label", "detail"]
    /// Keys a Markdown translation writes by its shape (a "## " heading makes a feature
    /// list, "- ★ Title" an icon); ignored: the base's stand.
    static let shapeKeys = ["kind", "icon"]

    /// The base tour with the translation's texts laid over it, and every problem with the
    /// translation (an error makes the result unusable).
    /// `baseRoot` is the base file's raw form: values the translation repeats are compared
    /// with it. Without it, any value but a text is an error.
    package static func apply(_ root: JSONNode, to base: Tour, baseRoot: JSONNode? = nil, fileName: String) -> (Tour, [Diagnostic]) {
        let pass = TranslationPass(fileName: fileName, base: base, baseRoot: baseRoot)
        let fields = pass.members(root, what: "a translation", allowed: tourKeys, known: TourDecoder.tourKeys, base: baseRoot)
        if let labels = fields["labels"] { pass.applyLabels(labels.node) }
        if let pagesMember = fields["pages"] { pass.applyPages(pagesMember) }
        return (pass.tour, pass.problems)
    }
}

/// One translation laid over one base tour: what its parts share.
private final class TranslationPass {
    let fileName: String
    let base: Tour
    let baseRoot: JSONNode?
    /// The tour as translated so far.
    var tour: Tour
    var problems: [Diagnostic] = []

    init(fileName: String, base: Tour, baseRoot: JSONNode?) {
        self.fileName = fileName
        self.base = base
        self.baseRoot = baseRoot
        tour = base
    }

    func error(_ position: SourcePosition, _ message: String) {
        problems.append(Diagnostic(file: fileName, position: position, severity: .error, message: message))
    }

    /// The base's member `key` of the object `node`, if any.
    func baseMember(_ node: JSONNode?, _ key: String) -> JSONMember? {
        guard let node, case .object(let list) = node.value else { return nil }
        return list.first { $0.key == key }
    }

    /// The elements of the base's array `key` of `node`; none when it has no such array.
    func baseElements(_ node: JSONNode?, _ key: String) -> [JSONNode] {
        if let member = baseMember(node, key), case .array(let nodes) = member.node.value { return nodes }
        return []
    }

    /// `unmatched`: the page cannot be matched to the base's (the counts differ), so values
    /// copied from the base are not compared; typos and wrong types are still reported.
    func members(_ node: JSONNode, what: String, allowed: [String], known: [String], base baseNode: JSONNode? = nil,
                 unmatched: Bool = false) -> JSONFields {
        guard case .object(let list) = node.value else {
            error(node.position, "\(what) must be an object, not \(node.value.kindName)")
            return JSONFields()
        }
        var result = JSONFields()
        // "$schema" is for the translator's editor, as in the base: nothing to lay over it.
        for member in list where !Translation.shapeKeys.contains(member.key) && member.key != "$schema" {
            if allowed.contains(member.key) {
                if !result.add(member) { error(member.keyPosition, "duplicate key \(Quoted(member.key)) in \(what)") }
            } else if !(unmatched && known.contains(member.key)) {
                refuse(member, what: what, allowed: allowed, known: known, base: baseNode)
            }
        }
        return result
    }

    /// A key the translation may not set: fine when it repeats the base's value, else an error.
    private func refuse(_ member: JSONMember, what: String, allowed: [String], known: [String], base baseNode: JSONNode?) {
        // A value the translator copied from the base and left alone.
        if let original = baseMember(baseNode, member.key), original.node.value.isSame(as: member.node.value) { return }
        if baseMember(baseNode, member.key) != nil {
            error(member.node.position, "\(Quoted(member.key)) differs from the base tour's; a translation changes texts only, and \(what) may set \(allowed.joined(separator: ", "))")
        } else if !known.contains(member.key) {
            // A typo ("titre"), not a value of the base: said as a tour's unknown key is.
            let suggestion = KeySuggestion.closest(to: member.key, among: allowed)
            error(member.keyPosition, "unknown key \(Quoted(member.key)) in \(what)"
                + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "; a translation may set " + allowed.joined(separator: ", ")))
        } else {
            error(member.keyPosition, "a translation holds texts only; \(Quoted(member.key)) comes from the base tour (\(what) may set \(allowed.joined(separator: ", ")))")
        }
    }

    func text(_ member: JSONMember?) -> String? {
        guard let member else { return nil }
        guard case .string(let value) = member.node.value else {
            error(member.node.position, "\(Quoted(member.key)) must be a string, not \(member.node.value.kindName)")
            return nil
        }
        return value
    }

    func applyLabels(_ node: JSONNode) {
        let labelFields = members(node, what: "\"labels\"", allowed: Translation.labelKeys, known: TourDecoder.labelKeys)
        for label in Tour.Label.allCases {
            guard let member = labelFields[label.rawValue], let words = text(member) else { continue }
            if let problem = label.lengthProblem(in: words) {
                error(member.node.position, problem)
                continue
            }
            if !label.placeholders.isEmpty, let word = label.unknownPlaceholder(in: words) {
                error(member.node.position, "label \(Quoted(label.rawValue)) may hold \(label.placeholders.joined(separator: " and ")), not \(Quoted(word))")
                continue
            }
            tour.labels[label] = words
        }
    }

    func applyPages(_ pagesMember: JSONMember) {
        guard case .array(let pageNodes) = pagesMember.node.value else {
            error(pagesMember.node.position, "\"pages\" must be an array, not \(pagesMember.node.value.kindName)")
            return
        }
        let basePages = baseElements(baseRoot, "pages")
        // A wrong count is one problem among the others: every page is still read for typos
        // and wrong types, though none can be compared with a base page it may not match.
        let countsDiffer = pageNodes.count != base.pages.count
        if countsDiffer {
            error(pagesMember.node.position, "the translation has \(pageNodes.count) pages and the base tour \(base.pages.count); a translation has the same pages")
        }
        for (position, node) in pageNodes.enumerated() {
            let basePage = position < basePages.count ? basePages[position] : nil
            let pageFields = members(node, what: "page \(position + 1)", allowed: Translation.pageKeys, known: TourDecoder.pageKeys,
                                     base: basePage, unmatched: countsDiffer)
            if countsDiffer {
                for key in ["title", "subtitle", "heroAlt", "button", "key", "extra"] { _ = text(pageFields[key]) }
                continue
            }
            applyPage(pageFields, position: position, basePage: basePage)
        }
    }

    /// Page `position` of the translation, laid over the base page it matches (by `key`,
    /// else by position). A page with an error is left as the base's.
    private func applyPage(_ pageFields: JSONFields, position: Int, basePage: JSONNode?) {
        var index = position
        // Cleaned as the base's keys are, so a key matches whatever controls it carried.
        if let key = text(pageFields["key"]).map({ TextSanitizer.clean($0) }) {
            guard let match = base.pages.firstIndex(where: { $0.key == key }) else {
                error(pageFields["key"]!.node.position, "no page of the base tour has \"key\": \(Quoted(key))")
                return
            }
            index = match
        }
        var page = tour.pages[index]
        if let title = text(pageFields["title"]) { page.title = title }
        if let subtitle = text(pageFields["subtitle"]) { page.subtitle = subtitle }
        if let button = text(pageFields["button"]) { page.button = button }
        if let heroAlt = text(pageFields["heroAlt"]) { page.heroAlt = heroAlt }
        let what = "page \(position + 1)"
        if pageFields["items"] != nil || pageFields["extra"] != nil {
            guard applyFeatures(pageFields, to: &page, index: index, what: what, basePage: basePage) else { return }
        }
        if let optionsMember = pageFields["options"] {
            guard applyOptions(optionsMember, to: &page, index: index, what: what, basePage: basePage) else { return }
        }
        tour.pages[index] = page
    }

    /// The `items` and `extra` of a feature list; false when the base page is not one.
    private func applyFeatures(_ pageFields: JSONFields, to page: inout Tour.Page, index: Int, what: String, basePage: JSONNode?) -> Bool {
        guard var (items, extra) = page.featureList else {
            let member = pageFields["items"] ?? pageFields["extra"]!
            error(member.keyPosition, "\(Quoted(member.key)) translates a feature list, and page \(index + 1) of the base tour is not one")
            return false
        }
        if let extraText = text(pageFields["extra"]) { extra = TextSanitizer.clean(extraText, keepNewlines: true) }
        if let itemsMember = pageFields["items"] {
            if case .array(let itemNodes) = itemsMember.node.value, itemNodes.count == items.count {
                let baseItems = baseElements(basePage, "items")
                for (itemIndex, itemNode) in itemNodes.enumerated() {
                    let itemFields = members(itemNode, what: "item \(itemIndex + 1) of \(what)", allowed: Translation.featureKeys,
                                             known: TourDecoder.featureKeys, base: itemIndex < baseItems.count ? baseItems[itemIndex] : nil)
                    if let title = text(itemFields["title"]) { items[itemIndex].title = title }
                    if let body = text(itemFields["text"]) { items[itemIndex].text = body }
                }
            } else {
                error(itemsMember.node.position, "\"items\" must be an array of \(items.count) items, as on page \(index + 1) of the base tour")
            }
        }
        page.featureList = (items, extra)
        return true
    }

    /// The labels and details of a question's options; false when the base page is not a
    /// question or the options do not match its.
    private func applyOptions(_ optionsMember: JSONMember, to page: inout Tour.Page, index: Int, what: String, basePage: JSONNode?) -> Bool {
        guard var choice = page.choice else {
            error(optionsMember.keyPosition, "\"options\" translates a question, and page \(index + 1) of the base tour is not one")
            return false
        }
        guard case .array(let optionNodes) = optionsMember.node.value, optionNodes.count == choice.options.count else {
            error(optionsMember.node.position, "\"options\" must be an array of \(choice.options.count) options, as on page \(index + 1) of the base tour")
            return false
        }
        let baseOptions = baseElements(basePage, "options")
        for (optionIndex, optionNode) in optionNodes.enumerated() {
            // A value the translator copied is the base's; one that differs is an error there.
            let optionFields = members(optionNode, what: "option \(optionIndex + 1) of \(what)", allowed: Translation.optionKeys,
                                       known: TourDecoder.optionKeys, base: optionIndex < baseOptions.count ? baseOptions[optionIndex] : nil)
            if let label = text(optionFields["label"]) { choice.options[optionIndex].label = label }
            if let detail = text(optionFields["detail"]) { choice.options[optionIndex].detail = detail }
        }
        page.choice = choice
        return true
    }
}
