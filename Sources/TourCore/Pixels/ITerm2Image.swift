/// Compresses bytes into one zlib stream (RFC 1950); nil when it cannot. TourCore has no
/// compressor of its own: the terminal layer hands in zlib's.
package typealias Deflate = @Sendable ([UInt8]) -> [UInt8]?

/// iTerm2's inline images: `OSC 1337 ; File=inline=1;… : base64 BEL`, carrying a PNG of
/// the picture at the size it shows.
package enum ITerm2Image {
    /// `image` drawn at the cursor, exactly its size in pixels, the cursor left where it was.
    package static func inline(_ image: PixelImage, deflate: Deflate? = nil) -> [UInt8] {
        let png = PNGEncoder.encode(image, deflate: deflate)
        let head = "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(image.width)px;height=\(image.height)px;preserveAspectRatio=0;doNotMoveCursor=1:"
        return Array(head.utf8) + Array(Base64.encode(png).utf8) + [0x07]
    }
}

/// A PNG of RGBA pixels, 8 bits a channel: its data compressed by `deflate`, or in stored
/// (uncompressed) deflate blocks without one.
package enum PNGEncoder {
    package static func encode(_ image: PixelImage, deflate: Deflate? = nil) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((image.width * 4 + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0)  // filter: none
            raw += image.rgba[(y * image.width * 4)..<((y + 1) * image.width * 4)]
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(image.width)) + bigEndian(UInt32(image.height))
        header += [8, 6, 0, 0, 0]  // 8 bits, RGBA, deflate, adaptive filters, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", deflate?(raw) ?? zlibStored(raw)) + chunk("IEND", [])
    }

    /// `data` as a zlib stream of stored blocks (at most 65,535 bytes each).
    package static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(data.count, start + 65_535)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    package static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    package static func adler32(_ data: [UInt8]) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
