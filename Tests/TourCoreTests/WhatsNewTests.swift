import Testing
@testable import TourCore
@testable import TourStore

@Suite("Versions and what's new")
struct WhatsNewTests {
    @Test func versionsCompareAsDottedNumbers() {
        #expect(Version("1.10")! > Version("1.9")!)
        #expect(Version("2.1")! == Version("2.1.0")!)
        #expect(Version("v2.0.1")! > Version("2")!)
        #expect(Version("2.1.0-beta")! == Version("2.1.0")!)
        #expect(Version("10.0")! > Version("9.99.99")!)
        for bad in ["", "a", "1..2", "1.x", "-1", "1.2.", ".1"] {
            #expect(Version(bad) == nil, "\(bad)")
        }
    }

    /// The limits of what is a version: eight numbers of nine digits at most, one "v", a
    /// suffix after "-" or "+" ignored, ASCII digits only, 64 bytes in all.
    @Test func versionsAreBoundedAndReadOnTheirBytes() {
        #expect(Version("1.2.3.4.5.6.7.8")?.components == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(Version("123456789.0")?.components == [123456789])
        #expect(Version("V3")?.components == [3])
        #expect(Version("1.0+build.7")?.components == [1])
        #expect(Version("2.0.0")!.description == "2.0.0")
        #expect(Version("0.0")?.components == [0])
        #expect(Version("1.2-" + String(repeating: "x", count: 60))?.components == [1, 2])
        for bad in ["1.2.3.4.5.6.7.8.9", "1234567890", "vv1", "v", "+1", "\u{FF11}", "1 .2", "1.2 ", "é",
                    "1.2-" + String(repeating: "x", count: 61)] {
            #expect(Version(bad) == nil, "\(bad)")
        }
    }

    let tour = Tour(version: "3.0", pages: [
        Tour.Page(title: "Welcome"),
        Tour.Page(title: "New in 3.0", since: "3.0"),
        Tour.Page(title: "New in 2.0", since: "2.0"),
        Tour.Page(title: "Also welcome"),
        Tour.Page(title: "New in 2.5", since: "2.5"),
        Tour.Page(title: "Also 2.0", since: "2.0"),
        Tour.Page(title: "Future", since: "4.0"),
    ])

    func seen(_ version: String?) -> SeenState {
        SeenState(outcome: .completed, version: version, lastPage: 0, seenAt: "")
    }

    func titles(_ indices: [Int]) -> [String] { indices.map { tour.pages[$0].title } }

    @Test func aFreshInstallSeesTheWelcomePagesOnly() {
        #expect(titles(WhatsNew.pagesToShow(in: tour, lastSeen: nil)) == ["Welcome", "Also welcome"])
    }

    @Test func afterSkippingTwoVersionsEverythingMissedShowsInVersionOrder() {
        #expect(titles(WhatsNew.pagesToShow(in: tour, lastSeen: seen("1.0")))
                == ["New in 2.0", "Also 2.0", "New in 2.5", "New in 3.0"])
    }

    @Test func onlyPagesNewerThanTheLastSeenVersion() {
        #expect(titles(WhatsNew.pagesToShow(in: tour, lastSeen: seen("2.0"))) == ["New in 2.5", "New in 3.0"])
        #expect(titles(WhatsNew.pagesToShow(in: tour, lastSeen: seen("2.9.9"))) == ["New in 3.0"])
    }

    @Test func nothingWhenTheUserIsUpToDateOrAhead() {
        #expect(WhatsNew.pagesToShow(in: tour, lastSeen: seen("3.0")).isEmpty)
        #expect(WhatsNew.pagesToShow(in: tour, lastSeen: seen("3.0.0")).isEmpty)
        #expect(WhatsNew.pagesToShow(in: tour, lastSeen: seen("5.0")).isEmpty)
    }

    @Test func aTourWithoutVersionShowsOnce() {
        let plain = Tour(pages: [Tour.Page(title: "Hi")])
        #expect(WhatsNew.pagesToShow(in: plain, lastSeen: nil) == [0])
        #expect(WhatsNew.pagesToShow(in: plain, lastSeen: seen(nil)).isEmpty)
    }

    @Test func aStateWithoutVersionSeesEverythingVersionedAsNew() {
        #expect(titles(WhatsNew.pagesToShow(in: tour, lastSeen: seen(nil)))
                == ["New in 2.0", "Also 2.0", "New in 2.5", "New in 3.0"])
    }

    @Test func sinceAndVersionAreValidatedWithPositions() {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        #expect(throws: TourError.content(file: "t.json", position: SourcePosition(line: 1, column: 36),
                                          message: #""since" must be dotted numbers such as "2.1.0", not "soon""#)) {
            try decoder.decode(Array(#"{"pages": [{"title": "a", "since": "soon"}]}"#.utf8))
        }
        #expect(throws: TourError.content(file: "t.json", position: SourcePosition(line: 1, column: 13),
                                          message: #""version" must be dotted numbers such as "2.1.0", not "latest""#)) {
            try decoder.decode(Array(#"{"version": "latest", "pages": [{"title": "a"}]}"#.utf8))
        }
    }

    @Test func featurePagesDecode() throws {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        let tour = try decoder.decode(Array(#"""
            {"pages": [{"kind": "features", "title": "What's new in 2.1",
             "items": [{"icon": "★", "title": "Sync", "text": "Your habits on every machine.", "accent": "green"}],
             "extra": "And many small fixes.", "button": "Continue"}]}
            """#.utf8))
        let page = tour.pages[0]
        #expect(page.kindName == "features")
        #expect(page.items == [Tour.Feature(icon: "★", title: "Sync", text: "Your habits on every machine.", accent: .ansi(2))])
        #expect(page.extra == "And many small fixes.")
        #expect(page.button == "Continue")
        #expect(PlainText.page(page, number: 1, of: 1) == "Page 1 of 1\nWhat's new in 2.1\n- ★ Sync: Your habits on every machine.\nAnd many small fixes.\n")
        // The same decoder, each time with its own error: it keeps nothing from the last file.
        #expect(throws: TourError.content(file: "t.json", position: SourcePosition(line: 1, column: 27),
                                          message: #""items" belongs on a page with "kind": "features""#)) {
            try decoder.decode(Array(#"{"pages": [{"title": "a", "items": []}]}"#.utf8))
        }
        // Every kind is named, as a list in words: "page", "features" or "choice".
        let kinds = TourDecoder.kindNames.map { "\"\($0)\"" }
        #expect(kinds.count >= 3)
        #expect(throws: TourError.content(file: "t.json", position: SourcePosition(line: 1, column: 35),
                                          message: "\"kind\" must be \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last!), not \"carousel\"")) {
            try decoder.decode(Array(#"{"pages": [{"title": "a", "kind": "carousel"}]}"#.utf8))
        }
    }
}
