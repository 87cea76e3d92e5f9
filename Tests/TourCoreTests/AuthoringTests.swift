import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TourCore
@testable import TourStore

@Suite("Authoring: Markdown tours, translations, screen export")
struct AuthoringTests {
    static let fixtures = PackagePaths.root + "/Tests/Fixtures"

    /// The one rule for exit 66: every problem a file that cannot be read; one bad content
    /// problem among them, in any order, makes it bad content.
    @Test func onlyUnreadableFilesMake66() {
        let missing = TourError.unreadable(path: "t.json:1:2", reason: "no such file")
        let bad = TourError.content(file: "t.json", position: nil, message: "unknown key")
        #expect(missing.isOnlyUnreadable && TourError.problems([missing, missing]).isOnlyUnreadable)
        #expect(!bad.isOnlyUnreadable && !TourError.problems([missing, bad]).isOnlyUnreadable)
        #expect(!TourError.problems([bad, missing]).isOnlyUnreadable && !TourError.problems([]).isOnlyUnreadable)
    }

    @Test func markdownAndJSONLoadIntoTheSameTourAndRenderIdentically() throws {
        let markdown = try TourLoader.load(path: Self.fixtures + "/markdown/habits.md")
        let json = try TourLoader.load(path: Self.fixtures + "/markdown/habits.json")
        #expect(markdown == json)
        #expect(markdown.pages[2].kindName == "features" && markdown.pages[2].items.count == 3)
        for page in 0..<json.pages.count {
            for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
                let state = Paging(pageCount: json.pages.count, currentPage: page)
                #expect(PageView(tour: markdown, state: state).render(size: size) == PageView(tour: json, state: state).render(size: size))
            }
        }
    }

    /// Lines are split on the newline byte, so "\r\n" (one Swift Character) ends a line too;
    /// the marks are compared byte for byte.
    @Test func markdownLinesAreSplitOnBytes() {
        #expect(MarkdownTourParser.lines(of: Array("\u{FEFF}# A\r\nb\rc\n\n".utf8)) == ["# A", "b\rc", "", ""])
        #expect(MarkdownTourParser.lines(of: Array("no newline".utf8)) == ["no newline"])
        #expect(MarkdownTourParser.lines(of: []) == [""])
        #expect(MarkdownTourParser.lines(of: [0x23, 0x20, 0xE2, 0x0A]) == nil)  // a character cut by the newline
        #expect("## Features".begins(with: "## ") && "# é".begins(with: "# ") && !"#".begins(with: "# "))
        #expect(!"".begins(with: "#") && "".begins(with: ""))
        #expect("  \tword \t".trimmingSpaces == "word" && "word".trimmingSpaces == "word" && " ".trimmingSpaces == "")
    }

    /// A subtitle of 700,000 lines is one paragraph: the view wraps only what a screen holds.
    @Test func aParagraphOfManyLinesWrapsToTheScreen() throws {
        let markdown = "# Lines\n" + Array(repeating: "word", count: 700_000).joined(separator: "\n") + "\n"
        let (tour, problems) = TourDecoder(fileName: "t.md", readArt: { (_: String) throws(TourError) -> [UInt8] in [] }).checkMarkdown(Array(markdown.utf8))
        #expect(problems.isEmpty)
        let subtitle = try #require(tour?.pages.first?.subtitle)
        #expect(subtitle.utf8.count == 700_000 * 5 - 1)
        let lines = TextWidth.wrap(subtitle, width: 60, maximumLines: 5)
        #expect(lines.count == 6 && lines.allSatisfy { $0 == Array(repeating: "word", count: 12).joined(separator: " ") })
    }

    /// Markdown is read into the raw form JSON has, and one validator checks both: the
    /// messages about keys are the same words in either format, at the Markdown's line.
    @Test func markdownErrorsPointAtTheMarkdownLine() throws {
        let (_, diagnostics) = try TourLoader.check(path: Self.fixtures + "/markdown/broken.md")
        let path = Self.fixtures + "/markdown/broken.md"
        #expect(diagnostics.map(\.description) == [
            "\(path):3:1: error: unknown key \"versoin\" in the tour; did you mean \"version\"?",
            "\(path):6:1: error: text before the first \"# \" heading; a page starts with \"# Title\"",
            "\(path):9:6: error: unknown key \"sinse\" in page 1; did you mean \"since\"?",
            "\(path):12:1: error: a page has one paragraph (its subtitle); start a new page with \"# Title\"",
            "\(path):14:1: error: page 2 has no title after \"# \"",
        ])
    }

    @Test func translationsAreChosenFromTheLocale() {
        let base = Self.fixtures + "/translations/tour.json"
        let french = Self.fixtures + "/translations/tour.fr.json"
        #expect(TourLoader.localizedPath(for: base, locale: "fr_CA.UTF-8") == french)
        #expect(TourLoader.localizedPath(for: base, locale: "fr") == french)
        #expect(TourLoader.localizedPath(for: base, locale: "de_DE.UTF-8") == base)
        #expect(TourLoader.localizedPath(for: base, locale: "C.UTF-8") == base)
        #expect(TourLoader.localizedPath(for: base, locale: nil) == base)
        let environment = ["LC_MESSAGES": "de_DE", "LANG": "fr_FR.UTF-8"]
        #expect(TourLoader.messagesLocale { environment[$0] } == "de_DE")
        #expect(TourLoader.messagesLocale { ["LANG": "fr_FR.UTF-8"][$0] } == "fr_FR.UTF-8")
        #expect(TourLoader.messagesLocale { ["LC_ALL": "pt_BR", "LANG": "fr"][$0] } == "pt_BR")
        #expect(TourLoader.translations(of: base) == [french])
    }

    @Test func aTranslationOverlaysTextsAndKeepsEverythingElseFromTheBase() throws {
        let base = Self.fixtures + "/translations/tour.json"
        let english = try TourLoader.load(path: base)
        let french = try TourLoader.load(path: base, locale: "fr_FR.UTF-8")
        #expect(french.pages.map(\.title) == ["Bonjour en français", "Touches", "Nouveau en 2.0"])
        // Missing texts fall back to the base; everything that is not text stays the base's.
        #expect(french.pages[0].subtitle == "Welcome.")
        #expect(french.pages[2].items.map(\.title) == ["Synchro"] && french.pages[2].items[0].text == "Everywhere.")
        #expect(french.labels.next == "Suivant" && french.labels.skip == "Skip")
        #expect(french.id == english.id && french.version == english.version && french.accent == english.accent)
        #expect(french.pages.map(\.since) == english.pages.map(\.since))
        #expect(french.pages.map(\.gradient) == english.pages.map(\.gradient))
        #expect(french.pages.map(\.hero) == english.pages.map(\.hero))
        #expect(try TourLoader.load(path: base, locale: "de_DE.UTF-8") == english)
    }

    /// A Markdown translation in its own language: a "## Nouveautés" heading marks the
    /// feature list, and the base keeps its art, accent, since and gradient.
    @Test func aMarkdownTranslationOverlaysTheMarkdownBase() throws {
        let base = Self.fixtures + "/translations-md/habits.md"
        let english = try TourLoader.load(path: base)
        let french = try TourLoader.load(path: base, locale: "fr")
        #expect(french.pages.map(\.title) == ["Prenez de bonnes habitudes", "Suivez vos progrès", "Nouveautés de la 2.1"])
        #expect(french.pages[2].items.map(\.title) == ["Synchro", "Rappels", "Thèmes"])
        #expect(french.pages[2].items.map(\.icon) == english.pages[2].items.map(\.icon))
        #expect(french.pages[2].extra == "Et plein de petites corrections.")
        #expect(french.pages.map(\.hero) == english.pages.map(\.hero))
        #expect(french.pages.map(\.gradient) == english.pages.map(\.gradient) && french.pages.map(\.since) == english.pages.map(\.since))
        #expect(TourLoader.translationProblems(base: english, path: base, allowOutside: false).isEmpty)
    }

    /// A translation is read only from inside the tour's folder, as art is: a link to a
    /// secret elsewhere is refused in check, at play and in render, unless outside is allowed.
    @Test func aTranslationThatLinksOutOfTheFolderIsRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tour-translation-link-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("tour")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let base = folder.appendingPathComponent("tour.json").path
        try #"{"pages": [{"title": "Hello"}]}"#.write(toFile: base, atomically: true, encoding: .utf8)
        let secret = root.appendingPathComponent("secret.json").path
        try #"{"pages": [{"title": "API_KEY=hunter2"}]}"#.write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("tour.fr.json").path, withDestinationPath: "../secret.json")
        let tour = try TourLoader.load(path: base)
        let problems = TourLoader.translationProblems(base: tour, path: base, allowOutside: false)
        #expect(problems.count == 1 && problems[0].message.hasPrefix("is outside the tour's folder"))
        let played = try TourLoader.load(path: base, locale: "fr_FR.UTF-8")
        #expect(played.pages[0].title == "Hello" && played.loadWarnings.count == 1)  // the secret is not shown
        #expect(TourLoader.translationProblems(base: tour, path: base, allowOutside: true).isEmpty)
        #expect(try TourLoader.load(path: base, locale: "fr", allowOutsideArt: true).pages[0].title == "API_KEY=hunter2")
    }

    @Test func aTranslationThatChangesStructureIsReportedAtItsPlace() throws {
        let base = Self.fixtures + "/translations-bad/tour.json"
        let german = Self.fixtures + "/translations-bad/tour.de.json"
        let tour = try TourLoader.load(path: base)
        #expect(TourLoader.translationProblems(base: tour, path: base, allowOutside: false).map(\.description) == [
            "\(german):2:14: error: \"version\" differs from the base tour's; a translation changes texts only, and a translation may set labels, pages",
            "\(german):3:12: error: the translation has 2 pages and the base tour 3; a translation has the same pages",
        ])
        // At play it is not used: the base tour shows, with a warning that names the file and `tour check`.
        let played = try TourLoader.load(path: base, locale: "de")
        #expect(played.pages.map(\.title) == ["Hello", "Keys", "New in 2.0"])
        #expect(played.loadWarnings == ["\(german) does not fit the tour (2 problems), so the tour shows untranslated; `tour check \(base)` lists them"])
    }

    @Test func svgExportIsWellFormedXML() throws {
        var page = Tour.Page(title: "Tags <&> \"quotes\"", subtitle: "日本語 and emoji 🚀")
        page.gradient = [.rgb(0, 0, 0), .rgb(255, 255, 255)]
        let canvas = PageView(tour: Tour(pages: [page, Tour.Page(title: "Two")]), state: Paging(pageCount: 2)).render(size: Size(width: 40, height: 12))
        let svg = ScreenExport.svg(canvas)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(svg.contains("Tags &lt;&amp;&gt; &quot;quotes&quot;"))
        for file in ["builtin-page1-40x12.svg", "habits-page3-60x20.svg"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/render/" + file))
            #expect(XMLParser(data: data).parse(), "\(file)")
        }
    }

    /// The picture in its pixels over the box its cells fill: the cells there are gone (the
    /// row's gradient kept behind it), the file is the image's data, whole.
    @Test func svgExportDrawsThePictureInItsPixels() throws {
        var canvas = Canvas(size: Size(width: 10, height: 4))
        for y in 0..<4 { canvas.write("▀▀▀▀▀▀▀▀▀▀", x: 0, y: y, style: Style(foreground: .rgb(220, 30, 30), background: .rgb(9, 9, 9))) }
        canvas.write("words", x: 0, y: 3, style: Style(foreground: .rgb(1, 1, 1), background: .rgb(9, 9, 9)))
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let svg = ScreenExport.svg(canvas, picture: ScreenExport.Picture(box: Rect(x: 2, y: 0, width: 6, height: 3), mediaType: "image/png", bytes: bytes))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        // 12 px of padding, cells of 8.4 by 18 px.
        #expect(svg.contains(#"<image x="28.8" y="12" width="50.4" height="54" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,"#
                             + Data(bytes).base64EncodedString() + #""/>"#))
        // Rows 0-2 keep two cells of art on each side (and their background under the box);
        // row 3, under the box, is whole.
        #expect(svg.components(separatedBy: ">▀▀</text>").count - 1 == 6)
        #expect(svg.contains(">words</text>") && svg.contains(">▀▀▀▀▀</text>"))
        #expect(!svg.contains("▀▀▀▀▀▀") && svg.components(separatedBy: "fill=\"#090909\"").count - 1 == 4)
        #expect(!ScreenExport.svg(canvas).contains("<image"))
    }

    @Test func ansiExportCarriesTheStyles() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        canvas.write("ab", x: 0, y: 0, style: Style(foreground: .ansi(2), bold: true))
        canvas.write("c", x: 3, y: 0, style: Style(background: .rgb(1, 2, 3)))
        #expect(ScreenExport.ansi(canvas) == "\u{1B}[0;1;32mab\u{1B}[0m \u{1B}[0;48;2;1;2;3mc\u{1B}[0m\n")
        #expect(ScreenExport.text(canvas) == "ab c\n")
    }
}

@Suite("tour(5) documents the format")
struct ManualPageTests {
    /// The reference's key table has a row for every key of a tour and a page that the
    /// decoder takes, and its `kind` row names every kind a file may give.
    @Test func theReferenceTableAgreesWithTheDecoder() throws {
        let reference = try String(contentsOfFile: PackagePaths.root + "/docs/reference.md", encoding: .utf8)
        let rows = reference.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for key in Set(TourDecoder.tourKeys + TourDecoder.pageKeys) {
            #expect(rows.contains { $0.hasPrefix("| `\(key)` |") }, "docs/reference.md has no row for \(key)")
        }
        let kindRow = try #require(rows.first { $0.hasPrefix("| `kind` |") })
        #expect(TourDecoder.kindNames.starts(with: ["page", "features", "choice"]))
        for kind in TourDecoder.kindNames {
            #expect(kindRow.contains("`\"\(kind)\"`"), "the kind row lacks \(kind)")
        }
    }

    /// Every key the decoder takes is named in tour(5): the list comes from the decoder.
    @Test func everyKeyTheDecoderTakesIsInTourFive() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/man/tour.5", encoding: .utf8)
        let keys = TourDecoder.tourKeys + TourDecoder.pageKeys + TourDecoder.featureKeys + TourDecoder.labelKeys + ["current", "other"]
        #expect(keys.count > 25)
        for key in Set(keys) {
            #expect(page.contains("Cm \(key)\n") || page.contains("Cm \(key) ") , "tour(5) lacks \(key)")
        }
    }
}

/// The schema is made from the decoder's own lists: every key it takes is in it, and the
/// kinds' own keys are tied to their kind (the fixtures' test runs it in a validator).
@Suite("The JSON Schema of tour files")
struct TourSchemaTests {
    @Test func itIsJSONAndNamesEveryKeyTheDecoderTakes() throws {
        let root = try JSONParser.parse(Array(TourSchema.text.utf8))
        guard case .object(let top) = root.value, case .object(let properties)? = top.first(where: { $0.key == "properties" })?.node.value,
              case .object(let definitions)? = top.first(where: { $0.key == "$defs" })?.node.value,
              case .object(let page)? = definitions.first(where: { $0.key == "page" })?.node.value,
              case .object(let pageProperties)? = page.first(where: { $0.key == "properties" })?.node.value else {
            Issue.record("not the expected shape")
            return
        }
        #expect(properties.map(\.key) == TourDecoder.tourKeys)
        #expect(pageProperties.map(\.key) == TourDecoder.pageKeys)
        #expect(TourSchema.text.contains("\"enum\": [" + TourDecoder.kindNames.map { "\"\($0)\"" }.joined(separator: ", ") + "]"))
        // Each key a kind owns makes the page that kind.
        #expect(TourSchema.text.contains(#""const": "features""#) && TourSchema.text.contains(#""const": "choice""#))
    }
}
