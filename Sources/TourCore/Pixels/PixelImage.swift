/// A picture at the size a terminal shows it in pixels: RGBA, 8 bits a channel, row by row.
package struct PixelImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package let rgba: [UInt8]

    package init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4)
        (self.width, self.height, self.rgba) = (width, height, rgba)
    }

    /// No pixel lets the background through.
    package var isOpaque: Bool {
        var index = 3
        while index < rgba.count {
            if rgba[index] != 0xFF { return false }
            index += 4
        }
        return true
    }

    /// The pixels without their alpha.
    package var rgb: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<width * height {
            out[pixel * 3] = rgba[pixel * 4]
            out[pixel * 3 + 1] = rgba[pixel * 4 + 1]
            out[pixel * 3 + 2] = rgba[pixel * 4 + 2]
        }
        return out
    }

    /// How much larger than its own size a picture is ever drawn: past that, growing adds
    /// no detail, only work (a box is then at most 2048 pixels a side, as pictures are
    /// kept at 512).
    package static let largestGrowth = 4

    /// The size `width` × `height` takes inside `box` pixels, keeping its shape, at least
    /// 1×1, and at most `largestGrowth` times its own size.
    package static func fit(width: Int, height: Int, into box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return (1, 1) }
        let box = (width: min(box.width, width * largestGrowth), height: min(box.height, height * largestGrowth))
        // Whichever side meets the box first decides; the other is rounded.
        if width * box.height >= height * box.width {
            return (box.width, max(1, min(box.height, (height * box.width + width / 2) / width)))
        }
        return (max(1, min(box.width, (width * box.height + height / 2) / height)), box.height)
    }

    /// `picture` resampled to `width` × `height`: each pixel the average of the source
    /// pixels it covers (shrinking), or the nearest one (growing). Colors
    /// are averaged by their alpha, so a transparent pixel's color never bleeds in.
    package static func resampled(_ picture: Picture, width: Int, height: Int) -> PixelImage {
        let (sourceWidth, sourceHeight) = (picture.width, picture.height)
        let source = picture.pixels
        var out = [UInt8](repeating: 0, count: width * height * 4)
        if sourceWidth == width && sourceHeight == height { return PixelImage(width: width, height: height, rgba: source) }
        for y in 0..<height {
            for x in 0..<width {
                // The source rectangle this pixel covers, at least one source pixel.
                let left = x * sourceWidth / width, right = max(left + 1, (x + 1) * sourceWidth / width)
                let top = y * sourceHeight / height, bottom = max(top + 1, (y + 1) * sourceHeight / height)
                var sums = (0, 0, 0, 0)
                for sy in top..<min(bottom, sourceHeight) {
                    var index = (sy * sourceWidth + left) * 4
                    for _ in left..<min(right, sourceWidth) {
                        let alpha = Int(source[index + 3])
                        sums.0 += Int(source[index]) * alpha
                        sums.1 += Int(source[index + 1]) * alpha
                        sums.2 += Int(source[index + 2]) * alpha
                        sums.3 += alpha
                        index += 4
                    }
                }
                let count = (min(right, sourceWidth) - left) * (min(bottom, sourceHeight) - top)
                let at = (y * width + x) * 4
                if sums.3 > 0 {
                    out[at] = UInt8(sums.0 / sums.3)
                    out[at + 1] = UInt8(sums.1 / sums.3)
                    out[at + 2] = UInt8(sums.2 / sums.3)
                }
                out[at + 3] = UInt8(sums.3 / max(1, count))
            }
        }
        return PixelImage(width: width, height: height, rgba: out)
    }
}
