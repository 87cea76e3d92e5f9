import TourCore

/// Loads a tour file from disk, resolving `heroFile` paths beside it, and lays its
/// translation over it.
package enum TourLoader {
    /// A larger tour file is refused before it is read.
    package static let maximumFileBytes = 4 << 20

    /// The tour in a JSON or Markdown file with the translation for `locale` laid over
    /// it, or its first error. A translation that does not fit is not used: the base tour
    /// comes back with a warning that names the file (every user of the tool would
    /// otherwise get an error where the base tour works); `tour check` lists its problems.
    /// `bytes`: the file's bytes when they were read already.
    package static func load(path: String, locale: String? = nil, allowOutsideArt: Bool = false, bytes: [UInt8]? = nil) throws(TourError) -> Tour {
        let (base, baseDiagnostics, baseBytes) = try checkBase(path: path, allowOutsideArt: allowOutsideArt, bytes: bytes)
        if let error = Diagnostic.error(from: baseDiagnostics) { throw error }
        guard var tour = base else { throw TourError.content(file: path, position: nil, message: "no tour") }
        if tour.id == nil { tour.id = defaultID(forPath: path) }
        let translationPath = localizedPath(for: path, locale: locale)
        guard translationPath != path else { return tour }
        let (translated, problems) = try overlay(translationPath, on: tour, basePath: path, baseRoot: baseRoot(baseBytes, path: path),
                                                 allowOutside: allowOutsideArt)
        return Self.translatedOrBase(translated, base: tour, problems: problems, translationName: translationPath, checkName: path)
    }

    /// The base tour and every translation beside it, each laid over the base, reading the
    /// base once: for a web page that carries every language. A translation that does not
    /// fit is left out, with the warning on the base that `load` would give.
    package static func loadWithTranslations(path: String, allowOutsideArt: Bool) throws(TourError)
        -> (base: Tour, translations: [(language: String, tour: Tour)]) {
        let (base, baseDiagnostics, baseBytes) = try checkBase(path: path, allowOutsideArt: allowOutsideArt)
        if let error = Diagnostic.error(from: baseDiagnostics) { throw error }
        guard var tour = base else { throw TourError.content(file: path, position: nil, message: "no tour") }
        if tour.id == nil { tour.id = defaultID(forPath: path) }
        let files = Self.translations(of: path)
        // The base's raw form is what a translation is laid over: read only when there is one.
        let root = files.isEmpty ? nil : baseRoot(baseBytes, path: path)
        let (stem, ext) = splitExtension(path)
        let baseName = stem.split(separator: "/").last.map(String.init) ?? stem
        var translations: [(language: String, tour: Tour)] = []
        for file in files {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            let language = String(name.dropFirst(baseName.count + 1).dropLast(ext.count))
            let (translated, problems) = try overlay(file, on: tour, basePath: path, baseRoot: root, allowOutside: allowOutsideArt)
            let chosen = translatedOrBase(translated, base: tour, problems: problems, translationName: file, checkName: path)
            if problems.contains(where: { $0.severity == .error }) {
                tour.loadWarnings = chosen.loadWarnings
            } else {
                translations.append((language, chosen))
            }
        }
        return (tour, translations)
    }

    /// The translated tour, or the base with a warning when the translation has errors.
    package static func translatedOrBase(_ translated: Tour, base: Tour, problems: [Diagnostic], translationName: String, checkName: String) -> Tour {
        let errors = problems.filter { $0.severity == .error }.count
        guard errors > 0 else { return translated }
        var tour = base
        tour.loadWarnings.append("\(MessageText.path(translationName)) does not fit the tour (\(errors) problem\(errors == 1 ? "" : "s")), so the tour shows untranslated; `tour check \(MessageText.path(checkName))` lists them")
        return tour
    }

    /// A tour from JSON bytes already in memory; errors name `fileName`, and `heroFile`
    /// names are looked up in `art`.
    package static func decode(_ bytes: [UInt8], fileName: String, art: [String: [UInt8]] = [:],
                               readPicture: @escaping TourDecoder.PictureReader = pictureReader) throws(TourError) -> Tour {
        try decode(bytes, fileName: fileName, findArt: { art[$0] }, readPicture: readPicture)
    }

    /// The same, with the art found by a function: a `switch` over a few embedded files
    /// needs no Dictionary at start-up. `markdown`: the bytes are a Markdown tour.
    package static func decode(_ bytes: [UInt8], fileName: String, markdown: Bool = false, findArt: @escaping @Sendable (String) -> [UInt8]?,
                               readPicture: @escaping TourDecoder.PictureReader = pictureReader) throws(TourError) -> Tour {
        var decoder = TourDecoder(fileName: fileName) { (relativePath: String) throws(TourError) -> [UInt8] in
            guard let bytes = findArt(relativePath) else { throw TourError.unreadable(path: relativePath, reason: "no such file among the art given with the tour") }
            return bytes
        }
        decoder.readPicture = readPicture
        let (decoded, diagnostics) = markdown ? decoder.checkMarkdown(bytes) : decoder.check(bytes)
        if let error = Diagnostic.error(from: diagnostics) { throw error }
        guard var tour = decoded else { throw TourError.content(file: fileName, position: nil, message: "no tour") }
        if tour.id == nil { tour.id = defaultID(forPath: fileName) }
        return tour
    }

    /// Every problem in a tour file and in the translation chosen for `locale`; throws
    /// only when the base file cannot be read.
    package static func check(path: String, locale: String? = nil, allowOutsideArt: Bool = false) throws(TourError) -> (tour: Tour?, diagnostics: [Diagnostic]) {
        var (tour, diagnostics, bytes) = try checkBase(path: path, allowOutsideArt: allowOutsideArt, warnsOfThisMachine: true)
        if tour?.id == nil { tour?.id = defaultID(forPath: path) }
        let translationPath = localizedPath(for: path, locale: locale)
        guard translationPath != path, let base = tour, !diagnostics.contains(where: { $0.severity == .error }) else {
            return (tour, diagnostics)
        }
        let (translated, problems) = try overlay(translationPath, on: base, basePath: path, baseRoot: baseRoot(bytes, path: path),
                                                 allowOutside: allowOutsideArt)
        return (translated, diagnostics + problems)
    }

    /// The translation at `path` laid over `base`, and its problems. Unless `allowOutside`,
    /// the translation must resolve inside the base file's folder, as art must: a link
    /// `tour.fr.md -> ../../secret.env` would otherwise draw the secret as a page.
    /// `baseRoot`: the base file's raw form, parsed from the bytes the base was read from.
    package static func overlay(_ path: String, on base: Tour, basePath: String, baseRoot: JSONNode?,
                                allowOutside: Bool) throws(TourError) -> (Tour, [Diagnostic]) {
        if !allowOutside {
            let directory = FileSystem.directory(of: basePath)
            let name = String(path.split(separator: "/").last ?? Substring(path))
            guard FileSystem.resolve(name, inside: directory) != nil else {
                let reason = "is outside the tour's folder; a translation must sit in the folder of the tour file (--allow-outside-art lifts this)"
                return (base, [Diagnostic(file: path, position: nil, severity: .error, message: reason)])
            }
        }
        let bytes = try readTourFile(path)
        return overlay(bytes, fileName: path, markdown: isMarkdown(path), on: base, baseRoot: baseRoot)
    }

    /// The base's own values, which a translator's copy repeats: the raw form of the bytes
    /// the base tour was read from, not a second read of its file.
    private static func baseRoot(_ bytes: [UInt8]?, path: String) -> JSONNode? {
        bytes.flatMap { rawRoot($0, fileName: path, markdown: isMarkdown(path)).0 }
    }

    /// A translation's bytes laid over `base`, and its problems.
    package static func overlay(_ bytes: [UInt8], fileName: String, markdown: Bool, on base: Tour, baseRoot: JSONNode?) -> (Tour, [Diagnostic]) {
        let (parsed, problems) = rawRoot(bytes, fileName: fileName, markdown: markdown)
        guard let root = parsed else { return (base, problems) }
        let (translated, translationProblems) = Translation.apply(root, to: base, baseRoot: baseRoot, fileName: fileName)
        return (translated, Diagnostic.inFileOrder(problems + translationProblems))
    }

    /// The `"tips"` of a tour file, validated, without reading its pages or their art: what
    /// a start that shows a tip reads. Nil when the tour has none.
    package static func tourTips(_ bytes: [UInt8], fileName: String, markdown: Bool, id: String?) throws(TourError) -> TipSet? {
        let set: TipSet?, diagnostics: [Diagnostic]
        if markdown {
            let (parsed, problems) = rawRoot(bytes, fileName: fileName, markdown: true)
            if let error = Diagnostic.error(from: problems) { throw error }
            guard let parsed else { return nil }
            (set, diagnostics) = TipsDecoder.check(tourRoot: parsed, fileName: fileName)
        } else {
            let tape: JSONTape
            do throws(JSONParser.Failure) {
                tape = try JSONParser.parseTape(bytes)
            } catch {
                throw TourError.content(file: fileName, position: error.position, message: error.message)
            }
            (set, diagnostics) = TipsDecoder.check(tourTape: tape, fileName: fileName)
        }
        if let error = Diagnostic.error(from: diagnostics) { throw error }
        guard var set = set?.nonEmpty else { return nil }
        set.id = id
        return set
    }

    /// The same from a tour file on disk.
    package static func tourTips(path: String, id: String?) throws(TourError) -> TipSet? {
        try tourTips(readTourFile(path), fileName: path, markdown: isMarkdown(path), id: id)
    }

    /// The raw form of a JSON or Markdown file, or the problems that stopped it.
    package static func rawRoot(_ bytes: [UInt8], fileName: String, markdown: Bool) -> (JSONNode?, [Diagnostic]) {
        if markdown {
            var parser = MarkdownTourParser(fileName: fileName)
            return parser.parse(bytes)
        }
        switch JSONParser.parseDiagnosing(bytes, fileName: fileName) {
        case .success(let parsed): return (parsed, [])
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
    }

    /// `warnsOfThisMachine`: for `tour check`, which also says what this machine cannot draw.
    /// Returns the bytes it read, for the translation to reuse.
    private static func checkBase(path: String, allowOutsideArt: Bool, bytes given: [UInt8]? = nil,
                                  warnsOfThisMachine: Bool = false) throws(TourError) -> (Tour?, [Diagnostic], [UInt8]?) {
        let bytes: [UInt8]
        if let given {
            bytes = given
        } else {
            switch try readForCheck(path) {
            case .success(let read): bytes = read
            case .failure(let problem): return (nil, [problem], nil)
            }
        }
        var decoder = TourDecoder(fileName: path, readArt: artReader(for: path, allowOutside: allowOutsideArt))
        decoder.readPicture = pictureReader
        decoder.warnsOfThisMachine = warnsOfThisMachine
        let (tour, diagnostics) = isMarkdown(path) ? decoder.checkMarkdown(bytes) : decoder.check(bytes)
        return (tour, diagnostics, bytes)
    }

    /// A tour file's bytes; too large is bad content (65), missing or unreadable is 66.
    static func readTourFile(_ path: String) throws(TourError) -> [UInt8] {
        try readTourFile(path, upTo: Int.max).bytes
    }

    static func readTourFile(_ path: String, upTo count: Int) throws(TourError) -> (bytes: [UInt8], isWhole: Bool) {
        do {
            return try FileSystem.read(path, limit: maximumFileBytes, upTo: count)
        } catch {
            throw error.tourError(file: path)
        }
    }

    /// How much of a file the head is first looked for in: id and version open most tours.
    static let headBytes = 16 * 1024

    /// The id and version at the top of the tour file, read as `load` would read them (the
    /// same failures for a file that cannot be read); nil when only `load` can say.
    package static func head(path: String) throws(TourError) -> TourHead? {
        try UnreadTour.file(path: path).head
    }

    /// The tips in a JSON or Markdown tips file, validated; the id defaults to the file name.
    /// A tour file's `"tips"` are its tips, under the tour's id (`tour tip --off mytool.json`).
    package static func loadTips(path: String) throws(TourError) -> TipSet {
        let bytes = try readTourFile(path)
        if !isTipsFile(path: path, bytes: bytes) {
            let id = head(bytes: bytes, fileName: path, markdown: isMarkdown(path))?.id ?? defaultID(forPath: path)
            guard let tips = try tourTips(bytes, fileName: path, markdown: isMarkdown(path), id: id) else {
                throw TourError.content(file: path, position: nil, message: "the tour has no \"tips\"; add \"tips\": [{\"text\": \"…\"}]")
            }
            return tips
        }
        var tips = try TipsDecoder.decode(bytes, fileName: path, markdown: isMarkdown(path))
        if tips.id == nil { tips.id = defaultID(forPath: path) }
        return tips
    }

    /// Every problem in a tips file, for `tour check`.
    package static func checkTips(path: String) throws(TourError) -> (TipSet?, [Diagnostic]) {
        switch try readForCheck(path) {
        case .success(let bytes): return TipsDecoder.check(bytes, fileName: path, markdown: isMarkdown(path))
        case .failure(let problem): return (nil, [problem])
        }
    }

    /// A file's bytes for a check, or the reason it is too large as its one problem;
    /// throws only when it cannot be read at all.
    private static func readForCheck(_ path: String) throws(TourError) -> Result<[UInt8], Diagnostic> {
        do throws(TourError) {
            return .success(try readTourFile(path))
        } catch {
            if case .content = error { return .failure(Diagnostic(file: path, position: nil, severity: .error, message: error.message)) }
            throw error
        }
    }

    /// Whether a file is a tips file rather than a tour: JSON with "tips" and no "pages",
    /// or Markdown whose front matter says `kind: tips`.
    package static func isTipsFile(path: String) -> Bool {
        guard let bytes = try? readTourFile(path) else { return false }
        return isTipsFile(path: path, bytes: bytes)
    }

    static func isTipsFile(path: String, bytes: [UInt8]) -> Bool {
        if isMarkdown(path) {
            if case .found(let values) = MarkdownTourParser.frontMatterStrings(bytes, keys: ["kind"]) { return values["kind"] == "tips" }
            return false
        }
        // The keys alone, every value skipped: a check of a large tour parses it once, not twice.
        guard let keys = JSONParser.topLevelKeys(bytes) else { return false }
        return TipsDecoder.isTipsFile(keys: keys, kind: { JSONParser.topLevelStrings(bytes, keys: ["kind"]) == .found(["kind": "tips"]) })
    }

    /// The id and version at the top of tour bytes held in memory; nil when only a full decode can say.
    package static func head(bytes: [UInt8], fileName: String, markdown: Bool) -> TourHead? {
        if case .found(let head) = TourHead.scan(bytes, markdown: markdown, defaultID: defaultID(forPath: fileName)) { return head }
        return nil
    }

    /// Pictures are decoded by the store's ImageCodec (libpng, libjpeg-turbo).
    package static let pictureReader: TourDecoder.PictureReader = { bytes in
        ImageCodec.decode(bytes).mapError { TourDecoder.PictureProblem(reason: $0.reason) }
    }

    static func isMarkdown(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".md") || path.lowercased().hasSuffix(".markdown")
    }

    /// Reads art files relative to the tour file at `path`. Unless `allowOutside`, a file
    /// must resolve inside the tour file's folder: a tour from a stranger (rendered in CI
    /// from a pull request, say) must not draw /etc/shadow or ~/.ssh into its picture.
    package static func artReader(for path: String, allowOutside: Bool = false) -> TourDecoder.ArtReader {
        let directory = FileSystem.directory(of: path)
        return { (relativePath: String) throws(TourError) -> [UInt8] in
            var artPath = FileSystem.join(directory, relativePath)
            if !allowOutside {
                guard let inside = FileSystem.resolve(relativePath, inside: directory) else {
                    if relativePath.hasPrefix("/") || FileSystem.exists(artPath) {
                        throw TourError.content(file: path, position: nil,
                                                message: "is outside the tour's folder; art must sit in the folder of the tour file or below it (--allow-outside-art lifts this)")
                    }
                    throw TourError.unreadable(path: relativePath, reason: "no such file")
                }
                artPath = inside
            }
            do throws(FileSystem.Failure) {
                return try FileSystem.read(artPath, limit: TourDecoder.maximumArtFileBytes)
            } catch {
                // Over the size limit is bad content (65) of the tour, as an oversized tour file is.
                throw error.tourError(file: path, path: relativePath)
            }
        }
    }

    /// The files a watched tour depends on besides itself and its art: its translation.
    package static func translationFiles(of path: String, locale: String?) -> [String] {
        let translation = localizedPath(for: path, locale: locale)
        return translation == path ? [] : [translation]
    }

    /// The translation of a tour to use: `tour.fr_CA.json`, then `tour.fr.json`, beside
    /// `tour.json`, for the locale given, or from LC_ALL, then LC_MESSAGES, then LANG.
    /// The base file when there is none.
    package static func localizedPath(for path: String, locale: String?) -> String {
        let (stem, ext) = splitExtension(path)
        for language in languageCandidates(locale) {
            let candidate = "\(stem).\(language)\(ext)"
            if FileSystem.exists(candidate) { return candidate }
        }
        return path
    }

    /// The languages a locale names, most specific first: "fr_CA.UTF-8" → fr_CA, fr.
    /// None for C and POSIX.
    package static func languageCandidates(_ locale: String?) -> [String] {
        guard let locale, !locale.isEmpty, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return [] }
        var name = Substring(locale)
        if let dot = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<dot] }
        var candidates = [String(name)]
        if let underscore = name.firstIndex(where: { $0 == "_" || $0 == "-" }) { candidates.append(String(name[..<underscore])) }
        return candidates.filter { !$0.isEmpty }
    }

    /// The locale the environment asks for messages in: LC_ALL, then LC_MESSAGES, then LANG.
    package static func messagesLocale(environment: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// Translations beside a base file (`tour.fr.json` beside `tour.json`), for `tour check`.
    package static func translations(of path: String) -> [String] {
        let (stem, ext) = splitExtension(path)
        let directory = FileSystem.directory(of: path)
        let base = stem.split(separator: "/").last.map(String.init) ?? stem
        return FileSystem.list(directory).filter { name in
            guard name.hasPrefix(base + "."), name.hasSuffix(ext), name != base + ext else { return false }
            let language = name.dropFirst(base.count + 1).dropLast(ext.count)
            return !language.isEmpty && language.count <= 8 && language.allSatisfy { $0.isLetter || $0 == "_" }
        }.sorted().map { FileSystem.join(directory, $0) }
    }

    /// Every problem in each translation beside a base file, for `tour check`.
    package static func translationProblems(base: Tour, path: String, allowOutside: Bool) -> [Diagnostic] {
        let translations = translations(of: path)
        guard !translations.isEmpty else { return [] }
        let root = baseRoot(try? readTourFile(path), path: path)
        return translations.flatMap { translation -> [Diagnostic] in
            do throws(TourError) {
                return try overlay(translation, on: base, basePath: path, baseRoot: root, allowOutside: allowOutside).1
            } catch {
                return [Diagnostic(file: translation, position: nil, severity: .error, message: error.description)]
            }
        }
    }

    /// "dir/tour.fr.json" → ("dir/tour.fr", ".json").
    package static func splitExtension(_ path: String) -> (String, String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (path, "") }
        let ext = String(name[dot...])
        return (String(path.dropLast(ext.count)), ext)
    }

    /// The file name without directory and extension: "tours/mytool.json" → "mytool".
    package static func defaultID(forPath path: String) -> String {
        // The last component, trailing slashes ignored, read on the bytes: `split` built an
        // array of every component, and its generic metadata, on every `--once` start.
        let utf8 = path.utf8, slash = UInt8(ascii: "/")
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == slash { end = utf8.index(before: end) }
        var start = end
        while start > utf8.startIndex, utf8[utf8.index(before: start)] != slash { start = utf8.index(before: start) }
        var name = start < end ? String(path[start..<end]) : path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}
