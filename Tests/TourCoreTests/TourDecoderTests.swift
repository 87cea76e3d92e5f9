import Testing
@testable import TourCore
@testable import TourStore

@Suite("Decoding tour files")
struct TourDecoderTests {
    func decode(_ json: String, art: [String: String] = [:]) throws(TourError) -> Tour {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in
            guard let text = art[path] else { throw TourError.unreadable(path: path, reason: "no such file") }
            return Array(text.utf8)
        }
        return try decoder.decode(Array(json.utf8))
    }

    func error(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// A color is #RRGGBB or #RGB of hex digits: "#+12345" was taken for #012345.
    @Test func aColorIsHexDigitsOnly() throws {
        #expect(ColorName.parse("#+12345") == nil && ColorName.parse("#-12345") == nil && ColorName.parse("# 12345") == nil)
        #expect(ColorName.parse("#5fafff") == .rgb(0x5f, 0xaf, 0xff) && ColorName.parse("#5FAFFF") == .rgb(0x5f, 0xaf, 0xff))
        #expect(ColorName.parse("#fa0") == .rgb(0xff, 0xaa, 0x00))
        #expect(ColorName.parse("#12") == nil && ColorName.parse("#1234") == nil)
        #expect(error(##"{"accent": "#+12345", "pages": [{"title": "a"}]}"##).contains(##"not "#+12345""##))
    }

    /// A version's length is bounded, suffix included, in a tour as in a tips file.
    @Test func aVersionIsAtMost64Bytes() {
        let long = "1.0-" + String(repeating: "x", count: 70_000)
        #expect(error(#"{"version": "\#(long)", "pages": [{"title": "a"}]}"#)
                == #"t.json:1:13: "version" is 70004 bytes long; a version is at most 64, suffix included"#)
        #expect(error(#"{"pages": [{"title": "a", "since": "\#(long)"}]}"#).hasSuffix(#""since" is 70004 bytes long; a version is at most 64, suffix included"#))
    }

    @Test func theExampleFromTheIssue() throws {
        let tour = try decode(#"""
            {
              "id": "habits",
              "version": "1.0.0",
              "labels": {"next": "Next", "done": "Get started", "skip": "Skip"},
              "pages": [
                {"title": "Form new habits", "subtitle": "…", "hero": "  /\\_/\\ \n ( o.o )\n  > ^ <"},
                {"title": "Track your progress", "subtitle": "…", "heroFile": "art/progress.txt"},
                {"title": "Set your goals", "hero": ["+---+", "| ! |", "+---+"]}
              ]
            }
            """#, art: ["art/progress.txt": "[###  ]\n[#### ]\n"])
        #expect(tour.id == "habits")
        #expect(tour.version == "1.0.0")
        #expect(tour.pages.count == 3)
        #expect(tour.pages[0].hero?.lines == ["  /\\_/\\ ", " ( o.o )", "  > ^ <"])
        #expect(tour.pages[0].hero?.width == 8)
        #expect(tour.pages[1].hero?.lines == ["[###  ]", "[#### ]"])
        #expect(tour.pages[2].hero?.lines == ["+---+", "| ! |", "+---+"])
        #expect(tour.pages[2].subtitle == "")
    }

    @Test func onlyPagesAndTitlesAreRequired() throws {
        let tour = try decode(#"{"pages": [{"title": "Hi"}]}"#)
        #expect(tour.labels == Tour.Labels())
        #expect(tour.id == nil)
        #expect(tour.pages[0].hero == nil)
    }

    @Test func customLabels() throws {
        let tour = try decode(#"{"labels": {"done": "Let's go"}, "pages": [{"title": "Hi", "button": "Onward"}]}"#)
        #expect(tour.labels.done == "Let's go")
        #expect(tour.labels.next == "Next")
        #expect(tour.pages[0].button == "Onward")
    }

    @Test(arguments: [
        (#"{"pages": [{"title": "a", "titel": "b"}]}"#, #"t.json:1:27: unknown key "titel" in page 1; did you mean "title"?"#),
        // Playing lists every error, as tour check does.
        ("{\n  \"pages\": [],\n  \"colour\": 1\n}", #"t.json:2:12: "pages" is empty; a tour needs at least one page"# + "\n"
            + #"t.json:3:3: unknown key "colour" in the tour; expected one of: id, version, labels, accent, indicator, indicatorGlyphs, pages, tips, tipsOff, whatsNew, whatsNewHint, values, checklist, $schema"#),
        (#"{"pages": []}"#, #"t.json:1:11: "pages" is empty; a tour needs at least one page"#),
        (#"{"id": "x"}"#, #"t.json:1:1: the tour has no "pages"; add "pages": [{"title": "…"}]"#),
        ("{\"pages\": [\n  {\"subtitle\": \"x\"}\n]}", #"t.json:2:3: page 1 has no "title""#),
        (#"{"pages": [{"title": 3}]}"#, #"t.json:1:22: "title" must be a string, not a number"#),
        (#"{"pages": {"title": "a"}}"#, #"t.json:1:11: "pages" must be an array, not an object"#),
        (#"{"pages": [{"title": "a", "hero": 1}]}"#, #"t.json:1:35: "hero" must be a string or an array of lines, not a number"#),
        (#"{"pages": [{"title": "a", "hero": ["x", 2]}]}"#, #"t.json:1:41: each line of "hero" must be a string, not a number"#),
        (#"{"pages": [{"title": "a", "heroFile": "nope.txt"}]}"#, #"t.json:1:39: cannot read heroFile "nope.txt": no such file"#),
        (#"{"pages": [{"title": "a", "title": "b"}]}"#, #"t.json:1:27: duplicate key "title" in page 1"#),
        ("{\"pages\": [\n  {\"title\": \"a\",}\n]}", "t.json:2:16: trailing comma after the last member; JSON allows none, so remove the ','"),
        ("{\"pages\": [{\"title\": \"a\"},\n]}", "t.json:1:26: trailing comma after the last element; JSON allows none, so remove the ','"),
        ("{'pages': []}", "t.json:1:2: keys take double quotes in JSON, not single quotes"),
        ("{\"pages\": [{\"title\": 'a'}]}", "t.json:1:22: strings take double quotes in JSON, not single quotes"),
        ("{\"pages\": [{\"title\": 5}]}", #"t.json:1:22: "title" must be a string, not a number"#),
        ("{\"pages\": [{\"title\": \"a\"}, {\"titel\": \"b\"}]}", #"t.json:1:29: unknown key "titel" in page 2; did you mean "title"?"#),
        ("{\"pages\": [{\"title\": \"a\"}]", "t.json:1:27: unexpected end of file; expected ',' or '}'"),
        ("{\"pages\": [{\"title\": \"a\"}]}}", "t.json:1:28: unexpected text after the end of the JSON document"),
        ("", "t.json:1:1: unexpected end of file; expected a value"),
        ("[1, 2]", "t.json:1:1: the tour must be an object, not an array"),
        ("{\"pages\": [{\"title\": \"\u{1}\"}]}", "t.json:1:23: control character in string; write it as an escape such as \\n"),
        ("{\"pages\": [{\"title\": \"é\" x}]}", "t.json:1:26: expected ',' or '}' after the value of \"title\""),
    ])
    func errorsPointAtTheLineAndColumn(json: String, expected: String) {
        #expect(error(json) == expected)
    }

    @Test func checkReportsEveryProblemInFileOrder() {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in
            throw TourError.unreadable(path: path, reason: "no such file")
        }
        let json = """
            {"version": "2.0", "colour": 1, "pages": [
              {"titel": "a"},
              {"title": "b", "since": "3.0", "heroFile": "missing.txt"},
              {"title": "c", "since": "1.5", "since": "1.6", "hero": ["\(String(repeating: "#", count: 90))"]},
              {"title": 7, "subtitle": 8}
            ]}
            """
        let (tour, diagnostics) = decoder.check(Array(json.utf8))
        #expect(diagnostics.map(\.description) == [
            #"t.json:1:20: error: unknown key "colour" in the tour; expected one of: id, version, labels, accent, indicator, indicatorGlyphs, pages, tips, tipsOff, whatsNew, whatsNewHint, values, checklist, $schema"#,
            // One mistake, one error: the misspelled key, not also "page 1 has no title".
            #"t.json:2:4: error: unknown key "titel" in page 1; did you mean "title"?"#,
            #"t.json:3:27: warning: "since": "3.0" is newer than the tour's version 2.0; --once will not show this page yet"#,
            #"t.json:3:46: error: cannot read heroFile "missing.txt": no such file"#,
            #"t.json:4:34: error: duplicate key "since" in page 3"#,
            #"t.json:4:58: warning: hero art is 90 columns wide; it will be left out on terminals narrower than 92 columns"#,
            #"t.json:5:13: error: "title" must be a string, not a number"#,
            #"t.json:5:28: error: "subtitle" must be a string, not a number"#,
        ])
        #expect(tour?.pages.count == 2)
    }

    @Test func invalidUTF8IsAnError() {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        var bytes = Array(#"{"pages": [{"title": "x"#.utf8)
        bytes += [0xFF, 0x22, 0x7D, 0x5D, 0x7D]
        #expect(throws: TourError.content(file: "t.json", position: SourcePosition(line: 1, column: 24), message: "invalid UTF-8")) {
            try decoder.decode(bytes)
        }
    }

    @Test func deepNestingIsRefused() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(error(json) == "t.json:1:65: nesting is deeper than 64 levels")
    }

    @Test func escapesAndSurrogatePairs() throws {
        let tour = try decode(#"{"pages": [{"title": "caf\u00e9 \ud83d\ude80 \"q\" \/"}]}"#)
        #expect(tour.pages[0].title == "café 🚀 \"q\" /")
    }

    @Test func contentCannotCarryEscapeSequences() throws {
        let tour = try decode(#"{"pages": [{"title": "a\u001b]0;pwned\u0007b\u001b[2Jc\u009b31md", "subtitle": "x\u202eevil\u202cy\rz\u0008w", "hero": ["\u001bP1$r\u001b\\ok\u0007"]}]}"#)
        #expect(tour.pages[0].title == "abcd")
        #expect(tour.pages[0].subtitle == "xevilyzw")
        #expect(tour.pages[0].hero?.lines == ["ok"])
    }

    @Test func theBuiltInTourLoads() throws {
        let tour = try TourLoader.load(path: PackagePaths.builtInTour)
        #expect(tour.id == "tour")
        // Six pages that show what tour can do: an accent on each, colored art, a practice,
        // a feature list, a gradient; every picture has words for screen readers.
        #expect(tour.pages.count == 6)
        #expect(tour.pages.contains { $0.practice != nil })
        #expect(tour.pages.filter { $0.kindName == "page" }.allSatisfy { ($0.hero != nil || $0.picture != nil) && !$0.subtitle.isEmpty && $0.heroAlt != nil })
        #expect(tour.pages.contains { $0.picture != nil })  // one PNG hero
        #expect(tour.pages.allSatisfy { $0.accent != nil })
        #expect(tour.pages.contains { $0.kindName == "features" } && tour.pages.contains { !$0.gradient.isEmpty })
        #expect(tour.pages.contains { $0.hero?.isColored == true })
    }

    @Test func loaderReportsMissingFilesAndDefaultsTheID() throws {
        #expect(throws: TourError.unreadable(path: "/no/such/tour.json", reason: "no such file")) {
            try TourLoader.load(path: "/no/such/tour.json")
        }
        #expect(TourLoader.defaultID(forPath: "tours/mytool.json") == "mytool")
        #expect(TourLoader.defaultID(forPath: ".hidden") == ".hidden")
        #expect(TourLoader.defaultID(forPath: "/usr/share/mytool/tour.v2.json") == "tour.v2")
        #expect(TourLoader.defaultID(forPath: "tours/mytool/") == "mytool")
        #expect(TourLoader.defaultID(forPath: "mytool.md") == "mytool")
        #expect(TourLoader.defaultID(forPath: "///") == "///")
        #expect(TourLoader.defaultID(forPath: "") == "")
    }

    /// A decoder used for a bad file and then a good one used to throw the bad file's error
    /// again: its diagnostic log was never reset.
    @Test func aDecoderUsedTwiceReportsOnlyTheFileAtHand() throws {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        #expect(throws: TourError.self) { try decoder.decode(Array(#"{"pages": [{"titel": "typo"}]}"#.utf8)) }
        let tour = try decoder.decode(Array(#"{"pages": [{"title": "fine"}]}"#.utf8))
        #expect(tour.pages.map(\.title) == ["fine"])
        #expect(decoder.check(Array(#"{"pages": [{"title": "fine"}]}"#.utf8)).1.isEmpty)
    }

    /// The decoder finds a field by its key's place in the list `tour check` names; each
    /// case of a key enum must be at the place of the key it is named after.
    @Test func everyKeyCaseIsAtItsNamesPlace() {
        func names<Key: FieldKey & CaseIterable>(_ type: Key.Type) -> [String] { Key.allCases.map { String(describing: $0) } }
        // A case cannot start with "$": `schema` stands at the place of "$schema".
        #expect(names(TourDecoder.TourKey.self) == TourDecoder.tourKeys.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 })
        #expect(names(TourDecoder.PageKey.self) == TourDecoder.pageKeys)
        #expect(names(TourDecoder.FeatureKey.self) == TourDecoder.featureKeys)
        #expect(names(TourDecoder.GlyphKey.self) == TourDecoder.glyphKeys)
        // An object's fields are kept in room for 20 keys (DecodePass.Fields); labels are
        // read by their text, and are the label table's.
        #expect(TourDecoder.labelKeys == Tour.Label.allCases.map(\.rawValue))
        for names in [TourDecoder.tourKeys, TourDecoder.pageKeys, TourDecoder.featureKeys, TourDecoder.glyphKeys] {
            #expect(names.count <= 20)
        }
    }
}
