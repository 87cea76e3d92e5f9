import Testing
import TourCore

/// Tips: the file formats and their one validator, which tip comes next, when to stay
/// silent, and how a tip is drawn.
@Suite("Tips")
struct TipsTests {
    static let json = """
        {"id": "mytool-tips", "version": "2.1.0", "accent": "cyan", "off": "Hide tips: `mytool tips off`",
         "tips": [
          {"id": "sync", "text": "Press `s` to sync."},
          {"title": "Undo", "text": "`u` undoes \\u001b[31mthe last change."},
          {"id": "stats", "text": "`mytool stats` shows streaks.", "since": "2.1.0"}
         ]}
        """

    static func decode(_ text: String, markdown: Bool = false) -> (TipSet?, [Diagnostic]) {
        TipsDecoder.check(Array(text.utf8), fileName: markdown ? "tips.md" : "tips.json", markdown: markdown)
    }

    @Test func aJSONFileIsReadAndItsTextsCleaned() throws {
        let (tips, problems) = Self.decode(Self.json)
        #expect(problems.isEmpty)
        let set = try #require(tips)
        #expect(set.id == "mytool-tips" && set.version == "2.1.0" && set.accent == .ansi(6))
        #expect(set.offHint == "Hide tips: `mytool tips off`")
        #expect(set.tips.map(\.key) == ["sync", TipSet.key(forText: "`u` undoes the last change."), "stats"])
        #expect(set.tips[1].text == "`u` undoes the last change.")  // the escape sequence is gone
        #expect(set.tips[1].title == "Undo")
        #expect(set.tips[2].since == Version("2.1.0"))
    }

    @Test func mistakesPointAtTheirLineAndColumn() {
        let (_, problems) = Self.decode(#"{"tips": [{"text": "a"}, {"txt": "b"}, {"id": "x", "text": ""}, {"id": "x", "text": "c"}], "acent": "red"}"#)
        #expect(problems.map(\.description) == [
            #"tips.json:1:27: error: unknown key "txt" in tip 2; did you mean "text"?"#,
            #"tips.json:1:60: error: the text of tip 3 is empty"#,
            #"tips.json:1:92: error: unknown key "acent" in the tips file; did you mean "accent"?"#,
        ])
        #expect(Self.decode(#"{"tips": [{"id": "x", "text": "a"}, {"id": "x", "text": "b"}]}"#).1.map(\.description)
                == [#"tips.json:1:37: error: tip 2 has the same id as tip 1 ("x"); each tip needs its own"#])
        #expect(Self.decode(#"{"tips": []}"#).1.map(\.message) == [#""tips" is empty; a tips file needs at least one tip"#])
        #expect(Self.decode(#"{"tips": [{"text": "a", "since": "soon"}]}"#).1.map(\.message) == [#""since" must be dotted numbers such as "2.1.0", not "soon""#])
    }

    @Test func markdownListItemsAndSectionsAreTips() throws {
        let text = """
            ---
            kind: tips
            id: mytool-tips
            version: 2.1.0
            off: Hide tips with `mytool config tips off`
            ---

            # Tips for mytool

            - Press `s` to sync.
            - Undo with `u`,
              any time. <!-- id: undo -->

            ## Stats
            <!-- since: 2.1.0 -->
            `mytool stats` shows
            your streaks.

            And more.
            """
        let (tips, problems) = Self.decode(text, markdown: true)
        #expect(problems.isEmpty, "\(problems)")
        let set = try #require(tips)
        #expect(set.title == "Tips for mytool" && set.id == "mytool-tips" && set.offHint == "Hide tips with `mytool config tips off`")
        #expect(set.tips.map(\.text) == ["Press `s` to sync.", "Undo with `u`, any time.", "`mytool stats` shows your streaks.\nAnd more."])
        #expect(set.tips[1].key == "undo")
        #expect(set.tips[2].title == "Stats" && set.tips[2].since == Version("2.1.0"))
        let (_, mistakes) = Self.decode("# Tips\n\nStray text.\n- A tip <!-- sinse: 1.0 -->\n", markdown: true)
        #expect(mistakes.map(\.description) == [
            ###"tips.md:3:1: error: text outside a tip; start a tip with "- " or "## ""###,
            #"tips.md:4:14: error: unknown key "sinse" in tip 1; did you mean "since"?"#,
        ])
    }

    static func set(_ keys: [String], version: String? = "1.0", since: [String: String] = [:]) -> TipSet {
        var set = TipSet(id: "t", version: version, tips: keys.map { TipSet.Tip(key: $0, text: $0, since: since[$0].flatMap(Version.init)) })
        set.label = "Tip"
        return set
    }

    @Test func unseenTipsComeInFileOrderThenTheLeastRecentButNeverTheLastAgain() {
        let tips = Self.set(["a", "b", "c"])
        var state = TipsState()
        var shown: [String] = []
        for second in 0..<7 {
            let index = TipRotation.next(in: tips, state: state)!
            shown.append(tips.tips[index].key)
            state = TipRotation.recording(index, of: tips, in: state, at: second)
        }
        #expect(shown == ["a", "b", "c", "a", "b", "c", "a"])
        // After a tour of all of them (tour tips), the first is least recent again; never the last shown twice.
        for index in 0..<6 {
            let next = TipRotation.next(in: tips, state: state)!
            #expect(tips.tips[next].key != state.last, "round \(index)")
            state = TipRotation.recording(next, of: tips, in: state, at: 100 + index)
        }
        // One tip: it can only repeat.
        let one = Self.set(["only"])
        let after = TipRotation.recording(0, of: one, in: TipsState(), at: 0)
        #expect(TipRotation.next(in: one, state: after) == 0)
    }

    @Test func browsingRecordsEveryTipOnlyWhenFinishedOrSkipped() {
        let tips = Self.set(["a", "b", "c"])
        let start = TipRotation.recording(1, of: tips, in: TipsState(), at: 5)
        let all = TipRotation.recordingAll(of: tips, in: start, at: 50)
        #expect(TipRotation.afterBrowsing(.completed, of: tips, in: start, at: 50) == all)
        #expect(TipRotation.afterBrowsing(.skipped(atPage: 1), of: tips, in: start, at: 50) == all)
        for outcome in [TourOutcome.interrupted(signal: 2), .alreadySeen, .notShown(.notATerminal)] {
            #expect(TipRotation.afterBrowsing(outcome, of: tips, in: start, at: 50) == nil, "\(outcome)")
        }
        // Every tip counts as seen: the next is the least recent, in file order.
        #expect(TipRotation.next(in: tips, state: all).map { tips.tips[$0].key } == "a")
    }

    @Test func afterAnUpdateTheNewTipsComeFirst() {
        var tips = Self.set(["a", "b", "c"], version: "1.0")
        var state = TipRotation.recording(0, of: tips, in: TipsState(), at: 0)
        #expect(state.version == "1.0" && state.updatedFrom == nil)
        // 2.0 adds "new1" and "new2" at the end: they come before "b" and "c", which are older and unseen.
        tips = Self.set(["a", "b", "c", "new1", "new2"], version: "2.0", since: ["new1": "2.0", "new2": "2.0"])
        var order: [String] = []
        for second in 1...4 {
            let index = TipRotation.next(in: tips, state: state)!
            order.append(tips.tips[index].key)
            state = TipRotation.recording(index, of: tips, in: state, at: second)
        }
        #expect(order == ["new1", "new2", "b", "c"])
        #expect(state.version == "2.0" && state.updatedFrom == "1.0")
        // A fresh install of 2.0 sees no "new": file order.
        #expect(TipRotation.next(in: tips, state: TipsState()) == 0)
    }

    @Test func silenceComesFromTheEnvironmentThenTheState() {
        func environment(stdout: Bool = true, stderr: Bool = true, ci: Bool = false, disabled: Bool = false, noTips: Bool = false,
                         foreground: Bool = true) -> TipPolicy.Silence? {
            TipPolicy.environmentSilence(stdoutIsTerminal: stdout, stderrIsTerminal: stderr, continuousIntegration: ci,
                                         disabledByUser: disabled, tipsDisabledByUser: noTips, inForeground: foreground)
        }
        #expect(environment() == nil)
        #expect(environment(stderr: false) == .notATerminal)
        #expect(environment(stdout: false) == .notATerminal)
        #expect(environment(stdout: false, ci: true) == .continuousIntegration)
        #expect(environment(ci: true, noTips: true) == .tipsDisabledByUser)
        #expect(environment(ci: true, disabled: true, noTips: true) == .disabledByUser)
        #expect(environment(foreground: false) == .backgroundJob && environment(stdout: false, foreground: false) == .notATerminal)
        var state = TipsState()
        #expect(TipPolicy.stateSilence(nil, interval: 86_400, now: 10) == nil)
        #expect(TipPolicy.stateSilence(nil, unreadable: true, interval: 0, now: 10) == .unreadableState)
        state.lastShownAt = 1_000
        #expect(TipPolicy.stateSilence(state, interval: 86_400, now: 1_000 + 3_600) == .tooSoon(elapsed: 3_600, interval: 86_400))
        #expect(TipPolicy.stateSilence(state, interval: 86_400, now: 1_000 + 86_400) == nil)
        #expect(TipPolicy.stateSilence(state, interval: 0, now: 1_000) == nil)
        #expect(TipPolicy.stateSilence(state, interval: 86_400, now: 500) == nil)  // the clock went back
        state.off = true
        #expect(TipPolicy.stateSilence(state, interval: 0, now: 5_000) == .turnedOff)
        #expect(TipPolicy.explanation(.tooSoon(elapsed: 3_700, interval: 86_400)) == "a tip was shown 1h 1m ago; the next is due after 1d")
    }

    @Test func intervalsReadAsWritten() {
        #expect(["0", "45s", "30m", "12h", "1d", "7d", "2w"].map(TipInterval.parse) == [0, 45, 1_800, 43_200, 86_400, 604_800, 1_209_600])
        for bad in ["", "d", "1", "-1d", "1y", "1.5h", "1 d", "99999999d"] { #expect(TipInterval.parse(bad) == nil, "\(bad)") }
    }

    @Test func theStateFileReadsBackAsWritten() throws {
        var state = TipsState()
        state.version = "2.0"
        state.updatedFrom = "1.0"
        state = TipRotation.recording(1, of: Self.set(["a", "b\"q"]), in: state, at: 1_796_000_000)
        let read = try #require(TipsState.parse(Array(state.json.utf8)))
        #expect(read == state)
        #expect(TipsState.parse(Array("{\"off\": true}".utf8)) == nil)  // no format: not a state file
    }

    @Test func aTipIsDrawnBesideItsLabelAtMostEightyColumnsWide() throws {
        let tips = try #require(Self.decode(Self.json).0)
        let wide = TipCard.canvas(0, of: tips, offLine: InlineCode.mark("Turn tips off: `tour tip --off tips.json`"), width: 200)
        #expect(wide.size.width == 80)
        #expect(ScreenExport.text(wide) == "Tip  Press s to sync.\n     Turn tips off: tour tip --off tips.json\n")
        let narrow = TipCard.canvas(1, of: tips, offLine: InlineCode.mark("Hide tips: `mytool tips off`"), width: 32)
        #expect(ScreenExport.text(narrow) == "Tip  Undo\n     u undoes the last change.\n     Hide tips: mytool tips off\n")
        // A last line that does not fit beside the label starts the line, whole.
        let tight = TipCard.canvas(1, of: tips, offLine: InlineCode.mark("Turn tips off: `tour tip --off tips.json`"), width: 40)
        #expect(ScreenExport.text(tight) == "Tip  Undo\n     u undoes the last change.\nTurn tips off: tour tip --off tips.json\n")
        // Colors as the terminal shows them: 24-bit, 256, 8, or none (NO_COLOR keeps bold and dim).
        var accented = tips
        accented.accent = .rgb(0x5f, 0xaf, 0xff)
        let canvas = TipCard.canvas(0, of: accented, offLine: InlineCode.mark("off"), width: 80)
        #expect(TipCard.text(canvas, depth: .direct).hasPrefix("\u{1B}[0;1;38;2;95;175;255mTip"))
        #expect(TipCard.text(canvas, depth: .ansi256).hasPrefix("\u{1B}[0;1;38;5;75mTip"))
        #expect(TipCard.text(canvas, depth: .ansi8).hasPrefix("\u{1B}[0;1;36mTip"))
        #expect(TipCard.text(canvas, depth: .monochrome).hasPrefix("\u{1B}[0;1mTip"))
        #expect(!TipCard.text(canvas, depth: nil).contains("\u{1B}"))
        #expect(ColorDepth.forEscapes(term: "dumb", colorTerm: "truecolor", noColor: false) == nil)
        #expect(ColorDepth.forEscapes(term: "xterm-256color", colorTerm: nil, noColor: true) == .monochrome)
        #expect(ColorDepth.forEscapes(term: "xterm-256color", colorTerm: "truecolor", noColor: false) == .direct)
        #expect(ColorDepth.forEscapes(term: "screen-256color", colorTerm: nil, noColor: false) == .ansi256)
        #expect(ColorDepth.forEscapes(term: "vt100", colorTerm: nil, noColor: false) == .ansi8)
    }

    @Test func aTipsFileIsToldFromATour() throws {
        func root(_ text: String) throws -> JSONNode { try JSONParser.parse(Array(text.utf8)) }
        #expect(TipsDecoder.isTipsFile(try root(#"{"tips": []}"#)))
        #expect(TipsDecoder.isTipsFile(try root(#"{"kind": "tips", "pages": []}"#)))
        #expect(!TipsDecoder.isTipsFile(try root(#"{"pages": [], "tips": []}"#)))
        #expect(!TipsDecoder.isTipsFile(try root(#"{"pages": []}"#)))
        // What tour check reads to tell them apart: the keys, every value skipped.
        #expect(JSONParser.topLevelKeys(Array(#"{"tips": [{"id": "x", "text": "} ]"}], "id": "a"}"#.utf8)) == ["tips", "id"])
        #expect(JSONParser.topLevelKeys(Array(#"{"tips": [ "#.utf8)) == nil)
        #expect(JSONParser.topLevelKeys(Array(#"["tips"]"#.utf8)) == nil)
    }

    @Test func theLastLineSaysHowToTurnTipsOffInTheMostSpecificWords() {
        #expect(TipCard.offLine(file: "Hide tips: mytool tips off", tool: "x", command: "tour tip --off t.json") == "Hide tips: mytool tips off")
        #expect(TipCard.offLine(file: nil, tool: "Hide tips: mytool --quiet", command: nil) == "Hide tips: mytool --quiet")
        #expect(TipCard.offLine(file: nil, tool: nil, command: "tour tip --off t.json") == InlineCode.mark("Turn tips off: `tour tip --off t.json`"))
        #expect(TipCard.offLine(file: nil, tool: nil, command: nil) == InlineCode.mark("Turn tips off: set `TOUR_NO_TIPS=1`"))
        // A file name is quoted as it is, never taken for markup: its backticks stay.
        let odd = TipCard.offLine(file: nil, tool: nil, command: "tour tip --off 'x`id`y.json'")
        #expect(odd.contains("'x`id`y.json'"))
        #expect(odd.filter { $0 == "\u{2062}" }.count == 1 && odd.hasSuffix("\u{2063}"))
    }

    @Test func browsingShowsATipAPageWithDoneAtTheEnd() throws {
        let tips = try #require(Self.decode(Self.json).0)
        let tour = tips.browsingTour
        #expect(tour.pages.map(\.title) == ["Tip 1", "Undo", "Tip 3"])
        #expect(tour.pages.map(\.subtitle) == tips.tips.map(\.text))
        #expect(tour.labels.done == "Done" && tour.id == "mytool-tips" && tour.accent == .ansi(6))
        var titled = tips
        titled.title = "Tips for mytool"
        #expect(titled.browsingTour.pages.map(\.title) == ["Tips for mytool", "Undo", "Tips for mytool"])
    }

    /// What is written can be read: a version, a tip's id and a tip's title have bounds,
    /// and `tour check` names them (a 70,000-letter suffix made an unreadable state).
    @Test func versionsTipIdsAndTitlesHaveBoundsThatCheckNames() {
        let long = "1.0-" + String(repeating: "x", count: 70_000)
        #expect(Version(long) == nil && Version("1.0-" + String(repeating: "x", count: 60)) != nil)
        let (_, versionProblems) = Self.decode(#"{"id": "t", "version": "\#(long)", "tips": [{"text": "A."}]}"#)
        #expect(versionProblems.map(\.message) == [#""version" is 70004 bytes long; a version is at most 64, suffix included"#])
        let id = String(repeating: "i", count: 400)
        let (_, idProblems) = Self.decode(#"{"id": "t", "tips": [{"id": "\#(id)", "text": "A."}]}"#)
        #expect(idProblems.map(\.message) == ["the id of tip 1 is 400 bytes; a tip id is at most 64"])
        let title = String(repeating: "T", count: 1_000_000)
        let (_, titleProblems) = Self.decode(#"{"id": "t", "tips": [{"title": "\#(title)", "text": "A."}]}"#)
        #expect(titleProblems.map(\.message) == ["the title of tip 1 is 1000000 characters; a title is one line of at most 80"])
    }

    /// However the card is given its text, it is at most one title line and four of text.
    @Test func aTipCardIsAtMostSixLinesHigh() {
        var tall = TipSet.Tip(key: "tall", text: "One" + String(repeating: "\n", count: 998) + "end")
        tall.title = String(repeating: "Title ", count: 100)
        let set = TipSet(tips: [tall])
        let card = TipCard.canvas(0, of: set, offLine: InlineCode.mark("Turn tips off: `tour tip --off tips.json`"), width: 80)
        #expect(card.size.height == 6)
        let lines = ScreenExport.text(card).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasSuffix("…") && lines[4].hasSuffix("…"))
    }

    /// `tour tips`: reading them all counts each as shown, when the reading ended by the
    /// person's choice; an interrupted or unshown browse records nothing.
    @Test func browsingRecordsEveryTipOnlyWhenItWasRead() {
        let tips = Self.set(["one", "two"])
        for outcome in [TourOutcome.completed, .skipped(atPage: 0)] {
            let state = TipRotation.afterBrowsing(outcome, of: tips, in: TipsState(), at: 50)
            #expect(state?.shown.keys.sorted() == ["one", "two"] && state?.last == "two" && state?.lastShownAt == 50, "\(outcome)")
        }
        for outcome in [TourOutcome.interrupted(signal: 2), .alreadySeen, .notShown(.notATerminal)] {
            #expect(TipRotation.afterBrowsing(outcome, of: tips, in: TipsState(), at: 50) == nil, "\(outcome)")
        }
    }
}
