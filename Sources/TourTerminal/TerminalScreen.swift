import CNcurses
import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// The terminal while a tour owns it: ncurses set up on the process's stdin/stdout.
/// Only this layer talks to ncurses.
final class TerminalScreen {
    private let screen: OpaquePointer
    private(set) var size: Size
    let colors: ColorSupport

    /// What to write if the process crashes while the screen is ours: leave the alternate
    /// screen, show the cursor, stop every mouse mode, end synchronized output.
    static let crashRestoreSequence = "\u{1B}[?2026l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l\r\n"

    /// Takes over the terminal. Fails when TERM names no known terminal.
    init(colorMode: ColorMode) throws(TerminalUnavailable) {
        setlocale(LC_ALL, "")
        // newterm, not initscr: initscr exits the process when TERM is unknown.
        guard let screen = newterm(nil, tour_stdout(), tour_stdin()) else {
            throw TerminalUnavailable(reason: "the terminal type is unknown to terminfo")
        }
        self.screen = screen
        cbreak()  // Ctrl-C and Ctrl-Z still raise signals, which the guard relays
        noecho()
        nonl()
        intrflush(tour_stdscr(), false)
        leaveok(tour_stdscr(), true)
        curs_set(0)
        colors = ColorSupport(mode: colorMode)
        size = Self.currentSize()
        if size.width != Int(tour_cols()) || size.height != Int(tour_lines()) {
            resizeterm(Int32(size.height), Int32(size.width))
        }
    }

    /// Gives the terminal back as it was: shell modes, normal screen, cursor.
    func close() {
        endwin()
        fflush(tour_stdout())
        delscreen(screen)
    }

    /// Hands the terminal to the shell for Ctrl-Z; `resume()` takes it back after `fg`.
    func suspend() {
        endwin()
        fflush(tour_stdout())
    }

    func resume() {
        refreshSize()
        // The shell may have drawn anything meanwhile: repaint every cell.
        clearok(tour_curscr(), true)
    }

    /// Reads the window size from the terminal and tells ncurses; returns true if it changed.
    @discardableResult
    func refreshSize() -> Bool {
        let newSize = Self.currentSize()
        guard newSize != size || Int(tour_cols()) != newSize.width || Int(tour_lines()) != newSize.height else { return false }
        size = newSize
        resizeterm(Int32(max(1, newSize.height)), Int32(max(1, newSize.width)))
        return true
    }

    private static func currentSize() -> Size {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return Size(width: Int(window.ws_col), height: Int(window.ws_row))
        }
        return Size(width: Int(tour_cols()), height: Int(tour_lines()))
    }
}

public struct TerminalUnavailable: Error, Sendable {
    public var reason: String
}
