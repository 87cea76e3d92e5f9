import CNcurses
import CTerminalGuard
import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// Runs a tour full screen: reads keys, feeds the paging state machine, draws each new state.
///
/// The loop sleeps in `poll` on the terminal and on the signal pipe with no timeout,
/// so it uses no CPU while idle. Signals arrive as bytes on that pipe and are handled
/// here, in normal context, never inside a signal handler.
public enum FullScreenPager {
    public struct Options {
        public var startPage: Int = 0
        public var colorMode: ColorMode = .automatic
        /// How long to wait after ESC for the rest of a key sequence.
        public var escapeDelayMilliseconds: Int32 = 25
        /// Draw ASCII only, for terminals whose locale is not UTF-8.
        public var asciiOnly: Bool = false
        public var onPageChange: ((_ from: Int, _ to: Int) -> Void)? = nil

        public init() {}
    }

    /// Returns how the tour ended and the page on screen then (counted from 0).
    public static func run(_ tour: Tour, options: Options) throws(TerminalUnavailable) -> (PagerOutcome, Int) {
        let restore = Array(TerminalScreen.crashRestoreSequence.utf8)
        let signalPipe = restore.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tour_guard_install(STDIN_FILENO, STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
        guard signalPipe >= 0 else { throw TerminalUnavailable(reason: "cannot create the signal pipe") }
        defer { tour_guard_uninstall() }

        let screen = try TerminalScreen(colorMode: options.colorMode, environment: TerminalEnvironment.current(), mouse: false)
        defer { screen.close() }
        var loop = RunLoop(
            screen: screen, signalPipe: signalPipe, options: options,
            controller: PagerController(tour: tour, startPage: options.startPage))
        let outcome = loop.run()
        return (outcome, loop.controller.state.currentPage)
    }
}

private struct RunLoop {
    let screen: TerminalScreen
    let signalPipe: Int32
    let options: FullScreenPager.Options
    var controller: PagerController
    let renderer: CanvasRenderer
    var decoder = KeyDecoder()

    init(screen: TerminalScreen, signalPipe: Int32, options: FullScreenPager.Options, controller: PagerController) {
        self.screen = screen
        self.signalPipe = signalPipe
        self.options = options
        self.controller = controller
        self.renderer = CanvasRenderer(colors: screen.colors, asciiOnly: options.asciiOnly)
    }

    private var glyphs: Glyphs { options.asciiOnly ? .ascii : .unicode }

    mutating func run() -> PagerOutcome {
        draw()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while controller.state.outcome.isRunning {
            var fds = [
                pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
            ]
            let timeout: Int32 = decoder.hasPending ? options.escapeDelayMilliseconds : -1
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                controller.apply(.interrupt(signal: SIGHUP))
                break
            }
            if ready == 0 {
                handle(decoder.flushPending())
                continue
            }
            if fds[1].revents & Int16(POLLIN) != 0 {
                handleSignals(&buffer)
                if !controller.state.outcome.isRunning { break }
            }
            if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 {
                    handle(decoder.feed(buffer[0..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    // The terminal hung up or stdin closed: nobody is there to choose.
                    controller.apply(.interrupt(signal: SIGHUP))
                }
            }
        }
        return controller.state.outcome
    }

    private mutating func handle(_ keys: [Key]) {
        guard !keys.isEmpty else { return }
        var changed = false
        for key in keys {
            guard controller.state.outcome.isRunning else { break }
            let effect = controller.handle(key, screen: screen.size)
            if let change = effect.pageChange { options.onPageChange?(change.fromPage, change.toPage) }
            changed = changed || effect.needsRedraw
        }
        if changed && controller.state.outcome.isRunning { draw() }
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
        if needsRedraw { draw() }
    }

    private func draw() {
        renderer.draw(controller.view(glyphs: glyphs).render(size: screen.size))
        screen.update()
    }
}
