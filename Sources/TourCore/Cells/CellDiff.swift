/// Which cells of a frame to send, given the frame on screen: the one comparison a frame
/// makes. Pure, so that what reaches the terminal is decided (and tested) here; the
/// terminal layer writes exactly these cells into ncurses, whose own refresh then looks
/// only at the rows they touched.
package enum CellDiff {
    /// Whether nothing on screen can be kept: no frame before, or one of another size.
    package static func erasesFirst(from previous: Canvas?, to next: Canvas) -> Bool {
        previous?.size != next.size
    }

    /// Calls `write` with each cell of `next`, within `columns` × `rows` (the window, which
    /// may have become smaller), that differs from `previous`, in order, without building
    /// a list: a 1000×300 window has 300,000 cells. A wide character's second cell is never
    /// written (the first one covers it), and a cell is written again when the cell to its
    /// right changes, since a wide character that was there may have spilled into it.
    /// Where the screen is erased first, only the cells that are not blank are written.
    package static func forEachChange(from previous: Canvas?, to next: Canvas, columns: Int, rows: Int,
                                      _ write: (_ x: Int, _ y: Int, _ cell: Cell) -> Void) {
        let kept = erasesFirst(from: previous, to: next) ? nil : previous
        let width = min(columns, next.size.width), height = min(rows, next.size.height)
        let blank = Cell.blank  // read once: a global's every read goes through swift_once
        guard let kept else {
            // Nothing to compare with (a first frame, a full redraw): every cell that is not
            // blank, read a row at a time.
            for y in 0..<max(0, height) {
                next.withRow(y) { row in
                    for x in 0..<max(0, width) where !row[x].isContinuation && row[x] != blank { write(x, y, row[x]) }
                }
            }
            return
        }
        for y in 0..<max(0, height) {
            for x in 0..<max(0, width) {
                let cell = next[x, y]
                if cell.isContinuation { continue }
                if kept[x, y] == cell, x + 1 >= width || kept[x + 1, y] == next[x + 1, y] { continue }
                write(x, y, cell)
            }
        }
    }
}
