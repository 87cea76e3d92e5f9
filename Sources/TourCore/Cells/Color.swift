/// A color a cell can carry. `.default` keeps the user's terminal theme.
public enum Color: Hashable, Sendable {
    case `default`
    /// An indexed color: 0–7 normal, 8–15 bright, 16–255 the 256-color cube and greys
    /// (ANSI art uses them all).
    case ansi(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}
