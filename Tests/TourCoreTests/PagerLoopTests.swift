import Testing
@testable import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// The real run loop, driven in process: scripted bytes, signals and file changes in,
/// frames read from a recording sink. No pty, no terminal; the same `PagerLoop` the
/// terminal layer runs.
@Suite("The run loop, in process")
struct PagerLoopTests {
    /// A clock both the script and the loop read.
    final class Clock: @unchecked Sendable {
        var now = 100.0
    }

    /// Each wait takes the next step of the script. An empty step is a wait that runs to
    /// its timeout; past the end of the script, input closes.
    struct ScriptedInput: LoopInput {
        let clock: Clock
        var steps: [[LoopEvent]]
        var filesChangedAtWake = false
        /// Every timeout the loop waited with.
        var timeouts: [Double?] = []

        mutating func wait(timeout: Double?, watchingFiles: Bool) -> [LoopEvent] {
            timeouts.append(timeout)
            guard !steps.isEmpty else { return [.inputClosed] }
            let step = steps.removeFirst()
            clock.now += step.isEmpty ? (timeout ?? 1) : 0.01
            return step
        }

        mutating func filesChangedSinceLastLook() -> Bool {
            defer { filesChangedAtWake = false }
            return filesChangedAtWake
        }
    }

    /// Keeps every frame as a person would read it, and every call the loop made.
    struct RecordingSink: FrameSink {
        var frames: [(text: String, size: Size)] = []
        var calls: [String] = []
        var sizeAfterChange = Size(width: 80, height: 24)

        mutating func show(_ frame: (canvas: Canvas, layout: TourScreenView.Layout), of pager: PagerModel, sending: Bool) {
            frames.append((ScreenExport.text(frame.canvas), frame.canvas.size))
            calls.append(sending ? "show" : "compose")
        }
        mutating func sendComposed() { calls.append("sendComposed") }
        mutating func invalidate() { calls.append("invalidate") }
        mutating func resized() -> Size { calls.append("resized"); return sizeAfterChange }
        mutating func continued() -> Size { calls.append("continued"); return sizeAfterChange }
        mutating func suspend() -> Size { calls.append("suspend"); return sizeAfterChange }
        mutating func fencesAnswered(_ count: Int) { calls.append("fences \(count)") }
    }

    static let tour = Tour(pages: [
        Tour.Page(title: "First page"),
        Tour.Page(title: "Second page"),
        Tour.Page(title: "Third page"),
    ])

    typealias Loop = PagerLoop<ScriptedInput, RecordingSink>

    static func loop(_ steps: [[LoopEvent]], settings: PagerModel.Settings = .forTest(animation: false), tour: Tour = tour,
                     reload: (() -> Result<Tour, TourError>)? = nil, pageChanged: ((Int, Int) -> Void)? = nil) -> Loop {
        let clock = Clock()
        let pager = PagerModel(tour: tour, size: Size(width: 80, height: 24), settings: settings)
        return Loop(pager: pager, decoder: KeyDecoder(), input: ScriptedInput(clock: clock, steps: steps), sink: RecordingSink(),
                    clock: { clock.now }, reload: reload, pageChanged: pageChanged)
    }

    static func bytes(_ text: String) -> LoopEvent { .bytes(Array(text.utf8)) }

    @Test func keysTurnPagesFrameByFrameAndEnterOnTheLastFinishes() {
        var changes: [[Int]] = []
        var loop = Self.loop([[Self.bytes("\r")], [Self.bytes("\u{1B}[C")], [Self.bytes("\r")]], pageChanged: { changes.append([$0, $1]) })
        #expect(loop.run() == .completed)
        let titles = loop.sink.frames.map { frame in ["First", "Second", "Third"].first { frame.text.contains("\($0) page") } }
        #expect(titles == ["First", "Second", "Third"])
        #expect(loop.sink.frames.last?.text.contains("Get started") == true)
        #expect(changes == [[0, 1], [1, 2]])
    }

    @Test func aBurstOfKeysCostsOneFrame() {
        var loop = Self.loop([[Self.bytes("\r\u{1B}[C")], [.signal(SIGTERM)]])
        #expect(loop.run() == .interrupted(signal: SIGTERM))
        #expect(loop.sink.frames.count == 2)
        #expect(loop.sink.frames[1].text.contains("Third page"))
    }

    @Test func aLoneEscapeWaitsForTheRestOfASequenceThenCounts() {
        // Esc alone: the loop waits the escape delay, hears nothing more, and Esc skips.
        var loop = Self.loop([[Self.bytes("\u{1B}")], []])
        #expect(loop.run() == .skipped(atPage: 0))
        #expect(loop.input.timeouts.first == .some(nil))
        #expect(loop.input.timeouts.count == 2)
        #expect(loop.input.timeouts[1].map { $0 > 0 && $0 <= 0.1 } == true)
    }

    @Test func ctrlZStopsThroughTheSinkAndTheNextFrameHasTheSizeAfter() {
        // The terminal turns Ctrl-Z into SIGTSTP; the guard passes it on as a byte on its pipe.
        var loop = Self.loop([[.signal(SIGTSTP)], [Self.bytes("q")]])
        loop.sink.sizeAfterChange = Size(width: 100, height: 30)
        #expect(loop.run() == .skipped(atPage: 0))
        #expect(loop.sink.calls == ["show", "suspend", "invalidate", "show"])
        #expect(loop.sink.frames.map(\.size) == [Size(width: 80, height: 24), Size(width: 100, height: 30)])
    }

    @Test func aResizeAndAContinueRedrawAtTheSizeTheSinkReports() {
        var loop = Self.loop([[.windowResized], [.continued], [Self.bytes("q")]])
        loop.sink.sizeAfterChange = Size(width: 40, height: 12)
        _ = loop.run()
        #expect(loop.sink.calls == ["show", "resized", "invalidate", "show", "continued", "invalidate", "show"])
        #expect(loop.sink.frames.last?.size == Size(width: 40, height: 12))
    }

    @Test func signalsAndClosedInputEndTheRun() {
        var terminated = Self.loop([[.signal(SIGTERM)]])
        #expect(terminated.run() == .interrupted(signal: SIGTERM))
        var closed = Self.loop([[.inputClosed]])
        #expect(closed.run() == .interrupted(signal: SIGHUP))
        // A signal the pager does not act on changes nothing.
        var ignored = Self.loop([[.signal(SIGUSR1)], [Self.bytes("q")]])
        #expect(ignored.run() == .skipped(atPage: 0))
        #expect(ignored.sink.frames.count == 1)
    }

    @Test func aLateBackgroundAnswerRedrawsForItAndItsFenceIsCounted() {
        var settings = PagerModel.Settings.forTest(animation: false)
        settings.contrast = (.direct, .dark)
        settings.backgroundFromTerminal = true
        var loop = Self.loop([[Self.bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[?62;22c")], [Self.bytes("q")]], settings: settings)
        _ = loop.run()
        #expect(loop.sink.calls == ["show", "invalidate", "fences 1", "show"])
        #expect(loop.pager.settings.contrast?.background == .light)
    }

    @Test func aChangedFileIsReadOnceItIsQuietAndTheNewPagesShow() {
        var reads = 0
        let edited = Tour(pages: [Tour.Page(title: "Edited page")])
        var loop = Self.loop([[.filesChanged], [], [Self.bytes("q")]], reload: { reads += 1; return .success(edited) })
        _ = loop.run()
        #expect(reads == 1)
        // The wait after the change ran to the pager's wake, no further.
        #expect(loop.input.timeouts[1].map { abs($0 - PagerModel.reloadQuiet) < 0.05 } == true)
        #expect(loop.sink.frames.last?.text.contains("Edited page") == true)
    }

    @Test func aFileChangedAgainDuringTheWaitIsWaitedForAgain() {
        var reads = 0
        var loop = Self.loop([[.filesChanged], [], [], [Self.bytes("q")]], reload: { reads += 1; return .success(Self.tour) })
        loop.input.filesChangedAtWake = true
        _ = loop.run()
        #expect(reads == 1)
        #expect(loop.input.timeouts.count == 4)
    }

    @Test func theFirstFrameComposedWhileAskingIsSentFirst() {
        var loop = Self.loop([[Self.bytes("q")]])
        loop.composeFirstFrame()
        _ = loop.run()
        #expect(loop.sink.calls == ["compose", "sendComposed"])
    }
}
