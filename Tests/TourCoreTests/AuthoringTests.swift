import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import TourCore

@Suite("Authoring: Markdown tours, translations, screen export")
struct AuthoringTests {
    static let fixtures = PackagePaths.root + "/Tests/Fixtures"

    @Test func markdownAndJSONLoadIntoTheSameTourAndRenderIdentically() throws {
        let markdown = try TourLoader.load(path: Self.fixtures + "/markdown/habits.md")
        let json = try TourLoader.load(path: Self.fixtures + "/markdown/habits.json")
        #expect(markdown == json)
        #expect(markdown.pages[2].kind == .features && markdown.pages[2].items.count == 3)
        for page in 0..<json.pages.count {
            for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
                let state = PagerState(pageCount: json.pages.count, currentPage: page)
                #expect(PageView(tour: markdown, state: state).render(size: size) == PageView(tour: json, state: state).render(size: size))
            }
        }
    }

    @Test func markdownErrorsPointAtTheMarkdownLine() throws {
        let (_, diagnostics) = try TourLoader.check(path: Self.fixtures + "/markdown/broken.md")
        let path = Self.fixtures + "/markdown/broken.md"
        #expect(diagnostics.map(\.description) == [
            "\(path):3:1: error: unknown key \"versoin\" in the front matter; did you mean \"version\"?",
            "\(path):6:1: error: text before the first \"# \" heading; a page starts with \"# Title\"",
            "\(path):9:6: error: unknown key \"sinse\" in page options; did you mean \"since\"?",
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

    @Test func aTranslationMissingPagesIsWarnedAbout() throws {
        let base = Self.fixtures + "/translations/tour.json"
        let warnings = TourLoader.translationWarnings(base: try TourLoader.load(path: base), path: base)
        #expect(warnings.map(\.severity) == [.warning])
        #expect(warnings.first?.message.contains("1 is missing") == true)
    }

    @Test func svgExportIsWellFormedXML() throws {
        var page = Tour.Page(title: "Tags <&> \"quotes\"", subtitle: "日本語 and emoji 🚀")
        page.gradient = [.rgb(0, 0, 0), .rgb(255, 255, 255)]
        let canvas = PageView(tour: Tour(pages: [page, Tour.Page(title: "Two")]), state: PagerState(pageCount: 2)).render(size: Size(width: 40, height: 12))
        let svg = ScreenExport.svg(canvas)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "")")
        #expect(svg.contains("Tags &lt;&amp;&gt; &quot;quotes&quot;"))
        for file in ["builtin-page1-40x12.svg", "habits-page3-60x20.svg"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/render/" + file))
            #expect(XMLParser(data: data).parse(), "\(file)")
        }
    }

    @Test func ansiExportCarriesTheStyles() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        canvas.write("ab", x: 0, y: 0, style: Style(foreground: .ansi(2), bold: true))
        canvas.write("c", x: 3, y: 0, style: Style(background: .rgb(1, 2, 3)))
        #expect(ScreenExport.ansi(canvas) == "\u{1B}[0;1;32mab\u{1B}[0m \u{1B}[0;48;2;1;2;3mc\u{1B}[0m\n")
        #expect(ScreenExport.text(canvas) == "ab c\n")
    }
}
