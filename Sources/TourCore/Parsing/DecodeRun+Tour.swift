/// The tour as a whole: its top-level keys, every page checked, its tips, and the checks
/// that look across pages (contrast on a gradient, versions, one key per question).
extension DecodeRun {
    func decodeTour(_ root: Int) throws(PartFailure) -> Tour {
        let fields = try members(of: root, what: "the tour", keys: TourDecoder.TourKey.self)
        guard let pagesMember = fields[.pages] else {
            if misspelled(in: root).contains("pages") { throw PartFailure.alreadyReported }
            throw stop(raw.position(root), "the tour has no \"pages\"; add \"pages\": [{\"title\": \"…\"}]")
        }
        guard raw.kind(pagesMember.value) == .array else {
            throw stop(raw.position(pagesMember.value), "\"pages\" must be an array, not \(raw.kindName(pagesMember.value))")
        }
        let pageCount = raw.count(pagesMember.value)
        guard pageCount > 0 else { throw stop(raw.position(pagesMember.value), "\"pages\" is empty; a tour needs at least one page") }
        guard pageCount <= TourDecoder.maximumPages else {
            throw stop(raw.position(pagesMember.value), "too many pages (\(pageCount)); the limit is \(TourDecoder.maximumPages)")
        }
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
        let tourAccent = attemptOptional { () throws(PartFailure) in try color(fields[.accent]) }
        // Every page is checked now. A small tour's pages are built as they are checked (a
        // second pass would run more code than its few pages cost); a larger tour's are
        // built when each is first shown.
        let buildingNow = pageCount <= TourDecoder.pagesBuiltWhileChecked
        let pageRun = buildingNow ? DecodeRun(fileName: fileName, readArt: readArt, readPicture: readPicture, warnsOfThisMachine: warnsOfThisMachine, log: log,
                                              loaded: loaded, raw: raw, building: true) : self
        var built: [Tour.Page] = []
        var checked: [(node: Int, number: Int)] = []
        var since: [Version?] = []
        checked.reserveCapacity(pageCount)
        since.reserveCapacity(pageCount)
        let tourVersion = version.flatMap(Version.init)
        var questionKeys: [String: Int] = [:]
        func afterPage<Parts: PageParts>(_ page: Parts, node: Int, number: Int) {
            if let key = page.choiceKey {
                if let first = questionKeys[key], let member = memberValue(of: node, "key") {
                    log.add(fail(raw.position(member), "pages \(first) and \(number) ask questions with the one key \(Quoted(key)); each answer needs its own"))
                } else {
                    questionKeys[key] = number
                }
            }
            checked.append((node, number))
            since.append(page.since)
            checkContrast(of: page, node: node)
            checkVersions(of: page, node: node, tourVersion: tourVersion, versionGiven: version != nil)
        }
        for (index, node) in raw.elements(pagesMember.value).enumerated() {
            if buildingNow {
                if let page = attemptOptional({ () throws(PartFailure) in try pageRun.decodePage(node, number: index + 1, as: Tour.Page.self) }) {
                    built.append(page)
                    afterPage(page, node: node, number: index + 1)
                }
            } else if let page = attemptOptional({ () throws(PartFailure) in try decodePage(node, number: index + 1, as: CheckedPage.self) }) {
                afterPage(page, node: node, number: index + 1)
            }
        }
        guard !checked.isEmpty else {
            // Every page had an error, already recorded; nothing more to say.
            if log.firstError != nil { throw PartFailure.alreadyReported }
            throw stop(raw.position(pagesMember.value), "no page could be read")
        }
        let pages = buildingNow ? PageList(built) : PageList(PageSource(since: since) { [builder = builder()] index in
            let (node, number) = checked[index]
            // Checked already, with the same code: it cannot fail now. Were it to, the page
            // would show with no text rather than stop the tour (and a debug build, as the
            // fuzz targets are, stops here).
            guard let page = builder.attemptOptional({ () throws(PartFailure) in try builder.decodePage(node, number: number, as: Tour.Page.self) }) else {
                assertionFailure("page \(number) passed the check and failed to build: \(builder.log.entries)")
                return Tour.Page(title: "")
            }
            return page
        })
        var tour = Tour(
            id: attemptOptional { () throws(PartFailure) in try string(fields[.id]).map { TextSanitizer.clean($0) } },
            version: version,
            labels: labels,
            accent: tourAccent,
            pageList: pages)
        tour.indicator = attemptOptional { () throws(PartFailure) in try indicator(named: fields[.indicator], glyphs: fields[.indicatorGlyphs]) } ?? .dots()
        if let member = fields[.whatsNew], let text = attemptOptional({ () throws(PartFailure) in try string(member) }) {
            if let style = Tour.WhatsNewStyle(rawValue: text) {
                tour.whatsNew = style
            } else {
                log.add(fail(raw.position(member.value), "\"whatsNew\" is \"pager\" or \"notice\", not \(Quoted(text))"))
            }
        }
        tour.whatsNewHint = attemptOptional { () throws(PartFailure) in try string(fields[.whatsNewHint]) }
        if let member = fields[.tips] {
            tour.tipSet = decodeTips(member.value, offHint: fields[.tipsOff], versionMember: version == nil ? nil : fields[.version], id: tour.id, version: version)
        } else if let member = fields[.tipsOff] {
            warn(raw.position(member.value), "\"tipsOff\" has no effect: the tour has no \"tips\"")
        }
        return tour
    }

    /// A tour's `"tips"`: checked by the tips decoder, as a tips file's, where they were written.
    func decodeTips(_ node: Int, offHint: Member?, versionMember: Member?, id: String?, version: String?) -> TipSet? {
        var members = [JSONMember(key: "tips", keyPosition: raw.position(node), node: raw.node(node))]
        if let offHint { members.append(JSONMember(key: "off", keyPosition: keyPosition(offHint), node: raw.node(offHint.value))) }
        if let versionMember { members.append(JSONMember(key: "version", keyPosition: keyPosition(versionMember), node: raw.node(versionMember.value))) }
        let (tips, diagnostics) = TipsDecoder.check(root: JSONNode(value: .object(members), position: raw.position(node)), fileName: fileName)
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
    func checkContrast<Parts: PageParts>(of page: Parts, node: Int) {
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
            guard let worstBand = bands.min(by: { Contrast.worstRatio(of: color, over: [$0]) < Contrast.worstRatio(of: color, over: [$1]) }) else { continue }
            let worst = Contrast.worstRatio(of: color, over: [worstBand])
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
    func checkVersions<Parts: PageParts>(of page: Parts, node: Int, tourVersion: Version?, versionGiven: Bool) {
        guard let since = page.since, let value = memberValue(of: node, "since") else { return }
        if let tourVersion, since > tourVersion {
            warn(raw.position(value), "\"since\": \(Quoted(since.description)) is newer than the tour's version \(tourVersion); --once will not show this page yet")
        } else if !versionGiven {
            warn(raw.position(value), "\"since\" has no effect: the tour has no \"version\" to compare it with")
        }
    }
}
