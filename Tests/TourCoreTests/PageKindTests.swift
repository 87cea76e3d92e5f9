import Foundation
import Testing
@testable import TourCore

/// Each kind of page is one `PageKind`: these walk every kind and every part, and name the
/// kind and the part that is missing (docs/architecture.md, "Adding a page kind").
@Suite("Every page kind has every part")
struct PageKindTests {
    static func decode(_ page: String) throws(TourError) -> Tour {
        let decoder = TourDecoder(fileName: "t.json") { (_: String) throws(TourError) -> [UInt8] in [] }
        return try decoder.decode(Array(#"{"pages": [\#(page)]}"#.utf8))
    }

    static func source(_ path: String) throws -> String {
        try String(contentsOfFile: PackagePaths.root + "/" + path, encoding: .utf8)
    }

    /// The cases of `Tour.Page.Content`, read from its one definition.
    static func contentCases() throws -> [String] {
        let model = try source("Sources/TourCore/Model/Tour+Page.swift")
        let body = try #require(model.firstMatch(of: /enum Content: Sendable \{(.*?)\n        \}/.dotMatchesNewlines())).1
        return body.matches(of: /\n\s*case (\w+)/).map { String($0.1) }
    }

    @Test func everyCaseHasOneKindAndEveryKindOneName() throws {
        let cases = try Self.contentCases()
        #expect(cases.count == PageKind.all.count, "Content has \(cases) and PageKind.all \(PageKind.all.map(\.name)): add the new kind to PageKind.all")
        #expect(Set(PageKind.all.map(\.name)).count == PageKind.all.count, "two kinds share a name")
        // Only Swift makes a custom page; every other kind reads from a file, and has an example to.
        for kind in PageKind.all {
            #expect((kind.decode == nil) == (kind.name == "custom"), "\(kind.name): decoding")
            #expect((kind.example == nil) == (kind.decode == nil), "\(kind.name): example")
        }
    }

    /// From its example in a file to the screen, plain text and the web: each part of each kind.
    @Test(arguments: PageKind.all.filter { $0.example != nil }.map(\.name))
    func eachFileKindHasEveryPart(_ name: String) throws {
        let kind = try #require(PageKind.all.first { $0.name == name })
        let example = try #require(kind.example)
        let tour = try Self.decode(example)
        let page = tour.pages[0]
        #expect(page.kindName == name, "\(name): decoding gives a \(page.kindName) page")
        #expect(page.content.kind.name == name, "\(name): Content.kind")
        var copy = page
        copy.title = page.title
        #expect(page == copy, "\(name): a page of it is not equal to itself (Content.==)")
        for key in kind.ownKeys {
            let keyName = TourDecoder.pageKeys[key.rawValue]
            #expect(example.contains("\"\(keyName)\""), "\(name): its example does not show its key \(keyName)")
            #expect(kind.schema.contains { $0.0 == key }, "\(name): no schema for its key \(keyName)")
        }
        let context = PageContext(glyphs: .unicode, accent: nil)
        #expect(page.body.plainText(context: context).contains(page.title), "\(name): its body's plain text has no title")
        var canvas = Canvas(size: Size(width: 60, height: 20))
        _ = page.body.draw(into: &canvas, context: context)
        #expect(canvas.text.contains(page.title), "\(name): its body draws no title")
        let html = WebPage.html([WebPage.Edition(language: nil, tour: tour) { _ in nil }])
        #expect(html.contains("<h2 id=\"t0-0\">\(WebPage.escaped(page.title))</h2>"), "\(name): no web slide")
        // The form's own part, past what every slide has.
        var sheet = WebStyleSheet()
        let slide = WebSlide(tour: tour, titleID: "t", inks: WebTheme.both.map { WebInk(accent: nil, gradient: [], theme: $0) })
        #expect(!kind.webForm(page, slide, &sheet).isEmpty, "\(name): its web form writes nothing")
        // Another kind's own key on it is refused, naming that kind.
        for other in PageKind.all where other.name != name {
            for key in other.ownKeys {
                let keyName = TourDecoder.pageKeys[key.rawValue]
                let wrong = String(example.dropLast()) + #", "\#(keyName)": null}"#
                let refused = #"belongs on a page with "kind": "\#(other.name)""#
                #expect(throws: TourError.self, "\(name) takes \(other.name)'s key \(keyName)") {
                    do { _ = try Self.decode(wrong) } catch let error as TourError { if error.description.contains(refused) { throw error } }
                }
            }
        }
    }

    /// The schema says what every page key is; a key nobody describes is named here, as
    /// the schema leaves it out rather than trapping.
    @Test func everyPageKeyHasItsSchema() {
        for key in TourDecoder.PageKey.allCases {
            #expect(TourSchema.pageProperty(key) != nil, "no schema for the page key \(TourDecoder.pageKeys[key.rawValue])")
        }
        for key in TourDecoder.tourKeys {
            #expect(TourSchema.tourProperties[key] != nil, "no schema for the tour key \(key)")
        }
    }

    /// Every stored field counts in `==`: one changed at a time makes another page.
    @Test func pagesDifferingInAnyFieldAreUnequal() {
        let page = Tour.Page(title: "A", subtitle: "b")
        var changes: [(String, (inout Tour.Page) -> Void)] = [
            ("title", { $0.title = "Z" }), ("subtitle", { $0.subtitle = "z" }), ("button", { $0.button = "Go" }),
            ("accent", { $0.accent = .ansi(2) }), ("gradient", { $0.gradient = [.ansi(1), .ansi(2)] }),
            ("since", { $0.since = Version("1.0") }), ("unreadableSince", { $0.unreadableSince = "soon" }),
            ("heroFile", { $0.heroFile = "a.txt" }), ("smallerHeroFiles", { $0.smallerHeroFiles = ["b.txt"] }),
            ("key", { $0.key = "k" }), ("indicator", { $0.indicator = .numbers }), ("heroImage", { $0.heroImage = "a.png" }),
            ("heroAlt", { $0.heroAlt = "words" }), ("content", { $0.hero = Tour.Art(text: "x") }),
        ]
        changes.append(("kind", { $0.featureList = ([], "") }))
        for (field, change) in changes {
            var other = page
            change(&other)
            #expect(page != other, "\(field) is not compared")
        }
    }

    /// The page kinds are matched (their `Content` cases named) in at most four Sources
    /// files: the model, `PageKind`, and no more than two others.
    @Test func aKindIsMatchedInAtMostFourFiles() throws {
        let cases = try Self.contentCases()
        let alternatives = cases.joined(separator: "|")
        // `.features(`, `case .hero:`, `(.choice, _)`, `case .custom = `: a leading dot not
        // after a name, a bracket (`fields[.hero]` is a key) or a range, then what follows a case.
        let pattern = try Regex("(?:^|[^\\w)\\].?!\\[])\\.(\(alternatives))(?=[(:,)]| = )")
        var matching: [String] = []
        let sources = FileManager.default.enumerator(atPath: PackagePaths.root + "/Sources")!
        while let path = sources.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            if try Self.source("Sources/" + path).contains(pattern) { matching.append(path) }
        }
        #expect(matching.contains("TourCore/Model/PageKind.swift"))
        #expect(matching.count <= 4, "the page kinds are matched in \(matching.count) files: \(matching.sorted())")
    }
}
