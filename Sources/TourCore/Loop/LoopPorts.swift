/// What the run loop hears, already sorted out of the terminal, the signal pipe and the
/// file watcher by whoever waits on them.
package enum LoopEvent: Equatable, Sendable {
    /// Bytes typed, clicked or answered: `KeyDecoder` takes them apart.
    case bytes([UInt8])
    /// The window changed size (SIGWINCH).
    case windowResized
    /// The process runs again after a stop that was not tour's own Ctrl-Z (SIGCONT).
    case continued
    /// Any other signal: the pager decides what it means (SIGINT, SIGTERM, SIGHUP).
    case signal(Int32)
    /// A watched file changed.
    case filesChanged
    /// Input is gone: end of file, or an error that will not pass.
    case inputClosed
}

/// Where the run loop's events come from: the terminal, or a test's script.
package protocol LoopInput {
    /// Waits until something happens, or `timeout` seconds pass (nil: no limit), and says
    /// what happened; nothing when the time passed. Watched files are heard only with
    /// `watchingFiles`: while a reload waits for quiet they are looked at once, at the wake.
    mutating func wait(timeout: Double?, watchingFiles: Bool) -> [LoopEvent]
    /// Whether a watched file changed since they were last heard (the news is taken).
    mutating func filesChangedSinceLastLook() -> Bool
}

/// Where the run loop's frames go: the terminal, or a test's record of them.
package protocol FrameSink {
    /// Shows `frame`, drawn from `pager`; without `sending`, only composes it, to be sent
    /// by `sendComposed` (the first frame, made while the terminal is asked).
    mutating func show(_ frame: (canvas: Canvas, layout: TourScreenView.Layout), of pager: PagerModel, sending: Bool)
    /// Sends the frame that `show(…, sending: false)` composed.
    mutating func sendComposed()
    /// Forgets what is on screen: the next frame is drawn whole.
    mutating func invalidate()
    /// The window's size after it changed.
    mutating func resized() -> Size
    /// The window's size once the process runs again.
    mutating func continued() -> Size
    /// Gives the terminal back and stops, as Ctrl-Z asks; once continued, takes the
    /// terminal again and says the window's size.
    mutating func suspend() -> Size
    /// Device-attribute answers (fences) came in with the input: the exit's drain waits
    /// for that many fewer.
    mutating func fencesAnswered(_ count: Int)
}
