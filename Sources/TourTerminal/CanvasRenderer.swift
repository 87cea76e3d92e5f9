import CNcurses
import TourCore

/// Copies a `Canvas` into ncurses' screen; `TerminalScreen.update()` then sends only what changed.
final class CanvasRenderer {
    private let colors: ColorSupport
    private let asciiOnly: Bool
    /// The canvas last copied in; cells equal to it are not touched again.
    private var previous: Canvas?

    init(colors: ColorSupport, asciiOnly: Bool) {
        self.colors = colors
        self.asciiOnly = asciiOnly
    }

    /// Forget what is on screen, so the next frame is copied in whole.
    func invalidate() {
        previous = nil
    }

    func draw(_ canvas: Canvas) {
        let window = tour_stdscr()
        let width = canvas.size.width
        let height = min(canvas.size.height, Int(tour_getmaxy(window)))
        let columns = min(width, Int(tour_getmaxx(window)))
        let reuse = previous?.size == canvas.size ? previous : nil
        if reuse == nil { werase(window) }
        var cell = cchar_t()
        var text = [wchar_t](repeating: 0, count: 6)
        for y in 0..<height {
            for x in 0..<columns {
                let current = canvas[x, y]
                if current.isContinuation { continue }
                // werase left every cell a plain blank (' ', no attributes, pair 0): most of
                // a first frame needs no call at all.
                if reuse == nil, current == Cell.blank { continue }
                if let reuse, reuse[x, y] == current, x + 1 >= columns || reuse[x + 1, y] == canvas[x + 1, y] { continue }
                fill(&text, with: current)
                let pair = colors.pair(foreground: current.style.foreground, background: current.style.background)
                _ = text.withUnsafeBufferPointer { buffer in
                    tour_setcchar(&cell, buffer.baseAddress, attributes(of: current.style), pair)
                }
                mvwadd_wch(window, Int32(y), Int32(x), &cell)
            }
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
