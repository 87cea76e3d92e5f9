#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif


/// Color arithmetic: the xterm palette, nearest colors, blending and contrast.
package enum Palette {
    /// The xterm 256-color cube levels.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]
    /// The 16 ANSI colors as xterm shows them.
    static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The RGB value of a palette index (0–255).
    package static func rgb(ofIndex index: UInt8) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16: return ansi[Int(index)]
        case 16..<232:
            let value = Int(index) - 16
            return (UInt8(cubeLevels[value / 36]), UInt8(cubeLevels[value / 6 % 6]), UInt8(cubeLevels[value % 6]))
        default:
            let gray = UInt8(8 + (Int(index) - 232) * 10)
            return (gray, gray, gray)
        }
    }

    /// Any color as RGB; nil for the terminal's default, whose value is unknown.
    package static func rgb(of color: Color) -> (UInt8, UInt8, UInt8)? {
        switch color {
        case .default: nil
        case .ansi(let index): rgb(ofIndex: index)
        case let .rgb(red, green, blue): (red, green, blue)
        }
    }

    /// Index into a 256- or 8-color palette.
    package static func nearest(red: UInt8, green: UInt8, blue: UInt8, paletteSize: Int) -> Int {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        if paletteSize >= 256 {
            func cubeIndex(_ value: Int) -> Int {
                value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
            }
            let (ri, gi, bi) = (cubeIndex(r), cubeIndex(g), cubeIndex(b))
            let cubeColor = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
            let grayLevel = max(0, min(23, ((r + g + b) / 3 - 3) / 10))
            let gray = 8 + grayLevel * 10
            let cubeDistance = distance((r, g, b), cubeColor)
            let grayDistance = distance((r, g, b), (gray, gray, gray))
            return grayDistance < cubeDistance ? 232 + grayLevel : 16 + 36 * ri + 6 * gi + bi
        }
        var best = 0
        var bestDistance = Int.max
        for index in 0..<min(8, max(1, paletteSize)) {
            let color = ansi[index]
            let d = distance((r, g, b), (Int(color.0), Int(color.1), Int(color.2)))
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }

    /// The nearest of the 8 ANSI colors that is not the terminal's own background (black
    /// on a dark terminal, white on a light one): a picture's shapes drawn at 8 colors stay
    /// visible, where the plain nearest would draw dark blue black on black.
    package static func nearestVisible(red: UInt8, green: UInt8, blue: UInt8, on background: TerminalBackground) -> Int {
        let hidden = background == .dark ? 0 : 7
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        var best = background == .dark ? 7 : 0
        var bestDistance = Int.max
        for index in 0..<8 where index != hidden {
            let color = ansi[index]
            let d = distance((r, g, b), (Int(color.0), Int(color.1), Int(color.2)))
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr * 2 + dg * dg * 4 + db * db * 3
    }

    /// The color a fraction of the way along a list of stops.
    /// "#rrggbb" for a message; the ANSI name's number for an indexed color.
    package static func hex(_ color: Color) -> String {
        guard let rgb = rgb(of: color) else { return "the default color" }
        return "#" + [rgb.0, rgb.1, rgb.2].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    package static func blend(_ stops: [(UInt8, UInt8, UInt8)], at fraction: Double) -> Color {
        guard let first = stops.first else { return .default }
        guard stops.count > 1 else { return .rgb(first.0, first.1, first.2) }
        let position = max(0, min(1, fraction)) * Double(stops.count - 1)
        let index = min(Int(position), stops.count - 2)
        let local = position - Double(index)
        let (a, b) = (stops[index], stops[index + 1])
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(nearest(Double(x) + (Double(y) - Double(x)) * local)) }
        return .rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }

    /// `value.rounded()` for a value from 0 to 255, halves away from zero, without a call
    /// into libm: the first frame blends colors, and libm's pages would count as its memory.
    static func nearest(_ value: Double) -> Double {
        let whole = Double(Int(value))
        return value - whole >= 0.5 ? whole + 1 : whole
    }

    /// Black or white, whichever reads better on `background` (by relative luminance).
    package static func readableForeground(on background: Color) -> Color {
        guard let rgb = rgb(of: background) else { return .default }
        // Contrast against black (L + 0.05) / 0.05 versus white 1.05 / (L + 0.05): equal at L ≈ 0.179.
        return Contrast.luminance(rgb) > 0.179 ? .rgb(0, 0, 0) : .rgb(255, 255, 255)
    }
}
