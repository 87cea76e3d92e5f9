#if canImport(Glibc)
import Glibc
#endif

/// Keeps every foreground readable on its background: a contrast ratio of at least 4.5:1
/// (WCAG's ratio), computed on the colors the terminal will really show at its depth.
///
/// An author's color that falls short keeps its hue and moves in lightness until it
/// passes (toward black on a light background, toward white on a dark one); where no
/// shade of it passes at the terminal's depth (8 colors), black or white stands in.
package enum Contrast {
    /// WCAG's minimum for normal text.
    package static let minimumRatio = 4.5

    /// WCAG relative luminance of an sRGB color.
    package static func luminance(_ rgb: (UInt8, UInt8, UInt8)) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
    }

    /// WCAG contrast ratio, from 1 to 21.
    package static func ratio(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
        let (la, lb) = (luminance(a), luminance(b))
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The RGB the terminal shows for a color at a depth; nil for its own default.
    package static func shown(_ color: Color, depth: ColorDepth) -> (UInt8, UInt8, UInt8)? {
        switch depth {
        case .monochrome: return nil
        case .direct: return Palette.rgb(of: color)
        case .ansi256, .ansi8:
            guard let index = depth.terminalColor(color) else { return nil }
            return Palette.rgb(ofIndex: UInt8(clamping: index))
        }
    }

    /// Every cell's foreground moved until it reads on its background; cells in `picture`
    /// (the hero art, whose colors are the picture itself) are left as drawn.
    package static func enforce(on canvas: inout Canvas, depth: ColorDepth, background: TerminalBackground, except picture: Rect? = nil) {
        guard depth != .monochrome else { return }
        // A frame has a handful of color pairs: a short list beats a hash table (and keeps
        // Dictionary out of start-up); past 64 pairs each is simply worked out again.
        var decided: [(pair: PairKey, readable: Color)] = []
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                if let picture, picture.contains(x: x, y: y) { continue }
                var cell = canvas[x, y]
                let style = cell.style
                // Only a color the author chose is moved: the terminal's own foreground is the
                // terminal's business, and text on a gradient band was chosen for its band.
                guard style.foreground != .default else { continue }
                let key = PairKey(foreground: style.foreground, background: style.background)
                let readable: Color
                if let known = decided.first(where: { $0.pair == key }) {
                    readable = known.readable
                } else {
                    readable = readableShade(of: style.foreground, on: style.background, depth: depth, background: background)
                    if decided.count < 64 { decided.append((key, readable)) }
                }
                if readable != style.foreground {
                    cell.style.foreground = readable
                    canvas[x, y] = cell
                }
            }
        }
    }

    private struct PairKey: Equatable {
        var foreground: Color
        var background: Color
    }

    /// `color`, or the shade of its hue nearest to it in lightness that reads on `on`.
    package static func readableShade(of color: Color, on backgroundColor: Color, depth: ColorDepth, background: TerminalBackground) -> Color {
        let behind = shown(backgroundColor, depth: depth) ?? background.rgb
        guard let front = shown(color, depth: depth), ratio(front, behind) < minimumRatio, let original = Palette.rgb(of: color) else { return color }
        let (hue, saturation, lightness) = hsl(original)
        // The smallest change of lightness that reads, darker or lighter, whichever is
        // nearer: a tint of the author's hue, not black or navy where a lighter one passes.
        var best: (color: Color, distance: Double)? = nil
        for darker in [true, false] {
            for step in 1...80 {
                let candidate = darker ? lightness * (1 - Double(step) / 80) : lightness + (1 - lightness) * Double(step) / 80
                let distance = abs(candidate - lightness)
                if let best, distance >= best.distance { break }
                let rgb = fromHSL(hue, saturation, candidate)
                let shade = Color.rgb(rgb.0, rgb.1, rgb.2)
                if let drawn = shown(shade, depth: depth), ratio(drawn, behind) >= minimumRatio {
                    best = (shade, distance)
                    break
                }
            }
        }
        if let best { return best.color }
        // No shade of it reads at this depth: black or white, whichever does better.
        let black = Color.rgb(0, 0, 0), white = Color.rgb(255, 255, 255)
        let blackRatio = shown(black, depth: depth).map { ratio($0, behind) } ?? 0
        let whiteRatio = shown(white, depth: depth).map { ratio($0, behind) } ?? 0
        return blackRatio >= whiteRatio ? black : white
    }

    /// The lowest ratio of a foreground over any of some backgrounds, for `tour check`.
    package static func worstRatio(of color: Color, over backgrounds: [Color]) -> Double {
        guard let front = Palette.rgb(of: color) else { return 21 }
        return backgrounds.compactMap(Palette.rgb(of:)).map { ratio(front, $0) }.min() ?? 21
    }

    static func hsl(_ rgb: (UInt8, UInt8, UInt8)) -> (Double, Double, Double) {
        let (r, g, b) = (Double(rgb.0) / 255, Double(rgb.1) / 255, Double(rgb.2) / 255)
        let high = max(r, g, b), low = min(r, g, b)
        let lightness = (high + low) / 2
        guard high != low else { return (0, 0, lightness) }
        let delta = high - low
        let saturation = lightness > 0.5 ? delta / (2 - high - low) : delta / (high + low)
        var hue: Double
        switch high {
        case r: hue = (g - b) / delta + (g < b ? 6 : 0)
        case g: hue = (b - r) / delta + 2
        default: hue = (r - g) / delta + 4
        }
        hue /= 6
        return (hue, saturation, lightness)
    }

    static func fromHSL(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (UInt8, UInt8, UInt8) {
        func channel(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        guard saturation > 0 else { return (channel(lightness), channel(lightness), channel(lightness)) }
        let q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
        let p = 2 * lightness - q
        func component(_ t: Double) -> Double {
            var t = t
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (channel(component(hue + 1.0 / 3)), channel(component(hue)), channel(component(hue - 1.0 / 3)))
    }
}
