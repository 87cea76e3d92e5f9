import CNcurses
import CTerminalGuard
import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// Runs a tour full screen: reads keys and clicks, feeds the paging state machine, and
/// draws each new state, sliding between pages unless motion is off.
///
/// The loop sleeps in `poll` on the terminal and on the signal pipe. While nothing moves
/// it has no timeout at all, so it uses no CPU; only a running animation sets one.
/// Signals arrive as bytes on that pipe and are handled here, never in a signal handler.
public enum FullScreenPager {
    /// How to run the pager.
    public struct Options {
        /// The page to open on, counted from 0.
        public var startPage: Int = 0
        /// Color, or monochrome.
        public var colorMode: ColorMode = .automatic
        /// Slide between pages and reveal hero art; off for reduced motion.
        public var animation: Bool = true
        /// Report clicks and the wheel; off leaves the terminal's own text selection alone.
        public var mouse: Bool = true
        /// How long to wait after ESC for the rest of a key sequence.
        public var escapeDelayMilliseconds: Int32 = 25
        /// Draw ASCII only, for terminals whose locale is not UTF-8.
        public var asciiOnly: Bool = false
        /// Called on each page change, with pages counted from 0.
        public var onPageChange: ((_ from: Int, _ to: Int) -> Void)? = nil
        /// Live preview: reload the tour whenever one of these files changes.
        public var watch: Watch? = nil
        /// What the process is attached to, when the caller has read it already.
        public var environment: TerminalEnvironment? = nil

        public init() {}
    }

    /// What `--watch` needs: the files to watch, and how to load the tour again.
    public struct Watch {
        /// The files whose changes reload the tour.
        public var files: () -> [String]
        /// Loads the tour again, or says what is wrong with it.
        public var reload: () -> Result<Tour, TourError>

        /// A live preview of files.
        public init(files: @escaping () -> [String], reload: @escaping () -> Result<Tour, TourError>) {
            self.files = files
            self.reload = reload
        }
    }

    /// Returns how the tour ended and the page on screen then (counted from 0).
    public static func run(_ tour: Tour, options: Options) throws(TerminalUnavailable) -> (PagerOutcome, Int) {
        let restore = Array(TerminalScreen.crashRestoreSequence.utf8)
        let signalPipe = restore.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tour_guard_install(STDIN_FILENO, STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        guard signalPipe >= 0 else { throw TerminalUnavailable(reason: "cannot create the signal pipe") }
        defer { tour_guard_uninstall() }

        let screen = try TerminalScreen(colorMode: options.colorMode, environment: options.environment ?? TerminalEnvironment.current(), mouse: options.mouse)
        defer { screen.close() }
        var controller = PagerController(tour: tour, startPage: options.startPage)
        controller.mouseEnabled = options.mouse
        var loop = RunLoop(screen: screen, signalPipe: signalPipe, options: options, controller: controller)
        let outcome = loop.run()
        return (outcome, loop.controller.state.currentPage)
    }
}

/// A running animation: a sequence of timed steps, each a screen as a function of progress.
private struct Animation {
    struct Step {
        var duration: Double
        var frame: (Double) -> Canvas
    }

    var steps: [Step]
    var stepStart: Double
    /// The screen when every step is done.
    var final: Canvas
}

private struct RunLoop {
    let screen: TerminalScreen
    let signalPipe: Int32
    let options: FullScreenPager.Options
    var controller: PagerController
    let renderer: CanvasRenderer
    var decoder = KeyDecoder()
    var animation: Animation?
    /// Pages whose hero has been revealed already: it reveals only the first time.
    var revealed: Set<Int> = []
    /// What is on screen now, and where the page's parts are on it.
    var shown: (canvas: Canvas, layout: PageView.Layout)?
    /// Live preview: the watcher, and the error shown in place of the page while there is one.
    let watcher: FileWatcher?
    var contentError: String?

    init(screen: TerminalScreen, signalPipe: Int32, options: FullScreenPager.Options, controller: PagerController) {
        self.screen = screen
        self.signalPipe = signalPipe
        self.options = options
        self.controller = controller
        self.renderer = CanvasRenderer(colors: screen.colors, asciiOnly: options.asciiOnly)
        self.watcher = options.watch.flatMap { FileWatcher(paths: $0.files()) }
    }

    private var glyphs: Glyphs { options.asciiOnly ? .ascii : .unicode }

    mutating func run() -> PagerOutcome {
        present(slide: nil)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while controller.state.outcome.isRunning {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, timeout())
            if ready < 0 {
                if errno == EINTR { continue }
                controller.apply(.interrupt(signal: SIGHUP))
                break
            }
            if ready == 0 {
                if animation != nil { advanceAnimation() }
                if decoder.hasPending, animation == nil || pendingEscapeExpired() { handle(decoder.flushPending()) }
                continue
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                handleSignals(&buffer)
                if !controller.state.outcome.isRunning { break }
            }
            if fds[2].revents & Int16(POLLIN) != 0, let watcher, watcher.drainEvents() {
                reload()
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 {
                    escapePendingSince = Self.now()
                    handle(decoder.feed(buffer[0..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // The terminal hung up or stdin closed: nobody is there to choose.
                    controller.apply(.interrupt(signal: SIGHUP))
                }
            }
        }
        return controller.state.outcome
    }

    var escapePendingSince = 0.0

    private func pendingEscapeExpired() -> Bool {
        Self.now() - escapePendingSince >= Double(options.escapeDelayMilliseconds) / 1000
    }

    /// No timeout while idle; the next frame's time while animating; the escape delay while a key is half-read.
    private func timeout() -> Int32 {
        var milliseconds: Int32 = -1
        if let animation {
            let next = animation.stepStart + Motion.frameInterval * (((Self.now() - animation.stepStart) / Motion.frameInterval).rounded(.down) + 1)
            milliseconds = Int32(max(0, (next - Self.now()) * 1000).rounded(.up))
        }
        if decoder.hasPending {
            let remaining = Int32(max(0, (escapePendingSince + Double(options.escapeDelayMilliseconds) / 1000 - Self.now()) * 1000).rounded(.up))
            milliseconds = milliseconds < 0 ? remaining : min(milliseconds, remaining)
        }
        return milliseconds
    }

    /// The watched file changed: load it again, keep the page (or the nearest), or show its error.
    private mutating func reload() {
        guard let watch = options.watch else { return }
        finishAnimation()
        switch watch.reload() {
        case .success(let tour):
            let page = min(controller.state.currentPage, tour.pages.count - 1)
            var reloaded = PagerController(tour: tour, startPage: page)
            reloaded.mouseEnabled = options.mouse
            controller = reloaded
            contentError = nil
            revealed.insert(page)
            watcher?.watch(watch.files())
            show(controller.renderWithLayout(size: screen.size, glyphs: glyphs))
        case .failure(let error):
            contentError = error.description
            show((ErrorScreen.render(message: error.description, size: screen.size, glyphs: glyphs), PageView.Layout()))
        }
    }

    private mutating func handle(_ keys: [Key]) {
        guard !keys.isEmpty else { return }
        if contentError != nil {
            // Only leaving works while the file is broken.
            for key in keys {
                switch key {
                case .character("q"), .escape: controller.apply(.skip)
                case .controlC: controller.apply(.interrupt)
                default: continue
                }
                return
            }
            return
        }
        // A key during an animation ends it at once; then the key is acted on.
        finishAnimation()
        let pageBefore = controller.state.currentPage
        var needsRedraw = false
        var lastAction: PagerAction? = nil
        for key in keys {
            guard controller.state.outcome.isRunning else { break }
            let effect = controller.handle(key, screen: screen.size)
            if let change = effect.pageChange {
                options.onPageChange?(change.fromPage, change.toPage)
                lastAction = effect.action
            }
            needsRedraw = needsRedraw || effect.needsRedraw
        }
        guard needsRedraw, controller.state.outcome.isRunning else { return }
        let pageAfter = controller.state.currentPage
        // Swipes slide; jumps (Home, End, digits, dots) cut. Many keys at once slide only once.
        var slide: Bool? = nil
        if pageAfter != pageBefore, let lastAction, abs(pageAfter - pageBefore) == 1 {
            switch lastAction {
            case .next, .previous, .advance: slide = pageAfter > pageBefore
            default: break
            }
        }
        present(slide: slide)
    }

    /// Shows the current state: at once, or sliding in (`slide` says forward or backward),
    /// with the hero revealing itself on a page's first appearance.
    private mutating func present(slide forward: Bool?) {
        let target = controller.renderWithLayout(size: screen.size, glyphs: glyphs)
        let page = controller.state.currentPage
        guard options.animation, !controller.isShowingHelp else {
            revealed.insert(page)
            show(target)
            return
        }
        var steps: [Animation.Step] = []
        if let forward, let previous = shown, previous.canvas.size == target.canvas.size {
            let rows = Self.movingRows(previous.layout, target.layout)
            let transition = SlideTransition(from: previous.canvas, to: target.canvas, forward: forward, rows: rows)
            steps.append(Animation.Step(duration: Motion.slideDuration, frame: transition.frame(at:)))
        }
        if !revealed.contains(page), let hero = target.layout.parts.hero {
            let reveal = HeroReveal(canvas: target.canvas, hero: hero)
            steps.append(Animation.Step(duration: Motion.revealDuration, frame: reveal.frame(at:)))
        }
        revealed.insert(page)
        guard let first = steps.first else {
            show(target)
            return
        }
        shown = target
        animation = Animation(steps: steps, stepStart: Self.now(), final: target.canvas)
        draw(first.frame(0))
    }

    /// The rows that move in a slide: the page bodies of both pages, not the dots or the button.
    private static func movingRows(_ a: PageView.Layout, _ b: PageView.Layout) -> Range<Int> {
        let areas = [a.body, b.body].compactMap { $0 }
        guard let top = areas.map(\.y).min(), let bottom = areas.map({ $0.y + $0.height }).max() else { return 0..<0 }
        return top..<bottom
    }

    private mutating func advanceAnimation() {
        guard var current = animation, let step = current.steps.first else { return }
        let progress = (Self.now() - current.stepStart) / step.duration
        if progress < 1 {
            draw(step.frame(progress))
            return
        }
        current.steps.removeFirst()
        if let next = current.steps.first {
            current.stepStart = Self.now()
            animation = current
            draw(next.frame(0))
        } else {
            animation = nil
            draw(current.final)
        }
    }

    private mutating func finishAnimation() {
        guard let current = animation else { return }
        animation = nil
        draw(current.final)
    }

    private mutating func show(_ target: (canvas: Canvas, layout: PageView.Layout)) {
        animation = nil
        shown = target
        draw(target.canvas)
    }

    private func draw(_ canvas: Canvas) {
        renderer.draw(canvas)
        screen.update()
    }

    private mutating func handleSignals(_ buffer: inout [UInt8]) {
        let count = read(signalPipe, &buffer, buffer.count)
        guard count > 0 else { return }
        var needsRedraw = false
        for signal in buffer[0..<count].map(Int32.init) {
            switch signal {
            case SIGINT, SIGTERM, SIGHUP:
                controller.apply(.interrupt(signal: signal))
                return
            case SIGWINCH:
                if screen.refreshSize() { renderer.invalidate() }
                needsRedraw = true
            case SIGTSTP:
                screen.suspend()
                tour_guard_suspend_self()
                screen.resume()
                renderer.invalidate()
                needsRedraw = true
            case SIGCONT:
                screen.resume()
                renderer.invalidate()
                needsRedraw = true
            default:
                break
            }
        }
        if needsRedraw {
            finishAnimation()
            if let contentError {
                show((ErrorScreen.render(message: contentError, size: screen.size, glyphs: glyphs), PageView.Layout()))
            } else {
                show(controller.renderWithLayout(size: screen.size, glyphs: glyphs))
            }
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }
}
