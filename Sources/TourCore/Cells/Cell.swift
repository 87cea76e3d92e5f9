/// One terminal cell: a grapheme and its style. The cell right of a wide grapheme
/// is a continuation and holds nothing of its own.
///
/// The grapheme is kept as up to four Unicode scalars inline (a terminal cell holds at
/// most five: ncurses' CCHARW_MAX), so a cell is plain data: copying a whole screen of
/// them is a memory copy, with no reference counting.
package struct Cell: Hashable, Sendable {
    private var scalars: (UInt32, UInt32, UInt32, UInt32)
    /// How the cell looks.
    package var style: Style
    /// The right half of the wide character in the cell to the left.
    package var isContinuation: Bool

    /// A cell holding one printable ASCII character or other single scalar.
    @inline(__always)
    init(scalar: UInt32, style: Style) {
        self.scalars = (scalar, 0, 0, 0)
        self.style = style
        self.isContinuation = false
    }

    /// A cell holding one grapheme, in the form every terminal gives the same width: its
    /// first scalar, then only the marks that take no cell of their own and the emoji or
    /// text presentation selector. A zero-width joiner and what it joins are dropped, and
    /// so is a second scalar that takes cells (the second half of a flag): tmux and
    /// ncurses would draw those apart and the row would drift. At most four scalars.
    package init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        var values: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var index = 0
        for scalar in character.unicodeScalars {
            if index > 0 {
                if scalar.value == 0x200D { break }
                let isSelector = scalar.value == 0xFE0F || scalar.value == 0xFE0E
                if !isSelector && TextWidth.of(scalar: scalar.value) != 0 { break }
            }
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
    package var character: Character {
        if scalars.1 == 0, let scalar = Unicode.Scalar(scalars.0) { return Character(scalar) }
        var text = String.UnicodeScalarView()
        for value in [scalars.0, scalars.1, scalars.2, scalars.3] where value != 0 {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        return Character(String(text))
    }

    /// The cell's one character when it is printable ASCII (most cells): the terminal layer
    /// copies those without looking at the rest.
    @inline(__always)
    package var printableASCII: UInt8? {
        scalars.1 == 0 && (0x20...0x7E).contains(scalars.0) ? UInt8(scalars.0) : nil
    }

    /// Calls `body` with each of the grapheme's scalar values, without building a Character.
    @inline(__always)
    package func forEachScalar(_ body: (UInt32) -> Void) {
        body(scalars.0)
        if scalars.1 != 0 { body(scalars.1) } else { return }
        if scalars.2 != 0 { body(scalars.2) } else { return }
        if scalars.3 != 0 { body(scalars.3) }
    }

    package static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.scalars == rhs.scalars && lhs.style == rhs.style && lhs.isContinuation == rhs.isContinuation
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(scalars.0)
        hasher.combine(scalars.1)
        hasher.combine(scalars.2)
        hasher.combine(scalars.3)
        hasher.combine(style)
        hasher.combine(isContinuation)
    }

    /// A plain space.
    package static let blank = Cell()
}
