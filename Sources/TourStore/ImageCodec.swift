import CImage
import Synchronization
import TourCore

/// The one Swift file that speaks to the image libraries (CImage: libpng, libjpeg-turbo and
/// libchafa, each loaded on first use). It decodes a picture once, when the tour is
/// loaded, and draws it into cells for each size the view asks for.
package enum ImageCodec {
    /// A picture that could not be decoded, and why.
    package struct Failure: Error, Sendable {
        package var reason: String
        /// Over the size limit, found from the header before anything was decoded.
        package var isTooLarge: Bool
    }

    /// Draws every picture this codec decodes; its one-drawing cache is locked, so views
    /// may draw from several threads (the tests do).
    package static let drawer: any PictureDrawer = ChafaDrawer()

    /// zlib's compression, for pictures sent to a terminal in pixels; nil where zlib is missing.
    package static let deflate: Deflate = { bytes in
        var out: UnsafeMutablePointer<UInt8>? = nil
        var length = 0
        let status = bytes.withUnsafeBufferPointer { tour_image_deflate($0.baseAddress, $0.count, &out, &length) }
        guard status == 0, let out else { return nil }
        defer { tour_image_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    /// A PNG or JPEG, decoded and scaled down to at most 512 pixels a side, with the drawer
    /// that draws it.
    package static func decode(_ bytes: [UInt8]) -> Result<Picture, Failure> {
        var pixels: UnsafeMutablePointer<UInt8>? = nil
        var width: Int32 = 0, height: Int32 = 0
        var error = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { buffer in
            tour_image_decode(buffer.baseAddress, buffer.count, &pixels, &width, &height, &error, error.count)
        }
        guard status == 0, let pixels else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(Failure(reason: reason, isTooLarge: status == 2))
        }
        defer { tour_image_free(pixels) }
        let count = Int(width) * Int(height) * 4
        return .success(Picture(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)),
                                drawer: drawer))
    }
}

/// Draws with libchafa, cell by cell: its characters and colors are read into the tour's
/// own cells, and nothing chafa would write to a terminal is ever used.
private final class ChafaDrawer: PictureDrawer {
    /// The last drawing, kept for a redraw at the same size (a page change, a key). The
    /// lock is held while chafa draws too: its first use sets up state of its own, and
    /// two threads drawing at once (the tests do) crashed inside it.
    private let last = Mutex<(key: Key, art: Tour.Art)?>(nil)

    private struct Key: Equatable, Sendable {
        var picture: Picture
        var columns: Int
        var rows: Int
        var depth: ColorDepth
        var background: TerminalBackground
        var ascii: Bool
    }

    func fit(_ picture: Picture, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
        var columns: Int32 = 0, rows: Int32 = 0
        last.withLock { _ in
            tour_image_fit(Int32(picture.width), Int32(picture.height), Int32(maxColumns), Int32(maxRows), &columns, &rows)
        }
        return (Int(columns), Int(rows))
    }

    var canDraw: Bool { last.withLock { _ in tour_image_can_draw() != 0 } }

    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, background: TerminalBackground, ascii: Bool) -> Tour.Art? {
        let key = Key(picture: picture, columns: columns, rows: rows, depth: depth, background: background, ascii: ascii)
        return last.withLock { last in
            if let cached = last, cached.key == key { return cached.art }
            let art = draw(picture, columns: columns, rows: rows, depth: depth, background: background, ascii: ascii)
            if let art { last = (key, art) }
            return art
        }
    }

    /// Draws with chafa; called with the lock held.
    private func draw(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, background: TerminalBackground, ascii: Bool) -> Tour.Art? {
        let count = columns * rows
        var characters = [UInt32](repeating: 0x20, count: count)
        var foregrounds = [Int32](repeating: -1, count: count)
        var backgrounds = [Int32](repeating: -1, count: count)
        // At 8 colors chafa draws in 24-bit and the colors are chosen here, none of them the
        // background's; chafa's own 8 would draw dark blue black on a black terminal.
        let mode: Int32 = switch depth {
        case .direct, .ansi8: 0
        case .ansi256: 1
        case .monochrome: 3
        }
        let status = picture.pixels.withUnsafeBufferPointer { pixels in
            tour_image_draw(pixels.baseAddress, Int32(picture.width), Int32(picture.height), Int32(columns), Int32(rows), mode,
                            ascii ? 1 : 0, background == .light ? 1 : 0, &characters, &foregrounds, &backgrounds)
        }
        guard status == 0 else { return nil }
        return PictureCells(columns: columns, rows: rows, characters: characters, foregrounds: foregrounds, backgrounds: backgrounds)
            .art(depth: depth, background: background)
    }
}
