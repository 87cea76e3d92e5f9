import CNcurses
import TourCore

/// Whether the tour may use color at all.
public enum ColorMode: Sendable, Equatable {
    /// Color when the terminal has it and NO_COLOR is not set.
    case automatic
    /// Monochrome: bold, dim and reverse only.
    case never
}

/// Maps the canvas' colors onto what the terminal can show, and allocates color pairs.
final class ColorSupport {
    let enabled: Bool
    let paletteSize: Int

    init(mode: ColorMode) {
        var enabled = mode == .automatic && has_colors()
        if enabled {
            start_color()
            use_default_colors()  // keep the user's own background and foreground
            enabled = tour_colors() >= 8
        }
        self.enabled = enabled
        self.paletteSize = enabled ? Int(tour_colors()) : 0
    }

    /// The color pair for a foreground/background, or 0 (the default pair) when colors are off.
    func pair(foreground: Color, background: Color) -> Int32 {
        guard enabled, foreground != .default || background != .default else { return 0 }
        let pair = alloc_pair(index(of: foreground), index(of: background))
        return pair < 0 ? 0 : pair
    }

    private func index(of color: Color) -> Int32 {
        switch color {
        case .default: return -1
        case .ansi(let number): return Int32(Int(number) < paletteSize ? Int(number) : Int(number) % 8)
        case let .rgb(red, green, blue): return Int32(Palette.nearest(red: red, green: green, blue: blue, paletteSize: paletteSize))
        }
    }
}
