/// Loads a tour file from disk, resolving `heroFile` paths beside it.
public enum TourLoader {
    /// A larger tour file is refused before it is read.
    public static let maximumFileBytes = 4 << 20

    /// The tour in a JSON or Markdown file, or its first error.
    public static func load(path: String) throws(TourError) -> Tour {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: maximumFileBytes)
        } catch {
            if error.isTooLarge { throw TourError.content(file: path, position: nil, message: error.reason) }
            throw TourError.unreadable(path: path, reason: error.reason)
        }
        let (decoded, diagnostics) = parse(bytes, path: path)
        if let error = diagnostics.first(where: { $0.severity == .error }) { throw error.error }
        guard var tour = decoded else { throw TourError.content(file: path, position: nil, message: "no tour") }
        if tour.id == nil { tour.id = defaultID(forPath: path) }
        return tour
    }

    /// Every problem in a tour file, for `tour check`; throws only when it cannot be read.
    public static func check(path: String) throws(TourError) -> (tour: Tour?, diagnostics: [Diagnostic]) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: maximumFileBytes)
        } catch {
            if error.isTooLarge {
                return (nil, [Diagnostic(file: path, position: nil, severity: .error, message: error.reason)])
            }
            throw TourError.unreadable(path: path, reason: error.reason)
        }
        var (tour, diagnostics) = parse(bytes, path: path)
        if tour?.id == nil { tour?.id = defaultID(forPath: path) }
        return (tour, diagnostics)
    }

    /// JSON or, for a `.md` file, Markdown: both load into the same model.
    static func parse(_ bytes: [UInt8], path: String) -> (Tour?, [Diagnostic]) {
        let reader = artReader(for: path)
        if path.lowercased().hasSuffix(".md") || path.lowercased().hasSuffix(".markdown") {
            var parser = MarkdownTourParser(fileName: path, readArt: reader)
            return parser.check(bytes)
        }
        return TourDecoder(fileName: path, readArt: reader).check(bytes)
    }

    /// Reads art files relative to the tour file at `path`.
    static func artReader(for path: String) -> TourDecoder.ArtReader {
        let directory = FileSystem.directory(of: path)
        return { (relativePath: String) throws(TourError) -> [UInt8] in
            let artPath = FileSystem.join(directory, relativePath)
            do throws(FileSystem.Failure) {
                return try FileSystem.read(artPath, limit: TourDecoder.maximumArtFileBytes)
            } catch {
                throw TourError.unreadable(path: relativePath, reason: error.reason)
            }
        }
    }

    /// The translation of a tour to use: `tour.fr_CA.json`, then `tour.fr.json`, beside
    /// `tour.json`, for the locale given, or from LC_ALL, then LC_MESSAGES, then LANG.
    /// The base file when there is none.
    public static func localizedPath(for path: String, locale: String?) -> String {
        guard let locale, !locale.isEmpty, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return path }
        var name = Substring(locale)
        if let dot = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<dot] }
        var candidates = [String(name)]
        if let underscore = name.firstIndex(where: { $0 == "_" || $0 == "-" }) { candidates.append(String(name[..<underscore])) }
        let (stem, ext) = splitExtension(path)
        for language in candidates where !language.isEmpty {
            let candidate = "\(stem).\(language)\(ext)"
            if FileSystem.exists(candidate) { return candidate }
        }
        return path
    }

    /// The locale the environment asks for messages in: LC_ALL, then LC_MESSAGES, then LANG.
    public static func messagesLocale(environment: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// Translations beside a base file (`tour.fr.json` beside `tour.json`), for `tour check`.
    public static func translations(of path: String) -> [String] {
        let (stem, ext) = splitExtension(path)
        let directory = FileSystem.directory(of: path)
        let base = stem.split(separator: "/").last.map(String.init) ?? stem
        return FileSystem.list(directory).filter { name in
            guard name.hasPrefix(base + "."), name.hasSuffix(ext), name != base + ext else { return false }
            let language = name.dropFirst(base.count + 1).dropLast(ext.count)
            return !language.isEmpty && language.count <= 8 && language.allSatisfy { $0.isLetter || $0 == "_" }
        }.sorted().map { FileSystem.join(directory, $0) }
    }

    /// Warnings for translations that lack pages the base has.
    public static func translationWarnings(base: Tour, path: String) -> [Diagnostic] {
        translations(of: path).compactMap { translation in
            guard let translated = try? load(path: translation), translated.pages.count < base.pages.count else { return nil }
            let missing = base.pages.count - translated.pages.count
            return Diagnostic(file: translation, position: nil, severity: .warning,
                              message: "the translation has \(translated.pages.count) pages; \(path) has \(base.pages.count), so \(missing) \(missing == 1 ? "is" : "are") missing")
        }
    }

    /// "dir/tour.fr.json" → ("dir/tour.fr", ".json").
    static func splitExtension(_ path: String) -> (String, String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (path, "") }
        let ext = String(name[dot...])
        return (String(path.dropLast(ext.count)), ext)
    }

    /// The file name without directory and extension: "tours/mytool.json" → "mytool".
    public static func defaultID(forPath path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}
