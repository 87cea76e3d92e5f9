/// An off-screen grid of cells. Views draw here; only the terminal layer copies it to a terminal.
///
/// A canvas can also be a region of a larger one (see `withRegion`): the same cells,
/// seen through a smaller window whose (0, 0) is the region's top-left corner.
public struct Canvas: Equatable, Sendable {
    /// The size of the canvas (of the region, for a region).
    public let size: Size
    /// Every cell, row by row (of the whole canvas, for a region).
    package private(set) var cells: [Cell]
    /// Where this canvas' (0, 0) is in `cells`, and how long a row of `cells` is.
    private let originX: Int
    private let originY: Int
    private let stride: Int

    /// A canvas filled with `fill`.
    package init(size: Size, fill: Cell) {
        self.init(size: size)
        cells = Array(repeating: fill, count: size.width * size.height)
    }

    /// A blank canvas.
    public init(size: Size) {
        self.size = size
        self.cells = Array(repeating: .blank, count: size.width * size.height)
        self.originX = 0
        self.originY = 0
        self.stride = size.width
    }

    /// Every cell's style changed by `transform` (colors reduced to a terminal's, say).
    package mutating func mapStyles(_ transform: (Style) -> Style) {
        for index in cells.indices { cells[index].style = transform(cells[index].style) }
    }

    private init(regionOf size: Size, originX: Int, originY: Int, stride: Int) {
        self.size = size
        self.cells = []
        self.originX = originX
        self.originY = originY
        self.stride = stride
    }

    @inline(__always)
    private func index(_ x: Int, _ y: Int) -> Int {
        (originY + y) * stride + originX + x
    }

    /// The cell at a column and row; both must be inside the canvas.
    package subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell outside the canvas")
            return cells[index(x, y)]
        }
        set {
            precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell outside the canvas")
            cells[index(x, y)] = newValue
        }
    }

    /// Lets `body` read row `y`'s cells at once, without a bounds check for each.
    package func withRow<Result>(_ y: Int, _ body: (UnsafeBufferPointer<Cell>) -> Result) -> Result {
        precondition(y >= 0 && y < size.height, "row outside the canvas")
        let start = index(0, y)
        return cells.withUnsafeBufferPointer { all in body(UnsafeBufferPointer(rebasing: all[start..<start + size.width])) }
    }

    /// Lets `body` change row `y`'s cells in place, without a bounds check for each.
    package mutating func withMutableRow<Result>(_ y: Int, _ body: (UnsafeMutableBufferPointer<Cell>) -> Result) -> Result {
        precondition(y >= 0 && y < size.height, "row outside the canvas")
        let start = index(0, y), width = size.width
        return cells.withUnsafeMutableBufferPointer { all in body(UnsafeMutableBufferPointer(rebasing: all[start..<start + width])) }
    }

    /// Lets `body` draw into `rect` of this canvas as if it were a canvas of its own:
    /// coordinates start at the rectangle's corner and nothing lands outside it. No cell
    /// is copied, so a page body costs no more than drawing it.
    public mutating func withRegion<Result>(_ rect: Rect, _ body: (inout Canvas) -> Result) -> Result {
        let left = max(0, min(rect.x, size.width)), top = max(0, min(rect.y, size.height))
        let width = max(0, min(rect.x + rect.width, size.width) - left)
        let height = max(0, min(rect.y + rect.height, size.height) - top)
        var region = Canvas(regionOf: Size(width: width, height: height), originX: originX + left, originY: originY + top, stride: stride)
        swap(&region.cells, &cells)
        let result = body(&region)
        swap(&region.cells, &cells)
        return result
    }

    /// Writes text from column `x` on row `y`, clipped to the canvas; returns the column after it.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain) -> Int {
        guard y >= 0, y < size.height else { return x }
        if TextWidth.printableASCIIWidth(text.utf8) != nil {
            return writeASCII(text, x: x, y: y, style: style)
        }
        var column = x
        for character in text {
            let width = TextWidth.of(character)
            if width == 0 { continue }
            if column + width > size.width { break }
            if column >= 0 {
                clearWideNeighbours(x: column, y: y, width: width)
                self[column, y] = Cell(character, style: style)
                if width == 2 { self[column + 1, y] = Cell(" ", style: style, isContinuation: true) }
            }
            column += width
        }
        return column
    }

    /// A line of printable ASCII with a style for each character (colored art), a cell a
    /// byte; nil, with nothing written, when the text is not printable ASCII or the styles
    /// are not one a character. Run by run through `write`, each run costs a substring and
    /// a grapheme walk.
    package mutating func writeASCII(_ text: String, styles: [Style], x: Int, y: Int) -> Int? {
        guard text.utf8.count == styles.count, TextWidth.printableASCIIWidth(text.utf8) != nil else { return nil }
        guard y >= 0, y < size.height else { return x }
        return styles.withUnsafeBufferPointer { styles in writeASCII(text, x: x, y: y) { styles[$0] } }
    }

    /// Printable ASCII: one byte, one cell, no grapheme breaking.
    private mutating func writeASCII(_ text: String, x: Int, y: Int, style: Style) -> Int {
        writeASCII(text, x: x, y: y) { _ in style }
    }

    /// Printable ASCII, the character at each offset in `styleAt(offset)`.
    @inline(__always)
    private mutating func writeASCII(_ text: String, x: Int, y: Int, styleAt: (Int) -> Style) -> Int {
        var column = x
        let width = size.width
        let rowStart = index(0, y)
        cells.withUnsafeMutableBufferPointer { buffer in
            for byte in text.utf8 {
                if column >= width { break }
                if column >= 0 {
                    // Only the first cell written can cut a wide character in two: past it,
                    // the cell to the left is this text's own.
                    if column == x, column > 0, buffer[rowStart + column].isContinuation {
                        buffer[rowStart + column - 1] = Cell(scalar: 0x20, style: buffer[rowStart + column - 1].style)
                    }
                    buffer[rowStart + column] = Cell(scalar: UInt32(byte), style: styleAt(column - x))
                }
                column += 1
            }
            if column < width, column > x, buffer[rowStart + column].isContinuation {
                buffer[rowStart + column] = Cell(scalar: 0x20, style: buffer[rowStart + column].style)
            }
        }
        return column
    }

    /// Writes `text` centered on row `y`, cut with an ellipsis if wider than the canvas.
    @discardableResult
    public mutating func writeCentered(_ text: String, y: Int, style: Style = .plain, glyphs: Glyphs) -> Rect {
        let fitted = TextWidth.truncate(text, to: size.width, ellipsis: glyphs.ellipsis)
        let textWidth = TextWidth.of(fitted)
        let x = (size.width - textWidth) / 2
        write(fitted, x: x, y: y, style: style)
        return Rect(x: x, y: y, width: textWidth, height: 1)
    }

    /// Overwriting half of a wide character must not leave the other half dangling.
    private mutating func clearWideNeighbours(x: Int, y: Int, width: Int) {
        if self[x, y].isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        let end = x + width
        if end < size.width, self[end, y].isContinuation { self[end, y] = Cell(" ", style: self[end, y].style) }
    }

    /// Every row as plain text, wide characters once, trailing spaces kept.
    package var rows: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line.append(self[x, y].character) }
            return line
        }
    }

    /// The screen as a person would read it: rows without trailing spaces.
    /// Spaces are counted and written only when something follows them, so a row costs its
    /// width: trimming them afterwards from the end of a String took 3.8 s at 1000×1000.
    package var text: String {
        (0..<size.height).map { y in
            var line = ""
            var pendingSpaces = 0
            for x in 0..<size.width where !self[x, y].isContinuation {
                let character = self[x, y].character
                if character == " " {
                    pendingSpaces += 1
                    continue
                }
                if pendingSpaces > 0 {
                    line += String(repeating: " ", count: pendingSpaces)
                    pendingSpaces = 0
                }
                line.append(character)
            }
            return line
        }.joined(separator: "\n")
    }
}
