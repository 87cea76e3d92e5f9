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
        let columns = Int(tour_getmaxx(window)), rows = Int(tour_getmaxy(window))
        if CellDiff.erasesFirst(from: previous, to: canvas) {
            werase(window)
            drawOnErased(canvas, into: window, columns: columns, rows: rows)
        } else {
            var cell = cchar_t()
            var text = [wchar_t](repeating: 0, count: 6)
            CellDiff.forEachChange(from: previous, to: canvas, columns: columns, rows: rows) { x, y, change in
                make(&cell, from: change, text: &text)
                mvwadd_wch(window, Int32(y), Int32(x), &cell)
            }
        }
        previous = canvas.size.width * canvas.size.height <= Self.largestRemembered ? canvas : nil
    }

    /// A whole frame onto the erased window (the first frame, and every full redraw): each
    /// run of neighbouring cells goes in with one `wadd_wchnstr`, and a cell of printable
    /// ASCII is its style's cell with the character set. Cell by cell, with `setcchar` and
    /// `mvwadd_wch` each, the first frame cost several times more. On an erased window
    /// the two calls agree: no half of a wide character is left to mend, and the window
    /// has no background of its own to mix in.
    private func drawOnErased(_ canvas: Canvas, into window: tour_window?, columns: Int, rows: Int) {
        var writer = RunWriter(window: window, capacity: columns)
        CellDiff.forEachChange(from: nil, to: canvas, columns: columns, rows: rows) { x, y, change in
            writer.add(change, x: x, y: y, renderer: self)
        }
        writer.flush()
    }

    /// The run being gathered. A struct the closure above changes in place: local variables
    /// that a closure and a nested function both changed were boxed, and each access was
    /// checked at run time (2,140 checks a frame).
    private struct RunWriter {
        let window: tour_window?
        var run: [cchar_t] = []
        var x = 0, y = -1
        var styled = cchar_t(), styledAs: Style? = nil
        var text = [wchar_t](repeating: 0, count: 6)

        init(window: tour_window?, capacity: Int) {
            self.window = window
            run.reserveCapacity(max(capacity, 0))
        }

        mutating func add(_ change: Cell, x: Int, y: Int, renderer: CanvasRenderer) {
            // A wide character takes two columns and one entry: what follows starts a run.
            if y != self.y || x != self.x + run.count {
                flush()
                self.x = x
                self.y = y
            }
            var cell: cchar_t
            if let character = change.printableASCII {
                if styledAs != change.style {
                    renderer.make(&styled, from: Cell(" ", style: change.style), text: &text)
                    styledAs = change.style
                }
                cell = styled
                cell.chars.0 = wchar_t(character)
            } else {
                cell = cchar_t()
                renderer.make(&cell, from: change, text: &text)
            }
            run.append(cell)
        }

        mutating func flush() {
            guard !run.isEmpty else { return }
            wmove(window, Int32(y), Int32(x))
            run.withUnsafeBufferPointer { _ = wadd_wchnstr(window, $0.baseAddress, Int32($0.count)) }
            run.removeAll(keepingCapacity: true)
        }
    }

    /// The ncurses cell for a canvas cell: its characters, attributes and color pair.
    private func make(_ cell: inout cchar_t, from change: Cell, text: inout [wchar_t]) {
        fill(&text, with: change)
        let pair = colors.pair(foreground: change.style.foreground, background: change.style.background)
        _ = text.withUnsafeBufferPointer { buffer in
            tour_setcchar(&cell, buffer.baseAddress, attributes(of: change.style), pair)
        }
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
