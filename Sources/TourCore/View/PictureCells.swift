/// The cells chafa drew a picture into, as the hero art the page shows: which character
/// and colors each cell gets at the terminal's depth. Pure, so each rule has a test that
/// needs no libchafa.
package struct PictureCells {
    package var columns: Int
    package var rows: Int
    /// One character a cell, row by row.
    package var characters: [UInt32]
    /// Each cell's ink and paper as 0xRRGGBB (at every depth; at 256 colors already one of
    /// the palette's), or -1 for none.
    package var foregrounds: [Int32]
    package var backgrounds: [Int32]

    package init(columns: Int, rows: Int, characters: [UInt32], foregrounds: [Int32], backgrounds: [Int32]) {
        (self.columns, self.rows) = (columns, rows)
        (self.characters, self.foregrounds, self.backgrounds) = (characters, foregrounds, backgrounds)
    }

    /// Each block symbol chafa draws with, and the one that inks the rest of the cell.
    static let complement: [UInt32: UInt32] = {
        let pairs: [(UInt32, UInt32)] = [(0x2580, 0x2584), (0x258C, 0x2590), (0x2596, 0x259C), (0x2597, 0x259B), (0x2598, 0x259F),
                                         (0x259D, 0x2599), (0x259A, 0x259E), (0x2588, 0x20)]
        var table: [UInt32: UInt32] = [:]
        for (a, b) in pairs { table[a] = b; table[b] = a }
        return table
    }()

    static func rgb(_ value: Int32) -> (UInt8, UInt8, UInt8) { (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)) }

    /// The art, at `depth` on `background`.
    /// - Only a printable character of one cell is kept: chafa's output is data, not text.
    /// - Ink with no color would show in the terminal's text color: such a cell keeps
    ///   only its paper. In monochrome the character is the ink, in no color at all.
    /// - At 8 colors no shape takes the terminal's background color, or it would vanish.
    ///   The picture's own backdrop is no shape: when its four corners are of the
    ///   terminal's background (a white backdrop on white), that color is the terminal's
    ///   background itself, not a block of the nearest other color, and a half block inked
    ///   in it over a shape becomes the other half, inked in the shape's color.
    package func art(depth: ColorDepth, background: TerminalBackground) -> Tour.Art {
        let count = columns * rows
        let hidden = background == .dark ? 0 : 7
        func isBackground(_ value: Int32) -> Bool {
            guard value >= 0 else { return false }
            let (red, green, blue) = Self.rgb(value)
            return Palette.nearest(red: red, green: green, blue: blue, paletteSize: 8) == hidden
        }
        let corners = [0, columns - 1, count - columns, count - 1]
        let backdrop = depth == .ansi8 && count > 0
            && corners.allSatisfy { isBackground(backgrounds[$0]) || (backgrounds[$0] < 0 && isBackground(foregrounds[$0])) }
        func color(_ value: Int32) -> Color {
            guard value >= 0 else { return .default }
            let (red, green, blue) = Self.rgb(value)
            guard depth == .ansi8 else { return .rgb(red, green, blue) }
            if backdrop, isBackground(value) { return .default }
            return .ansi(UInt8(Palette.nearestVisible(red: red, green: green, blue: blue, on: background)))
        }
        var lines: [String] = []
        var styles: [[Style]] = []
        for y in 0..<rows {
            var line = ""
            var lineStyles: [Style] = []
            for index in y * columns..<(y + 1) * columns {
                let (ink, paper) = (foregrounds[index], backgrounds[index])
                if backdrop, isBackground(ink), paper >= 0, !isBackground(paper) {
                    line.unicodeScalars.append(Unicode.Scalar(Self.complement[characters[index]] ?? 0x2588) ?? " ")
                    lineStyles.append(Style(foreground: color(paper), background: .default))
                    continue
                }
                let inked = depth == .monochrome || (ink >= 0 && !(backdrop && isBackground(ink)))
                let scalar = !inked ? " " : Unicode.Scalar(characters[index]).flatMap { TextWidth.of(scalar: $0.value) == 1 ? $0 : nil } ?? " "
                line.unicodeScalars.append(scalar)
                lineStyles.append(Style(foreground: color(ink), background: color(paper)))
            }
            lines.append(line)
            styles.append(lineStyles)
        }
        return Tour.Art(lines: lines, styles: styles, keepBlankRows: true)
    }
}
