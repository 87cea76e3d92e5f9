/// The one validator of tour files. JSON is parsed into a raw form with positions, and
/// Markdown is read into the same form (`MarkdownTourParser`); this turns that form into
/// a `Tour`, strictly: unknown keys, wrong types and missing titles are errors that point
/// at the line and column where they were written, in either format.
package struct TourDecoder {
    /// Reads an art file named by `heroFile`, relative to the tour file.
    package typealias ArtReader = (_ relativePath: String) throws(TourError) -> [UInt8]

    /// More pages than this is refused on load.
    package static let maximumPages = 10_000
    /// Art wider than this is refused on load.
    package static let maximumArtColumns = 500
    /// Art taller than this is refused on load.
    package static let maximumArtRows = 200
    /// More items on one feature-list page than this is refused on load.
    package static let maximumItems = 1_000
    /// A larger heroFile is refused on load.
    package static let maximumArtFileBytes = 1 << 20

    static let tourKeys = ["id", "version", "labels", "accent", "indicator", "indicatorGlyphs", "pages", "tips", "tipsOff", "whatsNew", "whatsNewHint"]
    static let pageKeys = ["kind", "key", "title", "subtitle", "hero", "heroFile", "heroImage", "heroAlt", "button", "since", "accent", "gradient",
                           "indicator", "indicatorGlyphs", "items", "extra", "options", "default"]
    static let indicatorNames = ["dots", "numbers", "bar", "none"]
    static let labelKeys = Tour.Label.names
    static let featureKeys = ["icon", "title", "text", "accent"]
    static let glyphKeys = ["current", "other"]
    static let optionKeys = ["value", "label", "detail"]

    /// The keys of each part of a tour, each case at its key's place in the list above: a
    /// field is found by its place (a bit test), not by comparing names, thousands of
    /// times a tour. A test holds each case's name to its key's.
    package enum TourKey: Int, CaseIterable, FieldKey {
        case id, version, labels, accent, indicator, indicatorGlyphs, pages, tips, tipsOff, whatsNew, whatsNewHint
        package static var names: [String] { tourKeys }
        package static let packedNames = JSONTape.packed(tourKeys)
    }
    package enum PageKey: Int, CaseIterable, FieldKey {
        case kind, key, title, subtitle, hero, heroFile, heroImage, heroAlt, button, since, accent, gradient, indicator, indicatorGlyphs, items, extra
        case options, `default`
        package static var names: [String] { pageKeys }
        package static let packedNames = JSONTape.packed(pageKeys)
    }
    package enum FeatureKey: Int, CaseIterable, FieldKey {
        case icon, title, text, accent
        package static var names: [String] { featureKeys }
        package static let packedNames = JSONTape.packed(featureKeys)
    }
    package enum OptionKey: Int, CaseIterable, FieldKey {
        case value, label, detail
        package static var names: [String] { optionKeys }
        package static let packedNames = JSONTape.packed(optionKeys)
    }
    package enum GlyphKey: Int, CaseIterable, FieldKey {
        case current, other
        package static var names: [String] { glyphKeys }
        package static let packedNames = JSONTape.packed(glyphKeys)
    }

    /// A tour of at most this many pages is built as it is checked; a larger one builds
    /// each page when it is first shown.
    package static let pagesBuiltWhileChecked = 32

    /// Art wider than this will not fit a classic 80-column terminal; `tour check` warns.
    package static let comfortableArtColumns = 80

    /// Decodes a PNG or JPEG named by `heroImage`; the store gives one (the core cannot).
    package typealias PictureReader = @Sendable (_ bytes: [UInt8]) -> Result<Picture, PictureProblem>

    /// Why a picture could not be read.
    package struct PictureProblem: Error, Sendable {
        package var reason: String
        package init(reason: String) { self.reason = reason }
    }

    private let fileName: String
    private let readArt: ArtReader
    /// Reads `heroImage` pictures; without one, a tour that names a picture is refused.
    package var readPicture: PictureReader? = nil
    /// `tour check`: also warn of what this machine cannot do (draw pictures), which is
    /// no fault of the file and says nothing when the tour plays.
    package var warnsOfThisMachine = false

    /// Decoded pictures and art of one tour may hold this much in all; more is bad
    /// content. Each file is also held to its own limits.
    package static let maximumLoadedArtBytes = 64 << 20

    /// A decoder for one file; errors name `fileName`.
    package init(fileName: String, readArt: @escaping ArtReader) {
        self.fileName = fileName
        self.readArt = readArt
    }

    /// The tour, or the first error in it.
    package func decode(_ bytes: [UInt8]) throws(TourError) -> Tour {
        let (tour, diagnostics) = check(bytes)
        if let error = Diagnostic.error(from: diagnostics) { throw error }
        guard let tour else { throw TourError.content(file: fileName, position: nil, message: "no tour") }
        return tour
    }

    /// Every problem in the file, errors and warnings, in the order they appear; and the
    /// tour as far as it could be read (nil when the JSON itself is broken). Its pages are
    /// built when first asked for, from what was checked here.
    package func check(_ bytes: [UInt8]) -> (Tour?, [Diagnostic]) {
        let tape: JSONTape
        do {
            tape = try JSONParser.parseTape(bytes)
        } catch {
            return (nil, [Diagnostic(file: fileName, position: error.position, severity: .error, message: error.message)])
        }
        return validate(tape)
    }

    /// A Markdown tour: its shape read into the raw form, then validated like JSON.
    package func checkMarkdown(_ bytes: [UInt8]) -> (Tour?, [Diagnostic]) {
        var parser = MarkdownTourParser(fileName: fileName)
        let (root, problems) = parser.parse(bytes)
        guard let root else { return (nil, problems) }
        return validate(root, alreadyFound: problems)
    }

    /// Validates a raw form as a tree; `alreadyFound` joins the result, in file order.
    package func validate(_ root: JSONNode, alreadyFound: [Diagnostic] = []) -> (Tour?, [Diagnostic]) {
        validate(JSONTape(tree: root), alreadyFound: alreadyFound)
    }

    /// Validates a raw form; `alreadyFound` joins the result, in file order.
    package func validate(_ tape: JSONTape, alreadyFound: [Diagnostic] = []) -> (Tour?, [Diagnostic]) {
        // A fresh run per call: a decoder used twice must not report the first file's errors.
        let run = DecodeRun(fileName: fileName, readArt: readArt, readPicture: readPicture, warnsOfThisMachine: warnsOfThisMachine, log: DiagnosticLog(),
                            loaded: DecodeRun.LoadedArt(), raw: tape, building: false)
        for diagnostic in alreadyFound { run.log.add(diagnostic) }
        let tour: Tour?
        do throws(DecodeRun.PartFailure) {
            tour = try run.decodeTour(JSONTape.root)
        } catch {
            if case .error(let error) = error { run.log.add(error) }
            tour = nil
        }
        return (tour, Diagnostic.inFileOrder(run.log.entries) + [run.log.overflow(file: fileName)].compactMap { $0 })
    }
}

/// One check of one file, or the building of its pages: what the decoder's parts share.
/// A class, so that each of the many small parts of a page (each run in its own closure,
/// so one page can report several problems) shares it without a copy of every reference.
private final class DecodeRun {
    let fileName: String
    let readArt: TourDecoder.ArtReader
    let readPicture: TourDecoder.PictureReader?
    let warnsOfThisMachine: Bool
    /// Collects what one check finds.
    let log: DiagnosticLog
    /// The art and pictures one check has read, each once however many pages name it.
    let loaded: LoadedArt
    /// The document being read.
    let raw: JSONTape
    /// False while checking: every rule is applied but no text is made and no art is
    /// kept. True when a checked page is built to be shown (`PageSource`).
    let building: Bool

    init(fileName: String, readArt: @escaping TourDecoder.ArtReader, readPicture: TourDecoder.PictureReader?, warnsOfThisMachine: Bool = false,
         log: DiagnosticLog, loaded: LoadedArt, raw: JSONTape, building: Bool) {
        self.fileName = fileName
        self.readArt = readArt
        self.readPicture = readPicture
        self.warnsOfThisMachine = warnsOfThisMachine
        self.log = log
        self.loaded = loaded
        self.raw = raw
        self.building = building
    }

    /// What one run has read: 1,000 pages naming one picture decode it once and share it.
    final class LoadedArt {
        var pictures: [String: Picture] = [:]
        var art: [String: Tour.Art] = [:]
        /// What the distinct pictures and art hold, roughly, in bytes.
        var heldBytes = 0
    }

    /// The same run, building: a page checked already is read again, and its text and
    /// art made. What it would report was reported by the check, so its log is its own.
    func builder() -> DecodeRun {
        DecodeRun(fileName: fileName, readArt: readArt, readPicture: readPicture, warnsOfThisMachine: warnsOfThisMachine, log: DiagnosticLog(),
                  loaded: loaded, raw: raw, building: true)
    }

    private func warn(_ position: SourcePosition, _ message: String) {
        log.add(Diagnostic(file: fileName, position: position, severity: .warning, message: message))
    }

    /// `attempt` for a part that may be absent: nil when absent or wrong (and recorded).
    private func attemptOptional<T>(_ body: () throws(PartFailure) -> T?) -> T? {
        guard let value = attempt(body) else { return nil }
        return value
    }

    /// Runs one part of the decoding; an error in it is recorded and the rest goes on.
    private func attempt<T>(_ body: () throws(PartFailure) -> T) -> T? {
        do throws(PartFailure) {
            return try body()
        } catch {
            if case .error(let error) = error { log.add(error) }
            return nil
        }
    }

    /// Why one part of a file stopped decoding: an error to record, or nothing more to say
    /// because the log has the reason already. It never leaves the decoder.
    enum PartFailure: Error {
        case error(TourError)
        case alreadyReported
    }

    /// Stops the part being decoded with an error at `position`.
    private func stop(_ position: SourcePosition, _ message: String) -> PartFailure {
        .error(fail(position, message))
    }

    private func fail(_ position: SourcePosition, _ message: String) -> TourError {
        .content(file: fileName, position: position, message: message)
    }

    /// A member of an object on the tape: where its key and its value are. Two numbers, so
    /// a page's fields cost no allocation and no reference counting.
    private struct Member {
        var keyToken: Int
        var value: Int
    }

    /// The key of `member` as written.
    private func keyText(_ member: Member) -> String { raw.string(member.keyToken) ?? "" }

    /// Where the key of `member` was written.
    private func keyPosition(_ member: Member) -> SourcePosition { raw.position(member.keyToken) }

    /// A member in the form the log's rules on unknown and repeated keys read.
    private struct LoggedMember: KeyedMember {
        var key: String
        var keyPosition: SourcePosition
        var value: Int
    }

    /// An object's known members, by the place of their key in `Key.names`.
    private struct Fields<Key: FieldKey> {
        /// Bit `place`: the key at that place is here.
        private var present: UInt32 = 0
        /// The token of each present key's value, by place. On the tape a key's token comes
        /// just before its value's.
        private var values = InlineArray<20, Int>(repeating: 0)

        /// How many keys `present` and `values` keep.
        static var capacity: Int { 20 }

        init() { precondition(Key.names.count <= Self.capacity, "more keys than Fields keeps") }

        @inline(__always)
        subscript(key: Key) -> Member? {
            guard present & 1 << key.rawValue != 0 else { return nil }
            let value = values[key.rawValue]
            return Member(keyToken: value - 1, value: value)
        }

        /// Adds the value of the key at `place`; false when that key is here already.
        mutating func add(value: Int, place: Int) -> Bool {
            guard present & 1 << place == 0 else { return false }
            present |= 1 << place
            values[place] = value
            return true
        }
    }

    private func members<Key: FieldKey>(of node: Int, what: @autoclosure () -> String, keys: Key.Type) throws(PartFailure) -> Fields<Key> {
        guard raw.kind(node) == .object else {
            throw stop(raw.position(node), "\(what()) must be an object, not \(raw.kindName(node))")
        }
        // Most objects have only known keys, each once: found by their bytes, with no text
        // made. Anything else is read again through the log, which says what is wrong.
        var fields = Fields<Key>()
        var allKnown = true
        for (key, value) in raw.members(node) {
            guard let place = raw.place(of: key, in: Key.packedNames), fields.add(value: value, place: place) else {
                allKnown = false
                break
            }
        }
        if allKnown { return fields }
        let list = raw.members(node).lazy.map { [raw] member in
            LoggedMember(key: raw.string(member.key) ?? "", keyPosition: raw.position(member.key), value: member.value)
        }
        let logged = log.fields(of: list, at: raw.position(node), what: what(), allowed: Key.names, fileName: fileName)
        fields = Fields<Key>()
        for (place, name) in Key.names.enumerated() {
            if let member = logged[name] { _ = fields.add(value: member.value, place: place) }
        }
        return fields
    }

    /// Required keys that an unknown key in `node` was taken to be a misspelling of:
    /// "page 2 has no title" would only repeat "did you mean title?".
    /// Read from what `members(of:)` found, not computed again.
    private func misspelled(in node: Int) -> Set<String> {
        log.misspelled[raw.position(node)] ?? []
    }

    /// A string value whose text a check needs (a version, a color, a path).
    private func string(_ member: Member?) throws(PartFailure) -> String? {
        guard let member else { return nil }
        try requireString(member)
        return raw.string(member.value)
    }

    /// A string value that is only shown (a title, a subtitle): checked, and made only
    /// when building; while checking it is "".
    private func text(_ member: Member?) throws(PartFailure) -> String? {
        guard let member else { return nil }
        try requireString(member)
        return building ? raw.string(member.value) : ""
    }

    private func requireString(_ member: Member) throws(PartFailure) {
        guard raw.kind(member.value) == .string else {
            throw stop(raw.position(member.value), "\(Quoted(keyText(member))) must be a string, not \(raw.kindName(member.value))")
        }
    }

    /// The `"labels"` object: any of the label table's words, each a string; a label that
    /// takes placeholders ("Page {number} of {count}") names no others.
    private func decodeLabels(_ node: Int) throws(PartFailure) -> Tour.Labels {
        guard raw.kind(node) == .object else {
            throw stop(raw.position(node), "\"labels\" must be an object, not \(raw.kindName(node))")
        }
        // Read once a tour, and more keys than the packed look-up keeps: by their text.
        let list = raw.members(node).map { member in
            LoggedMember(key: raw.string(member.key) ?? "", keyPosition: raw.position(member.key), value: member.value)
        }
        let logged = log.fields(of: list, at: raw.position(node), what: "\"labels\"", allowed: TourDecoder.labelKeys, fileName: fileName)
        var labels = Tour.Labels()
        for label in Tour.Label.allCases {
            guard let member = logged[label.rawValue] else { continue }
            let written = Member(keyToken: member.value - 1, value: member.value)
            guard let text = attemptOptional({ () throws(PartFailure) in try string(written) }) else { continue }
            if let word = label.unknownPlaceholder(in: text), !label.placeholders.isEmpty {
                log.add(fail(raw.position(member.value), "label \(Quoted(label.rawValue)) may hold \(label.placeholders.joined(separator: " and ")), not \(Quoted(word))"))
                continue
            }
            labels[label] = text
        }
        return labels
    }

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
    private func decodeTips(_ node: Int, offHint: Member?, versionMember: Member?, id: String?, version: String?) -> TipSet? {
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
    private func checkContrast<Parts: PageParts>(of page: Parts, node: Int) {
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
    private func memberValue(of node: Int, _ key: String) -> Int? {
        raw.members(node).first { raw.string($0.key) == key }?.value
    }

    /// A page "since" a version the tour has not reached would never show; one without a
    /// tour version can never be "what's new".
    private func checkVersions<Parts: PageParts>(of page: Parts, node: Int, tourVersion: Version?, versionGiven: Bool) {
        guard let since = page.since, let value = memberValue(of: node, "since") else { return }
        if let tourVersion, since > tourVersion {
            warn(raw.position(value), "\"since\": \(Quoted(since.description)) is newer than the tour's version \(tourVersion); --once will not show this page yet")
        } else if !versionGiven {
            warn(raw.position(value), "\"since\" has no effect: the tour has no \"version\" to compare it with")
        }
    }

    /// "indicator" and "indicatorGlyphs" of a tour or a page; nil when neither is given.
    private func indicator(named nameMember: Member?, glyphs glyphsMember: Member?) throws(PartFailure) -> Tour.Indicator? {
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

    private func color(_ member: Member?) throws(PartFailure) -> Color? {
        guard let member, let text = try string(member) else { return nil }
        guard let color = ColorName.parse(text) else {
            throw stop(raw.position(member.value), "\(Quoted(keyText(member))) must be a color name (\(ColorName.names.joined(separator: ", ")), bright-NAME), #RRGGBB or #RGB, not \(Quoted(text))")
        }
        return color
    }

    private func decodeFeature(_ node: Int, number: Int, page: Int) throws(PartFailure) -> Tour.Feature {
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
    private func decodeChoice(_ fields: Fields<TourDecoder.PageKey>, node: Int, number: Int) throws(PartFailure) -> Tour.Choice {
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

    /// A page, or nil when it is unusable (the reason already recorded): the page itself
    /// when building, or while checking only what the checks after it read (`CheckedPage`;
    /// texts are then "" and art is measured, not kept). One body fills either.
    private func decodePage<Parts: PageParts>(_ node: Int, number: Int, as _: Parts.Type) throws(PartFailure) -> Parts? {
        // Said only in errors: not made for each of thousands of good pages.
        func what() -> String { "page \(number)" }
        let fields = try members(of: node, what: what(), keys: TourDecoder.PageKey.self)
        let title = attemptOptional { () throws(PartFailure) in try text(fields[.title]) }
        // Each part is read on its own, so one page can report several problems.
        let subtitle = attemptOptional { () throws(PartFailure) in try text(fields[.subtitle]) }
        let accent = attemptOptional { () throws(PartFailure) in try color(fields[.accent]) }
        let button = attemptOptional { () throws(PartFailure) in try text(fields[.button]) }
        var page = Parts.parts(title: title ?? "", subtitle: subtitle ?? "", accent: accent, button: button)
        attempt { () throws(PartFailure) in
            if let sinceMember = fields[.since], let since = try string(sinceMember) {
                guard let version = Version(since) else {
                    throw stop(raw.position(sinceMember.value), Version.problem(key: "since", text: since))
                }
                page.since = version
            }
        }
        var kind = Tour.Page.Kind.page
        attempt { () throws(PartFailure) in
            if let kindMember = fields[.kind], let text = try string(kindMember) {
                guard let parsed = Tour.Page.Kind(rawValue: text), parsed != .custom else {
                    throw stop(raw.position(kindMember.value), "\"kind\" must be \"page\", \"features\" or \"choice\", not \(Quoted(text))")
                }
                kind = parsed
            }
        }
        page.key = attemptOptional { () throws(PartFailure) in try text(fields[.key]).map { TextSanitizer.clean($0) } }
        page.heroAlt = attemptOptional { () throws(PartFailure) in try text(fields[.heroAlt]) }
        page.indicator = attemptOptional { () throws(PartFailure) in try indicator(named: fields[.indicator], glyphs: fields[.indicatorGlyphs]) }
        var items: [Tour.Feature] = []
        attempt { () throws(PartFailure) in
            if let itemsMember = fields[.items] {
                guard kind == .features else {
                    throw stop(keyPosition(itemsMember), "\"items\" belongs on a page with \"kind\": \"features\"")
                }
                guard raw.kind(itemsMember.value) == .array else {
                    throw stop(raw.position(itemsMember.value), "\"items\" must be an array, not \(raw.kindName(itemsMember.value))")
                }
                guard raw.count(itemsMember.value) <= TourDecoder.maximumItems else {
                    throw stop(raw.position(itemsMember.value), "too many items (\(raw.count(itemsMember.value))); the limit is \(TourDecoder.maximumItems) a page")
                }
                for (index, itemNode) in raw.elements(itemsMember.value).enumerated() {
                    if let item = attempt({ () throws(PartFailure) in try decodeFeature(itemNode, number: index + 1, page: number) }) {
                        items.append(item)
                    }
                }
            }
        }
        let extra = attemptOptional { () throws(PartFailure) in try text(fields[.extra]) } ?? ""
        if kind == .features { page.setFeatures(items, extra: extra) }
        if kind == .choice {
            if let choice = attemptOptional({ () throws(PartFailure) in try decodeChoice(fields, node: node, number: number) }) { page.setChoice(choice) }
        } else {
            for member in [fields[.options], fields[.default]].compactMap({ $0 }) {
                log.add(fail(keyPosition(member), "\(Quoted(keyText(member))) belongs on a page with \"kind\": \"choice\""))
            }
        }
        attempt { () throws(PartFailure) in
            if let gradientMember = fields[.gradient] {
                let stops = raw.count(gradientMember.value)
                guard raw.kind(gradientMember.value) == .array, stops >= 2, stops <= 16 else {
                    throw stop(raw.position(gradientMember.value), "\"gradient\" must be an array of 2 to 16 colors, such as [\"#3a7bd5\", \"#00d2ff\"]")
                }
                for stop in raw.elements(gradientMember.value) {
                    page.gradient.append(try color(Member(keyToken: gradientMember.keyToken, value: stop))!)
                }
            }
        }
        attempt { () throws(PartFailure) in
            let (heroMember, fileMember, imageMember) = (fields[.hero], fields[.heroFile], fields[.heroImage])
            if (heroMember == nil ? 0 : 1) + (fileMember == nil ? 0 : 1) + (imageMember == nil ? 0 : 1) > 1 {
                let given = [("hero", heroMember), ("heroFile", fileMember), ("heroImage", imageMember)].filter { $0.1 != nil }
                throw stop(keyPosition(given[1].1!), "\(what()) has both \"\(given[0].0)\" and \"\(given[1].0)\"; keep one")
            }
            if let imageMember, let path = try string(imageMember) {
                if let picture = loaded.pictures[path] {
                    page.picture = picture
                } else {
                    let picture = try decodePicture(path, at: imageMember)
                    try hold(picture.pixels.count, at: imageMember)
                    loaded.pictures[path] = picture
                    page.picture = picture
                }
                page.heroImage = path
                // Asked only by `tour check`: playing loads libchafa when a picture is first drawn.
                if warnsOfThisMachine, let drawer = page.picture?.drawer, !drawer.canDraw {
                    // The file is fine; this machine lacks the library that draws it.
                    warn(keyPosition(imageMember), "this machine cannot draw pictures (libchafa 1.8 or later is not installed): here \(what()) shows its \"heroAlt\" in the picture's place; machines with libchafa draw it")
                }
                if fields[.heroAlt] == nil {
                    // Text is how a screen reader, --plain and --accessible show a picture.
                    warn(keyPosition(imageMember), "\(what()) has a \"heroImage\" and no \"heroAlt\": --plain, --accessible and screen readers say nothing of the picture")
                }
                return
            }
            if let heroMember {
                page.hero = try decodeInlineArt(heroMember).art
            } else if let fileMember {
                // One file, or several: versions of the art, largest first.
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
                var versions: [(MeasuredArt, SourcePosition)] = []
                for (path, element) in paths {
                    let member = Member(keyToken: fileMember.keyToken, value: element)
                    let art = try artFile(path, named: member)
                    versions.append((MeasuredArt(art), raw.position(element)))
                }
                if !versions.isEmpty {
                    page.hero = versionsOfArt(versions).art
                    page.heroFile = paths[0].0
                    page.smallerHeroFiles = paths.dropFirst().map(\.0)
                }
            }
        }
        guard title != nil else {
            // A title of the wrong type was reported already; only a missing one is news.
            if fields[.title] == nil, !misspelled(in: node).contains("title") {
                throw stop(raw.position(node), "\(what()) has no \"title\"")
            }
            return nil
        }
        return page
    }

    /// The art in a file, read once however many pages name it.
    private func artFile(_ path: String, named member: Member) throws(PartFailure) -> Tour.Art {
        if let art = loaded.art[path] { return art }
        let bytes = try readHeroFile(path, named: member)
        let art = Tour.Art(text: String(decoding: bytes, as: UTF8.self))
        _ = try checkedArt(MeasuredArt(art), at: raw.position(member.value))
        try hold(art.lines.reduce(0) { $0 + $1.utf8.count } + art.styles.reduce(0) { $0 + $1.count } * MemoryLayout<Style>.stride, at: member)
        loaded.art[path] = art
        return art
    }

    /// Counts what a newly read picture or art file holds against the tour's bound.
    private func hold(_ bytes: Int, at member: Member) throws(PartFailure) {
        loaded.heldBytes += bytes
        guard loaded.heldBytes <= TourDecoder.maximumLoadedArtBytes else {
            throw stop(raw.position(member.value), "the tour's pictures and art take more than \(TourDecoder.maximumLoadedArtBytes >> 20) MiB in all; use fewer or smaller ones")
        }
    }

    /// The bytes of a `heroFile` or `heroImage`, through the art reader (inside the tour's
    /// folder, a regular file, within the size limit).
    private func readHeroFile(_ path: String, named member: Member) throws(PartFailure) -> [UInt8] {
        do throws(TourError) {
            return try readArt(path)
        } catch {
            // Only the quoted path is cut; the reason is said whole (shown visibly all the same).
            let message = "cannot read \(keyText(member)) \(Quoted(path)): \(MessageText.visible(Self.reason(error), limit: MessageText.maximumPathLength))"
            // A file that is not there is the reader's trouble, not the tour's: 66, not 65.
            if case .unreadable = error {
                log.add(Diagnostic(file: fileName, position: raw.position(member.value), severity: .error, message: message, missingFile: true))
                throw PartFailure.alreadyReported
            }
            // The reader's own rule (art outside the tour's folder) speaks for itself.
            throw stop(raw.position(member.value), "\(keyText(member)) \(Quoted(path)) \(error.message)")
        }
    }

    /// A `heroImage`: read like art (inside the tour's folder, a regular file, within the
    /// art size limit), then decoded; a picture over 4096×4096 is refused from its header.
    private func decodePicture(_ path: String, at member: Member) throws(PartFailure) -> Picture {
        let bytes = try readHeroFile(path, named: member)
        guard let readPicture else {
            throw stop(raw.position(member.value), "heroImage \(Quoted(path)): pictures cannot be read here")
        }
        switch readPicture(bytes) {
        case .success(let picture): return picture
        case .failure(let problem):
            throw stop(raw.position(member.value), "heroImage \(Quoted(path)) is not a picture tour can show: \(MessageText.visible(problem.reason, limit: 120))")
        }
    }

    private static func reason(_ error: TourError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }

    /// Art as far as a check needs it, its size; and the art itself when building.
    private struct MeasuredArt {
        var art: Tour.Art?
        var width: Int
        var rows: Int

        init(_ art: Tour.Art) {
            self.art = art
            width = art.width
            rows = art.lines.count
        }

        init(width: Int, rows: Int) {
            art = nil
            self.width = width
            self.rows = rows
        }
    }

    private func decodeInlineArt(_ member: Member) throws(PartFailure) -> MeasuredArt {
        let value = member.value
        // Lines of printable ASCII, the common case, are measured in one pass where they stand.
        if !building, let size = plainArtSize(lines: value) {
            return try checkedArt(size, at: raw.position(value))
        }
        // An array of arrays (or of texts beside arrays) gives versions, largest first.
        if raw.kind(value) == .array, raw.elements(value).contains(where: { raw.kind($0) == .array }) {
            var versions: [(MeasuredArt, SourcePosition)] = []
            for element in raw.elements(value) {
                let version = Member(keyToken: member.keyToken, value: element)
                versions.append((try decodeInlineArt(version), raw.position(element)))
            }
            return versionsOfArt(versions)
        }
        switch raw.kind(value) {
        case .string:
            return try checkedArt(MeasuredArt(Tour.Art(text: raw.string(value) ?? "")), at: raw.position(value))
        case .array:
            for line in raw.elements(value) where raw.kind(line) != .string {
                throw stop(raw.position(line), "each line of \"hero\" must be a string, not \(raw.kindName(line))")
            }
            let texts = raw.elements(value).map { raw.string($0) ?? "" }
            return try checkedArt(MeasuredArt(Tour.Art(lines: texts)), at: raw.position(value))
        default:
            throw stop(raw.position(value), "\"hero\" must be a string or an array of lines, not \(raw.kindName(value))")
        }
    }

    /// The size `Tour.Art(lines:)` would give lines that are all printable ASCII written
    /// without escapes, measured where they stand: each is as wide as it is long, cleaning
    /// changes none, and blank rows (all spaces) above and below are left out. Nil when a
    /// line is anything else (an array of versions among them): the art is then made and measured.
    private func plainArtSize(lines array: Int) -> MeasuredArt? {
        var width = 0, rows = 0, line = 0
        var firstKept: Int? = nil
        // The widest blank row since the last row kept: it counts only if a row follows.
        var blankWidth = 0
        let allPlain = raw.eachPlainString(in: array) { length, allSpaces in
            line += 1
            if allSpaces {
                blankWidth = max(blankWidth, length)
                return
            }
            if firstKept == nil {
                firstKept = line
                blankWidth = 0
            }
            width = max(width, length, blankWidth)
            blankWidth = 0
            rows = line - firstKept! + 1
        }
        return allPlain ? MeasuredArt(width: width, rows: rows) : nil
    }

    /// One art from its versions, largest first; `tour check` warns where a version is
    /// wider than the one before it (the layout tries them in order).
    private func versionsOfArt(_ versions: [(art: MeasuredArt, position: SourcePosition)]) -> MeasuredArt {
        for (previous, next) in zip(versions, versions.dropFirst()) where next.art.width > previous.art.width {
            warn(next.position, "this version of the art is \(next.art.width) columns wide, wider than the one before it (\(previous.art.width)); give the largest first")
        }
        var measured = versions[0].art
        if var art = measured.art {
            art.smallerVersions = versions.dropFirst().compactMap(\.art.art)
            measured.art = art
        }
        return measured
    }

    private func checkedArt(_ art: MeasuredArt, at position: SourcePosition) throws(PartFailure) -> MeasuredArt {
        try checkSize(art, at: position)
        if art.width > TourDecoder.comfortableArtColumns {
            warn(position, "hero art is \(art.width) columns wide; it will be left out on terminals narrower than \(art.width + 2) columns")
        }
        return art
    }

    private func checkSize(_ art: MeasuredArt, at position: SourcePosition) throws(PartFailure) {
        if art.width > TourDecoder.maximumArtColumns || art.rows > TourDecoder.maximumArtRows {
            throw stop(position, "hero art is \(art.width)×\(art.rows); the limit is \(TourDecoder.maximumArtColumns)×\(TourDecoder.maximumArtRows)")
        }
    }
}

/// What `decodePage` fills in, so that one body both checks a page and builds it.
private protocol PageParts {
    static func parts(title: String, subtitle: String, accent: Color?, button: String?) -> Self
    var accent: Color? { get }
    var items: [Tour.Feature] { get }
    var since: Version? { get set }
    var key: String? { get set }
    var heroAlt: String? { get set }
    var indicator: Tour.Indicator? { get set }
    var gradient: [Color] { get set }
    var picture: Picture? { get set }
    var heroImage: String? { get set }
    var hero: Tour.Art? { get set }
    var heroFile: String? { get set }
    var smallerHeroFiles: [String] { get set }
    mutating func setFeatures(_ items: [Tour.Feature], extra: String)
    mutating func setChoice(_ choice: Tour.Choice)
    /// The answer's name of a question page: two questions may not share one.
    var choiceKey: String? { get }
}

extension Tour.Page: PageParts {
    fileprivate static func parts(title: String, subtitle: String, accent: Color?, button: String?) -> Tour.Page {
        Tour.Page(title: title, subtitle: subtitle, accent: accent, button: button)
    }

    fileprivate mutating func setFeatures(_ items: [Tour.Feature], extra: String) {
        content = .features(items, extra: TextSanitizer.clean(extra, keepNewlines: true))
    }

    fileprivate mutating func setChoice(_ choice: Tour.Choice) { self.choice = choice }

    fileprivate var choiceKey: String? { choice?.key }
}

/// A page as far as the checks after `decodePage` read it (its version, accent, gradient
/// and items, for contrast and what's new); the rest is checked and let go. A page is a
/// large value, and thousands of them were copied and released only to be checked.
private struct CheckedPage: PageParts {
    var accent: Color?
    var since: Version?
    var gradient: [Color] = []
    var items: [Tour.Feature] = []

    static func parts(title: String, subtitle: String, accent: Color?, button: String?) -> CheckedPage {
        CheckedPage(accent: accent)
    }

    mutating func setFeatures(_ items: [Tour.Feature], extra: String) { self.items = items }
    mutating func setChoice(_ choice: Tour.Choice) { choiceKey = choice.key }
    var choiceKey: String?

    var key: String? { get { nil } set {} }
    var heroAlt: String? { get { nil } set {} }
    var indicator: Tour.Indicator? { get { nil } set {} }
    var picture: Picture? { get { nil } set {} }
    var heroImage: String? { get { nil } set {} }
    var hero: Tour.Art? { get { nil } set {} }
    var heroFile: String? { get { nil } set {} }
    var smallerHeroFiles: [String] { get { [] } set {} }
}

/// "Did you mean": the allowed key closest to a typo, when it is close enough.
enum KeySuggestion {
    /// Keys longer than this get no suggestion: no key is that long, and the distance
    /// table would cost time and memory in the square of the length.
    static let maximumKeyLength = 40

    static func closest(to key: String, among candidates: [String]) -> String? {
        guard key.utf8.count <= maximumKeyLength else { return nil }
        let lowered = Array(key.lowercased())
        var best: (String, Int)? = nil
        for candidate in candidates {
            // The distance is at least the difference in length: most candidates need no table.
            guard abs(lowered.count - candidate.count) <= max(1, candidate.count / 3) else { continue }
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
