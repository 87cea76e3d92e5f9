/// The kitty graphics protocol, as tour speaks it: every command is an APC
/// (`ESC _ G keys ; payload ESC \`), with `q=2` so that the terminal answers none of them
/// but the start-up query, and nothing it sends can reach the shell.
package enum KittyGraphics {
    /// Asks whether the terminal draws kitty's pictures: a 1×1 picture queried (`a=q`),
    /// never stored. A kitty terminal answers `APC G i=31 ; OK ST`; others ignore it.
    package static let query = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    /// Base64 characters a chunk carries at most: the protocol's own limit.
    package static let chunkLength = 4096

    /// `image`'s pixels stored under `id`, in chunks: RGB where every pixel is opaque,
    /// RGBA where one is not; compressed (`o=z`) when `deflate` is given and succeeds.
    package static func transmit(_ image: PixelImage, id: Int, deflate: Deflate? = nil) -> [UInt8] {
        let opaque = image.isOpaque
        let pixels = opaque ? image.rgb : image.rgba
        let compressed = deflate?(pixels)
        let payload = Base64.encode(compressed ?? pixels).utf8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + payload.count / chunkLength * 16 + 64)
        var start = payload.startIndex
        var first = true
        repeat {
            let end = payload.index(start, offsetBy: chunkLength, limitedBy: payload.endIndex) ?? payload.endIndex
            let more = end != payload.endIndex ? 1 : 0
            let format = "f=\(opaque ? 24 : 32)\(compressed != nil ? ",o=z" : "")"
            let keys = first ? "a=t,\(format),s=\(image.width),v=\(image.height),i=\(id),q=2,m=\(more)" : "m=\(more)"
            bytes += Array("\u{1B}_G\(keys);".utf8)
            bytes += payload[start..<end]
            bytes += [0x1B, UInt8(ascii: "\\")]
            start = end
            first = false
        } while start != payload.endIndex
        return bytes
    }

    /// Shows picture `id` with its top-left corner at the cursor, moved `offset` pixels
    /// into the cell, the cursor left where it was (`C=1`). One placement a picture
    /// (`p=1`), so placing it again moves it.
    package static func place(id: Int, offset: (x: Int, y: Int)) -> [UInt8] {
        Array("\u{1B}_Ga=p,i=\(id),p=1,X=\(offset.x),Y=\(offset.y),C=1,q=2\u{1B}\\".utf8)
    }

    /// A virtual placement of picture `id` over `columns` × `rows` cells: shown wherever
    /// its placeholder cells are written.
    package static func placeVirtually(id: Int, columns: Int, rows: Int) -> [UInt8] {
        Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2\u{1B}\\".utf8)
    }

    /// Takes picture `id` off the screen; `forget` frees its pixels too.
    package static func delete(id: Int, forget: Bool) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=\(forget ? "I" : "i"),i=\(id),q=2\u{1B}\\".utf8)
    }

    /// `bytes` wrapped for tmux to pass on to the terminal beyond it (`allow-passthrough`):
    /// a DCS with every ESC inside doubled.
    package static func passedThroughTmux(_ bytes: [UInt8]) -> [UInt8] {
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        wrapped.reserveCapacity(bytes.count + bytes.count / 2000 * 4 + 16)
        for byte in bytes {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        return wrapped + [0x1B, UInt8(ascii: "\\")]
    }

    /// The placeholder character: a cell of a virtually placed picture.
    package static let placeholder: UInt32 = 0x10EEEE

    /// The marks that number a placeholder's row and column, in kitty's order
    /// (its rowcolumn-diacritics table, of which these are the first 64).
    package static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C, 0x0350, 0x0351, 0x0352, 0x0357,
        0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484,
        0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658,
    ]

    /// The most rows or columns a placeholder grid numbers.
    package static var largestGrid: Int { diacritics.count }

    /// The placeholder cells of picture `id` over `columns` × `rows` (each at most
    /// `largestGrid`), as art: U+10EEEE with its row's and column's marks and the mark of
    /// the id's top byte, inked in the color that names the rest: 24 bits, or at 256 colors
    /// the low byte (`PictureIDs` keeps the middle bytes 0 there).
    package static func placeholderArt(id: Int, columns: Int, rows: Int, depth: ColorDepth) -> Tour.Art {
        let ink: Color = depth == .direct ? .rgb(UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF), UInt8(id & 0xFF)) : .ansi(UInt8(id & 0xFF))
        let top = min((id >> 24) & 0xFF, diacritics.count - 1)
        let (width, height) = (min(columns, largestGrid), min(rows, largestGrid))
        var lines: [String] = []
        for row in 0..<height {
            var line = String.UnicodeScalarView()
            for column in 0..<width {
                for value in [placeholder, diacritics[row], diacritics[column]] + (top > 0 ? [diacritics[top]] : []) {
                    line.append(Unicode.Scalar(value)!)
                }
            }
            lines.append(String(line))
        }
        return Tour.Art(lines: lines, styles: Array(repeating: Array(repeating: Style(foreground: ink), count: width), count: height),
                        keepBlankRows: true)
    }
}
