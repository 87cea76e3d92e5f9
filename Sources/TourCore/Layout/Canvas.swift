/// A color a cell can carry. `.default` keeps the user's terminal theme.
public enum Color: Hashable, Sendable {
    case `default`
    /// One of the 16 ANSI colors (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell looks.
public struct Style: Hashable, Sendable {
    /// Text color.
    public var foreground: Color
    /// Cell background.
    public var background: Color
    /// Bold, or bright on some terminals.
    public var bold: Bool
    /// Faint: hints and inactive dots.
    public var dim: Bool
    /// Foreground and background swapped: how the button stands out without color.
    public var reverse: Bool
    /// Underlined.
    public var underline: Bool

    /// A style; everything off and the terminal's colors by default.
    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's own colors, no attributes.
    public static let plain = Style()
}

/// One terminal cell: a grapheme and its style. The cell right of a wide grapheme
/// is a continuation and holds nothing of its own.
///
/// The grapheme is kept as up to four Unicode scalars inline (a terminal cell holds at
/// most five: ncurses' CCHARW_MAX), so a cell is plain data: copying a whole screen of
/// them is a memory copy, with no reference counting.
public struct Cell: Hashable, Sendable {
    private var scalars: (UInt32, UInt32, UInt32, UInt32)
    /// How the cell looks.
    public var style: Style
    /// The right half of the wide character in the cell to the left.
    public var isContinuation: Bool

    /// A cell holding one printable ASCII character or other single scalar.
    @inline(__always)
    init(scalar: UInt32, style: Style) {
        self.scalars = (scalar, 0, 0, 0)
        self.style = style
        self.isContinuation = false
    }

    /// A cell holding one grapheme (at most four scalars are kept).
    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        var values: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var index = 0
        for scalar in character.unicodeScalars {
            switch index {
            case 0: values.0 = scalar.value
            case 1: values.1 = scalar.value
            case 2: values.2 = scalar.value
            case 3: values.3 = scalar.value
            default: break
            }
            index += 1
        }
        self.scalars = values
        self.style = style
        self.isContinuation = isContinuation
    }

    /// The grapheme in this cell.
    public var character: Character {
        if scalars.1 == 0, let scalar = Unicode.Scalar(scalars.0) { return Character(scalar) }
        var text = String.UnicodeScalarView()
        for value in [scalars.0, scalars.1, scalars.2, scalars.3] where value != 0 {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        return Character(String(text))
    }

    /// Calls `body` with each of the grapheme's scalar values, without building a Character.
    @inline(__always)
    public func forEachScalar(_ body: (UInt32) -> Void) {
        body(scalars.0)
        if scalars.1 != 0 { body(scalars.1) } else { return }
        if scalars.2 != 0 { body(scalars.2) } else { return }
        if scalars.3 != 0 { body(scalars.3) }
    }

    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.scalars == rhs.scalars && lhs.style == rhs.style && lhs.isContinuation == rhs.isContinuation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(scalars.0)
        hasher.combine(scalars.1)
        hasher.combine(scalars.2)
        hasher.combine(scalars.3)
        hasher.combine(style)
        hasher.combine(isContinuation)
    }

    /// A plain space.
    public static let blank = Cell()
}

/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size; negative values become 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// "80x24".
    public var description: String { "\(width)x\(height)" }
}

/// An off-screen grid of cells. Views draw here; only the terminal layer copies it to a terminal.
///
/// A canvas can also be a region of a larger one (see `withRegion`): the same cells,
/// seen through a smaller window whose (0, 0) is the region's top-left corner.
public struct Canvas: Equatable, Sendable {
    /// The size of the canvas (of the region, for a region).
    public let size: Size
    /// Every cell, row by row (of the whole canvas, for a region).
    public private(set) var cells: [Cell]
    /// Where this canvas' (0, 0) is in `cells`, and how long a row of `cells` is.
    private let originX: Int
    private let originY: Int
    private let stride: Int

    /// A canvas filled with `fill`.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.width * size.height)
        self.originX = 0
        self.originY = 0
        self.stride = size.width
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
    public subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell outside the canvas")
            return cells[index(x, y)]
        }
        set {
            precondition(x >= 0 && x < size.width && y >= 0 && y < size.height, "cell outside the canvas")
            cells[index(x, y)] = newValue
        }
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

    /// Printable ASCII: one byte, one cell, no grapheme breaking.
    private mutating func writeASCII(_ text: String, x: Int, y: Int, style: Style) -> Int {
        var column = x
        let width = size.width
        let rowStart = index(0, y)
        cells.withUnsafeMutableBufferPointer { buffer in
            for byte in text.utf8 {
                if column >= width { break }
                if column >= 0 {
                    if buffer[rowStart + column].isContinuation, column > 0 {
                        buffer[rowStart + column - 1] = Cell(scalar: 0x20, style: buffer[rowStart + column - 1].style)
                    }
                    buffer[rowStart + column] = Cell(scalar: UInt32(byte), style: style)
                }
                column += 1
            }
            if column < width, column > x, buffer[rowStart + column].isContinuation {
                buffer[rowStart + column] = Cell(scalar: 0x20, style: buffer[rowStart + column].style)
            }
        }
        return column
    }

    /// Writes text centered in `width` columns starting at `x`.
    public mutating func writeCentered(_ text: String, x: Int = 0, width: Int? = nil, y: Int, style: Style = .plain) {
        let span = width ?? size.width
        let left = x + max(0, (span - TextWidth.of(text)) / 2)
        write(text, x: left, y: y, style: style)
    }

    /// Overwriting half of a wide character must not leave the other half dangling.
    private mutating func clearWideNeighbours(x: Int, y: Int, width: Int) {
        if self[x, y].isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        let end = x + width
        if end < size.width, self[end, y].isContinuation { self[end, y] = Cell(" ", style: self[end, y].style) }
    }

    /// Every row as plain text, wide characters once, trailing spaces kept.
    public var rows: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line.append(self[x, y].character) }
            return line
        }
    }

    /// The screen as a person would read it: rows without trailing spaces.
    public var text: String {
        rows.map { row in
            var trimmed = Substring(row)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }.joined(separator: "\n")
    }
}
