import Testing
import TourCore

/// One call at start: the decision between the welcome, what's new, a tip and nothing, the
/// tips a tour holds (JSON and Markdown), the notice, and the release notes' order.
@Suite("Start plan")
struct StartPlanTests {
    static let tipSet = TipSet(id: "mytool", version: "1.1.0", tips: [Tour.Tip("Press `s`.", id: "s"), Tour.Tip("Undo with `u`.", id: "u")])

    static func tour(version: String = "1.1.0", newPage: Bool = true) -> Tour {
        var pages = [Tour.Page(title: "Welcome", subtitle: "Hello.")]
        if newPage { pages.append(Tour.Page(title: "Reminders", subtitle: "A nudge.\nMore.", since: "1.1.0")) }
        var tour = Tour(id: "mytool", version: version, pages: pages)
        tour.tipSet = tipSet
        return tour
    }

    static func seen(_ version: String) -> SeenState {
        SeenState(outcome: .completed, version: version, lastPage: 0, seenAt: "2026-01-01T00:00:00Z")
    }

    /// The decision as the runner makes it, counting what it read: `StartPlan.start` for
    /// the tour's part, then, when a tip may come, the environment's gate and
    /// `StartPlan.tip`, as `StartTip.showIfDue` and `TipRunner.showDue` call them.
    static func decide(lastSeen: SeenState?, tour: Tour = tour(), style: Tour.WhatsNewStyle = .notice,
                       environment: TipPolicy.Silence? = nil, tipsState: TipsState? = nil, interval: Int = 0,
                       now: Int = 1_000) -> (surface: StartPlan.Surface, readTour: Bool, readTips: Bool) {
        var readTour = false, readTips = false
        let start = StartPlan.start(lastSeen: lastSeen, head: .read(version: tour.version), tourInHand: nil,
                                    readTour: { () -> Tour in
                                        readTour = true
                                        return tour
                                    },
                                    style: { _ in style })
        switch start {
        case .tour(let surface, _, _):
            return (surface, readTour, readTips)
        case .tipIfDue(let read, _):
            if let read, read.tipSet == nil { return (.nothing(.noTips), readTour, readTips) }
            if let silence = environment { return (.nothing(.tipSilenced(silence)), readTour, readTips) }
            let surface = StartPlan.tip(state: tipsState, unreadable: false, tipsMayExist: read != nil, interval: interval, now: now) {
                readTips = true
                return tour.tipSet
            }
            return (surface, readTour, readTips)
        }
    }

    /// What a start that found nothing new remembers: the new version, so the next start
    /// decides from the head alone; nothing when the version did not move.
    @Test func nothingNewRemembersTheNewVersion() {
        let tour = Self.tour(version: "1.2.0", newPage: true)
        guard case .tipIfDue(let read, let record) = StartPlan.start(lastSeen: Self.seen("1.1.0"), head: .read(version: "1.2.0"), tourInHand: nil,
                                                                     readTour: { () -> Tour in tour }, style: { $0.whatsNew }) else {
            Issue.record("nothing new should lead to a tip")
            return
        }
        #expect(read == tour && record?.version == "1.2.0")
        // Seen at this version: the head settles it and the tour is not read.
        #expect(StartPlan.start(lastSeen: Self.seen("1.2.0"), head: .read(version: "1.2.0"), tourInHand: nil,
                                readTour: { () -> Tour in tour }, style: { $0.whatsNew }) == .tipIfDue(tour: nil, record: nil))
    }

    @Test func aFirstRunShowsTheWelcomeAndNoTip() {
        let result = Self.decide(lastSeen: nil)
        #expect(result.surface == .welcome && !result.readTips)
    }

    @Test func anUpdateWithNewPagesShowsWhatsNewInTheTourStyle() {
        #expect(Self.decide(lastSeen: Self.seen("1.0.0")).surface == .whatsNew(.notice))
        #expect(Self.decide(lastSeen: Self.seen("1.0.0"), style: .pager).surface == .whatsNew(.pager))
        #expect(!Self.decide(lastSeen: Self.seen("1.0.0")).readTips)
    }

    /// A notice asks nothing, so an update that adds a question plays in the pager.
    @Test func anUpdateThatAsksAQuestionPlaysInThePagerEvenUnderNotice() {
        var tour = Self.tour()
        let choice = Tour.Choice(key: "telemetry", options: [.init(value: "yes", label: "Yes"), .init(value: "no", label: "No")], default: "no")
        tour.pages.append(Tour.Page(title: "Share counts?", choice: choice, since: "1.1.0"))
        #expect(Self.decide(lastSeen: Self.seen("1.0.0"), tour: tour).surface == .whatsNew(.pager))
        // The question seen already: what is new is plain pages, and the notice stays.
        var later = tour
        later.version = "1.2.0"
        later.pages.append(Tour.Page(title: "Sync", since: "1.2.0"))
        #expect(Self.decide(lastSeen: Self.seen("1.1.0"), tour: later).surface == .whatsNew(.notice))
    }

    @Test func anUpdateWithNothingNewShowsTheTipThatIsDue() {
        let result = Self.decide(lastSeen: Self.seen("1.0.0"), tour: Self.tour(newPage: false))
        #expect(result.surface == .tip(index: 0) && result.readTour && result.readTips)
    }

    @Test func aSeenTourShowsATipOnlyWhenATipsStateSaysItHasTips() {
        // No tips state: the welcome of a tour with tips writes one, so there is none to read.
        let quiet = Self.decide(lastSeen: Self.seen("1.1.0"))
        #expect(quiet.surface == .nothing(.noTips) && !quiet.readTour && !quiet.readTips)
        // With one: the next tip in the rotation, and the pages are never read.
        var state = TipsState()
        state = TipRotation.recording(0, of: Self.tipSet, in: state, at: 10)
        let tip = Self.decide(lastSeen: Self.seen("1.1.0"), tipsState: state)
        #expect(tip.surface == .tip(index: 1) && !tip.readTour && tip.readTips)
    }

    @Test func theIntervalCountsFromTheWelcomeOrWhatsNew() {
        let afterWelcome = StartPlan.tipsState(afterTourShowing: nil, at: 1_000)
        #expect(afterWelcome.lastShownAt == 1_000 && afterWelcome.shown.isEmpty)
        let tooSoon = Self.decide(lastSeen: Self.seen("1.1.0"), tipsState: afterWelcome, interval: 86_400, now: 1_000 + 3_600)
        #expect(tooSoon.surface == .nothing(.tipSilenced(.tooSoon(elapsed: 3_600, interval: 86_400))) && !tooSoon.readTips)
        let due = Self.decide(lastSeen: Self.seen("1.1.0"), tipsState: afterWelcome, interval: 86_400, now: 1_000 + 86_400)
        #expect(due.surface == .tip(index: 0))
        // The version stays, so the tip after an update still knows what the update brought.
        var before = TipsState()
        before.version = "1.0.0"
        #expect(StartPlan.tipsState(afterTourShowing: before, at: 5).version == "1.0.0")
    }

    @Test func tipsStaySilentAsTourTipDoes() {
        var off = TipsState()
        off.off = true
        #expect(Self.decide(lastSeen: Self.seen("1.1.0"), tipsState: off).surface == .nothing(.tipSilenced(.turnedOff)))
        let noTips = Self.decide(lastSeen: Self.seen("1.1.0"), environment: .tipsDisabledByUser, tipsState: TipsState())
        #expect(noTips.surface == .nothing(.tipSilenced(.tipsDisabledByUser)) && !noTips.readTips)
        // A tour without tips, read after an update: nothing.
        var bare = Self.tour(newPage: false)
        bare.tipSet = nil
        #expect(Self.decide(lastSeen: Self.seen("1.0.0"), tour: bare).surface == .nothing(.noTips))
    }

    @Test func aTourFileHoldsTipsAsATipsFileDoes() throws {
        let json = #"{"id": "m", "version": "1.0.0", "tipsOff": "Hide: `m tips off`", "pages": [{"title": "A"}], "tips": [{"id": "x", "text": "Hi."}, {"text": "Two."}]}"#
        let tour = try TourDecoder(fileName: "m.json", readArt: { (_: String) throws(TourError) -> [UInt8] in [] }).decode(Array(json.utf8))
        let set = try #require(tour.tipSet)
        #expect(set.tips.map(\.key) == ["x", TipSet.key(forText: "Two.")] && set.offHint == "Hide: `m tips off`" && set.id == "m")
        #expect(tour.whatsNew == .pager)
        let bad = TourDecoder(fileName: "m.json", readArt: { (_: String) throws(TourError) -> [UInt8] in [] })
            .check(Array(#"{"whatsNew": "popup", "pages": [{"title": "A"}], "tips": [{"txt": "x"}]}"#.utf8)).1
        #expect(bad.map(\.description) == [
            #"m.json:1:14: error: "whatsNew" is "pager" or "notice", not "popup""#,
            #"m.json:1:60: error: unknown key "txt" in tip 1; did you mean "text"?"#,
        ])
    }

    @Test func aMarkdownTourHoldsTipsInASectionMarkedAsTips() throws {
        let markdown = """
            ---
            id: m
            whatsNew: notice
            ---

            # Welcome
            Hello.

            # Tips
            <!-- kind: tips -->

            - Press `s` to sync. <!-- id: sync -->
            - Undo with `u`.
            """
        let decoder = TourDecoder(fileName: "m.md", readArt: { (_: String) throws(TourError) -> [UInt8] in [] })
        let (tour, problems) = decoder.checkMarkdown(Array(markdown.utf8))
        #expect(problems.isEmpty, "\(problems)")
        #expect(tour?.pageCount == 1 && tour?.whatsNew == .notice)
        #expect(tour?.tipSet?.tips.map(\.text) == ["Press `s` to sync.", "Undo with `u`."])
        let typo = decoder.checkMarkdown(Array(markdown.replacingOccurrences(of: "id: sync", with: "idd: sync").utf8)).1
        #expect(typo.map(\.description) == [#"m.md:12:27: error: unknown key "idd" in tip 1; did you mean "id"?"#])
    }

    @Test func theNoticeNamesTheVersionsAndEachNewPageFittedToTheWidth() {
        let tour = Self.tour()
        let lastLine = WhatsNewNotice.lastLine(hint: nil, command: "tour whats-new mytool.json", labels: tour.labels)
        let wide = WhatsNewNotice.canvas(tour, pages: [1], name: "mytool", fromVersion: "1.0.0", lastLine: lastLine, width: 80)
        #expect(ScreenExport.text(wide) == """
            What's new in mytool  1.0.0 → 1.1.0
              • Reminders  A nudge.
              See them again: tour whats-new mytool.json

            """)
        // At 20 columns the subtitle has no room; the title is cut, never wrapped.
        let narrow = WhatsNewNotice.canvas(tour, pages: [1, 1, 1, 1, 1, 1, 1, 1], name: "mytool", fromVersion: "1.0.0",
                                           lastLine: WhatsNewNotice.lastLine(hint: "Run `mytool news`", command: nil, labels: tour.labels), width: 20)
        let lines = ScreenExport.text(narrow).split(separator: "\n")
        #expect(lines.first == "What's new in mytool" && lines.count == 1 + 6 + 1, "\(lines)")
        #expect(lines[6] == "  • +3" && lines.last == "  Run mytool news")
        #expect(lines.allSatisfy { TextWidth.of(String($0)) <= 20 })
        // A translation's words, and no last line for a Swift tool that gave none.
        var french = tour
        french.labels[.whatsNewTitle] = "Nouveautés de {name}"
        let plain = WhatsNewNotice.canvas(french, pages: [1], name: "mytool", fromVersion: nil, lastLine: nil, width: 80)
        #expect(ScreenExport.text(plain) == "Nouveautés de mytool  1.1.0\n  • Reminders  A nudge.\n")
    }

    /// A runaway hint or label cannot make the notice thousands of rows: they are bounded
    /// at load, and cut to the width when printed; a command is printed whole or not at all.
    @Test func theNoticesLastLineIsOneRowAtAnyLength() throws {
        let tour = Self.tour()
        let hint = String(repeating: "read more ", count: 75_000)
        let line = try #require(WhatsNewNotice.lastLine(hint: hint, command: nil, labels: tour.labels, width: 80))
        let canvas = WhatsNewNotice.canvas(tour, pages: [1], name: "mytool", fromVersion: "1.0.0", lastLine: line, width: 80)
        let rows = ScreenExport.text(canvas).split(separator: "\n")
        #expect(rows.count == 3 && rows.allSatisfy { TextWidth.of(String($0)) <= 80 } && rows[2].hasSuffix("…"), "\(rows.map(\.count))")
        // The words and the command do not fit: the command alone, whole even when wider
        // than the notice, since a cut path names another file.
        let path = "/opt/" + String(repeating: "a", count: 40) + "/tour.json"
        #expect(WhatsNewNotice.lastLine(hint: nil, command: "tour whats-new \(path)", labels: tour.labels, width: 80).map(InlineCode.plain)
                == "tour whats-new \(path)")
        let wide = "tour whats-new /" + String(repeating: "a", count: 100)
        #expect(WhatsNewNotice.lastLine(hint: nil, command: wide, labels: tour.labels, width: 80).map(InlineCode.plain) == wide)
        // Bounded at load: a hint or a label of 201 characters is an error where it is written.
        let decoder = TourDecoder(fileName: "m.json", readArt: { (_: String) throws(TourError) -> [UInt8] in [] })
        let long = String(repeating: "x", count: 201)
        for json in [#"{"whatsNewHint": "\#(long)", "pages": [{"title": "A"}]}"#, #"{"labels": {"whatsNewAgain": "\#(long)"}, "pages": [{"title": "A"}]}"#] {
            let problems = decoder.check(Array(json.utf8)).1.map(\.description)
            #expect(problems.count == 1 && problems[0].contains("201 characters") && problems[0].contains("at most 200"), "\(problems)")
        }
    }

    @Test func releaseNotesAreThePagesWithSinceNewestFirst() {
        let pages = [
            Tour.Page(title: "Welcome"), Tour.Page(title: "A", since: "1.1.0"), Tour.Page(title: "B", since: "2.0.0"),
            Tour.Page(title: "C", since: "1.1.0"), Tour.Page(title: "D", since: "1.2.0"),
        ]
        let tour = Tour(id: "m", version: "2.0.0", pages: pages)
        #expect(RunPlan(tour: tour, selection: .releaseNotes(newerThan: nil)).pages == [2, 4, 1, 3])
        #expect(RunPlan(tour: tour, selection: .releaseNotes(newerThan: Version("1.1.0"))).pages == [2, 4])
        #expect(RunPlan(tour: tour, selection: .releaseNotes(newerThan: Version("2.0.0"))).isEmpty)
    }

    /// A full-screen tool calls twice (issue 65, 10): before it takes the screen only what is
    /// full screen shows, after it gives it back only what is printed in place.
    @Test func aFullScreenToolsTwoCallsShareWhatIsDue() {
        let surfaces: [StartPlan.Surface] = [.welcome, .whatsNew(.pager), .whatsNew(.notice), .tip(index: 0), .nothing(.noTips)]
        #expect(surfaces.allSatisfy { StartPlan.shows($0, at: .any) })
        #expect(surfaces.map { StartPlan.shows($0, at: .start) } == [true, true, false, false, true])
        #expect(surfaces.map { StartPlan.shows($0, at: .exit) } == [false, false, true, true, true])
        // Every surface shows at exactly one of the two calls.
        for surface in surfaces.dropLast() { #expect(StartPlan.shows(surface, at: .start) != StartPlan.shows(surface, at: .exit)) }
        #expect(StartPlan.tipShows(at: .exit) && !StartPlan.tipShows(at: .start))
        #expect(StartPlan.waiting(.welcome, at: .exit) == "the welcome waits for the call at start (--at start)")
        #expect(StartPlan.waiting(.tip(index: 0), at: .start) == "a tip waits for the call at exit (--at exit)")
    }
}
