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

    /// Light or dark, for a background color a terminal reported: whichever of black and
    /// white text reads better on it.
    package static func of(_ rgb: (UInt8, UInt8, UInt8)) -> TerminalBackground {
        let luminance = Contrast.luminance(rgb)
        return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? .light : .dark
    }

    /// Where the background comes from, first to last: the person's choice
    /// (`--background`, TOUR_BACKGROUND), the terminal's answer, COLORFGBG, then dark.
    package static func choose(explicit: TerminalBackground?, answered: TerminalBackground?, colorFGBG: String?) -> TerminalBackground {
        explicit ?? answered ?? from(colorFGBG: colorFGBG)
    }

    /// "light" or "dark", as `--background` and TOUR_BACKGROUND take it.
    package init?(name: String) {
        switch name.lowercased() {
        case "light": self = .light
        case "dark": self = .dark
        default: return nil
        }
    }

    /// From COLORFGBG ("15;0": foreground 15, background 0): light when the background
    /// is one of the light ANSI colors (7, 9–15). Dark when unset or unclear.
    package static func from(colorFGBG: String?) -> TerminalBackground {
        stated(colorFGBG: colorFGBG) ?? .dark
    }

    /// What the person or COLORFGBG says, with nothing asked of the terminal (a tip or a
    /// notice printed in place); nil when neither says.
    package static func stated(explicit: TerminalBackground? = nil, colorFGBG: String?) -> TerminalBackground? {
        if let explicit { return explicit }
        guard let value = colorFGBG, let last = value.split(separator: ";").last, let index = Int(last) else { return nil }
        return index == 7 || (9...15).contains(index) ? .light : .dark
    }
}
