/// DEC sixel: a picture as a DCS of six-pixel-high bands, each color's pixels in a band
/// one run of characters. The colors are a cube of as many levels as the terminal's
/// color registers hold (6 a channel at 256 registers, 216 colors), with Floyd–Steinberg
/// dithering; a transparent pixel is left undrawn, over the terminal's background.
package enum SixelEncoder {
    /// Levels of each channel for `registers` color registers: the largest cube that fits, at least 2.
    package static func levels(registers: Int) -> Int {
        var levels = 2
        while (levels + 1) * (levels + 1) * (levels + 1) <= min(registers, 256) { levels += 1 }
        return levels
    }

    /// `image` as a sixel DCS, in `registers` colors at most.
    package static func encode(_ image: PixelImage, registers: Int = 256) -> [UInt8] {
        let levels = levels(registers: registers)
        let indices = quantize(image, levels: levels)
        let colorCount = levels * levels * levels
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height / 2)
        // P2 = 1: pixels left undrawn keep what is behind them. Raster attributes: square pixels.
        out += Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
        var used = [Bool](repeating: false, count: colorCount)
        for index in indices where index >= 0 { used[Int(index)] = true }
        for color in 0..<colorCount where used[color] {
            let (red, green, blue) = channels(of: color, levels: levels)
            out += Array("#\(color);2;\(red * 100 / 255);\(green * 100 / 255);\(blue * 100 / 255)".utf8)
        }
        var row = [UInt8](repeating: 0, count: image.width)
        var band = 0
        while band < image.height {
            var present = [Bool](repeating: false, count: colorCount)
            for y in band..<min(band + 6, image.height) {
                for x in 0..<image.width where indices[y * image.width + x] >= 0 { present[Int(indices[y * image.width + x])] = true }
            }
            var firstColor = true
            for color in 0..<colorCount where present[color] {
                for x in 0..<image.width {
                    var bits: UInt8 = 0
                    for bit in 0..<min(6, image.height - band) where indices[(band + bit) * image.width + x] == Int16(color) {
                        bits |= 1 << UInt8(bit)
                    }
                    row[x] = bits
                }
                // Nothing after the last pixel of this color: the rest of the row is left as it is.
                guard let last = row.lastIndex(where: { $0 != 0 }) else { continue }
                if !firstColor { out.append(UInt8(ascii: "$")) }
                firstColor = false
                out += Array("#\(color)".utf8)
                appendRuns(row[0...last], to: &out)
            }
            band += 6
            if band < image.height { out.append(UInt8(ascii: "-")) }
        }
        return out + [0x1B, UInt8(ascii: "\\")]
    }

    /// Sixel characters (63 + the six bits), runs of four or more as `! count char`.
    private static func appendRuns(_ row: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var index = row.startIndex
        while index < row.endIndex {
            let value = row[index]
            var end = index + 1
            while end < row.endIndex && row[end] == value { end += 1 }
            let count = end - index
            let character = 63 + value
            if count >= 4 {
                out += Array("!\(count)".utf8)
                out.append(character)
            } else {
                out += [UInt8](repeating: character, count: count)
            }
            index = end
        }
    }

    /// The color of cube entry `index`, 8 bits a channel.
    package static func channels(of index: Int, levels: Int) -> (Int, Int, Int) {
        let step = 255 / (levels - 1)
        return (index / (levels * levels) * step, index / levels % levels * step, index % levels * step)
    }

    /// Each pixel's cube entry, dithered; -1 where it is transparent (alpha below half).
    static func quantize(_ image: PixelImage, levels: Int) -> [Int16] {
        let (width, height) = (image.width, image.height)
        let step = 255 / (levels - 1)
        var indices = [Int16](repeating: -1, count: width * height)
        // The error carried to this row and the next, per channel, in 1/16ths.
        var current = [Int](repeating: 0, count: (width + 2) * 3)
        var next = [Int](repeating: 0, count: (width + 2) * 3)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                guard image.rgba[at + 3] >= 128 else { continue }
                var entry = 0
                for channel in 0..<3 {
                    let wanted = min(255, max(0, Int(image.rgba[at + channel]) + current[(x + 1) * 3 + channel] / 16))
                    let level = (wanted + step / 2) / step
                    let error = wanted - level * step
                    entry = entry * levels + level
                    current[(x + 2) * 3 + channel] += error * 7
                    next[x * 3 + channel] += error * 3
                    next[(x + 1) * 3 + channel] += error * 5
                    next[(x + 2) * 3 + channel] += error
                }
                indices[y * width + x] = Int16(entry)
            }
            swap(&current, &next)
            for index in next.indices { next[index] = 0 }
        }
        return indices
    }
}
