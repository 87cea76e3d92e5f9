/// A rectangle of cells on the screen.
public struct Rect: Hashable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A rectangle of cells.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when the cell is inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }
}
