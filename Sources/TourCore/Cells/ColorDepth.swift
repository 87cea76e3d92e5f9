/// How many colors the terminal shows, and how the canvas' colors map onto them.
package enum ColorDepth: Sendable, Equatable {
    /// No color: bold, dim and reverse only (NO_COLOR, --no-color, or no color support).
    case monochrome
    /// The 8 basic ANSI colors.
    case ansi8
    /// The xterm 256-color palette.
    case ansi256
    /// 24-bit color, sent as RGB.
    case direct

    /// The terminal's color number for a color (an RGB value for `.direct`), or nil for the default.
    package func terminalColor(_ color: Color) -> Int32? {
        switch (self, color) {
        case (_, .default), (.monochrome, _):
            return nil
        case let (.direct, .ansi(index)) where index < 8:
            return Int32(index)
        case let (.direct, .ansi(index)):
            return Self.directValue(Palette.rgb(ofIndex: index))
        case let (.direct, .rgb(red, green, blue)):
            return Self.directValue((red, green, blue))
        case let (.ansi256, .ansi(index)):
            return Int32(index)
        case let (.ansi256, .rgb(red, green, blue)):
            return Int32(Palette.nearest(red: red, green: green, blue: blue, paletteSize: 256))
        case let (.ansi8, .ansi(index)) where index < 8:
            return Int32(index)
        case let (.ansi8, .ansi(index)) where index < 16:
            return Int32(index - 8)
        case let (.ansi8, .ansi(index)):
            let (red, green, blue) = Palette.rgb(ofIndex: index)
            return Int32(Palette.nearest(red: red, green: green, blue: blue, paletteSize: 8))
        case let (.ansi8, .rgb(red, green, blue)):
            return Int32(Palette.nearest(red: red, green: green, blue: blue, paletteSize: 8))
        }
    }

    /// The color as this depth shows it, for text written with SGR: RGB on a 24-bit
    /// terminal, the nearest palette entry on 256 or 8 colors, none without color.
    package func reduced(_ color: Color) -> Color {
        switch self {
        case .direct: color
        case .monochrome: .default
        case .ansi256, .ansi8: terminalColor(color).map { .ansi(UInt8($0)) } ?? .default
        }
    }

    /// The depth a terminal shows, from its environment, for output written without
    /// terminfo: 24-bit with COLORTERM=truecolor, 256 with a "256color" TERM, else 8;
    /// none with NO_COLOR or --no-color. Nil: no SGR at all (TERM unset or dumb).
    package static func forEscapes(term: String?, colorTerm: String?, noColor: Bool) -> ColorDepth? {
        guard let term, !term.isEmpty, term != "dumb" else { return nil }
        if noColor { return .monochrome }
        if ["truecolor", "24bit"].contains((colorTerm ?? "").lowercased()) || term.hasSuffix("-direct") { return .direct }
        // Bytes compared by hand: String.contains(String) lives in _StringProcessing, which
        // would link the whole regex engine (1.2 MiB of code) into the binary.
        let name = Array(term.utf8), wanted = Array("256color".utf8)
        let has256 = name.count >= wanted.count && (0...(name.count - wanted.count)).contains { Array(name[$0..<$0 + wanted.count]) == wanted }
        return has256 ? .ansi256 : .ansi8
    }

    /// The depth `tour render` draws at: the one asked for (`--colors`), else as on a 24-bit
    /// terminal, or no color at all, as the pager, for `--no-color` and NO_COLOR.
    package static func forRender(requested: ColorDepth?, noColor: Bool) -> ColorDepth {
        requested ?? (noColor ? .monochrome : .direct)
    }

    /// Direct-color terminfo entries read values below 8 as the ANSI colors; keep RGB above them.
    private static func directValue(_ rgb: (UInt8, UInt8, UInt8)) -> Int32 {
        max(8, Int32(rgb.0) << 16 | Int32(rgb.1) << 8 | Int32(rgb.2))
    }
}

extension ColorDepth {
    /// `tour render --colors`: 2 (no color), 8 or 16 (the ANSI colors; a 16-color
    /// terminal is drawn for with the 8, as the pager does), 256, or 24bit.
    package init?(colorsName name: String) {
        switch name.lowercased() {
        case "2": self = .monochrome
        case "8", "16": self = .ansi8
        case "256": self = .ansi256
        case "24bit", "truecolor", "16m": self = .direct
        default: return nil
        }
    }
}
