import TourCore
import TourStore
import TourTerminal

extension Tour {
    /// Loads a tour from a JSON or Markdown file; `heroFile` paths are relative to it.
    /// A translation beside it (`tour.fr.json` for French) is laid over its texts: by
    /// default for the locale the environment asks for (LC_ALL, then LC_MESSAGES, then
    /// LANG), or for `locale` ("fr", "fr_CA"). The seen state stays the base tour's.
    /// Art files (`heroFile`) must sit in the tour file's folder or below it.
    /// Every page is read and checked here: the first problem is thrown, as
    /// `FILE:LINE:COL: message`, and a tour that loads has every page built.
    public init(contentsOfFile path: String, locale: String? = nil) throws(TourError) {
        try self.init(contentsOfFile: path, locale: locale, allowOutsideArt: false)
    }

    /// The same, with the art-folder rule lifted when `allowOutsideArt` (`--allow-outside-art`).
    package init(contentsOfFile path: String, locale: String?, allowOutsideArt: Bool) throws(TourError) {
        self = try TourLoader.load(path: path, locale: locale ?? Self.environmentLocale, allowOutsideArt: allowOutsideArt)
    }

    /// A tour from JSON text, for a tool that embeds its tour in its binary (with
    /// SwiftPM's `embedInCode`, say): nothing to find on disk once installed. Errors name
    /// `fileName`; a page's `heroFile` or `heroImage` is looked up by name in `art`.
    /// Checked here, as a file is.
    public init(json: String, fileName: String = "tour.json", art: [String: String] = [:]) throws(TourError) {
        self = try TourLoader.decode(Array(json.utf8), fileName: fileName, art: art.mapValues { Array($0.utf8) })
    }

    /// The same from bytes, as `embedInCode` gives them (`PackageResources.tour_json`).
    /// `translations` are the translated files by language ("fr", "fr_CA"); the one for
    /// `locale` (by default the environment's: LC_ALL, LC_MESSAGES, LANG) is laid over
    /// the tour, as a `tour.fr.json` beside a file is. One that does not fit is not used:
    /// the tour shows untranslated, and `run` passes on a warning.
    public init(jsonBytes: [UInt8], fileName: String = "tour.json", art: [String: [UInt8]] = [:],
                translations: [String: [UInt8]] = [:], locale: String? = nil) throws(TourError) {
        let tour = try TourLoader.decode(jsonBytes, fileName: fileName, art: art)
        self = Self.translated(tour, baseBytes: jsonBytes, fileName: fileName, markdown: false, translations: translations, locale: locale)
    }

    /// A tour from Markdown text, embedded as `Tour(json:)` is.
    public init(markdown: String, fileName: String = "tour.md", art: [String: [UInt8]] = [:],
                translations: [String: [UInt8]] = [:], locale: String? = nil) throws(TourError) {
        try self.init(markdownBytes: Array(markdown.utf8), fileName: fileName, art: art, translations: translations, locale: locale)
    }

    /// The same from bytes (`PackageResources.tour_md`).
    public init(markdownBytes: [UInt8], fileName: String = "tour.md", art: [String: [UInt8]] = [:],
                translations: [String: [UInt8]] = [:], locale: String? = nil) throws(TourError) {
        let tour = try TourLoader.decode(markdownBytes, fileName: fileName, markdown: true, findArt: { art[$0] })
        self = Self.translated(tour, baseBytes: markdownBytes, fileName: fileName, markdown: true, translations: translations, locale: locale)
    }

    /// The locale whose translation a tour is read in when none is named.
    package static var environmentLocale: String? {
        TourLoader.messagesLocale(environment: TerminalEnvironment.variable)
    }

    /// `tour` with the translation for `locale` laid over it, chosen as for a file.
    private static func translated(_ tour: Tour, baseBytes: [UInt8], fileName: String, markdown: Bool,
                                   translations: [String: [UInt8]], locale: String?) -> Tour {
        guard !translations.isEmpty,
              let language = TourLoader.languageCandidates(locale ?? environmentLocale)
                .first(where: { translations[$0] != nil }),
              let bytes = translations[language] else { return tour }
        let (stem, ext) = TourLoader.splitExtension(fileName)
        let name = "\(stem).\(language)\(ext)"
        let baseRoot = TourLoader.rawRoot(baseBytes, fileName: fileName, markdown: markdown).0
        let (result, problems) = TourLoader.overlay(bytes, fileName: name, markdown: markdown, on: tour, baseRoot: baseRoot)
        return TourLoader.translatedOrBase(result, base: tour, problems: problems, translationName: name, checkName: fileName)
    }

    /// Shows the tour: full screen on a terminal, plain text otherwise. With default
    /// options every page plays; with `once` only what this user has not seen, and never
    /// in a pipe, in CI or when the person set TOUR_DISABLE=1.
    ///
    /// A tour with `tips`, run with `once` on every start of a tool, shows at most one
    /// thing a start: the welcome, else what's new, else the tip that is due.
    @discardableResult
    public func run(options: TourOptions = TourOptions()) throws(TourError) -> TourOutcome {
        try TourRunner.run(UnreadTour(self), options: options).outcome
    }

    /// The same run, saying what it showed (the welcome, what's new, a tip or nothing)
    /// and what was answered.
    @discardableResult
    public func show(options: TourOptions = TourOptions()) throws(TourError) -> TourResult {
        try TourRunner.run(UnreadTour(self), options: options)
    }

    /// Plays again what the updates brought, for a tool's `whats-new` command: every page
    /// with a `since`, newest version first, or only those newer than `version`. Records
    /// nothing; `.alreadySeen` when no page is newer. `options.once` is not used.
    @discardableResult
    public func whatsNew(since version: String? = nil, options: TourOptions = TourOptions()) throws(TourError) -> TourOutcome {
        var options = options
        if let version, Version(version) == nil {
            throw TourError.usage(Version.problem(key: "since", text: version))
        }
        options.once = false
        options.selection = .releaseNotes(newerThan: version.flatMap(Version.init))
        return try TourRunner.run(UnreadTour(self), options: options).outcome
    }

    /// The answers this user gave to the tour's questions, by key, the latest of each; empty
    /// when none. It shows nothing and works anywhere (a pipe, CI). A tool must treat a
    /// missing answer as "no" where it asked for consent.
    public func answers(options: TourOptions = TourOptions()) -> [String: String] {
        guard let store = TourRunner.answersStore(options: options),
              case .found(let record) = store.load(id: TourRunner.storeID(self, options: options)) else { return [:] }
        // Only what this tour's own questions ask: another tour kept under the same id
        // (two tools with no id) answered nothing here.
        let asked = Set(pages.compactMap { $0.choice?.key })
        return record.values.filter { key, _ in asked.contains(key) }
    }

    /// The name this tour's seen state and answers are kept under: `options.id`, the
    /// tour's id, or "tour".
    package func stateID(options: TourOptions) -> String {
        TourRunner.storeID(self, options: options)
    }

    /// Forgets that this tour was seen: the "show the tour again" button. Returns true
    /// when there was something to forget.
    @discardableResult
    public func resetSeenState(options: TourOptions = TourOptions()) throws(TourError) -> Bool {
        try TourRunner.reset(self, options: options)
    }
}

extension UnreadTour {
    /// Shows the tour as `Tour.run` does, reading the file whole only when something may
    /// show: the `tour` command's start, where "nothing new" costs what `tour --version` does.
    package func run(options: TourOptions) throws(TourError) -> TourResult {
        try TourRunner.run(self, options: options)
    }
}

extension Tour.Page {
    /// A page whose hero is a PNG or JPEG, drawn as colored character cells that fit the
    /// page, its color depth and its size. `imageBytes` are the file's bytes, as a tool
    /// embeds them (`PackageResources.logo_png`); `heroAlt` says what the picture shows,
    /// for the accessible mode and plain text, which never draw it.
    public init(title: String, subtitle: String = "", heroImageBytes imageBytes: [UInt8], heroAlt: String, accent: Color? = nil,
                since: String? = nil, button: String? = nil) throws(TourError) {
        self.init(title: title, subtitle: subtitle, accent: accent, since: since, button: button)
        switch ImageCodec.decode(imageBytes) {
        case .success(let picture): self.picture = picture
        case .failure(let failure):
            throw TourError.content(file: "heroImage", position: nil, message: "not a picture tour can show: \(MessageText.visible(failure.reason, limit: 120))")
        }
        self.heroAlt = heroAlt
    }

    /// The same, from a PNG or JPEG file (a regular file of at most 1 MiB).
    public init(title: String, subtitle: String = "", heroImage path: String, heroAlt: String, accent: Color? = nil,
                since: String? = nil, button: String? = nil) throws(TourError) {
        let bytes: [UInt8]
        do throws(FileSystem.Failure) {
            bytes = try FileSystem.read(path, limit: TourDecoder.maximumArtFileBytes)
        } catch {
            throw error.tourError(file: path)
        }
        try self.init(title: title, subtitle: subtitle, heroImageBytes: bytes, heroAlt: heroAlt, accent: accent, since: since, button: button)
        self.heroImage = path
    }

    /// The name `heroImageBytes:` had in 2.0.
    @available(*, deprecated, renamed: "init(title:subtitle:heroImageBytes:heroAlt:accent:since:button:)")
    public init(title: String, subtitle: String = "", imageBytes: [UInt8], heroAlt: String, accent: Color? = nil,
                since: String? = nil, button: String? = nil) throws(TourError) {
        try self.init(title: title, subtitle: subtitle, heroImageBytes: imageBytes, heroAlt: heroAlt, accent: accent, since: since, button: button)
    }
}
