/// A color a cell can carry. `.default` keeps the user's terminal theme.
public enum Color: Hashable, Sendable {
    case `default`
    /// One of the 16 ANSI colors (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// How a cell looks.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public static let plain = Style()
}

/// One terminal cell: a grapheme and its style. The cell right of a wide grapheme
/// is a continuation and holds nothing of its own.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool

    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var description: String { "\(width)x\(height)" }
}

/// An off-screen grid of cells. Views draw here; only the terminal layer copies it to a terminal.
public struct Canvas: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.width * size.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Writes text from column `x` on row `y`, clipped to the canvas; returns the column after it.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain) -> Int {
        guard y >= 0, y < size.height else { return x }
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
