import CNcurses
import CTerminalGuard
import TourCore
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// The terminal while a tour owns it. Only this layer talks to ncurses.
///
/// ncurses draws into an in-memory file, not into the terminal: after each `doupdate()`
/// the bytes it produced (only the cells that changed) are copied to the terminal in one
/// `write`, wrapped in synchronized-update mode so no terminal shows half a frame.
/// Because ncurses never sees the terminal itself, this class sets the terminal modes.
final class TerminalScreen {
    private let screen: OpaquePointer
    private let frameBuffer: Int32
    private let frameFile: UnsafeMutablePointer<FILE>
    private let shellModes: termios?
    private(set) var size: Size
    let colors: ColorSupport
    /// Mouse reporting was asked for and the terminal has it.
    private let mouse: Bool
    /// Inside GNU screen, whose `altscreen` is off unless set: leaving the alternate screen
    /// does nothing there, and the last frame would stay under the prompt.
    private let clearsOnLeaving: Bool
    /// The private modes the terminal's entry allows.
    private let modes: PrivateModes
    /// Who is in front of the terminal, for the fence the drain asks so that its answer
    /// comes after everything the terminal sent: worked out once, by the session, which
    /// asks tmux; until then GNU screen is assumed from `STY` alone, so a crash while
    /// tmux is asked is still fenced behind screen.
    var multiplexer: Multiplexer {
        didSet { tellCrashHandlerTheFence() }
    }

    static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
    static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)
    /// Button presses, releases and wheel, reported in SGR form (no 223-column limit).
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1000l"

    /// What to write if the process crashes while the screen is ours: end synchronized
    /// output, stop every mouse mode, show the cursor, what ncurses set and never undoes
    /// (`HandBack`: the margins for the whole window before the entry is read), leave the
    /// alternate screen as the terminal's entry says to, once it is read (xterm's also pops
    /// the window title its entry pushed on the way in).
    static func crashRestoreSequence(handBack: String = "\u{1B}[r", leavingAlternateScreen: String = "\u{1B}[?1049l") -> String {
        "\u{1B}[?2026l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?25h" + handBack + leavingAlternateScreen + "\r\n"
    }

    /// What `endwin` leaves set, written before it (see `HandBack`).
    private let handBackBytes: [UInt8]

    /// Takes over the terminal. Fails when TERM names no terminal terminfo knows.
    /// Runs inside CharacterLocale.withEnvironment, which sets LC_CTYPE (all ncurses needs
    /// for wide characters) and gives the tool its own back; no other category is touched.
    init(colorMode: ColorMode, environment: TerminalEnvironment, mouse: Bool) throws(TerminalUnavailable) {
        let descriptor = tour_frame_buffer_create()
        guard descriptor >= 0, let file = fdopen(descriptor, "w") else {
            throw TerminalUnavailable(reason: "cannot create a frame buffer")
        }
        let size = Self.currentSize() ?? Size(width: 80, height: 24)
        // ncurses writes to the frame buffer, so it cannot ask the terminal its size: it
        // is told it (resizeterm, below) instead of reading LINES and COLUMNS, which
        // would mean changing the host process's environment behind its back.
        use_env(false)
        let newScreen: OpaquePointer? = {
            // Direct (24-bit) color needs a "-direct" terminfo entry; fall back to TERM's own.
            if colorMode == .automatic, environment.wantsTrueColor, let direct = environment.directColorTerminalName {
                if let screen = Self.newScreen(terminal: direct, file: file) { return screen }
            }
            return environment.term.flatMap { Self.newScreen(terminal: $0, file: file) }
        }()
        guard let newScreen else {
            fclose(file)
            throw TerminalUnavailable(reason: "the terminal type is unknown to terminfo")
        }
        resizeterm(Int32(max(1, size.height)), Int32(max(1, size.width)))
        screen = newScreen
        frameBuffer = descriptor
        frameFile = file
        self.size = size
        modes = PrivateModes(cursorAddress: tour_cursor_address().map { String(cString: $0) },
                             keyMouse: tour_key_mouse().map { String(cString: $0) })
        self.mouse = mouse && modes.mouse
        clearsOnLeaving = environment.insideGNUScreen
        // Until the session's answer: the same rule, with tmux not yet asked.
        multiplexer = Multiplexer.detect(insideTmux: environment.insideTmux, tmuxAllowsPassthrough: { false },
                                         insideGNUScreen: environment.insideGNUScreen)

        var modes = termios()
        shellModes = tcgetattr(STDIN_FILENO, &modes) == 0 ? modes : nil
        Self.setProgramModes(from: shellModes)
        // Keys typed before the tour is up were meant for the tool (a query, then Enter),
        // not for pages the person has not seen: none of them turns a page.
        if shellModes != nil { tcflush(STDIN_FILENO, TCIFLUSH) }
        nonl()  // the terminal translates no newlines (see setProgramModes); tell ncurses
        // The cursor is placed after each frame (on the focused button), hidden or not:
        // a screen reader's review cursor follows it.
        leaveok(tour_stdscr(), false)
        colors = ColorSupport(mode: colorMode)
        let handBack = HandBack(speaksECMA48: self.modes.speaksECMA48, setsScrollRegion: tour_scroll_region(0, 0) != nil,
                                initStrings: [tour_enable_acs(), tour_init_2string()].compactMap { $0.map { String(cString: $0) } }).bytes
        handBackBytes = Array(handBack.utf8)
        if let leaving = tour_exit_ca_mode().map({ String(cString: $0) }), leaving.hasPrefix("\u{1B}[") {
            let restore = Array(Self.crashRestoreSequence(handBack: handBack, leavingAlternateScreen: leaving).utf8)
            restore.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { tour_guard_set_restore_sequence($0.baseAddress, $0.count) }
            }
        }
        curs_set(0)  // which also writes out what ncurses holds of its set-up
        Self.appendScrollMargins(rows: size.height, to: descriptor)
        if self.mouse { setupTail = Array(Self.mouseOn.utf8) }
        // The set-up (the alternate screen, the modes) is not written yet: it goes out in
        // one write after the start-up questions (`ask`), or alone (`sendSetup`).
        tellCrashHandlerTheFence()
    }

    /// What follows ncurses' own set-up, in whichever write sends it first: the mouse turned on.
    private var setupTail: [UInt8] = []
    /// The set-up went out: the terminal shows tour's screen.
    private var screenTaken = false

    /// Writes the set-up, where `ask` did not: the terminal is not asked anything.
    func sendSetup() {
        sendPending(synchronized: false)
    }

    /// Gives the terminal back as it was, for good: `handBack()`, then ncurses' screen is freed.
    func close() {
        handBack()
        delscreen(screen)
        fclose(frameFile)
    }

    /// Hands the terminal to the shell for Ctrl-Z; `resume()` takes it back after `fg`.
    func suspend() {
        handBack()
    }

    /// Shell modes, normal screen, cursor, no mouse, and nothing the terminal sent left
    /// for the shell: what closing and suspending share.
    private func handBack() {
        tour_guard_note_screen_up(0)
        setupTail = []  // a mouse never turned on is not turned on on the way out
        // The tool tour follows died: the signal handler gave the terminal back already,
        // and the shell may be printing its prompt. ncurses is let go without a byte.
        guard tour_guard_handed_back() == 0 else {
            endwin()
            dropComposed()
            if tour_guard_shell_drew_first() != 0 { ShellPrompt.drawAgain() }
            return
        }
        if mouse { writeToTerminal(Array(Self.mouseOff.utf8)) }
        // Before endwin, which moves the cursor to the last row by absolute address.
        if !handBackBytes.isEmpty { writeToTerminal(handBackBytes) }
        clearBeforeLeaving()
        endwin()
        sendPending(synchronized: false)
        let shellHadTerminal = tour_guard_terminal_is_ours() == 0
        drainInput()
        restoreShellModes()
        if shellHadTerminal { ShellPrompt.drawAgain() }
    }

    /// Where leaving the alternate screen may not restore what was there (GNU screen), the
    /// frame is erased first, so the shell comes back on a clean screen rather than under
    /// the tour. With an alternate screen this only clears the screen that is left.
    private func clearBeforeLeaving() {
        if clearsOnLeaving { writeToTerminal(Array("\u{1B}[H\u{1B}[2J".utf8)) }
    }

    /// Device-attribute answers still to come: one for each fence sent and not yet seen.
    /// The crash handler knows the count too, so a crash drains them.
    private var fencesOutstanding = 0 {
        didSet { tour_guard_note_fences(Int32(fencesOutstanding)) }
    }

    /// When the start-up questions went out, how long an answer was waited for, and how
    /// many fences they asked.
    private var asked: (at: Double, lateLimit: Double, fences: Int)?
    /// The start-up fences answered so far, and when the last of them came.
    private var startupAnswers = 0
    private var slowestStartupAnswer: Double?
    /// A drain is reading: its fence's answers are not the start-up's.
    private var draining = false

    /// `count` device-attribute answers (fences) came: one fewer to wait for each, and
    /// those the start-up questions asked for tell how slow the link is.
    func fencesAnswered(_ count: Int) {
        for _ in 0..<max(0, count) {
            fencesOutstanding = max(0, fencesOutstanding - 1)
            if !draining, let asked, startupAnswers < asked.fences {
                startupAnswers += 1
                slowestStartupAnswer = Self.monotonicSeconds() - asked.at
                tellCrashHandlerTheFence()
            }
        }
    }

    /// Takes the answers out of `bytes` into `replies`, and counts the fences among them.
    private func take(_ bytes: ArraySlice<UInt8>, through decoder: inout KeyDecoder, into replies: inout TerminalReplies) {
        _ = decoder.feed(bytes, at: Self.monotonicSeconds())
        let fencesBefore = replies.fences
        for reply in decoder.takeReplies() { replies.note(reply) }
        fencesAnswered(replies.fences - fencesBefore)
    }

    /// How a drain now goes, from what the start-up questions showed.
    private var exitDrain: ExitDrain {
        let evidence = asked.map { asked in
            ExitDrain.Evidence(fencesAsked: asked.fences, fencesAnswered: startupAnswers, slowestAnswer: slowestStartupAnswer,
                               secondsSinceAsked: Self.monotonicSeconds() - asked.at, lateLimit: asked.lateLimit)
        }
        return ExitDrain.plan(through: multiplexer, evidence: evidence)
    }

    /// The crash handler's drain asks what this one would (it waits its own 300 ms).
    private func tellCrashHandlerTheFence() {
        let fence = exitDrain.fence ?? ExitFence(through: multiplexer)
        fence.bytes.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tour_guard_set_exit_fence($0.baseAddress, $0.count, Int32(fence.fences)) }
        }
    }

    /// The run ends on a signal the whole process group may have got: Ctrl-C, SIGTERM, SIGHUP.
    var endedBySignal = false
    /// How long an exit on a signal the whole process group may have had (Ctrl-C, a
    /// SIGTERM or SIGHUP to the group) waits to see whether the tool that started tour dies
    /// of it too: one that does not ignore it dies within a millisecond or two.
    static let parentDeathWait = 0.03

    /// Reads and drops what the terminal sends until it answers a fence sent now (the
    /// device attributes, which come after every mouse report and answer sent before
    /// them), or the wait `ExitDrain` gives (longer on a link that was slow to answer at
    /// start): a fast click's release, a late answer to the start-up questions or the
    /// fence's own answer never reaches the shell. A terminal that does not speak ECMA-48
    /// is not asked; what arrived from it is flushed.
    private func drainInput() {
        // Once the shell has the terminal back (the parent died of the same Ctrl-C), its
        // input is the shell's: ask nothing, flush nothing. After a signal to the group the
        // tool may be about to die of it: it is given a moment to, so the check below sees it.
        if endedBySignal {
            let start = Self.monotonicSeconds()
            while tour_guard_terminal_is_ours() != 0, tour_guard_parent_left() == 0,
                  Self.monotonicSeconds() - start < Self.parentDeathWait { usleep(2_000) }
        }
        guard tour_guard_terminal_is_ours() != 0 else { return }
        defer { tcflush(STDIN_FILENO, TCIFLUSH) }
        // With the tool that started tour gone (killed, or a launcher that did not wait), a
        // shell may take the terminal at any moment and read the fence's answer as typed
        // keys: nothing is asked, what came is flushed.
        guard modes.speaksECMA48, tour_guard_parent_left() == 0 else { return }
        let drain = exitDrain
        guard let fence = drain.fence else { return }
        writeToTerminal(fence.bytes)
        fencesOutstanding += fence.fences
        draining = true
        defer { draining = false }
        var decoder = KeyDecoder()
        var heard = TerminalReplies()
        TimedRead.read(STDIN_FILENO, for: drain.wait, until: { fencesOutstanding == 0 }) { bytes in
            take(bytes, through: &decoder, into: &heard)
        }
        fencesOutstanding = 0
    }

    /// The clock of the input loop and the key decoder.
    static func monotonicSeconds() -> Double { TimedRead.now() }

    func resume() {
        tour_guard_note_screen_up(1)
        Self.setProgramModes(from: shellModes)
        if mouse { writeToTerminal(Array(Self.mouseOn.utf8)) }
        refreshSize()
        // The shell may have drawn anything meanwhile: repaint every cell.
        clearok(tour_curscr(), true)
    }

    /// Lets ncurses send what changed since the last frame, as one synchronized write,
    /// leaving the cursor at `cursor` (column, row) when given. A picture drawn in pixels
    /// goes in the same write: what takes the last one away `before` the cells (with the
    /// `repaint` rows written again in full, where a sixel's pixels were erased), what
    /// draws the new one `after` them.
    func update(cursor: (x: Int, y: Int)? = nil, before: [UInt8] = [], repaint: Range<Int>? = nil, after: [UInt8] = []) {
        compose(cursor: cursor, repaint: repaint)
        sendPending(synchronized: true, before: before, after: after)
    }

    /// What `update` does but the write: the frame waits in the frame buffer for
    /// `sendComposed()`, or is dropped by `dropComposed()`. The first frame is composed
    /// while the start-up questions are out.
    func compose(cursor: (x: Int, y: Int)? = nil, repaint: Range<Int>? = nil) {
        if let cursor, cursor.y >= 0, cursor.y < size.height, cursor.x >= 0, cursor.x < size.width {
            wmove(tour_stdscr(), Int32(cursor.y), Int32(cursor.x))
        }
        if let repaint {
            let rows = repaint.clamped(to: 0..<size.height)
            if !rows.isEmpty { wredrawln(tour_stdscr(), Int32(rows.lowerBound), Int32(rows.count)) }
        }
        wnoutrefresh(tour_stdscr())
        doupdate()
    }

    /// Sends the frame `compose` left in the frame buffer.
    func sendComposed() {
        sendPending(synchronized: true)
    }

    /// Forgets the frame `compose` left in the frame buffer, which the terminal never saw:
    /// the next frame is written in full, from a cleared screen.
    func dropComposed() {
        ftruncate(frameBuffer, 0)
        lseek(frameBuffer, 0, SEEK_SET)
        clearok(tour_curscr(), true)
    }

    /// Writes `bytes` to the terminal now, outside any frame (a picture taken away).
    func send(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, tour_guard_handed_back() == 0 else { return }
        writeToTerminal(bytes)
    }

    /// One cell's size in pixels, as the window size says (`ws_xpixel` over `ws_col`);
    /// nil where the terminal leaves them 0, as many do.
    static func cellPixels() -> (width: Int, height: Int)? {
        var window = winsize()
        for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 {
            guard window.ws_col > 0, window.ws_row > 0, window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row else { return nil }
            return (Int(window.ws_xpixel) / Int(window.ws_col), Int(window.ws_ypixel) / Int(window.ws_row))
        }
        return nil
    }

    /// Asks the terminal `questions` (the color-scheme report, the background color, the
    /// pixel questions, the device attributes as the fence that every terminal answers,
    /// wrapped for a multiplexer in front of it), then writes the set-up; `awaitAnswers`
    /// reads what comes. False, and nothing written, where the terminal does not
    /// speak ECMA-48 (a VT52 would show the questions as text). From now on `decoder`
    /// waits for a late answer, up to `lateLimit` seconds, once the tour is up: no answer
    /// is ever a key.
    func ask(_ questions: StartupQuestions, lateLimit: Double, decoder: inout KeyDecoder) -> Bool {
        guard modes.speaksECMA48 else { return false }
        // The questions, then the set-up, in one write. Questions first: tmux 3.3 drops a
        // passthrough sequence that it reads in the same batch as the switch to the
        // alternate screen (the pane waits for its redraw), and whether the two writes
        // came in one batch was up to timing. One write: the terminal has both at once
        // (one packet over ssh), and answers sooner.
        sendPending(synchronized: false, before: questions.bytes)
        fencesOutstanding += questions.fences
        let start = Self.monotonicSeconds()
        asked = (start, lateLimit, questions.fences)
        decoder.awaitingRepliesUntil = start + lateLimit
        return true
    }

    /// Reads the answers to what `ask` sent until every fence has come or `deadline`
    /// seconds after it was sent, whichever is first, so a terminal that knows none of the
    /// questions costs no wait beyond its DA1 and one that answers nothing at most
    /// `deadline`. The bytes go through `decoder`; keys typed meanwhile came before the
    /// first frame, and are dropped as those typed before the start are.
    func awaitAnswers(to questions: StartupQuestions, deadline seconds: Double, decoder: inout KeyDecoder) -> TerminalReplies {
        var replies = TerminalReplies()
        guard let asked else { return replies }
        // What came while the first frame was composed is read even past the deadline.
        let remaining = max(0.001, asked.at + seconds - Self.monotonicSeconds())
        TimedRead.read(STDIN_FILENO, for: remaining, until: { replies.fences >= questions.fences }) { bytes in
            take(bytes, through: &decoder, into: &replies)
        }
        return replies
    }

    /// Reads the window size from the terminal and tells ncurses; returns true if it changed.
    @discardableResult
    func refreshSize() -> Bool {
        guard let newSize = Self.currentSize(), newSize != size else { return false }
        size = newSize
        resizeterm(Int32(max(1, newSize.height)), Int32(max(1, newSize.width)))
        Self.appendScrollMargins(rows: newSize.height, to: frameBuffer)
        // Setting margins homes the cursor: the next frame is drawn whole, by absolute address.
        clearok(tour_curscr(), true)
        return true
    }

    /// Margins for the whole window, after what ncurses wrote to the frame buffer. ncurses
    /// sets them at start for the terminfo entry's size (24 rows for most), before it is
    /// told the window's: without this they would stay 24 rows high in a taller window,
    /// for the shell too once tour is gone.
    private static func appendScrollMargins(rows: Int, to frameBuffer: Int32) {
        guard let margins = tour_scroll_region(0, Int32(max(1, rows)) - 1) else { return }
        let bytes = Array(String(cString: margins).utf8)
        _ = FileSystem.writeAll(bytes, to: frameBuffer)
    }

    /// An ncurses screen for `terminal`: from the system's terminfo database, else from the
    /// entry built into tour (BuiltInTerminfo), which ncurses reads from TERMINFO="b64:…".
    /// TERMINFO is set only for that one call and then given back as it was.
    private static func newScreen(terminal: String, file: UnsafeMutablePointer<FILE>) -> OpaquePointer? {
        if let screen = newterm(terminal, file, tour_stdin()) { return screen }
        guard let entry = BuiltInTerminfo.base64Entry(named: terminal) else { return nil }
        let previous = TerminalEnvironment.variable("TERMINFO")
        setenv("TERMINFO", "b64:" + entry.description, 1)
        defer {
            if let previous { setenv("TERMINFO", previous, 1) } else { unsetenv("TERMINFO") }
        }
        return newterm(terminal, file, tour_stdin())
    }

    /// Copies what ncurses wrote into the frame buffer to the terminal, in one write.
    private func sendPending(synchronized: Bool, before: [UInt8] = [], after: [UInt8] = []) {
        // The first write takes the screen (the set-up goes with it); from then on a dead
        // host's SIGTERM gives it back at once.
        if !screenTaken {
            screenTaken = true
            tour_guard_note_screen_up(1)
        }
        let length = lseek(frameBuffer, 0, SEEK_CUR)
        guard length > 0 || !before.isEmpty || !setupTail.isEmpty || !after.isEmpty else { return }
        var bytes = [UInt8](repeating: 0, count: max(0, Int(length)))
        let read = length > 0 ? bytes.withUnsafeMutableBytes { pread(frameBuffer, $0.baseAddress, Int(length), 0) } : 0
        ftruncate(frameBuffer, 0)
        lseek(frameBuffer, 0, SEEK_SET)
        guard read >= 0 else { return }
        let cells = colors.depth == .direct ? TruecolorForm.semicolons(Array(bytes[0..<read])) : Array(bytes[0..<read])
        let frame = before + cells + setupTail + after
        setupTail = []
        if synchronized && modes.synchronizedOutput {
            writeToTerminal(Self.beginSynchronizedUpdate + frame + Self.endSynchronizedUpdate)
        } else {
            writeToTerminal(frame)
        }
    }

    private func writeToTerminal(_ bytes: [UInt8]) {
        // A terminal that is gone is noticed by the run loop on its next read.
        _ = FileSystem.writeAll(bytes, to: STDOUT_FILENO)
    }

    /// Like ncurses' cbreak + noecho + nonl: keys arrive one by one and are not echoed,
    /// Ctrl-C and Ctrl-Z still raise signals, and no newline is translated either way.
    private static func setProgramModes(from shell: termios?) {
        guard var modes = shell else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
        modes.c_iflag &= ~tcflag_t(ICRNL | INLCR | IGNCR | IXON)
        modes.c_oflag &= ~tcflag_t(ONLCR)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSADRAIN, &modes)
        tour_guard_note_program_modes()
    }

    private func restoreShellModes() {
        guard var modes = shellModes else { return }
        _ = tour_guard_give_modes_back(&modes, TCSADRAIN)
    }

    private static func currentSize() -> Size? {
        var window = winsize()
        for descriptor in [STDOUT_FILENO, STDIN_FILENO] {
            if ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                return Size(width: Int(window.ws_col), height: Int(window.ws_row))
            }
        }
        return nil
    }
}

/// No terminal could be set up; plain text is the fallback.
package struct TerminalUnavailable: Error, Sendable {
    /// Why not.
    package var reason: String
}

/// The ncurses library loaded at run time, for `tour --version --verbose`.
package enum NcursesLibrary {
    /// "ncurses 6.4.20221231".
    package static var version: String {
        curses_version().map { String(cString: $0) } ?? "ncurses (version unknown)"
    }
}
