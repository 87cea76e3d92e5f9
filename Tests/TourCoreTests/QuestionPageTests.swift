import Testing
@testable import TourCore

/// Question pages: the answers model, the keys and the mouse on a question, the view's
/// marks at every color depth and in ASCII, and the record kept across versions.
@Suite("Question pages")
struct QuestionPageTests {
    static let telemetry = Tour.Choice(key: "telemetry", options: [
        Tour.Choice.Option(value: "yes", label: "Yes, share counts", detail: "Never your files."),
        Tour.Choice.Option(value: "no", label: "No thanks"),
    ], default: "no")

    static func tour(default defaultValue: String? = "no", options: Int = 2) -> Tour {
        var choice = telemetry
        choice.defaultValue = defaultValue
        choice.options = (0..<options).map { index in
            index < 2 ? telemetry.options[index] : Tour.Choice.Option(value: "v\(index)", label: "Option \(index + 1)", detail: "Detail \(index + 1)")
        }
        return Tour(id: "q", version: "1.0.0", pages: [
            Tour.Page(title: "Welcome"),
            Tour.Page(title: "Share anonymous usage data?", subtitle: "Counts help us fix what breaks.", choice: choice),
        ])
    }

    @Test func movingTheChoiceClampsAndStartsFromNothingAtTheEnds() {
        let page = Self.tour(default: nil).page(1)
        var answers = Answers()
        #expect(answers.selection(on: 1, of: page) == nil && answers.blocksForward(on: 1, of: page))
        answers.move(by: 1, on: 1, of: page)
        #expect(answers.selection(on: 1, of: page) == 0)
        answers.move(by: 5, on: 1, of: page)
        #expect(answers.selection(on: 1, of: page) == 1)
        answers.move(by: -9, on: 1, of: page)
        #expect(answers.selection(on: 1, of: page) == 0 && !answers.blocksForward(on: 1, of: page))
        var fromTheTop = Answers()
        fromTheTop.move(by: -1, on: 1, of: page)
        #expect(fromTheTop.selection(on: 1, of: page) == 1)
        answers.select(7, on: 1, of: page)
        #expect(answers.selection(on: 1, of: page) == 0)  // no such option: unchanged
        // Only what was answered is collected.
        #expect(answers.collected(in: Self.tour(default: nil)).isEmpty)
        answers.answer(on: 1, of: page)
        #expect(answers.collected(in: Self.tour(default: nil)) == ["telemetry": "yes"])
    }

    @Test func enterTakesTheDefaultAndFinishes() {
        var driver = PagerDriver(tour: Self.tour())
        driver.press(.enter)
        #expect(driver.page == 1)
        driver.press(.enter)
        #expect(driver.outcome == .completed && driver.pager.collectedAnswers == ["telemetry": "no"])
    }

    @Test func upChoosesTheOtherOptionAndDigitsChooseByNumber() {
        var driver = PagerDriver(tour: Self.tour())
        driver.press(.enter, .up, .enter)
        #expect(driver.pager.collectedAnswers == ["telemetry": "yes"])
        var digits = PagerDriver(tour: Self.tour())
        digits.press(.enter, .character("1"))
        #expect(digits.page == 1)  // a digit chose; it did not jump
        digits.press(.character("2"), .character("k"), .character("j"), .enter)
        #expect(digits.pager.collectedAnswers == ["telemetry": "no"])
    }

    @Test func withoutADefaultTheWayForwardIsClosedUntilAChoice() {
        var driver = PagerDriver(tour: Self.tour(default: nil))
        driver.press(.enter, .enter, .right, .end)
        #expect(driver.page == 1 && driver.outcome == nil)
        #expect(!PagerDriver.text(driver.screen).contains("Enter finish"))
        #expect(PagerDriver.text(driver.screen).contains("↑ ↓ choose"))
        driver.click(driver.layout.button)
        #expect(driver.outcome == nil)
        driver.press(.down, .enter)
        #expect(driver.outcome == .completed && driver.pager.collectedAnswers == ["telemetry": "yes"])
    }

    /// End, a digit or a dot past a question with no default stops on that question, so
    /// Enter on the last page cannot finish a tour with it unanswered. With a default,
    /// a jump goes all the way, as before.
    @Test func aJumpStopsAtTheFirstOpenQuestion() {
        var choice = Self.telemetry
        choice.defaultValue = nil
        let pages = [Tour.Page(title: "Welcome"), Tour.Page(title: "Share?", choice: choice),
                     Tour.Page(title: "Three"), Tour.Page(title: "Four")]
        let tour = Tour(id: "q", version: "1.0.0", pages: pages)
        for key in [Key.end, .character("4")] {
            var driver = PagerDriver(tour: tour)
            driver.press(key)
            #expect(driver.page == 1, "\(key)")
            driver.press(.enter, .end, .enter)
            #expect(driver.outcome == nil && driver.page == 1, "\(key): still unanswered")
            driver.press(.down, .end, .enter)
            #expect(driver.outcome == .completed && driver.pager.collectedAnswers == ["telemetry": "yes"], "\(key)")
        }
        var withDefault = PagerDriver(tour: Tour(id: "q", version: "1.0.0", pages: [pages[0], Tour.Page(title: "Share?", choice: Self.telemetry)] + pages[2...]))
        withDefault.press(.end)
        #expect(withDefault.page == 3)
    }

    @Test func qSkipsEvenOnTheLastPageAndAnswersNothing() {
        var driver = PagerDriver(tour: Self.tour())
        driver.press(.enter, .up, .character("q"))
        #expect(driver.outcome == .skipped(atPage: 1) && driver.pager.collectedAnswers.isEmpty)
        // Ctrl-C answers nothing either; back and forth keeps the choice.
        var interrupted = PagerDriver(tour: Self.tour())
        interrupted.press(.enter, .up, .left, .right)
        #expect(interrupted.pager.answers.selection(on: 1, of: Self.tour().page(1)) == 0)
        interrupted.press(.controlC)
        #expect(interrupted.pager.collectedAnswers.isEmpty)
    }

    @Test func aClickOnAnOptionChoosesIt() throws {
        var driver = PagerDriver(tour: Self.tour())
        driver.press(.enter)
        let yes = try #require(driver.layout.parts.options.first { $0.index == 0 })
        driver.click(yes.rect)
        #expect(driver.page == 1 && driver.outcome == nil)
        driver.press(.enter)
        #expect(driver.pager.collectedAnswers == ["telemetry": "yes"])
    }

    @Test func theSelectedOptionIsMarkedByShapeAtEveryDepthAndInASCII() {
        let tour = Self.tour()
        for glyphs in [Glyphs.unicode, .ascii] {
            var view = PageView(tour: tour, state: Paging(pageCount: 2, currentPage: 1), glyphs: glyphs)
            view.selectedOption = 0
            let canvas = view.render(size: Size(width: 60, height: 18))
            let text = PagerDriver.text(canvas)
            let (on, off) = glyphs == .unicode ? ("●", "○") : ("(x)", "( )")
            #expect(text.contains("\(on) Yes, share counts") && text.contains("\(off) No thanks"), "\(text)")
            // The shape is there without color: under NO_COLOR (2), at 8 colors and at 24 bits.
            for depth in [ColorDepth.monochrome, .ansi8, .direct] {
                #expect(ScreenExport.text(canvas).contains("\(on) Yes"), "\(depth)")
                #expect(!ScreenExport.ansi(canvas, depth: depth).isEmpty)
            }
        }
    }

    @Test func sixOptionsFitAt40By12AndScrollByOption() {
        let tour = Self.tour(default: nil, options: 6)
        for selected in 0..<6 {
            var view = PageView(tour: tour, state: Paging(pageCount: 2, currentPage: 1), glyphs: .unicode)
            view.selectedOption = selected
            var canvas = Canvas(size: Size(width: 40, height: 12))
            let layout = view.draw(into: &canvas)
            let text = PagerDriver.text(canvas)
            #expect(layout.parts.options.contains { $0.index == selected }, "option \(selected + 1) on screen:\n\(text)")
            #expect(text.contains("Skip (q)") && text.contains("Get started"), "\(text)")
            let label = selected < 2 ? Self.telemetry.options[selected].label : "Option \(selected + 1)"
            #expect(text.contains("● " + label), "\(text)")
        }
    }

    @Test func theRecordKeepsTheLatestAnswerOfEachKeyAcrossVersions() throws {
        let first = AnswerRecord().merging(["telemetry": "no", "editor": "vim"], version: "1.0.0", at: "2026-01-01T00:00:00Z")
        let second = first.merging(["telemetry": "yes"], version: "1.1.0", at: "2026-02-01T00:00:00Z")
        #expect(second.values == ["telemetry": "yes", "editor": "vim"])
        #expect(second.answers["editor"]?.version == "1.0.0" && second.answers["telemetry"]?.version == "1.1.0")
        let read = try #require(AnswerRecord.parse(Array(second.json.utf8)))
        #expect(read == second)
        #expect(AnswerRecord.object(second.values) == "{\"editor\": \"vim\", \"telemetry\": \"yes\"}\n")
        #expect(AnswerRecord.object([:]) == "{}\n")
        // A value that is not a plain word (a hand-edited file) is not read back.
        #expect(AnswerRecord.parse(Array(#"{"format": 1, "answers": {"k": {"value": "\u001b[31m"}}}"#.utf8))?.values == [:])
    }

    @Test func theCheckFindsEveryMistakeOfAQuestion() {
        let json = """
            {"id": "q", "pages": [
             {"kind": "choice", "key": "telemetry", "title": "A?", "optons": [],
              "options": [{"value": "yes", "label": "Yes"}, {"value": "yes", "lable": "Y"}, {"value": "No Way", "label": "N"}], "default": "noo"},
             {"kind": "choice", "key": "t", "title": "B?", "options": [{"value": "a", "label": "A"}]},
             {"kind": "choice", "key": "telemetry", "title": "C?", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
             {"title": "D", "default": "x"}
            ]}
            """
        let decoder = TourDecoder(fileName: "q.json", readArt: { (_: String) throws(TourError) -> [UInt8] in [] })
        let messages = decoder.check(Array(json.utf8)).1.map(\.description)
        #expect(messages == [
            #"q.json:2:56: error: unknown key "optons" in page 1; did you mean "options"?"#,
            #"q.json:3:59: error: options 1 and 2 of page 1 have the one value "yes""#,
            #"q.json:3:66: error: unknown key "lable" in option 2 of page 1; did you mean "label"?"#,
            #"q.json:3:91: error: a "value" is a short plain word (a-z, 0-9, _ . -, at most 64 bytes), not "No Way""#,
            #"q.json:3:128: error: the "default" "noo" is not one of the values (yes)"#,
            #"q.json:4:59: error: a question has 2 to 6 options, not 1"#,
            #"q.json:6:17: error: "default" belongs on a page with "kind": "choice""#,
        ], "\(messages)")
        // Two good questions with one key.
        let twice = #"{"id": "q", "pages": [{"kind": "choice", "key": "k", "title": "A", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},"#
            + "\n" + #"{"kind": "choice", "key": "k", "title": "B", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}"#
        #expect(decoder.check(Array(twice.utf8)).1.map(\.description)
                == [#"q.json:2:27: error: pages 1 and 2 ask questions with the one key "k"; each answer needs its own"#])
    }

    @Test func aQuestionBuiltInSwiftIsHeldToTheFileRules() {
        func problem(_ choice: Tour.Choice) -> String? {
            Tour(pages: [Tour.Page(title: "Q", choice: choice)]).problemForRun?.description
        }
        #expect(problem(Self.telemetry) == nil)
        #expect(problem(Tour.Choice(key: "t", options: [Tour.Choice.Option(value: "a", label: "A")])) == "Tour.Choice: page 1: a question has 2 to 6 options, not 1")
        #expect(problem(Tour.Choice(key: "t", options: Self.telemetry.options, default: "maybe"))
                == "Tour.Choice: page 1: the default \"maybe\" is not one of the values")
        #expect(problem(Tour.Choice(key: "T T", options: Self.telemetry.options))?.contains("a short plain word") == true)
        let twice = Tour(pages: [Tour.Page(title: "A", choice: Self.telemetry), Tour.Page(title: "B", choice: Self.telemetry)])
        #expect(twice.problemForRun?.description.contains("another question has the key \"telemetry\"") == true)
    }

    @Test func aQuestionWithSinceIsWhatsNewAfterAnUpdate() {
        let tour = Tour(id: "q", version: "1.1.0", pages: [
            Tour.Page(title: "Welcome"),
            Tour.Page(title: "Which editor?", choice: Tour.Choice(key: "editor", options: [
                Tour.Choice.Option(value: "vim", label: "Vim"), Tour.Choice.Option(value: "emacs", label: "Emacs"),
            ]), since: "1.1.0"),
        ])
        let seen = SeenState(outcome: .completed, version: "1.0.0", lastPage: 0, seenAt: "x")
        #expect(RunPlan(tour: tour, selection: .whatsNew(lastSeen: seen)).pages == [1])
    }

    @Test func theKeyTableHintsHowToChoose() {
        let bindings = KeyBindings.standard
        #expect(bindings.hint(isLastPage: true, scrolls: false, glyphs: .unicode, questionCanGoOn: true) == "↑ ↓ choose · ← → swipe · Enter finish · q skip")
        #expect(bindings.hint(isLastPage: false, scrolls: false, glyphs: .ascii, questionCanGoOn: false) == "^ v choose | <- -> swipe | q skip")
        #expect(bindings.hint(isLastPage: true, scrolls: false, glyphs: .unicode) == "← → swipe · Enter finish · q close")
    }
}
