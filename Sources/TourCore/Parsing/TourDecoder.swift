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

    static let tourKeys = ["id", "version", "labels", "accent", "indicator", "indicatorGlyphs", "pages"]
    static let pageKeys = ["kind", "key", "title", "subtitle", "hero", "heroFile", "heroImage", "heroAlt", "button", "since", "accent", "gradient",
                           "indicator", "indicatorGlyphs", "items", "extra"]
    static let indicatorNames = ["dots", "numbers", "bar", "none"]
    static let labelKeys = ["next", "done", "skip"]
    static let featureKeys = ["icon", "title", "text", "accent"]

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
    /// Collects what one `check` finds; every call starts a new one.
    private let log: DiagnosticLog
    /// The art and pictures one `check` has read, each once however many pages name it.
    private let loaded: LoadedArt

    /// Decoded pictures and art of one tour may hold this much in all; more is bad
    /// content. Each file is also held to its own limits.
    package static let maximumLoadedArtBytes = 64 << 20

    /// A decoder for one file; errors name `fileName`.
    package init(fileName: String, readArt: @escaping ArtReader) {
        self.init(fileName: fileName, readArt: readArt, log: DiagnosticLog())
    }

    private init(fileName: String, readArt: @escaping ArtReader, log: DiagnosticLog) {
        self.fileName = fileName
        self.readArt = readArt
        self.log = log
        self.loaded = LoadedArt()
    }

    /// What one run has read: 1,000 pages naming one picture decode it once and share it.
    private final class LoadedArt {
        var pictures: [String: Picture] = [:]
        var art: [String: Tour.Art] = [:]
        /// What the distinct pictures and art hold, roughly, in bytes.
        var heldBytes = 0
    }

    /// The tour, or the first error in it.
    package func decode(_ bytes: [UInt8]) throws(TourError) -> Tour {
        let (tour, diagnostics) = check(bytes)
        if let error = Diagnostic.error(from: diagnostics) { throw error }
        guard let tour else { throw TourError.content(file: fileName, position: nil, message: "no tour") }
        return tour
    }

    /// Every problem in the file, errors and warnings, in the order they appear; and the
    /// tour as far as it could be read (nil when the JSON itself is broken).
    package func check(_ bytes: [UInt8]) -> (Tour?, [Diagnostic]) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            return (nil, [Diagnostic(file: fileName, position: error.position, severity: .error, message: error.message)])
        }
        return validate(root)
    }

    /// A Markdown tour: its shape read into the raw form, then validated like JSON.
    package func checkMarkdown(_ bytes: [UInt8]) -> (Tour?, [Diagnostic]) {
        var parser = MarkdownTourParser(fileName: fileName)
        let (root, problems) = parser.parse(bytes)
        guard let root else { return (nil, problems) }
        return validate(root, alreadyFound: problems)
    }

    /// Validates a raw form; `alreadyFound` joins the result, in file order.
    package func validate(_ root: JSONNode, alreadyFound: [Diagnostic] = []) -> (Tour?, [Diagnostic]) {
        // A fresh log per call: a decoder used twice must not report the first file's errors.
        var run = TourDecoder(fileName: fileName, readArt: readArt, log: DiagnosticLog())
        run.readPicture = readPicture
        for diagnostic in alreadyFound { run.log.add(diagnostic) }
        let tour: Tour?
        do throws(PartFailure) {
            tour = try run.decodeTour(root)
        } catch {
            if case .error(let error) = error { run.log.add(error) }
            tour = nil
        }
        return (tour, Diagnostic.inFileOrder(run.log.entries) + [run.log.overflow(file: fileName)].compactMap { $0 })
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
    private enum PartFailure: Error {
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

    private func members(of node: JSONNode, what: String, allowed: [String]) throws(PartFailure) -> JSONFields {
        guard case .object(let list) = node.value else {
            throw stop(node.position, "\(what) must be an object, not \(node.value.kindName)")
        }
        return log.fields(of: list, at: node.position, what: what, allowed: allowed, fileName: fileName)
    }

    /// Required keys that an unknown key in `node` was taken to be a misspelling of:
    /// "page 2 has no title" would only repeat "did you mean title?".
    /// Read from what `members(of:)` found, not computed again.
    private func misspelled(in node: JSONNode) -> Set<String> {
        log.misspelled[node.position] ?? []
    }

    private func string(_ member: JSONMember?) throws(PartFailure) -> String? {
        guard let member else { return nil }
        guard case .string(let text) = member.node.value else {
            throw stop(member.node.position, "\(Quoted(member.key)) must be a string, not \(member.node.value.kindName)")
        }
        return text
    }

    private func decodeTour(_ root: JSONNode) throws(PartFailure) -> Tour {
        let fields = try members(of: root, what: "the tour", allowed: Self.tourKeys)
        guard let pagesMember = fields["pages"] else {
            if misspelled(in: root).contains("pages") { throw PartFailure.alreadyReported }
            throw stop(root.position, "the tour has no \"pages\"; add \"pages\": [{\"title\": \"…\"}]")
        }
        guard case .array(let pageNodes) = pagesMember.node.value else {
            throw stop(pagesMember.node.position, "\"pages\" must be an array, not \(pagesMember.node.value.kindName)")
        }
        guard !pageNodes.isEmpty else { throw stop(pagesMember.node.position, "\"pages\" is empty; a tour needs at least one page") }
        guard pageNodes.count <= Self.maximumPages else {
            throw stop(pagesMember.node.position, "too many pages (\(pageNodes.count)); the limit is \(Self.maximumPages)")
        }
        var labels = Tour.Labels()
        if let labelsMember = fields["labels"] {
            attempt { () throws(PartFailure) in
                let labelFields = try members(of: labelsMember.node, what: "\"labels\"", allowed: Self.labelKeys)
                labels = Tour.Labels(
                    next: attemptOptional { () throws(PartFailure) in try string(labelFields["next"]) } ?? labels.next,
                    done: attemptOptional { () throws(PartFailure) in try string(labelFields["done"]) } ?? labels.done,
                    skip: attemptOptional { () throws(PartFailure) in try string(labelFields["skip"]) } ?? labels.skip)
            }
        }
        // A version is read as written, as `since` is: "1.0\e[31m" is not a version, cleaned or not.
        var version: String? = attemptOptional { () throws(PartFailure) in try string(fields["version"]) }
        if let text = version, Version(text) == nil, let member = fields["version"] {
            log.add(fail(member.node.position, "\"version\" must be dotted numbers such as \"2.1.0\", not \(Quoted(text))"))
            version = nil
        }
        // Tour-wide values are read once, before the pages: a mistake in one is reported once.
        let tourAccent = attemptOptional { () throws(PartFailure) in try color(fields["accent"]) }
        var pages: [Tour.Page] = []
        pages.reserveCapacity(pageNodes.count)
        for (index, node) in pageNodes.enumerated() {
            if let page = attemptOptional({ () throws(PartFailure) in try decodePage(node, number: index + 1) }) {
                pages.append(page)
                checkContrast(of: page, node: node)
                checkVersions(of: page, node: node, tourVersion: version.flatMap(Version.init), versionGiven: version != nil)
            }
        }
        guard !pages.isEmpty else {
            // Every page had an error, already recorded; nothing more to say.
            if log.firstError != nil { throw PartFailure.alreadyReported }
            throw stop(pagesMember.node.position, "no page could be read")
        }
        var tour = Tour(
            id: attemptOptional { () throws(PartFailure) in try string(fields["id"]).map { TextSanitizer.clean($0) } },
            version: version,
            labels: labels,
            accent: tourAccent,
            pages: pages)
        tour.indicator = attemptOptional { () throws(PartFailure) in try indicator(fields, at: root) } ?? .dots()
        return tour
    }

    /// A color the author set on a page with a gradient that does not read on it is drawn
    /// in a shade that does; `tour check` says where it was set, what it reads at, what is
    /// drawn instead, and so what to choose. A tour-wide accent is not this page's choice:
    /// it passes silently.
    private func checkContrast(of page: Tour.Page, node: JSONNode) {
        guard page.gradient.count >= 2, case .object(let members) = node.value else { return }
        let stops = page.gradient.compactMap(Palette.rgb(of:))
        let bands = (0...16).map { Palette.blend(stops, at: Double($0) / 16) }
        var colors: [(Color, SourcePosition, String)] = []
        if let accent = page.accent, let member = members.first(where: { $0.key == "accent" }) {
            colors.append((accent, member.node.position, "\"accent\""))
        }
        if let itemsMember = members.first(where: { $0.key == "items" }), case .array(let itemNodes) = itemsMember.node.value {
            for (index, item) in page.items.enumerated() where index < itemNodes.count {
                guard let accent = item.accent, case .object(let itemMembers) = itemNodes[index].value,
                      let member = itemMembers.first(where: { $0.key == "accent" }) else { continue }
                colors.append((accent, member.node.position, "the \"accent\" of item \(index + 1)"))
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

    /// A page "since" a version the tour has not reached would never show; one without a
    /// tour version can never be "what's new".
    private func checkVersions(of page: Tour.Page, node: JSONNode, tourVersion: Version?, versionGiven: Bool) {
        guard let since = page.since, case .object(let members) = node.value,
              let member = members.first(where: { $0.key == "since" }) else { return }
        if let tourVersion, since > tourVersion {
            warn(member.node.position, "\"since\": \(Quoted(since.description)) is newer than the tour's version \(tourVersion); --once will not show this page yet")
        } else if !versionGiven {
            warn(member.node.position, "\"since\" has no effect: the tour has no \"version\" to compare it with")
        }
    }

    /// "indicator" and "indicatorGlyphs" of a tour or a page; nil when neither is given.
    private func indicator(_ fields: JSONFields, at node: JSONNode) throws(PartFailure) -> Tour.Indicator? {
        let glyphsMember = fields["indicatorGlyphs"]
        guard let member = fields["indicator"] ?? glyphsMember else { return nil }
        let name = try string(fields["indicator"]) ?? "dots"
        guard Self.indicatorNames.contains(name) else {
            throw stop(member.node.position, "\"indicator\" must be one of \(Self.indicatorNames.joined(separator: ", ")), not \(Quoted(name))")
        }
        switch name {
        case "numbers": return .numbers
        case "bar": return .bar
        case "none": return Tour.Indicator.none
        default: break
        }
        guard let glyphsMember else { return .dots() }
        let glyphFields = try members(of: glyphsMember.node, what: "\"indicatorGlyphs\"", allowed: ["current", "other"])
        var glyphs: [String] = []
        for key in ["current", "other"] {
            let text = TextSanitizer.clean(try string(glyphFields[key]) ?? (key == "current" ? "●" : "○"))
            let cells = TextWidth.of(text)
            guard text.count == 1, (1...2).contains(cells) else {
                throw stop(glyphFields[key]?.node.position ?? glyphsMember.node.position,
                           "\"\(key)\" in \"indicatorGlyphs\" must be one character one or two cells wide, not \(Quoted(text))")
            }
            glyphs.append(text)
        }
        return .dots(current: glyphs[0], other: glyphs[1])
    }

    private func color(_ member: JSONMember?) throws(PartFailure) -> Color? {
        guard let member, let text = try string(member) else { return nil }
        guard let color = ColorName.parse(text) else {
            throw stop(member.node.position, "\(Quoted(member.key)) must be a color name (\(ColorName.names.joined(separator: ", ")), bright-NAME) or #RRGGBB, not \(Quoted(text))")
        }
        return color
    }

    private func decodeFeature(_ node: JSONNode, number: Int, page: Int) throws(PartFailure) -> Tour.Feature {
        let what = "item \(number) of page \(page)"
        let fields = try members(of: node, what: what, allowed: Self.featureKeys)
        guard let title = try string(fields["title"]) else {
            if misspelled(in: node).contains("title") { throw PartFailure.alreadyReported }
            throw stop(node.position, "\(what) has no \"title\"")
        }
        return Tour.Feature(icon: try string(fields["icon"]) ?? "", title: title, text: try string(fields["text"]) ?? "",
                            accent: try color(fields["accent"]))
    }

    /// A page, or nil when it is unusable (the reason already recorded).
    private func decodePage(_ node: JSONNode, number: Int) throws(PartFailure) -> Tour.Page? {
        let what = "page \(number)"
        let fields = try members(of: node, what: what, allowed: Self.pageKeys)
        let title = attemptOptional { () throws(PartFailure) in try string(fields["title"]) }
        // Each part is read on its own, so one page can report several problems.
        var page = Tour.Page(title: title ?? "",
                             subtitle: attemptOptional { () throws(PartFailure) in try string(fields["subtitle"]) } ?? "",
                             accent: attemptOptional { () throws(PartFailure) in try color(fields["accent"]) },
                             button: attemptOptional { () throws(PartFailure) in try string(fields["button"]) })
        attempt { () throws(PartFailure) in
            if let sinceMember = fields["since"], let since = try string(sinceMember) {
                guard let version = Version(since) else {
                    throw stop(sinceMember.node.position, "\"since\" must be dotted numbers such as \"2.1.0\", not \(Quoted(since))")
                }
                page.since = version
            }
        }
        var kind = Tour.Page.Kind.page
        attempt { () throws(PartFailure) in
            if let kindMember = fields["kind"], let text = try string(kindMember) {
                guard let parsed = Tour.Page.Kind(rawValue: text), parsed != .custom else {
                    throw stop(kindMember.node.position, "\"kind\" must be \"page\" or \"features\", not \(Quoted(text))")
                }
                kind = parsed
            }
        }
        page.key = attemptOptional { () throws(PartFailure) in try string(fields["key"]).map { TextSanitizer.clean($0) } }
        page.heroAlt = attemptOptional { () throws(PartFailure) in try string(fields["heroAlt"]) }
        page.indicator = attemptOptional { () throws(PartFailure) in try indicator(fields, at: node) }
        var items: [Tour.Feature] = []
        attempt { () throws(PartFailure) in
            if let itemsMember = fields["items"] {
                guard kind == .features else {
                    throw stop(itemsMember.keyPosition, "\"items\" belongs on a page with \"kind\": \"features\"")
                }
                guard case .array(let itemNodes) = itemsMember.node.value else {
                    throw stop(itemsMember.node.position, "\"items\" must be an array, not \(itemsMember.node.value.kindName)")
                }
                guard itemNodes.count <= Self.maximumItems else {
                    throw stop(itemsMember.node.position, "too many items (\(itemNodes.count)); the limit is \(Self.maximumItems) a page")
                }
                for (index, itemNode) in itemNodes.enumerated() {
                    if let item = attempt({ () throws(PartFailure) in try decodeFeature(itemNode, number: index + 1, page: number) }) {
                        items.append(item)
                    }
                }
            }
        }
        let extra = attemptOptional { () throws(PartFailure) in try string(fields["extra"]) } ?? ""
        if kind == .features { page.content = .features(items, extra: TextSanitizer.clean(extra, keepNewlines: true)) }
        attempt { () throws(PartFailure) in
            if let gradientMember = fields["gradient"] {
                guard case .array(let stops) = gradientMember.node.value, stops.count >= 2, stops.count <= 16 else {
                    throw stop(gradientMember.node.position, "\"gradient\" must be an array of 2 to 16 colors, such as [\"#3a7bd5\", \"#00d2ff\"]")
                }
                for stop in stops {
                    page.gradient.append(try color(JSONMember(key: "gradient", keyPosition: gradientMember.keyPosition, node: stop))!)
                }
            }
        }
        attempt { () throws(PartFailure) in
            let heroKeys = ["hero", "heroFile", "heroImage"].filter { fields[$0] != nil }
            if heroKeys.count > 1, let second = fields[heroKeys[1]] {
                throw stop(second.keyPosition, "\(what) has both \"\(heroKeys[0])\" and \"\(heroKeys[1])\"; keep one")
            }
            if let imageMember = fields["heroImage"], let path = try string(imageMember) {
                if let picture = loaded.pictures[path] {
                    page.picture = picture
                } else {
                    let picture = try decodePicture(path, at: imageMember)
                    try hold(picture.pixels.count, at: imageMember)
                    loaded.pictures[path] = picture
                    page.picture = picture
                }
                page.heroImage = path
                return
            }
            if let heroMember = fields["hero"] {
                page.hero = try decodeInlineArt(heroMember)
            } else if let fileMember = fields["heroFile"] {
                // One file, or several: versions of the art, largest first.
                var paths: [(String, SourcePosition)] = []
                if case .array(let elements) = fileMember.node.value {
                    for element in elements {
                        guard case .string(let path) = element.value else {
                            throw stop(element.position, "each file of \"heroFile\" must be a string, not \(element.value.kindName)")
                        }
                        paths.append((path, element.position))
                    }
                    guard !paths.isEmpty else { throw stop(fileMember.node.position, "\"heroFile\" is an empty list; name a file") }
                } else if let path = try string(fileMember) {
                    paths = [(path, fileMember.node.position)]
                }
                var versions: [(Tour.Art, SourcePosition)] = []
                for (path, position) in paths {
                    let member = JSONMember(key: fileMember.key, keyPosition: fileMember.keyPosition, node: JSONNode(value: .string(path), position: position))
                    versions.append((try artFile(path, named: member), position))
                }
                if !versions.isEmpty {
                    page.hero = versionsOfArt(versions)
                    page.heroFile = paths[0].0
                    page.smallerHeroFiles = paths.dropFirst().map(\.0)
                }
            }
        }
        guard title != nil else {
            // A title of the wrong type was reported already; only a missing one is news.
            if fields["title"] == nil, !misspelled(in: node).contains("title") {
                throw stop(node.position, "\(what) has no \"title\"")
            }
            return nil
        }
        return page
    }

    /// The art in a file, read once however many pages name it.
    private func artFile(_ path: String, named member: JSONMember) throws(PartFailure) -> Tour.Art {
        if let art = loaded.art[path] { return art }
        let bytes = try readHeroFile(path, named: member)
        let art = try checkedArt(Tour.Art(text: String(decoding: bytes, as: UTF8.self)), at: member.node.position)
        try hold(art.lines.reduce(0) { $0 + $1.utf8.count } + art.styles.reduce(0) { $0 + $1.count } * MemoryLayout<Style>.stride, at: member)
        loaded.art[path] = art
        return art
    }

    /// Counts what a newly read picture or art file holds against the tour's bound.
    private func hold(_ bytes: Int, at member: JSONMember) throws(PartFailure) {
        loaded.heldBytes += bytes
        guard loaded.heldBytes <= Self.maximumLoadedArtBytes else {
            throw stop(member.node.position, "the tour's pictures and art take more than \(Self.maximumLoadedArtBytes >> 20) MiB in all; use fewer or smaller ones")
        }
    }

    /// The bytes of a `heroFile` or `heroImage`, through the art reader (inside the tour's
    /// folder, a regular file, within the size limit).
    private func readHeroFile(_ path: String, named member: JSONMember) throws(PartFailure) -> [UInt8] {
        do throws(TourError) {
            return try readArt(path)
        } catch {
            // Only the quoted path is cut; the reason is said whole (shown visibly all the same).
            let message = "cannot read \(member.key) \(Quoted(path)): \(MessageText.visible(Self.reason(error), limit: MessageText.maximumPathLength))"
            // A file that is not there is the reader's trouble, not the tour's: 66, not 65.
            if case .unreadable = error {
                log.add(Diagnostic(file: fileName, position: member.node.position, severity: .error, message: message, missingFile: true))
                throw PartFailure.alreadyReported
            }
            // The reader's own rule (art outside the tour's folder) speaks for itself.
            throw stop(member.node.position, "\(member.key) \(Quoted(path)) \(error.message)")
        }
    }

    /// A `heroImage`: read like art (inside the tour's folder, a regular file, within the
    /// art size limit), then decoded; a picture over 4096×4096 is refused from its header.
    private func decodePicture(_ path: String, at member: JSONMember) throws(PartFailure) -> Picture {
        let bytes = try readHeroFile(path, named: member)
        guard let readPicture else {
            throw stop(member.node.position, "heroImage \(Quoted(path)): pictures cannot be read here")
        }
        switch readPicture(bytes) {
        case .success(let picture): return picture
        case .failure(let problem):
            throw stop(member.node.position, "heroImage \(Quoted(path)) is not a picture tour can show: \(MessageText.visible(problem.reason, limit: 120))")
        }
    }

    private static func reason(_ error: TourError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }

    private func decodeInlineArt(_ member: JSONMember) throws(PartFailure) -> Tour.Art {
        // An array of arrays (or of texts beside arrays) gives versions, largest first.
        if case .array(let elements) = member.node.value, elements.contains(where: { if case .array = $0.value { true } else { false } }) {
            var versions: [(Tour.Art, SourcePosition)] = []
            for element in elements {
                let version = JSONMember(key: member.key, keyPosition: member.keyPosition, node: element)
                versions.append((try decodeInlineArt(version), element.position))
            }
            return versionsOfArt(versions)
        }
        switch member.node.value {
        case .string(let text):
            return try checkedArt(Tour.Art(text: text), at: member.node.position)
        case .array(let lines):
            var texts: [String] = []
            for line in lines {
                guard case .string(let text) = line.value else {
                    throw stop(line.position, "each line of \"hero\" must be a string, not \(line.value.kindName)")
                }
                texts.append(text)
            }
            return try checkedArt(Tour.Art(lines: texts), at: member.node.position)
        default:
            throw stop(member.node.position, "\"hero\" must be a string or an array of lines, not \(member.node.value.kindName)")
        }
    }

    /// One art from its versions, largest first; `tour check` warns where a version is
    /// wider than the one before it (the layout tries them in order).
    private func versionsOfArt(_ versions: [(art: Tour.Art, position: SourcePosition)]) -> Tour.Art {
        for (previous, next) in zip(versions, versions.dropFirst()) where next.art.width > previous.art.width {
            warn(next.position, "this version of the art is \(next.art.width) columns wide, wider than the one before it (\(previous.art.width)); give the largest first")
        }
        var art = versions[0].art
        art.smallerVersions = versions.dropFirst().map(\.art)
        return art
    }

    private func checkedArt(_ art: Tour.Art, at position: SourcePosition) throws(PartFailure) -> Tour.Art {
        if art.width > Self.maximumArtColumns || art.lines.count > Self.maximumArtRows {
            throw stop(position, "hero art is \(art.width)×\(art.lines.count); the limit is \(Self.maximumArtColumns)×\(Self.maximumArtRows)")
        }
        if art.width > Self.comfortableArtColumns {
            warn(position, "hero art is \(art.width) columns wide; it will be left out on terminals narrower than \(art.width + 2) columns")
        }
        return art
    }
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
