import Testing
import TourCore

/// The checklist's pure decisions (issue 67, part 3): what a file may say, which item a
/// typo meant, what a start shows of the list, and what ticking and showing record.
@Suite("Checklist")
struct ChecklistTests {
    static let items = #"""
        {"id": "login", "title": "Log in", "hint": "`mytool login`"},
        {"id": "sync", "title": "Sync your notes", "hint": "`mytool sync`"},
        {"id": "find", "title": "Find a note"}
        """#

    static func tourText(checklist: String, extra: String = "") -> String {
        #"{"id": "mytool", "version": "1.0.0", "pages": [{"title": "Hi"}],\#(extra) "checklist": \#(checklist)}"#
    }

    static func check(_ text: String) -> (Tour?, [Diagnostic]) {
        TourDecoder(fileName: "t.json") { (_: String) throws(TourError) -> [UInt8] in [] }.check(Array(text.utf8))
    }

    static let list = Checklist(items: [Checklist.Item(id: "login", title: "Log in", hint: "`mytool login`"),
                                        Checklist.Item(id: "sync", title: "Sync your notes", hint: "`mytool sync`"),
                                        Checklist.Item(id: "find", title: "Find a note")])

    // MARK: The file

    @Test func aChecklistDecodesWithItsTitleItemsAndHints() throws {
        let (tour, diagnostics) = Self.check(Self.tourText(checklist: #"{"title": "First steps", "items": [\#(Self.items)]}"#))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let checklist = try #require(tour?.checklist)
        #expect(checklist.title == "First steps")
        #expect(checklist.items == Self.list.items)
        // No tips: the tour has a tip set of none, which carries the list.
        #expect(tour?.tips.isEmpty == true)
    }

    @Test func theTitleDefaultsAndTipsOffNeedsNoTipsBesideAChecklist() throws {
        let (tour, diagnostics) = Self.check(Self.tourText(checklist: #"{"items": [\#(Self.items)]}"#, extra: #" "tipsOff": "Hide: `mytool tips off`","#))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(tour?.checklist?.title == "Getting started")
        #expect(tour?.tipSet?.offHint == "Hide: `mytool tips off`")
    }

    @Test(arguments: [
        (#"{"items": []}"#, "1:89: the checklist has 0 items; it has 1 to 7, a list read at a glance"),
        (#"{"items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}, {"id": "d", "title": "D"}, {"id": "e", "title": "E"}, {"id": "f", "title": "F"}, {"id": "g", "title": "G"}, {"id": "h", "title": "H"}]}"#, "1:89: the checklist has 8 items"),
        (#"{"title": "x"}"#, "1:79: the checklist has no \"items\""),
        (#"{"itmes": []}"#, "1:80: unknown key \"itmes\" in \"checklist\"; did you mean \"items\"?"),
        (#"{"items": [{"id": "Log In", "title": "Log in"}]}"#, "1:97: the id of item 1 of the checklist is a short plain word"),
        (#"{"items": [{"id": "a", "title": "A"}, {"id": "a", "title": "B"}]}"#, "1:117: items 1 and 2 of the checklist have the one id \"a\""),
        (#"{"items": [{"id": "a"}]}"#, "1:90: item 1 of the checklist has no \"title\""),
        (#"{"items": [{"title": "A"}]}"#, "1:90: item 1 of the checklist has no \"id\""),
        (#"{"items": [{"id": "a", "title": "A", "hint": 3}]}"#, "1:124: \"hint\" must be a string, not a number"),
        (#""login""#, "1:79: \"checklist\" must be an object, not a string"),
    ])
    func everyMistakeIsAnErrorWhereItWasWritten(checklist: String, expected: String) {
        let (tour, diagnostics) = Self.check(Self.tourText(checklist: checklist))
        let errors = diagnostics.filter { $0.severity == .error }.map { "\($0.position?.line ?? 0):\($0.position?.column ?? 0): \($0.message)" }
        #expect(tour == nil || tour?.checklist == nil)
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }

    /// A start with nothing new reads the tour's tips alone: the same list, the same errors.
    @Test func theReadOfTheTipsAloneGivesTheSameChecklist() throws {
        let text = Self.tourText(checklist: #"{"items": [\#(Self.items)]}"#, extra: #" "tips": [{"id": "t", "text": "A tip."}],"#)
        let tape = try JSONParser.parseTape(Array(text.utf8))
        let (alone, diagnostics) = TipsDecoder.check(tourTape: tape, fileName: "t.json")
        #expect(diagnostics.isEmpty)
        #expect(alone?.checklist == Self.list && alone?.tips.count == 1)
        #expect(Self.check(text).0?.checklist == alone?.checklist)
        let bad = try JSONParser.parseTape(Array(Self.tourText(checklist: #"{"items": 3}"#).utf8))
        #expect(TipsDecoder.check(tourTape: bad, fileName: "t.json").1.contains { $0.message == "\"items\" must be an array, not a number" })
    }

    @Test func textsAreCleanedOfEscapes() throws {
        let (tour, _) = Self.check(Self.tourText(checklist: #"{"title": "Go\u001b[31m", "items": [{"id": "a", "title": "A\u001b]0;x\u0007", "hint": "h\u009b2J"}]}"#))
        let checklist = try #require(tour?.checklist)
        for text in [checklist.title, checklist.items[0].title, checklist.items[0].hint ?? ""] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text.debugDescription)")
        }
    }

    // MARK: Which item

    @Test func anItemIsFoundExactlyElseTheNearestIsNamed() {
        #expect(Self.list.lookup("sync") == .found(1))
        #expect(Self.list.lookup("sycn") == .unknown(nearest: "sync"))
        #expect(Self.list.lookup("logn") == .unknown(nearest: "login"))
        #expect(Self.list.lookup("FIND") == .unknown(nearest: "find"))
        // Nothing near: no "did you mean", but every item is named, a list of seven read at a glance.
        #expect(Self.list.lookup("xyzzy") == .unknown(nearest: nil))
        #expect(Self.list.unknownItemMessage("xyzzy", nearest: nil, in: "mytool.json")
            == "the checklist of mytool.json has no item \"xyzzy\" (its items: login, sync, find)")
        #expect(Self.list.unknownItemMessage("sycn\u{1B}[2J", nearest: "sync", in: "mytool.json")
            == "the checklist of mytool.json has no item \"sycn\\e[2J\"; did you mean \"sync\"? (its items: login, sync, find)")
    }

    // MARK: What a start shows, and what is recorded

    @Test func theStageFollowsTheTicksThenAllDoneOnceThenNothing() throws {
        var state: TipsState? = nil
        #expect(Self.list.stage(in: state) == .progress(done: 0))
        #expect(Self.list.next(in: state) == 0)
        state = try #require(Checklist.ticking("sync", in: state, at: 100))
        #expect(Self.list.done(in: state) == [false, true, false])
        #expect(Self.list.stage(in: state) == .progress(done: 1) && Self.list.next(in: state) == 0)
        // Ticked again: nothing to write.
        #expect(Checklist.ticking("sync", in: state, at: 200) == nil)
        state = Checklist.ticking("login", in: state, at: 300)
        state = Checklist.ticking("find", in: state, at: 400)
        #expect(Self.list.stage(in: state) == .allDone && Self.list.next(in: state) == nil)
        let said = Checklist.recording(.allDone, in: state, at: 500)
        #expect(said.lastShownAt == 500 && said.checklistFinishedAt == 500)
        #expect(Self.list.stage(in: said) == nil)
        // An item added later does not bring a finished list back.
        var longer = Self.list
        longer.items.append(Checklist.Item(id: "share", title: "Share a note"))
        #expect(longer.stage(in: said) == nil)
        // Showing the list counts for the interval and changes no tick.
        let shown = Checklist.recording(.progress(done: 1), in: state, at: 600)
        #expect(shown.lastShownAt == 600 && shown.checked == state?.checked && shown.checklistFinishedAt == nil)
    }

    @Test func anIdTheFileNoLongerHasIsLeftAloneAndCountsForNothing() {
        var state = TipsState()
        state.checked = ["gone": 1, "login": 2]
        #expect(Self.list.done(in: state) == [true, false, false])
        #expect(Self.list.stage(in: state) == .progress(done: 1))
    }

    @Test func theTicksSurviveTheStateFileAndAnOffSwitch() throws {
        var state = TipsState()
        state.off = true
        state.shown = ["t": 1]
        state.checked = ["login": 1_700_000_000, "sync": 1_700_000_100]
        state.checklistFinishedAt = 1_700_000_200
        let read = try #require(TipsState.parse(Array(state.json.utf8)))
        #expect(read == state)
        // A tips state of a tour without a checklist reads and writes as before.
        #expect(!TipsState().json.contains("checked"))
    }

    @Test func theChecklistTakesTheTipsSlotUntilItIsDoneThenTheTipsComeBack() throws {
        var set = TipSet(id: "mytool", tips: [Tour.Tip("A tip.", id: "t")])
        set.checklist = Self.list
        func decide(_ state: TipsState?, interval: Int = 0, now: Int = 1_000) -> StartPlan.Surface {
            StartPlan.tip(state: state, unreadable: false, tipsMayExist: true, interval: interval, now: now) { set }
        }
        #expect(decide(nil) == .checklist(.progress(done: 0)))
        var state = try #require(Checklist.ticking("login", in: nil, at: 10))
        #expect(decide(state) == .checklist(.progress(done: 1)))
        for item in ["sync", "find"] { state = try #require(Checklist.ticking(item, in: state, at: 20)) }
        #expect(decide(state) == .checklist(.allDone))
        state = Checklist.recording(.allDone, in: state, at: 30)
        #expect(decide(state) == .tip(index: 0))
        // The tips' rules hold for it: off, and the interval from the last thing shown.
        var off = TipsState()
        off.off = true
        #expect(decide(off) == .nothing(.tipSilenced(.turnedOff)))
        let welcomeDay = StartPlan.tipsState(afterTourShowing: nil, at: 900)
        #expect(decide(welcomeDay, interval: 86_400) == .nothing(.tipSilenced(.tooSoon(elapsed: 100, interval: 86_400))))
        // It is printed in place, so a full-screen tool gets it at exit, as a tip.
        #expect(StartPlan.shows(.checklist(.allDone), at: .exit) && !StartPlan.shows(.checklist(.progress(done: 0)), at: .start))
    }

    /// What's new still comes first: the tip's slot, and so the list, is reached only when
    /// nothing is new; the welcome's start shows no list either.
    @Test func whatsNewAndTheWelcomeComeBeforeTheList() {
        var tour = Tour(id: "mytool", version: "1.1.0", pages: [Tour.Page(title: "Welcome"), Tour.Page(title: "New", since: "1.1.0")])
        tour.checklist = Self.list
        let seen = SeenState(outcome: .completed, version: "1.0.0", lastPage: 0, seenAt: "2026-01-01T00:00:00Z")
        let update = StartPlan.start(lastSeen: seen, head: .notRead, tourInHand: tour, readTour: { () -> Tour in tour }, style: { _ in .notice })
        guard case .tour(.whatsNew(.notice), _, _) = update else {
            Issue.record("an update with a new page shows what's new, not the list: \(update)")
            return
        }
        let first = StartPlan.start(lastSeen: nil, head: .notRead, tourInHand: tour, readTour: { () -> Tour in tour }, style: { _ in .notice })
        guard case .tour(.welcome, _, _) = first else {
            Issue.record("a first start shows the welcome: \(first)")
            return
        }
        // And the welcome's start makes the list wait for the interval.
        let afterWelcome = StartPlan.tipsState(afterTourShowing: nil, at: 1_000)
        #expect(StartPlan.tip(state: afterWelcome, unreadable: false, tipsMayExist: true, interval: 86_400, now: 1_001) { tour.tipSet }
            == .nothing(.tipSilenced(.tooSoon(elapsed: 1, interval: 86_400))))
    }

    // MARK: What is printed

    @Test func theCardShowsTitleProgressMarksAndTheNextHint() {
        let done = [true, false, false]
        let text = ChecklistCard.plainText(Self.list, stage: .progress(done: 1), done: done, offLine: InlineCode.mark("Hide tips: `mytool tips off`"))
        #expect(text == """
            Getting started  1 of 3
              ✓ Log in
              ☐ Sync your notes
              ☐ Find a note
              Next: mytool sync
              Hide tips: mytool tips off

            """, "\(text)")
        // No hint: the item's title says what is next.
        let last = ChecklistCard.plainText(Self.list, stage: .progress(done: 2), done: [true, true, false], offLine: "x")
        #expect(last.contains("  Next: Find a note\n"))
        let finished = ChecklistCard.plainText(Self.list, stage: .allDone, done: [true, true, true], offLine: "x")
        #expect(finished == "✓ Getting started: all done\n", "\(finished)")
        #expect(ASCIIText.transliterate(text).contains("  [x] Log in\n  [ ] Sync your notes\n"))
    }

    @Test func theCardFitsEightyColumnsWhateverTheTitles() {
        let long = String(repeating: "word ", count: 40)
        let list = Checklist(title: long, items: [Checklist.Item(id: "a", title: long, hint: long)])
        let canvas = ChecklistCard.canvas(list, stage: .progress(done: 0), done: [false], accent: nil, offLine: "x", width: 200)
        #expect(canvas.size.width == 80)
        for line in ScreenExport.text(canvas).split(separator: "\n") { #expect(TextWidth.of(String(line)) <= 80) }
    }
}
