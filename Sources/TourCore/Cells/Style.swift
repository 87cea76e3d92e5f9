/// How a cell looks.
public struct Style: Hashable, Sendable {
    /// Text color.
    public var foreground: Color
    /// Cell background.
    public var background: Color
    /// Bold, or bright on some terminals.
    public var bold: Bool
    /// Faint: hints and inactive dots.
    public var dim: Bool
    /// Foreground and background swapped: how the button stands out without color.
    public var reverse: Bool
    /// Underlined.
    public var underline: Bool

    /// A style; everything off and the terminal's colors by default.
    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's own colors, no attributes.
    public static let plain = Style()
}
