/// A page's picture where the terminal draws it in pixels: over `box`, the cells the
/// page left blank for it (or filled with kitty's placeholders).
package struct PicturePlacement: Equatable, Sendable {
    /// The page of the tour, as written, that shows it.
    package var page: Int
    package var box: Rect
    package var picture: Picture

    package init(page: Int, box: Rect, picture: Picture) {
        (self.page, self.box, self.picture) = (page, box, picture)
    }
}

/// What a page draws in its picture's box while the terminal draws the picture in pixels.
package enum PictureStandIn: Equatable, Sendable {
    /// Blank cells, which the terminal draws the picture over (kitty, sixel, iTerm2).
    case blank
    /// kitty's placeholder cells, which show the picture with this id (behind tmux).
    case placeholders(id: Int)
}

/// The kitty image ids of one run. Every tour behind one tmux shares the outer terminal,
/// so ids must differ from run to run, or one pane's tour replaces, then frees, another's
/// picture. kitty's advice is a random id in the upper range: the top byte (1 to 63, as
/// many as the marks a placeholder can name it with) and, where the ink is 24-bit, the two
/// middle bytes are the run's, drawn at random; the low byte is the page's, 128 to 254. A
/// placeholder names the top byte with a third mark and the rest with its ink.
package struct PictureIDs: Equatable, Sendable {
    package var run: UInt8
    /// The middle bytes: 0 where the ink has 256 colors, which name the low byte only.
    package var middle: UInt16 = 0

    package init(run: UInt8, middle: UInt16 = 0) { (self.run, self.middle) = (run, middle) }

    /// A run's own, at random; the middle bytes only where placeholders are inked in 24 bits.
    /// (Run 0 gives the one-byte ids, 128 to 254, that every run used before 2.7.)
    package static func random(depth: ColorDepth) -> PictureIDs {
        PictureIDs(run: UInt8.random(in: 1...UInt8(KittyGraphics.diacritics.count - 1)),
                   middle: depth == .direct ? UInt16.random(in: 0...UInt16.max) : 0)
    }

    package func id(page: Int) -> Int { Int(run) << 24 | Int(middle) << 8 | (128 + page % 127) }
}

/// The pictures a run has drawn in pixels, and what to send the terminal as frames come:
/// each picture sent once per size (kitty) or drawn again each time its page shows
/// (sixel, iTerm2), placed when its page settles, and taken away when the page goes, at
/// a resize, at Ctrl-Z and at exit. Pure: the terminal layer writes what it says.
package struct PictureOverlay: Sendable {
    package let pixelProtocol: PixelProtocol
    /// One cell's size in pixels.
    package let cell: (width: Int, height: Int)
    /// This run's image ids, the same the view inks placeholders with.
    package let ids: PictureIDs
    /// Color registers a sixel may use.
    package var sixelRegisters = 256
    /// zlib, for kitty's pixels and iTerm2's PNG; without it they go uncompressed.
    package var deflate: Deflate?

    /// The picture on screen now.
    private(set) var placed: PicturePlacement?
    /// The kitty pictures the terminal holds: id → the picture and the size it was sent at.
    private var sent: [Int: Sent] = [:]

    private struct Sent: Equatable, Sendable {
        var picture: Picture
        var width: Int
        var height: Int
    }

    package init(pixelProtocol: PixelProtocol, cell: (width: Int, height: Int), ids: PictureIDs) {
        self.pixelProtocol = pixelProtocol
        self.cell = cell
        self.ids = ids
    }

    /// What to send around one frame.
    package struct Commands: Equatable, Sendable {
        /// Before the frame's cells: what takes the last picture away.
        package var before: [UInt8] = []
        /// Rows whose cells the terminal must write again in full (a sixel's cells were erased).
        package var repaint: Range<Int>?
        /// After the frame's cells: what draws the new one.
        package var after: [UInt8] = []

        package init() {}
    }

    /// The pixel size of a picture placed over `box`: its shape kept, within the box.
    package func pixelSize(of picture: Picture, in box: Rect) -> (width: Int, height: Int) {
        PixelImage.fit(width: picture.width, height: picture.height, into: (box.width * cell.width, box.height * cell.height))
    }

    /// The commands for a frame that shows `wanted` (nil: no picture in pixels).
    package mutating func frame(showing wanted: PicturePlacement?) -> Commands {
        var commands = Commands()
        if let placed, placed != wanted { commands = remove(placed) }
        guard let wanted, placed != wanted else { return commands }
        placed = wanted
        let size = pixelSize(of: wanted.picture, in: wanted.box)
        let id = ids.id(page: wanted.page)
        var drawing: [UInt8] = []
        let sending = Sent(picture: wanted.picture, width: size.width, height: size.height)
        if pixelProtocol == .kitty || pixelProtocol == .kittyPlaceholders, sent[id] != sending {
            // Sent again under the same id, it replaces the old pixels and their placements.
            drawing += KittyGraphics.transmit(PixelImage.resampled(wanted.picture, width: size.width, height: size.height), id: id, deflate: deflate)
            sent[id] = sending
        }
        // Centered in the box, to the pixel: the cell it starts in, and the offset into it.
        let offset = ((wanted.box.width * cell.width - size.width) / 2, (wanted.box.height * cell.height - size.height) / 2)
        let column = wanted.box.x + offset.0 / cell.width, row = wanted.box.y + offset.1 / cell.height
        switch pixelProtocol {
        case .kittyPlaceholders:
            drawing += KittyGraphics.placeVirtually(id: id, columns: wanted.box.width, rows: wanted.box.height)
            commands.after += wrapped(drawing)
            return commands
        case .kitty:
            drawing += Self.cursor(column: column, row: row) + KittyGraphics.place(id: id, offset: (offset.0 % cell.width, offset.1 % cell.height))
        case .sixel:
            // A sixel starts at a cell's corner: centered to the cell.
            let image = PixelImage.resampled(wanted.picture, width: size.width, height: size.height)
            drawing += Self.cursor(column: column, row: row) + SixelEncoder.encode(image, registers: sixelRegisters)
        case .iterm2:
            let image = PixelImage.resampled(wanted.picture, width: size.width, height: size.height)
            drawing += Self.cursor(column: column, row: row) + ITerm2Image.inline(image, deflate: deflate)
        }
        // The cursor goes back where the frame left it (DECSC … DECRC).
        commands.after += [0x1B, UInt8(ascii: "7")] + drawing + [0x1B, UInt8(ascii: "8")]
        return commands
    }

    /// What takes `placement` off the screen.
    private mutating func remove(_ placement: PicturePlacement) -> Commands {
        placed = nil
        var commands = Commands()
        switch pixelProtocol {
        case .kitty, .kittyPlaceholders:
            commands.before = wrapped(KittyGraphics.delete(id: ids.id(page: placement.page), forget: false))
        case .sixel, .iterm2:
            // Its pixels sit in the cells: erased (ECH on each row), then written again.
            let box = placement.box
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "7")]
            for row in box.y..<box.y + box.height { bytes += Self.cursor(column: box.x, row: row) + Array("\u{1B}[\(box.width)X".utf8) }
            commands.before = bytes + [0x1B, UInt8(ascii: "8")]
            commands.repaint = box.y..<box.y + box.height
        }
        return commands
    }

    /// The screen is about to change under the picture (a resize, Ctrl-Z, a full
    /// redraw): what takes it away. The next frame places it again; after `forget`
    /// (Ctrl-Z, where the terminal may drop what the alternate screen held) it is sent again.
    package mutating func takeDown(forget: Bool) -> [UInt8] {
        var bytes = placed.map { remove($0).before } ?? []
        if forget {
            for id in sent.keys.sorted() { bytes += wrapped(KittyGraphics.delete(id: id, forget: true)) }
            sent = [:]
        }
        return bytes
    }

    /// Everything the terminal holds of the run's pictures, freed: at exit.
    package mutating func finish() -> [UInt8] { takeDown(forget: true) }

    /// What a crash leaves the terminal to do: the picture this run shows, freed, and
    /// nothing of anyone else's (another pane's tour behind the same tmux). sixel and
    /// iTerm2 pictures go with the alternate screen. At most 64 bytes.
    package var crashCleanup: [UInt8] {
        guard let placed, pixelProtocol == .kitty || pixelProtocol == .kittyPlaceholders else { return [] }
        return wrapped(KittyGraphics.delete(id: ids.id(page: placed.page), forget: true))
    }

    /// Behind tmux every kitty command is passed on, chunk by chunk (tmux takes a
    /// passthrough of limited length); elsewhere it goes as it is.
    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        guard pixelProtocol == .kittyPlaceholders else { return bytes }
        var out: [UInt8] = []
        var start = 0
        // Each command is one APC ending in ESC \: wrapped one by one.
        while start < bytes.count {
            var end = start
            while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            end = min(bytes.count, end + 2)
            out += KittyGraphics.passedThroughTmux(Array(bytes[start..<end]))
            start = end
        }
        return out
    }

    /// CUP to a zero-based column and row.
    static func cursor(column: Int, row: Int) -> [UInt8] { Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) }
}
