import Testing
import TourCore
import TourKit
import TourStore

/// What a Swift tool meets: embedding, errors in its own voice, translations as
/// translators make them.
@Suite("TourKit for a Swift tool")
struct AdoptableTests {
    @Test func aTourWithoutPagesOrWithABadSinceSaysWhatIsWrong() {
        #expect(throws: TourError.content(file: "Tour(pages:)", position: nil, message: "a tour needs at least one page; it was given none")) {
            try Tour(pages: []).run()
        }
        let bad = Tour(pages: [Tour.Page(title: "One"), Tour.Page(title: "Two", since: "two")])
        #expect(throws: TourError.content(file: "Tour.Page(since:)", position: nil,
                                          message: #"page 2: "since" must be dotted numbers such as "2.1.0", not "two""#)) {
            try bad.run()
        }
    }

    @Test func errorsCarryNoProgramNameAndAreCutOnlyWhereTheyQuote() throws {
        var options = TourOptions()
        options.startPage = 9
        options.presentation = .plain
        #expect(throws: TourError.usage("the start page 10 is past the last page (1)")) {
            try Tour(pages: [Tour.Page(title: "One")]).run(options: options)
        }
        // A heroFile that was not embedded: the whole reason, and the path quoted, when
        // the tour is made (every page is read and checked then).
        do {
            _ = try Tour(json: #"{"pages": [{"title": "T", "heroFile": "art/banner.ans"}]}"#)
            Issue.record("a missing embedded art file loaded")
        } catch {
            #expect(error.description == #"tour.json:1:39: cannot read heroFile "art/banner.ans": no such file among the art given with the tour"#)
        }
    }

    @Test func aMarkdownTourAndItsTranslationFromBytes() throws {
        let markdown = Array("# Welcome\nHello.\n\n```\n[=]\n```\n\n# Second\nMore.\n".utf8)
        let french = Array("# Bienvenue\nBonjour.\n\n```\n[=]\n```\n\n# Deuxième\nPlus.\n".utf8)
        let tour = try Tour(markdownBytes: markdown, fileName: "mytool.md", translations: ["fr": french], locale: "fr_FR.UTF-8")
        #expect(tour.pages.map(\.title) == ["Bienvenue", "Deuxième"])
        #expect(tour.id == "mytool")
        let english = try Tour(markdown: String(decoding: markdown, as: UTF8.self), translations: ["fr": french], locale: "de")
        #expect(english.pages.map(\.title) == ["Welcome", "Second"])
        // One page too many: not used, and the tour says so when it runs.
        let tooMany = Array("# Un\n\n# Deux\n\n# Trois\n".utf8)
        let fallback = try Tour(markdownBytes: markdown, fileName: "mytool.md", translations: ["fr": tooMany], locale: "fr")
        #expect(fallback.pages.map(\.title) == ["Welcome", "Second"])
        var warnings: [String] = []
        var options = TourOptions()
        options.presentation = .plain
        options.onWarning = { warnings.append($0) }
        _ = try? fallback.run(options: options)  // prints the two pages as text
        #expect(warnings == ["mytool.fr.md does not fit the tour (1 problem), so the tour shows untranslated; `tour check mytool.md` lists them"])
    }

    @Test func aCopiedTranslationIsATranslationAndAChangedValueIsNamed() {
        let base = #"{"id": "t", "version": "1.0", "accent": "cyan", "pages": [{"title": "Hello", "hero": "[=]", "since": "1.0"}]}"#
        let baseRoot = try! JSONParser.parse(Array(base.utf8))
        let tour = try! Tour(json: base)
        let copied = try! JSONParser.parse(Array(replacing("Hello", with: "Bonjour", in: base).utf8))
        let (translated, problems) = Translation.apply(copied, to: tour, baseRoot: baseRoot, fileName: "t.fr.json")
        #expect(problems.isEmpty && translated.pages[0].title == "Bonjour")
        let changed = try! JSONParser.parse(Array(replacing("cyan", with: "red", in: base).utf8))
        let (_, named) = Translation.apply(changed, to: tour, baseRoot: baseRoot, fileName: "t.fr.json")
        #expect(named.map(\.description) == [#"t.fr.json:1:41: error: "accent" differs from the base tour's; a translation changes texts only, and a translation may set labels, pages"#])
    }

    /// A tour-wide accent on a gradient page is not that page's choice: no warning. A
    /// page's own accent that does not read is named, with what is drawn instead.
    @Test func contrastWarningsSpeakOfTheAuthorsOwnChoice() {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        let tourWide = decoder.check(Array(##"{"accent": "#5fafff", "pages": [{"title": "A", "gradient": ["#3a7bd5", "#00d2ff"]}]}"##.utf8)).1
        #expect(tourWide.isEmpty)
        let own = decoder.check(Array(##"{"pages": [{"title": "A", "accent": "#ff8800", "gradient": ["#3a7bd5", "#00d2ff"]}]}"##.utf8)).1
        #expect(own.count == 1)
        #expect(own.first?.message.hasPrefix(##""accent" #ff8800 reads at 1.02:1 on this page's gradient"##) == true)
        #expect(own.first?.message.contains("so tour draws #") == true)
    }
}

/// `text` with each `old` replaced (no Foundation here).
private func replacing(_ old: String, with new: String, in text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let range = rest.firstRange(of: old) {
        result += rest[..<range.lowerBound] + new
        rest = rest[range.upperBound...]
    }
    return result + rest
}
