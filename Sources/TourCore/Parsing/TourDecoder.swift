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

    /// `$schema` names the JSON Schema an editor checks the file with (`tour schema`).
    static let tourKeys = ["id", "version", "labels", "accent", "indicator", "indicatorGlyphs", "pages", "tips", "tipsOff", "whatsNew", "whatsNewHint",
                           "values", "checklist", "$schema"]
    static let indicatorNames = ["dots", "numbers", "bar", "none"]
    static let labelKeys = Tour.Label.names
    static let featureKeys = ["icon", "title", "text", "accent"]
    static let glyphKeys = ["current", "other"]
    static let optionKeys = ["value", "label", "detail"]

    /// The keys of each part of a tour, each case at its key's place in the list above (a
    /// page's are with the page kinds, in DecodePass+Page.swift): a field is found by its
    /// place (a bit test), not by comparing names, thousands of times a tour. A test holds
    /// each case's name to its key's.
    package enum TourKey: Int, CaseIterable, FieldKey {
        case id, version, labels, accent, indicator, indicatorGlyphs, pages, tips, tipsOff, whatsNew, whatsNewHint, values, checklist, schema  // "$schema"
        package static var names: [String] { tourKeys }
        package static let packedNames = JSONTape.packed(tourKeys)
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

    /// Art wider than this will not fit a classic 80-column terminal; `tour check` warns.
    package static let comfortableArtColumns = 80

    /// Decodes a PNG or JPEG named by `heroImage`; the store gives one (the core cannot).
    package typealias PictureReader = @Sendable (_ bytes: [UInt8]) -> Result<Picture, PictureProblem>

    /// Why a picture could not be read.
    package struct PictureProblem: Error, Sendable {
        package var reason: String
        package init(reason: String) { self.reason = reason }
    }

    let fileName: String
    let readArt: ArtReader
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
    /// tour as far as it could be read (nil when the JSON itself is broken).
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
        // A fresh pass per call: a decoder used twice must not report the first file's errors.
        let pass = DecodePass(self, raw: tape)
        for diagnostic in alreadyFound { pass.log.add(diagnostic) }
        let tour: Tour?
        do throws(DecodePass.PartFailure) {
            tour = try pass.decodeTour(JSONTape.root)
        } catch {
            if case .error(let error) = error { pass.log.add(error) }
            tour = nil
        }
        return (tour, Diagnostic.inFileOrder(pass.log.entries) + [pass.log.overflow(file: fileName)].compactMap { $0 })
    }
}
