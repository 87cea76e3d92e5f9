import Testing
@testable import TourCore

/// The start-up questions behind tmux and GNU screen: wrapped so the outer terminal
/// answers them, and waited for until the outer terminal's own fence.
@Suite("The background behind a multiplexer")
struct MultiplexerQuestionTests {
    @Test func aTerminalIsAskedPlainlyWithOneFence() {
        let questions = StartupQuestions(through: .none)
        #expect(String(decoding: questions.bytes, as: UTF8.self) == "\u{1B}[?996n\u{1B}]11;?\u{1B}\\\u{1B}[c")
        #expect(questions.fences == 1)
    }

    @Test func tmuxGetsTheQuestionsWrappedWithEveryEscapeDoubledAndItsOwnFenceLast() {
        let questions = StartupQuestions(through: .tmuxPassingThrough)
        let text = String(decoding: questions.bytes, as: UTF8.self)
        #expect(text == "\u{1B}[?996n\u{1B}]11;?\u{1B}\\"
            + "\u{1B}Ptmux;\u{1B}\u{1B}[?996n\u{1B}\u{1B}]11;?\u{07}\u{1B}\u{1B}[c\u{1B}\\"
            + "\u{1B}[c")
        #expect(questions.fences == 2)
        // Inside the wrapper no ESC stands alone: a lone one would end the DCS early.
        let wrapped = text.split(separator: "\u{1B}Ptmux;")[1].dropLast("\u{1B}\\\u{1B}[c".count)
        #expect(!wrapped.replacing("\u{1B}\u{1B}", with: "").contains("\u{1B}"))
    }

    @Test func gnuScreenHandsTheDCSContentsToTheTerminal() {
        let questions = StartupQuestions(through: .gnuScreen)
        #expect(String(decoding: questions.bytes, as: UTF8.self) == "\u{1B}P\u{1B}[?996n\u{1B}]11;?\u{07}\u{1B}[c\u{1B}\\\u{1B}[c")
        #expect(questions.fences == 2)
    }

    /// What tmux 3.3a with `allow-passthrough on` and screen 4.9, in an xterm with a
    /// white background, sent back (recorded under Xvfb): the multiplexer's own fence at
    /// once, the terminal's answers a round trip later.
    @Test func theBackgroundIsKnownOnlyOnceTheOuterFenceHasCome() {
        let questions = StartupQuestions(through: .tmuxPassingThrough)
        var decoder = KeyDecoder()
        var replies = TerminalReplies()
        func take(_ text: String) {
            #expect(decoder.feed(Array(text.utf8), at: 0).isEmpty)
            for reply in decoder.takeReplies() { replies.note(reply) }
        }
        take("\u{1B}[?1;2c")
        #expect(replies.fences < questions.fences && replies.answeredBackground == nil)
        take("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c")
        #expect(replies.fences == questions.fences && replies.answeredBackground == .light)
    }

    @Test func whoIsInFrontIsToldByTheEnvironmentAndTmuxsOwnAnswer() {
        #expect(Multiplexer.detect(insideTmux: false, tmuxAllowsPassthrough: { true }, insideGNUScreen: false) == .none)
        #expect(Multiplexer.detect(insideTmux: true, tmuxAllowsPassthrough: { true }, insideGNUScreen: false) == .tmuxPassingThrough)
        #expect(Multiplexer.detect(insideTmux: true, tmuxAllowsPassthrough: { false }, insideGNUScreen: false) == .none)
        #expect(Multiplexer.detect(insideTmux: false, tmuxAllowsPassthrough: { true }, insideGNUScreen: true) == .gnuScreen)
        // Both: which is inside which is unknown, so nothing is wrapped.
        #expect(Multiplexer.detect(insideTmux: true, tmuxAllowsPassthrough: { true }, insideGNUScreen: true) == .none)
        // tmux is asked only when tour is inside it.
        var asked = false
        _ = Multiplexer.detect(insideTmux: false, tmuxAllowsPassthrough: { asked = true; return true }, insideGNUScreen: true)
        #expect(!asked)
    }

    @Test func tmuxsOptionIsReadAsItPrintsIt() {
        #expect(!Multiplexer.tmuxAllowsPassthrough(answer: "0\n"))
        #expect(!Multiplexer.tmuxAllowsPassthrough(answer: "off"))
        #expect(Multiplexer.tmuxAllowsPassthrough(answer: "1\n"))
        #expect(Multiplexer.tmuxAllowsPassthrough(answer: "all\n"))   // tmux 3.4: invisible panes too
        #expect(Multiplexer.tmuxAllowsPassthrough(answer: "\n"))      // before 3.3: no option, always on
    }

    /// A fast click inside GNU screen left its release for the shell (1 of 6 in the
    /// matrix): screen answered the exit fence at once, before the outer terminal's
    /// release arrived. Behind screen the outer terminal is fenced too.
    @Test func theExitFenceReachesTheTerminalBehindScreen() {
        #expect(ExitFence(through: .none) == ExitFence(through: .tmuxPassingThrough))
        #expect(String(decoding: ExitFence(through: .none).bytes, as: UTF8.self) == "\u{1B}[c")
        #expect(ExitFence(through: .none).fences == 1)
        #expect(String(decoding: ExitFence(through: .gnuScreen).bytes, as: UTF8.self) == "\u{1B}P\u{1B}[c\u{1B}\\\u{1B}[c")
        #expect(ExitFence(through: .gnuScreen).fences == 2)
    }

    @Test func theDebugLineSaysWhyTheColorsAreForTheirBackground() {
        func said(_ drawn: TerminalBackground, first: TerminalBackground? = nil, explicit: TerminalBackground? = nil,
                  answers: [TerminalReply] = [], late: Double? = nil, colorFGBG: Bool = false, through: Multiplexer = .none,
                  tmux: Bool = false) -> String {
            var replies = TerminalReplies()
            for answer in answers { replies.note(answer) }
            return BackgroundExplanation.line(drawnFor: drawn, firstChoice: first ?? drawn, explicit: explicit, replies: replies,
                                              lateAnswerAfter: late, hasColorFGBG: colorFGBG, multiplexer: through, insideTmux: tmux)
        }
        let white = TerminalReply.backgroundColor(red: 255, green: 255, blue: 255)
        #expect(said(.light, answers: [white, .deviceAttributes], through: .tmuxPassingThrough, tmux: true)
            == "tour: colors for a light background: the terminal's background color, through tmux's passthrough\n")
        #expect(said(.light, answers: [.colorScheme(.light)], through: .gnuScreen).hasSuffix("color-scheme report, through GNU screen\n"))
        #expect(said(.dark, explicit: .dark, answers: [white]).hasSuffix("as asked (--background or TOUR_BACKGROUND)\n"))
        #expect(said(.light, first: .dark, answers: [.deviceAttributes]).contains("came after the first frame"))
        #expect(said(.light, answers: [.deviceAttributes], colorFGBG: true).contains("COLORFGBG"))
        #expect(said(.dark, answers: [.deviceAttributes], tmux: true).contains("set -g allow-passthrough on"))
        #expect(said(.dark, answers: [.deviceAttributes]).hasSuffix("assumed: the terminal does not say\n"))
        #expect(said(.dark).hasSuffix("assumed: the terminal did not answer in time\n"))
        // On black over a slow link: the late answer was used, and agreed with the guess.
        #expect(said(.dark, late: 0.41) == "tour: colors for a dark background: the terminal's answer came 410 ms after the first frame, and agreed with what the first frame was drawn for\n")
        #expect(said(.light, first: .dark, late: 0.16, through: .tmuxPassingThrough)
            .hasSuffix("came 160 ms after the first frame, through tmux's passthrough, and the colors changed to it\n"))
    }

    /// The pager notes when a late answer came, whether or not it changed the colors.
    @Test func thePagerNotesWhenALateAnswerCame() {
        var settings = PagerModel.Settings.forTest(contrast: (.ansi256, .dark), backgroundFromTerminal: true)
        settings.animation = false
        var pager = PagerModel(tour: Tour(pages: [Tour.Page(title: "One")]), size: Size(width: 40, height: 12), settings: settings)
        _ = pager.start(at: 10)
        #expect(pager.lateAnswerAfter == nil)
        #expect(pager.update(.terminalReplied(.backgroundColor(red: 0, green: 0, blue: 0)), at: 10.41).isEmpty)
        #expect(abs((pager.lateAnswerAfter ?? 0) - 0.41) < 1e-9)
        _ = pager.update(.terminalReplied(.colorScheme(.dark)), at: 11)
        #expect(abs((pager.lateAnswerAfter ?? 0) - 0.41) < 1e-9)
    }

    /// tmux 3.4 and later answer the background question themselves (3.5a, Debian 13,
    /// seen by hand): no process is started to ask them about passthrough.
    @Test func onlyATmuxBefore34IsAskedAboutPassthrough() {
        #expect(Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "3.3a"))
        #expect(Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "2.9"))
        #expect(!Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "3.4"))
        #expect(!Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "3.5a"))
        #expect(!Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "next-3.6"))
        #expect(!Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "4.0"))
        // Unknown: asked; before 3.4 passthrough is the only way to the outer background.
        #expect(Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: nil))
        #expect(Multiplexer.tmuxNeedsAsking(termProgram: "tmux", version: "master"))
        #expect(Multiplexer.tmuxNeedsAsking(termProgram: "WezTerm", version: "20240203"))
        #expect(Multiplexer.tmuxNeedsAsking(termProgram: nil, version: nil))
    }
}

/// The drain at exit: which fence, and how long, from what the start showed (issue 44, items 12 and 13).
@Suite("The exit drain's plan")
struct ExitDrainTests {
    func evidence(asked: Int = 1, answered: Int = 1, slowest: Double? = 0.002, since: Double = 5) -> ExitDrain.Evidence {
        ExitDrain.Evidence(fencesAsked: asked, fencesAnswered: answered, slowestAnswer: slowest, secondsSinceAsked: since, lateLimit: 1)
    }

    @Test func aQuickLinkWaitsTheShortestTime() {
        #expect(ExitDrain.plan(through: .none, evidence: evidence()) == ExitDrain(fence: ExitFence(through: .none), wait: 0.5))
        #expect(ExitDrain.plan(through: .none, evidence: nil) == ExitDrain(fence: ExitFence(through: .none), wait: 0.5))
    }

    @Test func aSlowLinkIsWaitedForAsLongAsItTookAtStart() {
        let slow = ExitDrain.plan(through: .none, evidence: evidence(slowest: 1.2))
        #expect(slow.fence == ExitFence(through: .none) && abs(slow.wait - 1.9) < 1e-9)
        // Slower than the longest exit tour makes: no fence that could come back too late.
        #expect(ExitDrain.plan(through: .none, evidence: evidence(slowest: 2.5)) == ExitDrain(fence: nil, wait: 0))
    }

    @Test func aTerminalThatNeverAnsweredIsNotAsked() {
        #expect(ExitDrain.plan(through: .none, evidence: evidence(answered: 0, slowest: nil, since: 1.5)).fence == nil)
        // Still within the time a late answer may take: asked, as before.
        #expect(ExitDrain.plan(through: .none, evidence: evidence(answered: 0, slowest: nil, since: 0.2)).fence == ExitFence(through: .none))
    }

    @Test func stySetWithNoScreenInFrontGetsThePlainFence() {
        // Screen there: both fences came, and both are asked again.
        #expect(ExitDrain.plan(through: .gnuScreen, evidence: evidence(asked: 2, answered: 2)).fence == ExitFence(through: .gnuScreen))
        // Only the plain one came, long ago: no screen.
        #expect(ExitDrain.plan(through: .gnuScreen, evidence: evidence(asked: 2, answered: 1)).fence == ExitFence(through: .none))
        // Only the plain one so far, just after the start: screen's may still come.
        #expect(ExitDrain.plan(through: .gnuScreen, evidence: evidence(asked: 2, answered: 1, since: 0.3)).fence == ExitFence(through: .gnuScreen))
    }
}
