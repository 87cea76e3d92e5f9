/// The symbols the pager draws, in Unicode or, for terminals whose locale is not UTF-8, ASCII.
public struct Glyphs: Sendable, Equatable {
    /// The dot of the page on screen.
    public var currentDot: String
    /// The dots of the other pages.
    public var otherDot: String
    /// Next, in the button and the hint.
    public var rightArrow: String
    /// Back, in the hint.
    public var leftArrow: String
    /// Between the parts of the key hint.
    public var separator: String
    /// Marks text cut short.
    public var ellipsis: String
    /// More above, in a scrolling list.
    public var upArrow: String
    /// More below, in a scrolling list.
    public var downArrow: String
    /// The done part of the bar indicator.
    public var barFilled: String = "━"
    /// The part to go.
    public var barEmpty: String = "─"
    /// The option selected on a question page: a shape, so it reads without color.
    public var chosen: String = "●"
    /// The other options.
    public var notChosen: String = "○"
    /// A practice done.
    public var check: String = "✓"

    /// For UTF-8 terminals.
    public static let unicode = Glyphs(currentDot: "●", otherDot: "○", rightArrow: "→", leftArrow: "←", separator: "·",
                                       ellipsis: "…", upArrow: "↑", downArrow: "↓")
    /// For locales that are not UTF-8.
    public static let ascii = Glyphs(currentDot: "*", otherDot: ".", rightArrow: "->", leftArrow: "<-", separator: "|",
                                     ellipsis: "...", upArrow: "^", downArrow: "v", barFilled: "=", barEmpty: "-",
                                     chosen: "(x)", notChosen: "( )", check: "[ok]")
}
