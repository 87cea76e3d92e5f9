import CTerminalGuard
import TourCore
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// Runs a tour full screen: takes the terminal, asks it the start-up questions, and runs
/// the pager's loop (`PagerLoop`, in TourCore) on it, with the terminal as its input
/// (`TerminalInput`) and its frames' sink (`TerminalFrames`). Every decision is the update
/// function's, in TourCore.
package enum FullScreenSession {
    /// The pager's run loop on this terminal.
    typealias TerminalLoop = PagerLoop<TerminalInput, TerminalFrames>

    /// How to run the pager.
    package struct Options {
        /// Which pages of the tour to show; every page when nil.
        package var plan: RunPlan? = nil
        /// The page to open on, as a position among the pages the plan shows.
        package var startPosition: Int = 0
        /// Color, or monochrome.
        package var colorMode: ColorMode = .automatic
        /// How long to wait after ESC for the rest of a key sequence.
        package var escapeDelayMilliseconds: Int32 = 25
        /// What the pager is given as it is: motion, the mouse, the key table and the
        /// characters. The session fills in only what the terminal answers (the contrast).
        package var pager = PagerModel.Settings()
        /// Called on each page change, with pages counted from 0 in the tour as written.
        package var onPageChange: ((_ from: Int, _ to: Int) -> Void)? = nil
        /// Live preview: reload the tour whenever one of its files changes.
        package var watch: WatchedTour? = nil
        /// What the process is attached to: the run's one snapshot, taken by the caller.
        package var environment: TerminalEnvironment
        /// The background, when the person said (`--background`); else it is asked for.
        package var background: TerminalBackground? = nil
        /// How long the terminal may take to answer the background query.
        package var backgroundQueryDeadline = 0.1
        /// Pictures in pixels where the terminal draws them, or always in cells.
        package var pictures = PictureSetting.auto

        package init(environment: TerminalEnvironment) {
            self.environment = environment
        }
    }

    /// How long after the questions a late answer is still waited for (a pending ESC
    /// is not yet the Esc key) and, once it comes, used: a slow ssh link, a busy terminal.
    static let lateReplyLimit = 1.0

    /// How long tmux may take to say whether it passes sequences through.
    static let tmuxAnswerLimit = 0.1

    /// Plays the pages of `tour` that the options' plan shows; says how it ended, with the
    /// plan as it stood then (a reload may have changed it).
    package static func play(_ tour: Tour, options: Options) throws(TerminalUnavailable) -> RunEnding {
        let signalPipe = try installGuard(host: options.environment.hostProcess)
        defer { tour_guard_uninstall() }

        let environment = options.environment
        let explicit = options.background ?? environment.backgroundRequested
        let cellPixels = TerminalScreen.cellPixels()
        let showsPictures = tour.showsPicture(onPages: options.plan?.pages)
        let asking = environment.startupAsking(explicitBackground: explicit, showsPictures: showsPictures, pictures: options.pictures)
        let tmuxQuery = asking.tmux ? TmuxPassthroughQuery.start(pane: environment.tmuxPane, environment: environment.tmuxEnvironment) : nil
        let screen: TerminalScreen
        do {
            screen = try TerminalScreen(colorMode: options.colorMode, environment: environment, mouse: options.pager.mouse)
        } catch {
            _ = tmuxQuery?.answer(within: 0)
            throw error
        }
        // Said once the screen is given back (defers run last to first).
        var lineAfterClosing: String?
        defer { if let lineAfterClosing { StandardStreams.error(lineAfterClosing) } }
        defer { screen.close() }
        var decoder = KeyDecoder(escapeDelay: Double(options.escapeDelayMilliseconds) / 1000)
        var tmuxAnswer: String?
        let multiplexer = Multiplexer.detect(
            insideTmux: environment.insideTmux,
            tmuxAllowsPassthrough: {
                tmuxAnswer = tmuxQuery?.answer(within: Self.tmuxAnswerLimit)
                return tmuxAnswer.map(Multiplexer.tmuxAllowsPassthrough(answer:)) ?? false
            },
            insideGNUScreen: environment.insideGNUScreen)
        screen.multiplexer = multiplexer
        let graphicsQuestions = asking.pixels ? StartupQuestions.GraphicsQuestions(cellSize: cellPixels == nil) : nil
        let questions = StartupQuestions(through: multiplexer, background: asking.background, graphics: graphicsQuestions)
        let asked = asking.any && screen.ask(questions, lateLimit: Self.lateReplyLimit, decoder: &decoder)
        if !asked { screen.sendSetup() }
        let answers = startupAnswers(explicit: explicit, asksPixels: asking.pixels, multiplexer: multiplexer, depth: screen.colors.depth,
                                     tmuxAnswer: tmuxAnswer, cellPixels: cellPixels, options: options)
        let pictureIDs = PictureIDs.random(depth: screen.colors.depth)
        let watcher = options.watch.flatMap { FileWatcher(paths: $0.files) }
        func runLoop(_ decided: StartupAnswers.Decided) -> TerminalLoop {
            var settings = options.pager
            settings.pictureIDs = pictureIDs
            decided.apply(to: &settings, depth: screen.colors.depth)
            settings.backgroundFromTerminal = asking.background
            let pager = PagerModel(tour: tour, plan: options.plan, size: screen.size, startPosition: options.startPosition, settings: settings)
            return TerminalLoop(pager: pager, decoder: decoder,
                                input: TerminalInput(screen: screen, signalPipe: signalPipe, watcher: watcher),
                                sink: TerminalFrames(screen: screen, asciiOnly: options.pager.glyphs == .ascii),
                                clock: TimedRead.now, reload: options.watch.map { watch in { reread(watch, watcher: watcher) } },
                                pageChanged: options.onPageChange)
        }
        // While the questions are out, the first frame is composed from what no answer
        // decides; a picture in pixels is not, as its commands go out with the frame.
        let provisional = answers.decide(TerminalReplies())
        var composed: TerminalLoop? = nil
        if asked, provisional.pixels == nil {
            composed = runLoop(provisional)
            composed?.composeFirstFrame()
        }
        let replies = asked ? screen.awaitAnswers(to: questions, deadline: options.backgroundQueryDeadline, decoder: &decoder)
                            : TerminalReplies()
        let decided = answers.decide(replies)
        var loop: TerminalLoop
        if var kept = composed, decided.drawsTheSameFrame(as: provisional) {
            kept.keep(decided, decoder: decoder)
            loop = kept
        } else {
            if composed != nil { screen.dropComposed() }
            composed = nil
            loop = runLoop(decided)
        }
        let outcome = loop.run()
        // Still on the alternate screen: every picture the terminal holds is freed.
        loop.sink.finishPictures()
        if environment.debug {
            lineAfterClosing = debugLines(pager: loop.pager, decided: decided, explicit: explicit, replies: replies, multiplexer: multiplexer,
                                          pictures: showsPictures ? (answers.graphics(replies), asking.pixels) : nil, options: options)
        }
        return RunEnding(outcome: outcome, plan: loop.pager.plan, answers: loop.pager.collectedAnswers)
    }

    /// What the start-up answers decide from, before any answer: the person's background,
    /// COLORFGBG, what tmux and the window's pixel size told, and how pictures would be
    /// drawn were nothing to answer.
    private static func startupAnswers(explicit: TerminalBackground?, asksPixels: Bool, multiplexer: Multiplexer, depth: ColorDepth,
                                       tmuxAnswer: String?, cellPixels: (width: Int, height: Int)?, options: Options) -> StartupAnswers {
        let environment = options.environment
        let pixelsAsKnown = asksPixels
            ? PixelChoice(setting: options.pictures, multiplexer: multiplexer, insideTmux: environment.insideTmux, term: environment.term,
                          termProgram: environment.termProgram, colorsNamePictures: [.direct, .ansi256].contains(depth),
                          answers: GraphicsAnswers())
            : nil
        return StartupAnswers(explicitBackground: explicit, colorFGBG: environment.colorFGBG,
                              knownGraphics: GraphicsAnswers(version: tmuxAnswer.flatMap(Multiplexer.tmuxOuterTerminal(answer:)), cellPixels: cellPixels),
                              pixels: pixelsAsKnown)
    }

    /// The tour read again for a watched tour. The files are watched before reading too: a
    /// file made while the tour is read (its art folder just made, the file not yet)
    /// still sends an event.
    private static func reread(_ watch: WatchedTour, watcher: FileWatcher?) -> Result<Tour, TourError> {
        watcher?.watch(watch.files)
        let result = watch.reload()
        watcher?.watch(watch.files)
        return result
    }

    /// The signal guard, with the crash restore of this terminal; the pipe its handlers
    /// write to. With `host`, tour follows that process out (TOUR_HOST_PID).
    private static func installGuard(host: Int?) throws(TerminalUnavailable) -> Int32 {
        let restore = Array(TerminalScreen.crashRestoreSequence().utf8)
        let signalPipe = restore.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tour_guard_install(STDIN_FILENO, STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        guard signalPipe >= 0 else { throw TerminalUnavailable(reason: "cannot create the signal pipe") }
        if let host { tour_guard_end_with_host(host) }
        return signalPipe
    }

    /// What TOUR_DEBUG says after the run: the background drawn for and why, and, for a
    /// tour with pictures (`pictures`: the graphics answers, and whether they were asked),
    /// how they were drawn.
    private static func debugLines(pager: PagerModel, decided: StartupAnswers.Decided, explicit: TerminalBackground?, replies: TerminalReplies,
                                   multiplexer: Multiplexer, pictures: (answers: GraphicsAnswers, asked: Bool)?, options: Options) -> String {
        let environment = options.environment
        let background = BackgroundExplanation.line(
            drawnFor: pager.settings.contrast?.background ?? decided.background, firstChoice: decided.background, explicit: explicit,
            replies: replies, lateAnswerAfter: pager.lateAnswerAfter, hasColorFGBG: environment.colorFGBG != nil, multiplexer: multiplexer,
            insideTmux: environment.insideTmux)
        guard let pictures else { return background }
        return background + PixelExplanation.line(chosen: pager.settings.pixels, setting: options.pictures,
                                                  answers: pager.settings.pixelChoice?.answers ?? pictures.answers, asked: pictures.asked,
                                                  insideGNUScreen: environment.insideGNUScreen)
    }
}


