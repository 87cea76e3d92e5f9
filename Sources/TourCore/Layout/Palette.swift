/// Picks the nearest color a terminal can show for an RGB color.
public enum Palette {
    /// The xterm 256-color cube levels.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]
    /// The 8 basic ANSI colors as most terminals show them.
    static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    ]

    /// Index into a 256- or 8-color palette.
    public static func nearest(red: UInt8, green: UInt8, blue: UInt8, paletteSize: Int) -> Int {
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
        for (index, color) in basic.enumerated() {
            let d = distance((r, g, b), color)
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr * 2 + dg * dg * 4 + db * db * 3
    }
}
