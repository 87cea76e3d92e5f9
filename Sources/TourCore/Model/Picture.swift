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
    /// block symbols or, for `ascii`, ASCII ones; nil when it cannot be drawn.
    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, ascii: Bool) -> Tour.Art?
}
