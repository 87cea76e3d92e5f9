/// One page: its texts, kind, feature items or question, indicator and colors.
extension DecodeRun {
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

    /// A page, or nil when it is unusable (the reason already recorded): the page itself
    /// when building, or while checking only what the checks after it read (`CheckedPage`;
    /// texts are then "" and art is measured, not kept). One body fills either.
    func decodePage<Parts: PageParts>(_ node: Int, number: Int, as _: Parts.Type) throws(PartFailure) -> Parts? {
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
}
