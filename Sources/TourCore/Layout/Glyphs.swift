/// The symbols the pager draws, in Unicode or, for terminals whose locale is not UTF-8, ASCII.
public struct Glyphs: Sendable, Equatable {
    public var currentDot: String
    public var otherDot: String
    public var rightArrow: String
    public var leftArrow: String
    public var separator: String
    public var ellipsis: String
    public var upArrow: String
    public var downArrow: String

    public static let unicode = Glyphs(currentDot: "●", otherDot: "○", rightArrow: "→", leftArrow: "←", separator: "·",
                                       ellipsis: "…", upArrow: "↑", downArrow: "↓")
    public static let ascii = Glyphs(currentDot: "*", otherDot: ".", rightArrow: "->", leftArrow: "<-", separator: "|",
                                     ellipsis: "...", upArrow: "^", downArrow: "v")
}
