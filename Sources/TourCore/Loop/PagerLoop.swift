#if canImport(Glibc)
import Glibc
#endif

/// The pager's run loop: events in, frames out. It turns what `LoopInput` hears into
/// `PagerMessage`s, hands them to `PagerModel.update`, and carries out the effects that
/// come back through `FrameSink` and the closures it was given. The terminal layer gives it
/// the terminal; a test gives it a script and a record, and drives this very loop.
///
/// Effects never call `update` from inside themselves: a message an effect brings about
/// (the size after Ctrl-Z, a reloaded tour) waits in a queue and is sent after them.
package struct PagerLoop<Input: LoopInput, Sink: FrameSink> {
    package var input: Input
    package var sink: Sink
    package private(set) var pager: PagerModel
    package var decoder: KeyDecoder
    /// The time now, in seconds on a monotonic clock.
    private let clock: () -> Double
    /// Reads the tour again, for a watched tour; nil when nothing is watched.
    private let reload: (() -> Result<Tour, TourError>)?
    /// Told of each page change, with pages counted from 0 in the tour as written.
    private let pageChanged: ((_ from: Int, _ to: Int) -> Void)?

    /// The animation clock runs: the wait ends in time for the next frame.
    private var clockRunning = false
    /// When the pager asked to hear `.timer` (a reload waiting for its file to be quiet).
    private var wakeAt: Double?
    package private(set) var outcome: TourOutcome?
    /// Something asked for a frame; drawn once all input at hand is handled, so a burst
    /// of keys costs one frame, not one per key.
    private var needsDraw = false
    /// The first frame was composed and waits to be sent.
    private var firstFrameComposed = false
    /// Messages that effects brought about, sent once the effects before them are done.
    private var queued: [PagerMessage] = []

    package init(pager: PagerModel, decoder: KeyDecoder, input: Input, sink: Sink, clock: @escaping () -> Double,
                 reload: (() -> Result<Tour, TourError>)? = nil, pageChanged: ((_ from: Int, _ to: Int) -> Void)? = nil) {
        (self.pager, self.decoder, self.input, self.sink) = (pager, decoder, input, sink)
        (self.clock, self.reload, self.pageChanged) = (clock, reload, pageChanged)
    }

    /// The startup answers, once in, decide the same frame as the one composed: the pager
    /// keeps them, and the decoder goes on from where the questions left it.
    package mutating func keep(_ decided: StartupAnswers.Decided, decoder: KeyDecoder) {
        pager.keep(decided)
        self.decoder = decoder
    }

    /// Starts the pager and composes its first frame without sending it, while the
    /// terminal is asked; `run` sends it.
    package mutating func composeFirstFrame() {
        perform(pager.start(at: clock()))
        drawIfNeeded(sending: false)
        firstFrameComposed = true
    }

    /// Runs until the tour ends, and says how.
    package mutating func run() -> TourOutcome {
        if firstFrameComposed {
            sink.sendComposed()
        } else {
            perform(pager.start(at: clock()))
        }
        while outcome == nil {
            drawIfNeeded()
            let events = input.wait(timeout: timeout(), watchingFiles: wakeAt == nil)
            if let wake = wakeAt, clock() >= wake, outcome == nil {
                wakeAt = nil
                // Changed again during the wait: wait again; else the pager's time has come.
                send(input.filesChangedSinceLastLook() ? .fileChanged : .timer)
            }
            if events.isEmpty {
                if clockRunning { send(.tick) }
                // A lone Esc waits for the escape delay, so the rest of a sequence can arrive.
                for key in decoder.keysDue(at: clock()) where outcome == nil { send(.key(key)) }
                takeReplies()
                continue
            }
            for event in events where outcome == nil { handle(event) }
        }
        return outcome ?? .interrupted(signal: SIGHUP)
    }

    private mutating func handle(_ event: LoopEvent) {
        switch event {
        case .bytes(let bytes):
            for key in decoder.feed(bytes[...], at: clock()) where outcome == nil { send(.key(key)) }
            takeReplies()
        case .windowResized: send(.resized(sink.resized()))
        case .continued: send(.resumed(sink.continued()))
        case .signal(let number): send(.signal(number))
        case .filesChanged: send(.fileChanged)
        case .inputClosed: send(.inputClosed)
        }
    }

    /// Answers that arrived with the keys (late ones, on a slow link): the sink counts
    /// the fences among them, the pager may change its colors or its pictures.
    private mutating func takeReplies() {
        for reply in decoder.takeReplies() where outcome == nil {
            var heard = TerminalReplies()
            heard.note(reply)
            if heard.fences > 0 { sink.fencesAnswered(heard.fences) }
            send(.terminalReplied(reply))
        }
    }

    /// Sends `message`, then whatever its effects brought about, in order.
    private mutating func send(_ message: PagerMessage) {
        queued = [message]
        while !queued.isEmpty, outcome == nil {
            let next = queued.removeFirst()
            perform(pager.update(next, at: clock()))
        }
        queued.removeAll()
    }

    /// Carries out what the update function asked for, in order.
    private mutating func perform(_ effects: [PagerEffect]) {
        for effect in effects {
            switch effect {
            case .draw: needsDraw = true
            case .redrawAll:
                sink.invalidate()
                needsDraw = true
            case .wake(let time): wakeAt = time
            case .startClock: clockRunning = true
            case .stopClock: clockRunning = false
            case .pageChanged(let from, let to): pageChanged?(from, to)
            case .finish(let result): outcome = result
            case .suspend:
                // The shell's screen is left as the pager last drew it.
                drawIfNeeded()
                // The window may have changed size while stopped: the model hears the size it has now.
                queued.append(.resumed(sink.suspend()))
            case .reload:
                guard let reload else { break }
                queued.append(.reloaded(reload()))
            }
        }
    }

    /// Draws what was asked for; without `sending`, only composes it.
    private mutating func drawIfNeeded(sending: Bool = true) {
        guard needsDraw, outcome == nil else { return }
        needsDraw = false
        sink.show(TourScreenView.render(pager), of: pager, sending: sending)
    }

    /// No limit while idle; the next frame's time while animating; the rest of the escape
    /// delay while a key is half-read; the time the pager asked to be woken at.
    private func timeout() -> Double? {
        var seconds: Double? = clockRunning ? Motion.frameInterval : nil
        for deadline in [decoder.deadline, wakeAt].compactMap({ $0 }) {
            let remaining = max(0, deadline - clock())
            seconds = min(seconds ?? remaining, remaining)
        }
        return seconds
    }
}
