/// A hero picture from a PNG or JPEG: RGBA pixels, decoded once when the tour is loaded
/// (and kept at most 512 pixels a side), drawn into cells again for each size.
package struct Picture: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// Red, green, blue, alpha: 8 bits each, row by row.
    package let pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

/// Draws pictures as character cells. The pure core cannot call libchafa itself: the store
/// installs the one drawer there is (TourStore's ImageCodec) when it decodes a picture, and
/// the view asks it for cells at the size it has.
package protocol PictureDrawer: Sendable {
    /// The cells a picture fills within these bounds, keeping its aspect.
    func fit(_ picture: Picture, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int)
    /// The picture as art of exactly this many cells, in the colors the depth allows, with
    /// block symbols or, for `ascii`, ASCII ones; nil when it cannot be drawn.
    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, ascii: Bool) -> Tour.Art?
}

package enum Pictures {
    /// Set once, before any tour is drawn, by the code that decoded the picture.
    nonisolated(unsafe) package static var drawer: (any PictureDrawer)?
}
