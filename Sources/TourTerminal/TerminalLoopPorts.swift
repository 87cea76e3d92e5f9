import CTerminalGuard
import TourCore
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// The run loop's input from the terminal: one `poll` on stdin, the signal pipe and the
/// file watcher. While nothing moves there is no timeout at all, so the loop uses no CPU.
/// Signals arrive as bytes on that pipe, written by the guard's handlers, and are sorted
/// here, never in a handler.
struct TerminalInput: LoopInput {
    let screen: TerminalScreen
    let signalPipe: Int32
    let watcher: FileWatcher?
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init(screen: TerminalScreen, signalPipe: Int32, watcher: FileWatcher?) {
        (self.screen, self.signalPipe, self.watcher) = (screen, signalPipe, watcher)
    }

    mutating func wait(timeout: Double?, watchingFiles: Bool) -> [LoopEvent] {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalPipe, events: Int16(POLLIN), revents: 0),
            pollfd(fd: watchingFiles ? watcher?.descriptor ?? -1 : -1, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = timeout.map { Int32(($0 * 1000).rounded(.up)) } ?? -1
        let ready = poll(&fds, 3, milliseconds)
        if ready < 0 { return errno == EINTR ? [] : [.inputClosed] }
        var events: [LoopEvent] = []
        if fds[1].revents & Int16(POLLIN) != 0 {
            let count = read(signalPipe, &buffer, buffer.count)
            for signal in buffer[0..<max(0, count)].map(Int32.init) {
                switch signal {
                case SIGWINCH: events.append(.windowResized)
                case SIGCONT: events.append(.continued)
                default:
                    // Sent to the whole group, perhaps: the parent may die of it too.
                    if [SIGINT, SIGTERM, SIGHUP].contains(signal) { screen.endedBySignal = true }
                    events.append(.signal(signal))
                }
            }
        }
        if fds[2].revents & Int16(POLLIN) != 0, let watcher, watcher.drainEvents() { events.append(.filesChanged) }
        if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                events.append(.bytes(Array(buffer[0..<count])))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                events.append(.inputClosed)
            }
        }
        return events
    }

    mutating func filesChangedSinceLastLook() -> Bool {
        watcher?.drainEvents() == true
    }
}

/// The run loop's frames on the terminal: cells through ncurses, pictures in pixels
/// through their overlay, and the crash handler told what to take away.
struct TerminalFrames: FrameSink {
    let screen: TerminalScreen
    let renderer: CanvasRenderer
    /// The pictures drawn in pixels, when the terminal draws them.
    private(set) var overlay: PictureOverlay?

    init(screen: TerminalScreen, asciiOnly: Bool) {
        self.screen = screen
        renderer = CanvasRenderer(colors: screen.colors, asciiOnly: asciiOnly)
    }

    mutating func show(_ frame: (canvas: Canvas, layout: TourScreenView.Layout), of pager: PagerModel, sending: Bool) {
        // Not while composing: a picture's commands go out with the frame.
        if sending { startOverlayIfChosen(pager) }
        renderer.draw(frame.canvas)
        // The cursor rests on the button, where a screen reader's review cursor looks.
        let cursor = frame.layout.button.map { ($0.x, $0.y) }
        guard sending else { return screen.compose(cursor: cursor) }
        let pictures = overlay?.frame(showing: TourScreenView.pixelPicture(of: pager, layout: frame.layout)) ?? PictureOverlay.Commands()
        tellCrashHandlerThePicture()
        screen.update(cursor: cursor, before: pictures.before, repaint: pictures.repaint, after: pictures.after)
    }

    func sendComposed() {
        screen.sendComposed()
    }

    mutating func invalidate() {
        takeDownPicture(forget: false)
        renderer.invalidate()
    }

    mutating func resized() -> Size {
        takeDownPicture(forget: false)
        _ = screen.refreshSize()
        return screen.size
    }

    func continued() -> Size {
        _ = screen.refreshSize()
        return screen.size
    }

    mutating func suspend() -> Size {
        // The shell's screen gets no picture; the terminal may drop what the alternate screen held.
        takeDownPicture(forget: true)
        screen.suspend()
        tour_guard_suspend_self()
        screen.resume()
        return screen.size
    }

    func fencesAnswered(_ count: Int) {
        screen.fencesAnswered(count)
    }

    /// Frees every picture the terminal holds, while still on the alternate screen.
    mutating func finishPictures() {
        guard var shown = overlay else { return }
        screen.send(shown.finish())
        overlay = shown
    }

    /// Once the pager draws pictures in pixels (from the start, or after a late answer), the
    /// overlay that sends them; the crash handler learns how to take them away.
    private mutating func startOverlayIfChosen(_ pager: PagerModel) {
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
}
