import Testing
@testable import TourCore

/// Values: `{name}` in a page's text takes a declared value, once, and the tool's own
/// values go over the defaults.
@Suite("Values")
struct TourValuesTests {
    static func decode(_ json: String) throws(TourError) -> Tour {
        try TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in
            throw TourError.unreadable(path: path, reason: "no such file")
        }.decode(Array(json.utf8))
    }

    static func diagnostics(_ json: String) -> [String] {
        TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }.check(Array(json.utf8)).1.map(\.description)
    }

    @Test func aNameIsFilledOnceAndAnythingElseStaysAsWritten() {
        let values = ["search": "/", "tool": "{search}"]
        #expect(TourValues.fill("Press {search} in {tool}", with: values) == "Press / in {search}")
        #expect(TourValues.fill("{nope} {search", with: values) == "{nope} {search")
        #expect(TourValues.fill("{{search}}", with: values) == "{/}")
        #expect(TourValues.fill("{ search }", with: values) == "{ search }")
        #expect(TourValues.fill("no braces", with: [:]) == "no braces")
        #expect(TourValues.references(in: "{a} {b-2} {3x} {} {a b} {a}") == ["a", "b-2", "a"])
        #expect(TourValues.isName("search") && TourValues.isName("Key_2-x") && !TourValues.isName("2x") && !TourValues.isName("a b")
                && !TourValues.isName(String(repeating: "a", count: 33)))
    }

    @Test func timeStaysLinearInBracesWithoutEnd() {
        // 200,000 opening braces: each is looked past at most a name's length ahead.
        let text = String(repeating: "{", count: 200_000)
        #expect(TourValues.fill(text, with: ["a": "b"]).count == 200_000)
        #expect(TourValues.references(in: text).isEmpty)
    }

    @Test func theDefaultsFillEveryTextOfEveryKind() throws {
        let tour = try Self.decode(#"""
            {"values": {"tool": "notes", "search": "/"},
             "pages": [{"title": "{tool}", "subtitle": "sub {tool}", "button": "Go {tool}", "heroAlt": "a {tool}"},
                       {"kind": "features", "title": "t", "items": [{"title": "i {tool}", "text": "x {tool}"}], "extra": "e {tool}"},
                       {"kind": "choice", "key": "k", "title": "q", "options": [{"value": "a", "label": "l {tool}", "detail": "d {tool}"}, {"value": "b", "label": "B"}]},
                       {"kind": "practice", "title": "p", "expect": "{search}", "done": "{search} done"}]}
            """#).filled(with: [:])
        let page = tour.pages[0]
        #expect([page.title, page.subtitle, page.button, page.heroAlt] == ["notes", "sub notes", "Go notes", "a notes"])
        #expect(tour.pages[1].items[0].title == "i notes" && tour.pages[1].items[0].text == "x notes" && tour.pages[1].extra == "e notes")
        #expect(tour.pages[2].choice?.options[0].label == "l notes" && tour.pages[2].choice?.options[0].detail == "d notes")
        #expect(tour.pages[3].practice?.expectation == .keys([.character("/")]) && tour.pages[3].practice?.done == "/ done")
    }

    @Test func aToolsValuesGoOverTheDefaultsCleanedAndBounded() throws {
        let tour = try Self.decode(#"""
            {"values": {"search": "/"}, "pages": [{"kind": "practice", "title": "Press {search}", "expect": "{search} {search}"}]}
            """#)
        let filled = tour.filled(with: ["search": "ctrl-r", "other": "x"])
        #expect(filled.pages[0].title == "Press ctrl-r")
        #expect(filled.pages[0].practice?.expectation == .keys([.character("\u{12}"), .character("\u{12}")]))
        let words = try Self.decode(#"{"values": {"tool": "notes"}, "pages": [{"title": "Hi {tool}"}]}"#)
        let escaped = words.filled(with: ["tool": "\u{1B}[31m?" + String(repeating: "x", count: 500)])
        #expect(!escaped.pages[0].title.contains("\u{1B}") && escaped.pages[0].title.count == "Hi ".count + TourValues.maximumLength)
        // A value that makes the practice name no key is not used: the tour's own stands, on
        // every page alike, and a warning says why, with the key it was nearest to.
        let kept = tour.filled(with: ["search": "ctrl-rr"])
        #expect(kept.pages[0].title == "Press /" && kept.pages[0].practice?.expectation == .keys([.character("/"), .character("/")]))
        #expect(kept.loadWarnings.count == 1 && kept.loadWarnings[0].contains(#"did you mean "ctrl-r"?"#)
                && kept.loadWarnings[0].contains(#"the tour's own "/" is used"#), "\(kept.loadWarnings)")
        // The file's own text is filled again from the template each time, not from the last fill.
        #expect(filled.filled(with: ["search": "?"]).pages[0].practice?.expectation == .keys([.character("?"), .character("?")]))
    }

    @Test func aTourWithoutValuesIsLeftAsItIs() throws {
        let tour = try Self.decode(#"{"pages": [{"title": "{x}"}]}"#)
        #expect(tour.filled(with: ["x": "y"]) == tour)
    }

    @Test func badValuesAreRefusedAndUndeclaredNamesWarned() {
        #expect(Self.diagnostics(#"{"values": {"2x": "a"}, "pages": [{"title": "t"}]}"#).first?.contains("a value's name is a letter") == true)
        #expect(Self.diagnostics(#"{"values": {"a": 1}, "pages": [{"title": "t"}]}"#).first?.contains(#"the value "a" must be a string"#) == true)
        #expect(Self.diagnostics(#"{"values": {"a": "\#(String(repeating: "x", count: 101))"}, "pages": [{"title": "t"}]}"#).first?.contains("at most 100") == true)
        #expect(Self.diagnostics(#"{"values": {"a": "1", "a": "2"}, "pages": [{"title": "t"}]}"#).first?.contains("declared twice") == true)
        #expect(Self.diagnostics(#"{"values": [], "pages": [{"title": "t"}]}"#).first?.contains("must be an object") == true)
        #expect(Self.diagnostics(#"{"values": {"search": "/"}, "pages": [{"title": "Press {serch}"}]}"#)
                == [#"t.json:1:49: warning: {serch} names no value, so it stays as written; did you mean {search}?"#])
        #expect(Self.diagnostics(#"{"values": {"search": "/"}, "pages": [{"kind": "practice", "title": "p", "expect": "{search}x"}]}"#).first?
                    .contains(#""/x" is not a key"#) == true)
    }
}
