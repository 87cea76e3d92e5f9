/// What the terminal's own background is taken to be, when a cell has none of its own.
package enum TerminalBackground: Sendable, Equatable {
    case dark
    case light

    /// The color assumed: a typical theme's, not pure black or white, so a pass holds on both.
    package var rgb: (UInt8, UInt8, UInt8) {
        switch self {
        case .dark: (0x1E, 0x1E, 0x1E)
        case .light: (0xFA, 0xFA, 0xFA)
        }
    }

    /// The terminal's default foreground on it.
    var foreground: (UInt8, UInt8, UInt8) {
        switch self {
        case .dark: (0xE5, 0xE5, 0xE5)
        case .light: (0x20, 0x20, 0x20)
        }
    }

    /// From COLORFGBG ("15;0": foreground 15, background 0): light when the background
    /// is one of the light ANSI colors (7, 9–15). Dark when unset or unclear.
    package static func from(colorFGBG: String?) -> TerminalBackground {
        guard let value = colorFGBG, let last = value.split(separator: ";").last, let index = Int(last) else { return .dark }
        return index == 7 || (9...15).contains(index) ? .light : .dark
    }
}
