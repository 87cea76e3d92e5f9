/// Which cells of a frame to send, given the frame on screen: the one comparison a frame
/// makes. Pure, so that what reaches the terminal is decided (and tested) here; the
/// terminal layer writes exactly these cells into ncurses, whose own refresh then looks
/// only at the rows they touched.
package enum CellDiff {
    /// One cell to write, at its column and row.
    package struct Change: Equatable, Sendable {
        package var x: Int
        package var y: Int
        package var cell: Cell
    }

    /// What a frame sends.
    package struct Frame: Equatable, Sendable {
        /// Nothing on screen can be kept (the first frame, a new size, a lost screen): it
        /// is erased to blanks first, and blank cells are not written again.
        package var erasesFirst: Bool
        package var changes: [Change]
    }

    /// The cells of `next`, within `columns` × `rows` (the window, which may have become
    /// smaller), that differ from `previous`. A wide character's second cell is never
    /// written (the first one covers it), and a cell is written again when the cell to
    /// its right changes, since a wide character that was there may have spilled into it.
    package static func frame(from previous: Canvas?, to next: Canvas, columns: Int, rows: Int) -> Frame {
        let kept = previous?.size == next.size ? previous : nil
        let width = min(columns, next.size.width), height = min(rows, next.size.height)
        var changes: [Change] = []
        for y in 0..<max(0, height) {
            for x in 0..<max(0, width) {
                let cell = next[x, y]
                if cell.isContinuation { continue }
                if let kept {
                    if kept[x, y] == cell, x + 1 >= width || kept[x + 1, y] == next[x + 1, y] { continue }
                } else if cell == Cell.blank {
                    continue
                }
                changes.append(Change(x: x, y: y, cell: cell))
            }
        }
        return Frame(erasesFirst: kept == nil, changes: changes)
    }
}
