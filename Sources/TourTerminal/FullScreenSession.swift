import CTerminalGuard
import TourCore
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// Runs a tour full screen. This is the terminal half of the pager: it turns bytes,
/// signals and file events into `PagerMessage`s, hands them to `PagerModel.update`, and carries
/// out the effects that come back (draw, start or stop the clock, reload, suspend,
/// finish). Every decision is the update function's, in TourCore.
///
/// The loop sleeps in `poll` on the terminal, the signal pipe and the file watcher. While
/// nothing moves it has no timeout at all, so it uses no CPU; only a running animation or
/// a half-read key sequence sets one.
/// Signals arrive as bytes on that pipe and are handled here, never in a signal handler.
package enum FullScreenSession {
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
        func eventLoop(_ decided: StartupAnswers.Decided) -> EventLoop {
            var settings = options.pager
            settings.pictureIDs = pictureIDs
            decided.apply(to: &settings, depth: screen.colors.depth)
            settings.backgroundFromTerminal = asking.background
            let pager = PagerModel(tour: tour, plan: options.plan, size: screen.size, startPosition: options.startPosition, settings: settings)
            return EventLoop(screen: screen, signalPipe: signalPipe, options: options, pager: pager, decoder: decoder)
        }
        // While the questions are out, the first frame is composed from what no answer
        // decides; a picture in pixels is not, as its commands go out with the frame.
        let provisional = answers.decide(TerminalReplies())
        var composed: EventLoop? = nil
        if asked, provisional.pixels == nil {
            composed = eventLoop(provisional)
            composed?.composeFirstFrame()
        }
        let replies = asked ? screen.awaitAnswers(to: questions, deadline: options.backgroundQueryDeadline, decoder: &decoder)
                            : TerminalReplies()
        let decided = answers.decide(replies)
        var loop: EventLoop
        if var kept = composed, decided.drawsTheSameFrame(as: provisional) {
            kept.pager.keep(decided)
            kept.decoder = decoder
            loop = kept
        } else {
            if composed != nil { screen.dropComposed() }
            composed = nil
            loop = eventLoop(decided)
        }
        let outcome = loop.run()
        // Still on the alternate screen: every picture the terminal holds is freed.
        if var overlay = loop.overlay { screen.send(overlay.finish()) }
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


/// The terminal side of the pager: events in, effects out.
private struct EventLoop {
    let screen: TerminalScreen
    let signalPipe: Int32
    let options: FullScreenSession.Options
    var pager: PagerModel
    let renderer: CanvasRenderer
    var decoder: KeyDecoder
    let watcher: FileWatcher?
    /// The animation clock runs: poll wakes for the next frame.
    var clockRunning = false
    /// When the pager asked to hear `.timer` (a reload waiting for its file to be quiet).
    var wakeAt: Double?
    var outcome: TourOutcome?
    /// Something asked for a frame; drawn once all input at hand is handled, so a burst
    /// of keys costs one frame, not one per key.
    var needsDraw = false
    /// The pictures drawn in pixels, when the terminal draws them.
    var overlay: PictureOverlay?

    init(screen: TerminalScreen, signalPipe: Int32, options: FullScreenSession.Options, pager: PagerModel, decoder: KeyDecoder) {
        self.screen = screen
        self.signalPipe = signalPipe
        self.options = options
        self.pager = pager
        self.renderer = CanvasRenderer(colors: screen.colors, asciiOnly: options.pager.glyphs == .ascii)
        self.decoder = decoder
        self.watcher = options.watch.flatMap { FileWatcher(paths: $0.files) }
    }

    /// The first frame was composed (`composeFirstFrame`) and waits to be sent.
    private var firstFrameComposed = false

    /// Starts the pager and composes its first frame without sending it, while the
    /// terminal is asked; `run` sends it.
    mutating func composeFirstFrame() {
        perform(pager.start(at: Self.now()))
        drawIfNeeded(sending: false)
        firstFrameComposed = true
    }

    /// Runs until the tour ends.
    mutating func run() -> TourOutcome {
        if firstFrameComposed {
            screen.sendComposed()
        } else {
            perform(pager.start(at: Self.now()))
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while outcome == nil {
            drawIfNeeded()
            // While a reload waits for quiet, the watcher is not polled: its events are read
            // once, at the wake, so a file written without pause costs a wake per wait.
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeAt == nil ? watcher?.descriptor ?? -1 : -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, timeout())
            if ready < 0 {
                if errno == EINTR { continue }
                send(.inputClosed)
                break
            }
            if let wake = wakeAt, Self.now() >= wake, outcome == nil {
                wakeAt = nil
                // Changed again during the wait: wait again; else the pager's time has come.
                send(watcher?.drainEvents() == true ? .fileChanged : .timer)
            }
            if ready == 0 {
                if clockRunning { send(.tick) }
                // A lone Esc waits for the escape delay, so the rest of a sequence can arrive.
                for key in decoder.keysDue(at: Self.now()) where outcome == nil { send(.key(key)) }
                takeReplies()
                continue
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                let count = read(signalPipe, &buffer, buffer.count)
                for signal in buffer[0..<max(0, count)].map(Int32.init) where outcome == nil {
                    if signal == SIGWINCH {
                        takeDownPicture(forget: false)
                        screen.refreshSize()
                        send(.resized(screen.size))
                    } else if signal == SIGCONT {
                        screen.refreshSize()
                        send(.resumed(screen.size))
                    } else {
                        // Sent to the whole group, perhaps: the parent may die of it too.
                        if [SIGINT, SIGTERM, SIGHUP].contains(signal) { screen.endedBySignal = true }
                        send(.signal(signal))
                    }
                }
            }
            if outcome == nil, fds[2].revents & Int16(POLLIN) != 0, let watcher, watcher.drainEvents() {
                send(.fileChanged)
            }
            if outcome == nil, fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 {
                    for key in decoder.feed(buffer[0..<count], at: Self.now()) where outcome == nil { send(.key(key)) }
                    takeReplies()
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    send(.inputClosed)
                }
            }
        }
        return outcome ?? .interrupted(signal: SIGHUP)
    }

    /// Answers that arrived with the keys (late ones, on a slow link): the screen counts
    /// its fences, the pager may change its colors.
    private mutating func takeReplies() {
        for reply in decoder.takeReplies() where outcome == nil {
            screen.noteReply(reply)
            send(.terminalReplied(reply))
        }
    }

    private mutating func send(_ message: PagerMessage) {
        perform(pager.update(message, at: Self.now()))
    }

    /// Carries out what the update function asked for, in order.
    private mutating func perform(_ effects: [PagerEffect]) {
        for effect in effects {
            switch effect {
            case .draw: needsDraw = true
            case .redrawAll:
                takeDownPicture(forget: false)
                renderer.invalidate()
                needsDraw = true
            case .wake(let time): wakeAt = time
            case .startClock: clockRunning = true
            case .stopClock: clockRunning = false
            case .pageChanged(let from, let to): options.onPageChange?(from, to)
            case .finish(let result): outcome = result
            case .suspend:
                drawIfNeeded()
                // The shell's screen gets no picture; the terminal may drop what the alternate screen held.
                takeDownPicture(forget: true)
                screen.suspend()
                tour_guard_suspend_self()
                screen.resume()
                // The window may have changed size while stopped: the model hears the size it has now.
                perform(pager.update(.resumed(screen.size), at: Self.now()))
            case .reload:
                guard let watch = options.watch else { break }
                // Watched before reading too: a file made while the tour is read (its art
                // folder just made, the file not yet) still sends an event.
                watcher?.watch(watch.files)
                let result = watch.reload()
                watcher?.watch(watch.files)
                perform(pager.update(.reloaded(result), at: Self.now()))
            }
        }
    }

    /// Draws what was asked for; without `sending`, only into the frame buffer, and
    /// without pictures in pixels (the first frame, composed while the terminal is asked).
    private mutating func drawIfNeeded(sending: Bool = true) {
        guard needsDraw, outcome == nil else { return }
        needsDraw = false
        if sending { startOverlayIfChosen() }
        let frame = TourScreenView.render(pager)
        renderer.draw(frame.canvas)
        // The cursor rests on the button, where a screen reader's review cursor looks.
        let cursor = frame.layout.button.map { ($0.x, $0.y) }
        guard sending else { return screen.compose(cursor: cursor) }
        let pictures = overlay?.frame(showing: TourScreenView.pixelPicture(of: pager, layout: frame.layout)) ?? PictureOverlay.Commands()
        tellCrashHandlerThePicture()
        screen.update(cursor: cursor, before: pictures.before, repaint: pictures.repaint, after: pictures.after)
    }

    /// Once the pager draws pictures in pixels (from the start, or after a late answer), the
    /// overlay that sends them; the crash handler learns how to take them away.
    private mutating func startOverlayIfChosen() {
        guard overlay == nil, let pixels = pager.settings.pixels, let cell = pager.settings.pixelChoice?.answers.cellPixels else { return }
        var started = PictureOverlay(pixelProtocol: pixels, cell: cell, ids: pager.settings.pictureIDs)
        started.deflate = ImageCodec.deflate
        overlay = started
    }

    /// The crash handler frees the picture this run shows now, and nothing else.
    private func tellCrashHandlerThePicture() {
        guard let overlay else { return }
        overlay.crashCleanup.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tour_guard_set_picture_cleanup($0.baseAddress, $0.count) }
        }
    }

    /// The screen is about to change under the picture: it is taken away now, and placed
    /// again (or sent again, after `forget`) by the next frame.
    private mutating func takeDownPicture(forget: Bool) {
        guard var shown = overlay else { return }
        screen.send(shown.takeDown(forget: forget))
        overlay = shown
        tellCrashHandlerThePicture()
    }

    /// No timeout while idle; the next frame's time while animating; the rest of the escape
    /// delay while a key is half-read; the time the pager asked to be woken at.
    private func timeout() -> Int32 {
        var milliseconds: Int32 = -1
        if clockRunning { milliseconds = Int32((Motion.frameInterval * 1000).rounded(.up)) }
        for deadline in [decoder.deadline, wakeAt].compactMap({ $0 }) {
            let remaining = Int32(max(0, (deadline - Self.now()) * 1000).rounded(.up))
            milliseconds = milliseconds < 0 ? remaining : min(milliseconds, remaining)
        }
        return milliseconds
    }

    static func now() -> Double { TimedRead.now() }
}
