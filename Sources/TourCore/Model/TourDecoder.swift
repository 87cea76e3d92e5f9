/// Turns tour JSON into a `Tour`, strictly: unknown keys, wrong types and missing
/// titles are errors that point at the line and column where they were written.
public struct TourDecoder {
    /// Reads an art file named by `heroFile`, relative to the tour file.
    public typealias ArtReader = (_ relativePath: String) throws(TourError) -> [UInt8]

    public static let maximumPages = 10_000
    public static let maximumArtColumns = 500
    public static let maximumArtRows = 200
    public static let maximumArtFileBytes = 1 << 20

    public static let tourKeys = ["id", "version", "labels", "accent", "pages"]
    public static let pageKeys = ["kind", "title", "subtitle", "hero", "heroFile", "button", "since", "accent", "gradient", "items", "extra"]
    public static let labelKeys = ["next", "done", "skip"]
    public static let featureKeys = ["icon", "title", "text", "accent"]

    private let fileName: String
    private let readArt: ArtReader

    public init(fileName: String, readArt: @escaping ArtReader) {
        self.fileName = fileName
        self.readArt = readArt
    }

    public func decode(_ bytes: [UInt8]) throws(TourError) -> Tour {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw TourError.content(file: fileName, position: error.position, message: error.message)
        }
        return try decodeTour(root)
    }

    private func fail(_ position: SourcePosition, _ message: String) -> TourError {
        .content(file: fileName, position: position, message: message)
    }

    private func members(of node: JSONNode, what: String, allowed: [String]) throws(TourError) -> [String: JSONMember] {
        guard case .object(let list) = node.value else {
            throw fail(node.position, "\(what) must be an object, not \(node.value.kindName)")
        }
        var result: [String: JSONMember] = [:]
        for member in list {
            guard allowed.contains(member.key) else {
                var message = "unknown key \"\(member.key)\" in \(what)"
                if let suggestion = KeySuggestion.closest(to: member.key, among: allowed) {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += "; expected one of: " + allowed.joined(separator: ", ")
                }
                throw fail(member.keyPosition, message)
            }
            if result[member.key] != nil {
                throw fail(member.keyPosition, "duplicate key \"\(member.key)\" in \(what)")
            }
            result[member.key] = member
        }
        return result
    }

    private func string(_ member: JSONMember?) throws(TourError) -> String? {
        guard let member else { return nil }
        guard case .string(let text) = member.node.value else {
            throw fail(member.node.position, "\"\(member.key)\" must be a string, not \(member.node.value.kindName)")
        }
        return text
    }

    private func decodeTour(_ root: JSONNode) throws(TourError) -> Tour {
        let fields = try members(of: root, what: "the tour", allowed: Self.tourKeys)
        guard let pagesMember = fields["pages"] else {
            throw fail(root.position, "the tour has no \"pages\"; add \"pages\": [{\"title\": \"…\"}]")
        }
        guard case .array(let pageNodes) = pagesMember.node.value else {
            throw fail(pagesMember.node.position, "\"pages\" must be an array, not \(pagesMember.node.value.kindName)")
        }
        guard !pageNodes.isEmpty else { throw fail(pagesMember.node.position, "\"pages\" is empty; a tour needs at least one page") }
        guard pageNodes.count <= Self.maximumPages else {
            throw fail(pagesMember.node.position, "too many pages (\(pageNodes.count)); the limit is \(Self.maximumPages)")
        }
        var labels = Tour.Labels()
        if let labelsMember = fields["labels"] {
            let labelFields = try members(of: labelsMember.node, what: "\"labels\"", allowed: Self.labelKeys)
            labels = Tour.Labels(
                next: try string(labelFields["next"]) ?? labels.next,
                done: try string(labelFields["done"]) ?? labels.done,
                skip: try string(labelFields["skip"]) ?? labels.skip)
        }
        var pages: [Tour.Page] = []
        pages.reserveCapacity(pageNodes.count)
        for (index, node) in pageNodes.enumerated() {
            pages.append(try decodePage(node, number: index + 1))
        }
        let version = try string(fields["version"]).map { TextSanitizer.clean($0) }
        if let version, Version(version) == nil, let member = fields["version"] {
            throw fail(member.node.position, "\"version\" must be dotted numbers such as \"2.1.0\", not \"\(version)\"")
        }
        return Tour(
            id: try string(fields["id"]).map { TextSanitizer.clean($0) },
            version: version,
            labels: labels,
            accent: try color(fields["accent"]),
            pages: pages)
    }

    private func color(_ member: JSONMember?) throws(TourError) -> Color? {
        guard let member, let text = try string(member) else { return nil }
        guard let color = ColorName.parse(text) else {
            throw fail(member.node.position, "\"\(member.key)\" must be a color name (\(ColorName.names.joined(separator: ", ")), bright-NAME) or #RRGGBB, not \"\(text)\"")
        }
        return color
    }

    private func decodeFeature(_ node: JSONNode, number: Int, page: Int) throws(TourError) -> Tour.Feature {
        let what = "item \(number) of page \(page)"
        let fields = try members(of: node, what: what, allowed: Self.featureKeys)
        guard let title = try string(fields["title"]) else { throw fail(node.position, "\(what) has no \"title\"") }
        return Tour.Feature(icon: try string(fields["icon"]) ?? "", title: title, text: try string(fields["text"]) ?? "",
                            accent: try color(fields["accent"]))
    }

    private func decodePage(_ node: JSONNode, number: Int) throws(TourError) -> Tour.Page {
        let what = "page \(number)"
        let fields = try members(of: node, what: what, allowed: Self.pageKeys)
        guard let title = try string(fields["title"]) else {
            throw fail(node.position, "\(what) has no \"title\"")
        }
        var page = Tour.Page(title: title, subtitle: try string(fields["subtitle"]) ?? "", accent: try color(fields["accent"]),
                             button: try string(fields["button"]))
        if let sinceMember = fields["since"], let since = try string(sinceMember) {
            guard let version = Version(since) else {
                throw fail(sinceMember.node.position, "\"since\" must be dotted numbers such as \"2.1.0\", not \"\(since)\"")
            }
            page.since = version
        }
        if let kindMember = fields["kind"], let kind = try string(kindMember) {
            guard let parsed = Tour.Page.Kind(rawValue: kind), parsed != .custom else {
                throw fail(kindMember.node.position, "\"kind\" must be \"page\" or \"features\", not \"\(kind)\"")
            }
            page.kind = parsed
        }
        if let itemsMember = fields["items"] {
            guard page.kind == .features else {
                throw fail(itemsMember.keyPosition, "\"items\" belongs on a page with \"kind\": \"features\"")
            }
            guard case .array(let itemNodes) = itemsMember.node.value else {
                throw fail(itemsMember.node.position, "\"items\" must be an array, not \(itemsMember.node.value.kindName)")
            }
            for (index, itemNode) in itemNodes.enumerated() {
                page.items.append(try decodeFeature(itemNode, number: index + 1, page: number))
            }
        }
        page.extra = TextSanitizer.clean(try string(fields["extra"]) ?? "", keepNewlines: true)
        if let gradientMember = fields["gradient"] {
            guard case .array(let stops) = gradientMember.node.value, stops.count >= 2, stops.count <= 16 else {
                throw fail(gradientMember.node.position, "\"gradient\" must be an array of 2 to 16 colors, such as [\"#3a7bd5\", \"#00d2ff\"]")
            }
            for stop in stops {
                page.gradient.append(try color(JSONMember(key: "gradient", keyPosition: gradientMember.keyPosition, node: stop))!)
            }
        }
        if let heroMember = fields["hero"], let fileMember = fields["heroFile"] {
            _ = heroMember
            throw fail(fileMember.keyPosition, "\(what) has both \"hero\" and \"heroFile\"; keep one")
        }
        if let heroMember = fields["hero"] {
            page.hero = try decodeInlineArt(heroMember)
        } else if let fileMember = fields["heroFile"], let path = try string(fileMember) {
            let bytes: [UInt8]
            do {
                bytes = try readArt(path)
            } catch {
                throw fail(fileMember.node.position, "cannot read heroFile \"\(path)\": \(Self.reason(error))")
            }
            page.hero = try checkedArt(Tour.Art(text: String(decoding: bytes, as: UTF8.self)), at: fileMember.node.position)
        }
        return page
    }

    private static func reason(_ error: TourError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }

    private func decodeInlineArt(_ member: JSONMember) throws(TourError) -> Tour.Art {
        switch member.node.value {
        case .string(let text):
            return try checkedArt(Tour.Art(text: text), at: member.node.position)
        case .array(let lines):
            var texts: [String] = []
            for line in lines {
                guard case .string(let text) = line.value else {
                    throw fail(line.position, "each line of \"hero\" must be a string, not \(line.value.kindName)")
                }
                texts.append(text)
            }
            return try checkedArt(Tour.Art(lines: texts), at: member.node.position)
        default:
            throw fail(member.node.position, "\"hero\" must be a string or an array of lines, not \(member.node.value.kindName)")
        }
    }

    private func checkedArt(_ art: Tour.Art, at position: SourcePosition) throws(TourError) -> Tour.Art {
        if art.width > Self.maximumArtColumns || art.lines.count > Self.maximumArtRows {
            throw fail(position, "hero art is \(art.width)×\(art.lines.count); the limit is \(Self.maximumArtColumns)×\(Self.maximumArtRows)")
        }
        return art
    }
}

/// "Did you mean": the allowed key closest to a typo, when it is close enough.
enum KeySuggestion {
    static func closest(to key: String, among candidates: [String]) -> String? {
        let lowered = Array(key.lowercased())
        var best: (String, Int)? = nil
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of neighbours ("titel" is one step from "title").
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
