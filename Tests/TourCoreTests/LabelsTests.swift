import Testing
@testable import TourCore

/// Every word the pager draws is a label: one table, set by a tour file, a translation,
/// a tips file or Swift, and read by every part that draws.
@Suite("The label table")
struct LabelsTests {
    func decode(_ json: String) throws(TourError) -> Tour {
        try TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }.decode(Array(json.utf8))
    }

    @Test func unsetLabelsAreEnglishAndSetOnesAreCleaned() {
        var labels = Tour.Labels()
        #expect(labels[.moreBelow] == "more below" && labels.override(.moreBelow) == nil)
        labels[.moreBelow] = "plus bas\u{1B}[31m"
        #expect(labels[.moreBelow] == "plus bas" && labels.override(.moreBelow) == "plus bas")
        labels[.moreBelow] = "more below"
        #expect(labels.override(.moreBelow) == nil && labels == Tour.Labels())
        // The buttons are the same table.
        labels.next = "Suivant"
        #expect(labels[.next] == "Suivant")
    }

    @Test func thePageHeaderFillsItsPlaceholders() {
        var labels = Tour.Labels()
        #expect(labels.pageHeader(number: 2, of: 5) == "Page 2 of 5")
        labels[.page] = "{count} écrans, voici le {number}e {"
        #expect(labels.pageHeader(number: 2, of: 5) == "5 écrans, voici le 2e {")
        #expect(Tour.Label.page.unknownPlaceholder(in: "Écran {nombre} sur {count}") == "{nombre}")
        #expect(Tour.Label.page.unknownPlaceholder(in: "Écran {number} sur {count}") == nil)
    }

    @Test func aTourFileSetsAnyLabelAndATypoGetsADidYouMean() throws {
        let tour = try decode(#"{"labels": {"hintSwipe": "feuilleter", "page": "Écran {number} sur {count}"}, "pages": [{"title": "a"}]}"#)
        #expect(tour.labels[.hintSwipe] == "feuilleter" && tour.labels.pageHeader(number: 1, of: 1) == "Écran 1 sur 1")
        #expect(throws: TourError.self) { try decode(#"{"labels": {"moreBellow": "x"}, "pages": [{"title": "a"}]}"#) }
        do {
            _ = try decode(#"{"labels": {"moreBellow": "x", "page": "{nombre}"}, "pages": [{"title": "a"}]}"#)
        } catch {
            #expect(error.description == """
                t.json:1:13: unknown key "moreBellow" in "labels"; did you mean "moreBelow"?
                t.json:1:40: label "page" may hold {number} and {count}, not "{nombre}"
                """)
        }
    }

    @Test func aTranslationSetsEveryLabel() throws {
        let base = Tour(pages: [Tour.Page(title: "One")])
        let labels = Tour.Label.allCases.map { "\"\($0.rawValue)\": \"fr-\($0.rawValue)\"" }.joined(separator: ", ")
        let root = try JSONParser.parse(Array("{\"labels\": {\(labels)}}".utf8))
        let (translated, problems) = Translation.apply(root, to: base, fileName: "t.fr.json")
        #expect(problems.isEmpty)
        for label in Tour.Label.allCases {
            #expect(translated.labels[label] == "fr-\(label.rawValue)")
        }
        let typo = try JSONParser.parse(Array(#"{"labels": {"hintSwip": "feuilleter"}}"#.utf8))
        #expect(Translation.apply(typo, to: base, fileName: "t.fr.json").1.map(\.description)
            == [#"t.fr.json:1:13: error: unknown key "hintSwip" in "labels"; did you mean "hintSwipe"?"#])
    }

    @Test func markdownFrontMatterSetsLabels() throws {
        var parser = MarkdownTourParser(fileName: "t.md")
        let (root, problems) = parser.parse(Array("---\nhintSwipe: feuilleter\nnext: Suivant\n---\n# T\n".utf8))
        #expect(problems.isEmpty)
        let decoder = TourDecoder(fileName: "t.md") { (path: String) throws(TourError) -> [UInt8] in [] }
        let node = try #require(root)
        let tour = try #require(decoder.validate(node).0)
        #expect(tour.labels[.hintSwipe] == "feuilleter" && tour.labels.next == "Suivant")
    }

    @Test func theHintTheHelpAndThePlainTextSayTheLabels() {
        var labels = Tour.Labels()
        for label in Tour.Label.allCases { labels[label] = "«\(label.rawValue)»" }
        labels[.page] = "«page» {number}/{count}"
        let hint = KeyBindings.standard.hint(isLastPage: false, scrolls: true, glyphs: .unicode, labels: labels)
        #expect(hint == "j k «hintItem» · Space «hintMore» · ← → «hintSwipe» · Enter «hintNext» · q «hintSkip»")
        let last = KeyBindings.standard.hint(isLastPage: true, scrolls: true, listAtEnd: true, glyphs: .unicode, labels: labels)
        #expect(last == "j k «hintItem» · Space «hintNext» · ← → «hintSwipe» · Enter «hintFinish» · q «hintClose»")

        var canvas = Canvas(size: Size(width: 100, height: 24))
        HelpOverlay(labels: labels).draw(over: &canvas)
        let help = ScreenExport.text(canvas)
        for label: Tour.Label in [.helpTitle, .helpClose, .helpNext, .helpPrevious, .helpScreenDown, .helpScreenUp, .helpAdvance, .helpFirst,
                                  .helpLast, .helpJump, .helpScrollUp, .helpScrollDown, .helpSkip, .helpHelp, .helpQuit, .mouseClick,
                                  .mouseWheel, .helpClick, .helpWheel] {
            #expect(help.contains("«\(label.rawValue)»"), "\(label) in the help")
        }
        // A summary of the author's own stays unless a label replaces it.
        let own = KeyBindings(bindings: [KeyBindings.Binding(keys: [.character("x")], command: .skip, summary: "leave now")])
        var small = Canvas(size: Size(width: 60, height: 12))
        HelpOverlay(bindings: own, mouse: false).draw(over: &small)
        #expect(ScreenExport.text(small).contains("leave now"))

        var page = Tour.Page(title: "T")
        page.heroAlt = "a disc"
        #expect(PlainText.page(page, number: 2, of: 3, labels: labels).hasPrefix("«page» 2/3\nT"))
    }

    @Test func aTipsFileSetsTheWordsOfBrowsing() throws {
        let (set, problems) = TipsDecoder.check(Array(#"{"labels": {"done": "Fini", "hintSwipe": "feuilleter"}, "tips": [{"text": "a"}]}"#.utf8),
                                                fileName: "tips.json", markdown: false)
        #expect(problems.isEmpty)
        let tour = try #require(set).browsingTour
        #expect(tour.labels.done == "Fini" && tour.labels[.hintSwipe] == "feuilleter")
        let (plain, _) = TipsDecoder.check(Array(#"{"tips": [{"text": "a"}]}"#.utf8), fileName: "tips.json", markdown: false)
        #expect(try #require(plain).browsingTour.labels.done == "Done")
    }
}

@Suite("tour(5) lists every label")
struct LabelsManualPageTests {
    @Test func everyLabelIsInTourFiveWithItsEnglishWords() throws {
        let page = try String(contentsOfFile: PackagePaths.root + "/docs/man/tour.5", encoding: .utf8)
        for label in Tour.Label.allCases {
            #expect(page.contains(".It Cm \(label.rawValue)\nEnglish: \\(lq\(label.english)\\(rq; "), "tour(5) lacks the label \(label.rawValue)")
        }
    }
}
