/// A hero picture from a PNG or JPEG: RGBA pixels, decoded once when the tour is loaded
/// (and kept at most 512 pixels a side), drawn into cells again for each size by the
/// drawer that came with it. The view reaches the drawer only through the picture: there
/// is no global to install first.
package struct Picture: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// Red, green, blue, alpha: 8 bits each, row by row.
    package let pixels: [UInt8]
    /// What draws it as cells; nil draws nothing (the page gives the picture's rows up).
    package let drawer: (any PictureDrawer)?

    package init(width: Int, height: Int, pixels: [UInt8], drawer: (any PictureDrawer)?) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.drawer = drawer
    }

    /// The most cells a picture is drawn in, whatever the window: a column per pixel and a
    /// row per two (a half block shows two), and at most 160 × 80 cells. More would only
    /// enlarge it, at the drawer's cost, which grows with the cells (libchafa works on 8 × 8
    /// pixels a cell): at 1000×1000, a 1×1 PNG was drawn into 1000×666 cells and held
    /// 280 MiB; 512 × 256 cells still took 63 MiB. 160 × 80 keeps the largest render under
    /// the 50 MiB of docs/promises.md, and is more than any screen shows a picture at.
    package static let largestDrawing = (columns: 160, rows: 80)

    package var largestCells: (columns: Int, rows: Int) {
        (max(1, min(width, Self.largestDrawing.columns)), max(1, min((height + 1) / 2, Self.largestDrawing.rows)))
    }

    /// The same pixels are the same picture, whoever draws them.
    package static func == (left: Picture, right: Picture) -> Bool {
        left.width == right.width && left.height == right.height && left.pixels == right.pixels
    }
}

/// Draws pictures as character cells. The pure core cannot call libchafa itself: the code
/// that decodes a picture (TourStore's ImageCodec) gives it its drawer, and the view asks
/// that drawer for cells at the size it has.
package protocol PictureDrawer: Sendable {
    /// The cells a picture fills within these bounds, keeping its aspect.
    func fit(_ picture: Picture, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int)
    /// The picture as art of exactly this many cells, in the colors the depth allows, with
    /// block symbols or, for `ascii`, ASCII ones; nil when it cannot be drawn. At 8 colors
    /// no cell takes the `background`'s own color; in monochrome the shapes are the ink.
    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, background: TerminalBackground, ascii: Bool) -> Tour.Art?
    /// Whether this machine can draw pictures at all (libchafa is there).
    var canDraw: Bool { get }
}
