import Testing
@testable import TourCore

/// Practice pages: the key names, what the decoder refuses, the rules of a try, and the
/// pager and the navigator with a practice on the way.
@Suite("Practice pages")
struct PracticePageTests {
    static func decode(_ json: String) throws(TourError) -> Tour {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in
            throw TourError.unreadable(path: path, reason: "no such file")
        }
        return try decoder.decode(Array(json.utf8))
    }

    static func error(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "no error"
        } catch {
            return error.description
        }
    }

    static let tour = Tour(pages: [
        Tour.Page(title: "Welcome"),
        Tour.Page(title: "Search", subtitle: "Press / to search.", practice: Tour.Practice(keys: "/", done: "That is search.")!),
        Tour.Page(title: "Sync", practice: Tour.Practice(line: "notes  sync ")!),
        Tour.Page(title: "The end"),
    ])

    static func text(_ driver: PagerDriver) -> String { PagerDriver.text(driver.screen) }

    @Test func keyNamesAreCharactersNamedKeysAndCtrlLetters() throws {
        #expect(KeyName.key("/") == .character("/"))
        #expect(KeyName.key("G") == .character("G"))
        #expect(KeyName.key("Enter") == .enter && KeyName.key("pgdn") == .pageDown && KeyName.key("space") == .character(" "))
        #expect(KeyName.key("ctrl-r") == .character("\u{12}") && KeyName.key("CTRL-A") == .character("\u{01}"))
        // The terminal keeps these, or sends them as other keys.
        for kept in ["ctrl-c", "ctrl-z", "ctrl-s", "ctrl-q", "ctrl-m", "ctrl-i", "ctrl-h", "ctrl-j", "ctrl-1", "\u{7}", " "] {
            #expect(KeyName.key(kept) == nil, "\(kept)")
        }
        #expect(try KeyName.keys("g g").get() == [.character("g"), .character("g")])
        #expect(try KeyName.keys("ctrl-x  ctrl-e").get() == [.character("\u{18}"), .character("\u{05}")])
        #expect((try? KeyName.keys("ctrl-x ctrl-s").get()) == nil)
        #expect(Key.character("\u{12}").label(.unicode) == "Ctrl-R")
    }

    @Test func aMisspelledKeyIsRefusedWithTheNameItIsNearest() {
        #expect(Self.error(#"{"pages": [{"kind": "practice", "title": "S", "expect": "ctrl-rr"}]}"#)
                == #"t.json:1:57: the "expect" of page 1: "ctrl-rr" is not a key; did you mean "ctrl-r"?"#)
        #expect(Self.error(#"{"pages": [{"kind": "practice", "title": "S", "expect": "entr"}]}"#).hasSuffix(#"did you mean "enter"?"#))
        #expect(Self.error(#"{"pages": [{"kind": "practice", "title": "S", "expect": "a b c d e"}]}"#).contains("5 keys are named; a practice asks for at most 4"))
        #expect(Self.error(#"{"pages": [{"kind": "practice", "title": "S"}]}"#).contains(#"page 1 is a practice and has no "expect""#))
        #expect(Self.error(#"{"pages": [{"kind": "practice", "title": "S", "expect": {"lines": "x"}}]}"#).contains(#"did you mean "line"?"#))
        #expect(Self.error(#"{"pages": [{"title": "S", "expect": "/"}]}"#).contains("expect"))
        // A wrong name is quoted safely: no escape reaches the terminal through the message.
        #expect(!Self.error(#"{"pages": [{"kind": "practice", "title": "S", "expect": "\u001b[2J"}]}"#).contains("\u{1B}"))
    }

    @Test func aPracticeDecodesWithItsDoneLineAndALineIsCompactedAndCleaned() throws {
        let tour = try Self.decode(#"""
            {"pages": [{"kind": "practice", "title": "S", "expect": "g g", "done": "Top!\u001b[2J"},
                       {"kind": "practice", "title": "T", "expect": {"line": "  notes   sync "}}]}
            """#)
        #expect(tour.pages[0].practice?.expectation == .keys([.character("g"), .character("g")]))
        #expect(tour.pages[0].practice?.done == "Top!")
        #expect(tour.pages[1].practice?.expectation == .line("notes sync"))
        #expect(tour.pages[0] == tour.pages[0] && tour.pages[0] != tour.pages[1])
    }

    @Test func aWrongKeyGetsAHintInPlaceAndTheRightOneIsDone() {
        let practice = Tour.Practice(keys: "g g")!
        var progress = PracticeProgress()
        let taken1 = progress.take(.character("x"), command: nil, for: practice)
        #expect(taken1)
        #expect(progress.missed == .key(.character("x")) && !progress.isDone)
        let takenG = progress.take(.character("g"), command: .first, for: practice)  // g is the practice's, not Home
        #expect(takenG)
        #expect(progress.missed == nil && progress.matched == 1)
        let taken2 = progress.take(.character("g"), command: .first, for: practice)
        #expect(taken2 && progress.isDone)
        // Once done, keys are the pager's again.
        let taken3 = progress.take(.character("g"), command: .first, for: practice)
        #expect(!taken3)
        // The ways out stay; a forward key is a try.
        var fresh = PracticeProgress()
        let taken4 = fresh.take(.character("q"), command: .skip, for: practice)
        #expect(!taken4)
        let taken5 = fresh.take(.controlC, command: .quit, for: practice)
        #expect(!taken5)
        let taken6 = fresh.take(.left, command: .previous, for: practice)
        #expect(!taken6)
        let taken7 = fresh.take(.enter, command: .advance, for: practice)
        #expect(taken7 && fresh.missed == .key(.enter))
    }

    @Test func aLineIsTypedWithBackspaceAndCheckedAtEnter() {
        let practice = Tour.Practice(line: "notes sync")!
        var progress = PracticeProgress()
        for character in "notes  synx" {
            let taken = progress.take(.character(character), command: nil, for: practice)
            #expect(taken)
        }
        let taken8 = progress.take(.backspace, command: .previous, for: practice)
        #expect(taken8 && progress.typed == "notes  syn")
        // q is typed, not a skip; Esc still skips.
        let taken9 = progress.take(.character("q"), command: .skip, for: practice)
        #expect(taken9)
        let taken10 = progress.take(.escape, command: .skip, for: practice)
        #expect(!taken10)
        let taken11 = progress.take(.enter, command: .advance, for: practice)
        #expect(taken11 && progress.missed == .line("notes synq") && progress.typed.isEmpty)
        for character in " notes   sync" { _ = progress.take(.character(character), command: nil, for: practice) }
        let taken12 = progress.take(.enter, command: .advance, for: practice)
        #expect(taken12 && progress.isDone)
    }

    @Test func theAccessibleModeTakesTheKeyItsNameOrTheLine() {
        let slash = Tour.Practice(keys: "/")!, ctrlR = Tour.Practice(keys: "ctrl-r")!, gg = Tour.Practice(keys: "g g")!
        for (practice, line) in [(slash, "/"), (ctrlR, "ctrl-r"), (ctrlR, "Ctrl-R"), (gg, "gg"), (gg, "g g"), (Tour.Practice(keys: "enter")!, "")] {
            var progress = PracticeProgress()
            progress.take(line: line, for: practice)
            #expect(progress.isDone, "\(line)")
        }
        var wrong = PracticeProgress()
        wrong.take(line: "?", for: slash)
        #expect(!wrong.isDone && wrong.missed == .line("?"))
    }

    @Test func thePagerWaitsForTheKeyShowsDoneAndThenGoesOn() {
        var driver = PagerDriver(tour: Self.tour)
        driver.press(.enter)
        #expect(driver.page == 1 && Self.text(driver).contains("Press /"))
        #expect(!driver.layout.parts.title.isEmpty)
        // Enter, → and the button do not go on; a wrong key says so, kindly.
        driver.press(.enter, .right, .character("x"))
        #expect(driver.page == 1 && Self.text(driver).contains("Not quite: that was x. Try again."))
        driver.click(driver.layout.button)
        #expect(driver.page == 1)
        #expect(!Self.text(driver).contains("Enter next"))
        driver.press(.character("/"))
        #expect(driver.page == 1 && Self.text(driver).contains("✓ That is search.") && Self.text(driver).contains("Enter next"))
        driver.press(.enter)
        #expect(driver.page == 2 && Self.text(driver).contains("Type notes sync and press Enter"))
        for character in "notes sync" { driver.press(.character(character)) }
        #expect(Self.text(driver).contains("> notes sync_"))
        driver.press(.enter)
        #expect(driver.page == 2 && Self.text(driver).contains("✓ Done"))
        driver.press(.enter, .enter)
        #expect(driver.outcome == .completed)
    }

    @Test func theWaysOutAndBackStayAndAJumpStopsAtAPracticeNotDone() {
        var skipped = PagerDriver(tour: Self.tour)
        skipped.press(.enter, .character("q"))
        #expect(skipped.outcome == .skipped(atPage: 1))
        var back = PagerDriver(tour: Self.tour)
        back.press(.enter, .left)
        #expect(back.page == 0)
        var jump = PagerDriver(tour: Self.tour)
        jump.press(.end)
        #expect(jump.page == 1)
        jump.press(.character("4"))
        #expect(jump.page == 1)
        // The navigator every front end follows says the same.
        var answers = Answers()
        #expect(Navigation.go(.last, from: Paging(pageCount: 4, currentPage: 0), answers: &answers, page: { Self.tour.page($0) })?.next.currentPage == 1)
    }

    @Test func aPracticeMayAskForOneOfTheTourKeys() {
        let tour = Tour(pages: [Tour.Page(title: "Help", practice: Tour.Practice(keys: "?")!), Tour.Page(title: "Quit", practice: Tour.Practice(keys: "q")!),
                                Tour.Page(title: "The end")])
        var driver = PagerDriver(tour: tour)
        driver.press(.character("?"))
        #expect(!driver.pager.isShowingHelp && Self.text(driver).contains("✓ Done"))
        driver.press(.enter, .character("q"))
        #expect(driver.outcome == nil && Self.text(driver).contains("✓ Done"))
        // Esc still skips where q is the practice's.
        var out = PagerDriver(tour: tour)
        out.press(.character("?"), .enter, .escape)
        #expect(out.outcome == .skipped(atPage: 1))
    }

    @Test func plainTextSaysWhatToPressAndASCIIHasNoCheckMark() {
        let plain = PlainText.page(Self.tour.page(1), number: 2, of: 4, glyphs: .ascii, spoken: false, labels: Tour.Labels())
        #expect(plain.contains("Search\nPress / to search.\nPress /"))
        var driver = PagerDriver(tour: Self.tour, glyphs: .ascii)
        driver.press(.enter, .character("/"))
        #expect(Self.text(driver).contains("[ok] That is search."))
    }

    @Test func timeStaysLinearInALongTypedLine() {
        // A line is bounded: typing thousands of characters keeps twice the longest line.
        let practice = Tour.Practice(line: "x")!
        var progress = PracticeProgress()
        for _ in 0..<10_000 { _ = progress.take(.character("y"), command: nil, for: practice) }
        #expect(progress.typed.count == Tour.Practice.maximumLineLength * 2)
    }
}
