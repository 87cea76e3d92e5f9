import CNcurses
import TourCore

/// Copies a `Canvas` into ncurses' screen, only the cells `CellDiff` finds changed;
/// `TerminalScreen.update()` then sends them.
final class CanvasRenderer {
    private let colors: ColorSupport
    private let asciiOnly: Bool
    /// The canvas last copied in, what the next frame is compared with.
    private var previous: Canvas?

    init(colors: ColorSupport, asciiOnly: Bool) {
        self.colors = colors
        self.asciiOnly = asciiOnly
    }

    /// Forget what is on screen, so the next frame is copied in whole.
    func invalidate() {
        previous = nil
    }

    /// Writes the cells `CellDiff` says changed since the last frame.
    func draw(_ canvas: Canvas) {
        let window = tour_stdscr()
        if CellDiff.erasesFirst(from: previous, to: canvas) { werase(window) }
        var cell = cchar_t()
        var text = [wchar_t](repeating: 0, count: 6)
        CellDiff.forEachChange(from: previous, to: canvas, columns: Int(tour_getmaxx(window)), rows: Int(tour_getmaxy(window))) { x, y, change in
            fill(&text, with: change)
            let pair = colors.pair(foreground: change.style.foreground, background: change.style.background)
            _ = text.withUnsafeBufferPointer { buffer in
                tour_setcchar(&cell, buffer.baseAddress, attributes(of: change.style), pair)
            }
            mvwadd_wch(window, Int32(y), Int32(x), &cell)
        }
        previous = canvas.size.width * canvas.size.height <= Self.largestRemembered ? canvas : nil
    }

    /// Beyond this many cells the last frame is not kept: ncurses still sends only what
    /// changed (it compares its own screens), and a 1000×300 window saves 9.6 MiB a frame
    /// at the cost of copying every cell into ncurses again (about 10 ms there).
    static let largestRemembered = 100_000

    private func fill(_ text: inout [wchar_t], with cell: Cell) {
        var count = 0
        cell.forEachScalar { value in
            guard count == 0 || !asciiOnly else { return }
            let shown = asciiOnly && value > 0x7E ? 0x3F : value  // '?' where the locale cannot show it
            text[count] = wchar_t(truncatingIfNeeded: shown)  // Int32 on x86_64, UInt32 on aarch64
            count += 1
        }
        text[count] = 0
    }

    private func attributes(of style: Style) -> attr_t {
        var attributes = tour_a_normal()
        if style.bold { attributes |= tour_a_bold() }
        if style.dim { attributes |= tour_a_dim() }
        if style.reverse { attributes |= tour_a_reverse() }
        if style.underline { attributes |= tour_a_underline() }
        return attributes
    }
}
