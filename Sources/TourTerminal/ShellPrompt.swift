import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// The shell's prompt, when the shell took the terminal back (the tool that started tour
/// died) before tour left the alternate screen: the prompt it drew there is hidden.
enum ShellPrompt {
    /// Has the shell draw its prompt again, as after a resize (see `PromptRedraw`). Where
    /// the shell drew after tour left, this costs one more drawing of the same prompt.
    static func drawAgain() {
        var window = winsize()
        guard ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &window) == 0,
              let redraw = PromptRedraw(rows: Int(window.ws_row), columns: Int(window.ws_col),
                                        terminalPath: ttyname(STDIN_FILENO).map { String(cString: $0) }) else { return }
        var nudged = window
        nudged.ws_row = UInt16(redraw.nudgedRows)
        guard ioctl(STDIN_FILENO, UInt(TIOCSWINSZ), &nudged) == 0 else { return }
        usleep(useconds_t(PromptRedraw.settleSeconds * 1_000_000))
        var seen = winsize()
        if ioctl(STDIN_FILENO, UInt(TIOCGWINSZ), &seen) == 0, redraw.putsBack(seenRows: Int(seen.ws_row), seenColumns: Int(seen.ws_col)) {
            _ = ioctl(STDIN_FILENO, UInt(TIOCSWINSZ), &window)
        }
    }
}
