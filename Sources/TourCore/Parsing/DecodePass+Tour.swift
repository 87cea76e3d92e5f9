/// The tour as a whole: its top-level keys, every page checked, its tips, and the checks
/// that look across pages (contrast on a gradient, versions, one key per question).
extension DecodePass {
    func decodeTour(_ root: Int) throws(PartFailure) -> Tour {
        let fields = try members(of: root, what: "the tour", keys: TourDecoder.TourKey.self)
        let pagesNode = try pagesArray(fields, root: root)
        // Only for editors; a string, as the schema says.
        attempt { () throws(PartFailure) in _ = try string(fields[.schema]) }
        var labels = Tour.Labels()
        if let labelsMember = fields[.labels] {
            attempt { () throws(PartFailure) in labels = try decodeLabels(labelsMember.value) }
        }
        // A version is read as written, as `since` is: "1.0\e[31m" is not a version, cleaned or not.
        var version: String? = attemptOptional { () throws(PartFailure) in try string(fields[.version]) }
        if let text = version, Version(text) == nil, let member = fields[.version] {
            log.add(fail(raw.position(member.value), Version.problem(key: "version", text: text)))
            version = nil
        }
        // Tour-wide values are read once, before the pages: a mistake in one is reported once.
        if let member = fields[.values] { attempt { () throws(PartFailure) in declaredValues = try decodeValues(member.value) } }
        let tourAccent = attemptOptional { () throws(PartFailure) in try color(fields[.accent]) }
        let pages = decodePages(pagesNode, version: version, idGiven: fields[.id] != nil)
        guard !pages.isEmpty else {
            // Every page had an error, already recorded; nothing more to say.
            if log.firstError != nil { throw PartFailure.alreadyReported }
            throw stop(raw.position(pagesNode), "no page could be read")
        }
        var tour = Tour(
            id: attemptOptional { () throws(PartFailure) in try string(fields[.id]).map { TextSanitizer.clean($0) } },
            version: version, labels: labels, accent: tourAccent, pages: pages)
        tour.values = declaredValues
        tour.indicator = attemptOptional { () throws(PartFailure) in try indicator(named: fields[.indicator], glyphs: fields[.indicatorGlyphs]) } ?? .dots()
        if let member = fields[.whatsNew], let text = attemptOptional({ () throws(PartFailure) in try string(member) }) {
            if let style = Tour.WhatsNewStyle(rawValue: text) {
                tour.whatsNew = style
            } else {
                log.add(fail(raw.position(member.value), "\"whatsNew\" is \"pager\" or \"notice\", not \(Quoted(text))"))
            }
        }
        if let member = fields[.whatsNewHint], let hint = attemptOptional({ () throws(PartFailure) in try string(member) }) {
            let count = hint.count
            if count > Tour.Label.maximumLength {
                log.add(fail(raw.position(member.value), "\"whatsNewHint\" is \(count) characters; one line of at most \(Tour.Label.maximumLength) says where to read more"))
            } else {
                tour.whatsNewHint = hint
            }
        }
        if fields[.tips] != nil || fields[.checklist] != nil {
            tour.tipSet = decodeTips(fields, versionMember: version == nil ? nil : fields[.version], id: tour.id, version: version)
            if let member = fields[.checklist] { warnOfValues(inChecklist: member) }
        } else if let member = fields[.tipsOff] {
            warn(raw.position(member.value), "\"tipsOff\" has no effect: the tour has no \"tips\" and no \"checklist\"")
        }
        return tour
    }

    /// A checklist's words are printed as written, values or not: a `{name}` in them is
    /// said, so that the author writes the words out.
    private func warnOfValues(inChecklist member: Member) {
        var strings: [Int] = []
        var pending = [member.value]
        while let node = pending.popLast() {
            switch raw.kind(node) {
            case .string: strings.append(node)
            case .object: pending += raw.members(node).map(\.value)
            case .array: pending += raw.elements(node)
            default: break
            }
        }
        for node in strings.sorted() {
            guard let text = raw.string(node), let name = TourValues.references(in: text).first else { continue }
            warn(raw.position(node), "{\(name)} in the checklist stays as written: a checklist's words are not filled with values; write them out")
        }
    }

    /// `"values"`: at most `TourValues.maximumCount` names, each a plain word, each with a
    /// string default of at most `TourValues.maximumLength` characters.
    private func decodeValues(_ node: Int) throws(PartFailure) -> [String: String] {
        guard raw.kind(node) == .object else { throw stop(raw.position(node), "\"values\" must be an object, not \(raw.kindName(node))") }
        var values: [String: String] = [:]
        for (key, value) in raw.members(node) {
            let name = raw.string(key) ?? ""
            guard TourValues.isName(name) else {
                throw stop(raw.position(key), "a value's name is a letter, then letters, digits, _ and - (at most \(TourValues.maximumNameLength)), not \(Quoted(name))")
            }
            guard raw.kind(value) == .string, let text = raw.string(value) else {
                throw stop(raw.position(value), "the value \(Quoted(name)) must be a string, not \(raw.kindName(value))")
            }
            guard text.count <= TourValues.maximumLength else {
                throw stop(raw.position(value), "the value \(Quoted(name)) is \(text.count) characters; a value is at most \(TourValues.maximumLength)")
            }
            guard values[name] == nil else { throw stop(raw.position(key), "the value \(Quoted(name)) is declared twice") }
            values[name] = TourValues.cleaned(text)
        }
        guard values.count <= TourValues.maximumCount else {
            throw stop(raw.position(node), "\(values.count) values; a tour declares at most \(TourValues.maximumCount)")
        }
        return values
    }

    /// The `"pages"` array: there, an array, with one to `maximumPages` pages.
    private func pagesArray(_ fields: Fields<TourDecoder.TourKey>, root: Int) throws(PartFailure) -> Int {
        guard let pagesMember = fields[.pages] else {
            if misspelled(in: root).contains("pages") { throw PartFailure.alreadyReported }
            throw stop(raw.position(root), "the tour has no \"pages\"; add \"pages\": [{\"title\": \"…\"}]")
        }
        let node = pagesMember.value
        guard raw.kind(node) == .array else {
            throw stop(raw.position(node), "\"pages\" must be an array, not \(raw.kindName(node))")
        }
        let pageCount = raw.count(node)
        guard pageCount > 0 else { throw stop(raw.position(node), "\"pages\" is empty; a tour needs at least one page") }
        guard pageCount <= TourDecoder.maximumPages else {
            throw stop(raw.position(node), "too many pages (\(pageCount)); the limit is \(TourDecoder.maximumPages)")
        }
        return node
    }

    /// Every page that could be read, each checked on its own and then against the others
    /// (one key per question) and the tour (contrast on a gradient, versions).
    private func decodePages(_ pagesNode: Int, version: String?, idGiven: Bool) -> [Tour.Page] {
        var pages: [Tour.Page] = []
        pages.reserveCapacity(raw.count(pagesNode))
        let tourVersion = version.flatMap(Version.init)
        var questionKeys: [String: Int] = [:]
        for (index, node) in raw.elements(pagesNode).enumerated() {
            let number = index + 1
            guard let page = attemptOptional({ () throws(PartFailure) in try decodePage(node, number: number) }) else { continue }
            if let choice = page.choice {
                let key = choice.key
                // A tour without an id keeps its state under its file's name: another
                // tool's tour.json would read these answers, and find its welcome seen.
                if questionKeys.isEmpty, !idGiven, let member = memberValue(of: node, "key") {
                    warn(raw.position(member), "page \(number) asks a question and the tour has no \"id\": its answers and seen state are kept under the file's name, which another tool's tour of that name shares; give the tour an \"id\", as \"id\": \"mytool\"")
                }
                if let first = questionKeys[key], let member = memberValue(of: node, "key") {
                    log.add(fail(raw.position(member), "pages \(first) and \(number) ask questions with the one key \(Quoted(key)); each answer needs its own"))
                } else {
                    questionKeys[key] = number
                }
            }
            checkContrast(of: page, node: node)
            checkVersions(of: page, node: node, tourVersion: tourVersion, versionGiven: version != nil)
            pages.append(page)
        }
        return pages
    }

    /// A tour's `"tips"` and `"checklist"`: checked as the read of a tour's tips alone
    /// checks them (`TipsDecoder.check(tourRoot:)`), where they were written.
    func decodeTips(_ fields: Fields<TourDecoder.TourKey>, versionMember: Member?, id: String?, version: String?) -> TipSet? {
        var members: [JSONMember] = []
        for (key, member) in [("tips", fields[.tips]), ("tipsOff", fields[.tipsOff]), ("version", versionMember), ("checklist", fields[.checklist])] {
            guard let member else { continue }
            members.append(JSONMember(key: key, keyPosition: keyPosition(member), node: raw.node(member.value)))
        }
        let (tips, diagnostics) = TipsDecoder.check(tourRoot: JSONNode(value: .object(members), position: raw.position(JSONTape.root)), fileName: fileName)
        for diagnostic in diagnostics { log.add(diagnostic) }
        guard var tips, diagnostics.allSatisfy({ $0.severity != .error }) else { return nil }
        tips.id = id
        tips.version = version
        return tips
    }

    /// A color the author set on a page with a gradient that does not read on it is drawn
    /// in a shade that does; `tour check` says where it was set, what it reads at, what is
    /// drawn instead, and so what to choose. A tour-wide accent is not this page's choice:
    /// it passes silently.
    func checkContrast(of page: Tour.Page, node: Int) {
        guard page.gradient.count >= 2, raw.kind(node) == .object else { return }
        let stops = page.gradient.compactMap(Palette.rgb(of:))
        let bands = (0...16).map { Palette.blend(stops, at: Double($0) / 16) }
        var colors: [(Color, SourcePosition, String)] = []
        if let accent = page.accent, let value = memberValue(of: node, "accent") {
            colors.append((accent, raw.position(value), "\"accent\""))
        }
        if let items = memberValue(of: node, "items"), raw.kind(items) == .array {
            for (index, item) in raw.elements(items).enumerated() where index < page.items.count {
                guard let accent = page.items[index].accent, let value = memberValue(of: item, "accent") else { continue }
                colors.append((accent, raw.position(value), "the \"accent\" of item \(index + 1)"))
            }
        }
        for (color, position, what) in colors {
            // Each band's ratio once: compared pairwise, each was worked out twice a comparison.
            let ratios = bands.map { Contrast.worstRatio(of: color, over: [$0]) }
            guard let worstIndex = ratios.indices.min(by: { ratios[$0] < ratios[$1] }) else { continue }
            let worstBand = bands[worstIndex], worst = ratios[worstIndex]
            guard worst < Contrast.minimumRatio else { continue }
            let shown = (worst * 100).rounded(.down) / 100
            let shade = Contrast.readableShade(of: color, on: worstBand, depth: .direct, background: .dark)
            warn(position, "\(what) \(Palette.hex(color)) reads at \(shown):1 on this page's gradient, where \(Palette.hex(worstBand)) is behind it; text needs 4.5:1, so tour draws \(Palette.hex(shade)), a shade of it that reads, on that band; choose a color that reads on every band to see your own")
        }
    }

    /// The value of the first member named `key` of the object at `node`.
    func memberValue(of node: Int, _ key: String) -> Int? {
        raw.members(node).first { raw.string($0.key) == key }?.value
    }

    /// A page "since" a version the tour has not reached would never show; one without a
    /// tour version can never be "what's new".
    func checkVersions(of page: Tour.Page, node: Int, tourVersion: Version?, versionGiven: Bool) {
        guard let since = page.since, let value = memberValue(of: node, "since") else { return }
        if let tourVersion, since > tourVersion {
            warn(raw.position(value), "\"since\": \(Quoted(since.description)) is newer than the tour's version \(tourVersion); --once will not show this page yet")
        } else if !versionGiven {
            warn(raw.position(value), "\"since\" has no effect: the tour has no \"version\" to compare it with")
        }
    }
}
