/// A size in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size; negative values become 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// "80x24".
    public var description: String { "\(width)x\(height)" }
}
