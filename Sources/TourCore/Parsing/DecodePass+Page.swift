/// One page: its texts, kind, indicator and colors; what each kind reads is in `PageKind`.
extension DecodePass {
    /// "indicator" and "indicatorGlyphs" of a tour or a page; nil when neither is given.
    func indicator(named nameMember: Member?, glyphs glyphsMember: Member?) throws(PartFailure) -> Tour.Indicator? {
        guard let member = nameMember ?? glyphsMember else { return nil }
        let name = try string(nameMember) ?? "dots"
        guard TourDecoder.indicatorNames.contains(name) else {
            throw stop(raw.position(member.value), "\"indicator\" must be one of \(TourDecoder.indicatorNames.joined(separator: ", ")), not \(Quoted(name))")
        }
        switch name {
        case "numbers": return .numbers
        case "bar": return .bar
        case "none": return Tour.Indicator.none
        default: break
        }
        guard let glyphsMember else { return .dots() }
        let glyphFields = try members(of: glyphsMember.value, what: "\"indicatorGlyphs\"", keys: TourDecoder.GlyphKey.self)
        var glyphs: [String] = []
        for key in TourDecoder.GlyphKey.allCases {
            let text = TextSanitizer.clean(try string(glyphFields[key]) ?? (key == .current ? "●" : "○"))
            let cells = TextWidth.of(text)
            guard text.count == 1, (1...2).contains(cells) else {
                throw stop(raw.position(glyphFields[key]?.value ?? glyphsMember.value),
                           "\"\(TourDecoder.GlyphKey.names[key.rawValue])\" in \"indicatorGlyphs\" must be one character one or two cells wide, not \(Quoted(text))")
            }
            glyphs.append(text)
        }
        return .dots(current: glyphs[0], other: glyphs[1])
    }

    func color(_ member: Member?) throws(PartFailure) -> Color? {
        guard let member, let text = try string(member) else { return nil }
        guard let color = ColorName.parse(text) else {
            throw stop(raw.position(member.value), "\(Quoted(keyText(member))) must be a color name (\(ColorName.names.joined(separator: ", ")), bright-NAME), #RRGGBB or #RGB, not \(Quoted(text))")
        }
        return color
    }

    func decodeFeature(_ node: Int, number: Int, page: Int) throws(PartFailure) -> Tour.Feature {
        func what() -> String { "item \(number) of page \(page)" }
        let fields = try members(of: node, what: what(), keys: TourDecoder.FeatureKey.self)
        guard let title = try text(fields[.title]) else {
            if misspelled(in: node).contains("title") { throw PartFailure.alreadyReported }
            throw stop(raw.position(node), "\(what()) has no \"title\"")
        }
        return Tour.Feature(icon: try text(fields[.icon]) ?? "", title: title, text: try text(fields[.text]) ?? "",
                            accent: try color(fields[.accent]))
    }

    /// A question: its answer's name (`key`), two to six options of plain values, and a
    /// default that is one of them. Values are read as written, even while checking: they
    /// are compared.
    func decodeChoice(_ fields: Fields<TourDecoder.PageKey>, node: Int, number: Int) throws(PartFailure) -> Tour.Choice {
        func what() -> String { "page \(number)" }
        guard let keyMember = fields[.key], let key = try string(keyMember) else {
            throw stop(raw.position(node), "\(what()) asks a question and has no \"key\" to keep the answer under; add \"key\": \"telemetry\"")
        }
        guard Tour.Choice.isPlainValue(key) else {
            throw stop(raw.position(keyMember.value), "the \"key\" of a question is a short plain word (a-z, 0-9, _ . -, at most \(Tour.Choice.maximumValueBytes) bytes), not \(Quoted(key))")
        }
        guard let optionsMember = fields[.options] else {
            throw stop(raw.position(node), "\(what()) asks a question and has no \"options\"; add \"options\": [{\"value\": \"yes\", \"label\": \"Yes\"}, …]")
        }
        guard raw.kind(optionsMember.value) == .array else {
            throw stop(raw.position(optionsMember.value), "\"options\" must be an array, not \(raw.kindName(optionsMember.value))")
        }
        let count = raw.count(optionsMember.value)
        guard Tour.Choice.optionCounts.contains(count) else {
            throw stop(raw.position(optionsMember.value), "a question has 2 to 6 options, not \(count)")
        }
        var options: [Tour.Choice.Option] = []
        var seen: [String: Int] = [:]
        for (index, optionNode) in raw.elements(optionsMember.value).enumerated() {
            attempt { () throws(PartFailure) in
                let optionWhat = "option \(index + 1) of \(what())"
                let optionFields = try members(of: optionNode, what: optionWhat, keys: TourDecoder.OptionKey.self)
                guard let valueMember = optionFields[.value], let value = try string(valueMember) else {
                    if misspelled(in: optionNode).contains("value") { throw PartFailure.alreadyReported }
                    throw stop(raw.position(optionNode), "\(optionWhat) has no \"value\"")
                }
                guard Tour.Choice.isPlainValue(value) else {
                    throw stop(raw.position(valueMember.value), "a \"value\" is a short plain word (a-z, 0-9, _ . -, at most \(Tour.Choice.maximumValueBytes) bytes), not \(Quoted(value))")
                }
                if let first = seen[value] {
                    throw stop(raw.position(valueMember.value), "options \(first + 1) and \(index + 1) of \(what()) have the one value \(Quoted(value))")
                }
                seen[value] = index
                guard let label = try text(optionFields[.label]) else {
                    if misspelled(in: optionNode).contains("label") { throw PartFailure.alreadyReported }
                    throw stop(raw.position(optionNode), "\(optionWhat) has no \"label\"")
                }
                options.append(Tour.Choice.Option(value: value, label: label, detail: try text(optionFields[.detail])))
            }
        }
        var defaultValue: String? = nil
        if let defaultMember = fields[.default], let text = try string(defaultMember) {
            guard seen[text] != nil else {
                let suggestion = KeySuggestion.closest(to: text, among: Array(seen.keys).sorted())
                throw stop(raw.position(defaultMember.value), "the \"default\" \(Quoted(text)) is not one of the values (\(seen.keys.sorted().joined(separator: ", ")))"
                           + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""))
            }
            defaultValue = text
        }
        guard options.count == count else { throw PartFailure.alreadyReported }
        return Tour.Choice(key: key, options: options, default: defaultValue)
    }

    /// What a practice page waits for: `"expect"` names keys (`"/"`, `"ctrl-r"`, `"g g"`), or
    /// holds `{"line": "mytool sync"}`, a line to type; `"done"` is said once it is done.
    func decodePractice(_ fields: Fields<TourDecoder.PageKey>, node: Int, number: Int) throws(PartFailure) -> Tour.Practice {
        guard let member = fields[.expect] else {
            throw stop(raw.position(node), "page \(number) is a practice and has no \"expect\"; add \"expect\": \"/\" (a key), \"g g\" (keys in turn) or {\"line\": \"mytool sync\"}")
        }
        let done = try text(fields[.done]) ?? ""
        if raw.kind(member.value) == .object {
            let lineFields = try members(of: member.value, what: "the \"expect\" of page \(number)", keys: TourDecoder.PracticeLineKey.self)
            guard let lineMember = lineFields[.line], let line = try text(lineMember) else {
                throw stop(raw.position(member.value), "the \"expect\" of page \(number) has no \"line\"; add \"line\": \"mytool sync\"")
            }
            guard var practice = Tour.Practice(line: TourValues.fill(line, with: declaredValues), done: done) else {
                throw stop(raw.position(lineMember.value), "the line to type must have 1 to \(Tour.Practice.maximumLineLength) characters")
            }
            if !TourValues.references(in: line).isEmpty { practice.template = line }
            return practice
        }
        guard let written = try string(member) else { throw PartFailure.alreadyReported }
        warnOfUndeclared(in: written, at: raw.position(member.value))
        // Checked with the defaults; a run's own values are checked when it fills them.
        let keys = TourValues.fill(written, with: declaredValues)
        if case .failure(let problem) = KeyName.keys(keys) {
            throw stop(raw.position(member.value), "the \"expect\" of page \(number): \(problem.message)")
        }
        var practice = Tour.Practice(keys: keys, done: done)!
        if keys != written { practice.template = written }
        return practice
    }

    /// A page, or nil when it is unusable (the reason already recorded). Each part is read
    /// on its own, so one page can report several problems.
    func decodePage(_ node: Int, number: Int) throws(PartFailure) -> Tour.Page? {
        let fields = try members(of: node, what: "page \(number)", keys: TourDecoder.PageKey.self)
        let title = attemptOptional { () throws(PartFailure) in try text(fields[.title]) }
        let subtitle = attemptOptional { () throws(PartFailure) in try text(fields[.subtitle]) }
        let accent = attemptOptional { () throws(PartFailure) in try color(fields[.accent]) }
        let button = attemptOptional { () throws(PartFailure) in try text(fields[.button]) }
        var page = Tour.Page(title: title ?? "", subtitle: subtitle ?? "", accent: accent, button: button)
        page.since = attemptOptional { () throws(PartFailure) in try since(fields[.since]) }
        let kind = attemptOptional { () throws(PartFailure) in try self.kind(fields[.kind]) } ?? TourDecoder.fileKinds[0]
        page.key = attemptOptional { () throws(PartFailure) in try string(fields[.key]).map { TextSanitizer.clean($0) } }
        page.heroAlt = attemptOptional { () throws(PartFailure) in try text(fields[.heroAlt]) }
        page.indicator = attemptOptional { () throws(PartFailure) in try indicator(named: fields[.indicator], glyphs: fields[.indicatorGlyphs]) }
        for other in TourDecoder.fileKinds where other.name != kind.name {
            for member in other.ownKeys.compactMap({ fields[$0] }) {
                log.add(fail(keyPosition(member), "\(Quoted(keyText(member))) belongs on a page with \"kind\": \"\(other.name)\""))
            }
        }
        attempt { () throws(PartFailure) in try kind.decode?(self, fields, node, number, &page) }
        page.gradient = attemptOptional { () throws(PartFailure) in try gradient(fields[.gradient]) } ?? []
        attempt { () throws(PartFailure) in try decodeHero(fields, into: &page, number: number) }
        guard title != nil else {
            // A title of the wrong type was reported already; only a missing one is news.
            if fields[.title] == nil, !misspelled(in: node).contains("title") {
                throw stop(raw.position(node), "page \(number) has no \"title\"")
            }
            return nil
        }
        return page
    }

    /// A page's `since`: a version, or an error where it was written.
    private func since(_ member: Member?) throws(PartFailure) -> Version? {
        guard let member, let text = try string(member) else { return nil }
        guard let version = Version(text) else { throw stop(raw.position(member.value), Version.problem(key: "since", text: text)) }
        return version
    }

    /// A page's `kind`, one of `TourDecoder.fileKinds`.
    private func kind(_ member: Member?) throws(PartFailure) -> PageKind {
        guard let member, let text = try string(member) else { return TourDecoder.fileKinds[0] }
        guard let kind = TourDecoder.fileKinds.first(where: { $0.name == text }) else {
            let names = TourDecoder.fileKinds.map { "\"\($0.name)\"" }
            throw stop(raw.position(member.value), "\"kind\" must be \(names.dropLast().joined(separator: ", ")) or \(names.last!), not \(Quoted(text))")
        }
        return kind
    }

    /// The `items` of a feature-list page; each item that could be read.
    func decodeItems(_ member: Member?, page number: Int) throws(PartFailure) -> [Tour.Feature] {
        guard let member else { return [] }
        guard raw.kind(member.value) == .array else {
            throw stop(raw.position(member.value), "\"items\" must be an array, not \(raw.kindName(member.value))")
        }
        guard raw.count(member.value) <= TourDecoder.maximumItems else {
            throw stop(raw.position(member.value), "too many items (\(raw.count(member.value))); the limit is \(TourDecoder.maximumItems) a page")
        }
        return raw.elements(member.value).enumerated().compactMap { index, itemNode in
            attempt { () throws(PartFailure) in try decodeFeature(itemNode, number: index + 1, page: number) }
        }
    }

    /// A page's `gradient`: 2 to 16 colors.
    private func gradient(_ member: Member?) throws(PartFailure) -> [Color] {
        guard let member else { return [] }
        let stops = raw.count(member.value)
        guard raw.kind(member.value) == .array, stops >= 2, stops <= 16 else {
            throw stop(raw.position(member.value), "\"gradient\" must be an array of 2 to 16 colors, such as [\"#3a7bd5\", \"#00d2ff\"]")
        }
        var colors: [Color] = []
        for stop in raw.elements(member.value) {
            colors.append(try color(Member(keyToken: member.keyToken, value: stop))!)
        }
        return colors
    }

    /// The page's hero: inline art, art files, or a picture; at most one of them.
    private func decodeHero(_ fields: Fields<TourDecoder.PageKey>, into page: inout Tour.Page, number: Int) throws(PartFailure) {
        let (heroMember, fileMember, imageMember) = (fields[.hero], fields[.heroFile], fields[.heroImage])
        if (heroMember == nil ? 0 : 1) + (fileMember == nil ? 0 : 1) + (imageMember == nil ? 0 : 1) > 1 {
            let given = [("hero", heroMember), ("heroFile", fileMember), ("heroImage", imageMember)].filter { $0.1 != nil }
            throw stop(keyPosition(given[1].1!), "page \(number) has both \"\(given[0].0)\" and \"\(given[1].0)\"; keep one")
        }
        if let imageMember, let path = try string(imageMember) {
            try decodeHeroImage(path, member: imageMember, altGiven: fields[.heroAlt] != nil, into: &page, number: number)
        } else if let heroMember {
            page.hero = try decodeInlineArt(heroMember)
        } else if let fileMember {
            try decodeHeroFiles(fileMember, into: &page)
        }
    }

    /// A `heroImage`, decoded once however many pages name it.
    private func decodeHeroImage(_ path: String, member: Member, altGiven: Bool, into page: inout Tour.Page, number: Int) throws(PartFailure) {
        if let picture = loaded.pictures[path] {
            page.picture = picture
        } else {
            let picture = try decodePicture(path, at: member)
            try hold(picture.pixels.count, at: member)
            loaded.pictures[path] = picture
            page.picture = picture
        }
        page.heroImage = path
        // Asked only by `tour check`: playing loads libchafa when a picture is first drawn.
        if warnsOfThisMachine, let drawer = page.picture?.drawer, !drawer.canDraw {
            // The file is fine; this machine lacks the library that draws it.
            warn(keyPosition(member), "this machine cannot draw pictures (libchafa 1.8 or later is not installed): here page \(number) shows its \"heroAlt\" in the picture's place; machines with libchafa draw it")
        }
        if !altGiven {
            // Text is how a screen reader, --plain and --accessible show a picture.
            warn(keyPosition(member), "page \(number) has a \"heroImage\" and no \"heroAlt\": --plain, --accessible and screen readers say nothing of the picture")
        }
    }

    /// A `heroFile`: one file, or several, versions of the art, largest first.
    private func decodeHeroFiles(_ fileMember: Member, into page: inout Tour.Page) throws(PartFailure) {
        var paths: [(String, Int)] = []
        if raw.kind(fileMember.value) == .array {
            for element in raw.elements(fileMember.value) {
                guard let path = raw.string(element) else {
                    throw stop(raw.position(element), "each file of \"heroFile\" must be a string, not \(raw.kindName(element))")
                }
                paths.append((path, element))
            }
            guard !paths.isEmpty else { throw stop(raw.position(fileMember.value), "\"heroFile\" is an empty list; name a file") }
        } else if let path = try string(fileMember) {
            paths = [(path, fileMember.value)]
        }
        var versions: [(Tour.Art, SourcePosition)] = []
        for (path, element) in paths {
            versions.append((try artFile(path, named: Member(keyToken: fileMember.keyToken, value: element)), raw.position(element)))
        }
        if !versions.isEmpty {
            page.hero = versionsOfArt(versions)
            page.heroFile = paths[0].0
            page.smallerHeroFiles = paths.dropFirst().map(\.0)
        }
    }
}

extension TourDecoder {
    /// The keys a page may have, each case of `PageKey` at its key's place.
    static let pageKeys = ["kind", "key", "title", "subtitle", "hero", "heroFile", "heroImage", "heroAlt", "button", "since", "accent", "gradient",
                           "indicator", "indicatorGlyphs", "items", "extra", "options", "default", "expect", "done"]
    package enum PageKey: Int, CaseIterable, FieldKey {
        case kind, key, title, subtitle, hero, heroFile, heroImage, heroAlt, button, since, accent, gradient, indicator, indicatorGlyphs, items, extra
        case options, `default`, expect, done
        package static var names: [String] { pageKeys }
        package static let packedNames = JSONTape.packed(pageKeys)
    }

    /// The keys of a practice's `"expect": {"line": …}`.
    static let practiceLineKeys = ["line"]
    package enum PracticeLineKey: Int, CaseIterable, FieldKey {
        case line
        package static var names: [String] { practiceLineKeys }
        package static let packedNames = JSONTape.packed(practiceLineKeys)
    }

    /// The kinds a tour file can name, the default first; each is described once, in
    /// `PageKind`. "custom" is not among them: only Swift makes it.
    static let fileKinds = PageKind.all.filter { $0.decode != nil }

    /// The `"kind"` values a file may give, in the reference's order.
    package static var kindNames: [String] { fileKinds.map(\.name) }
}
