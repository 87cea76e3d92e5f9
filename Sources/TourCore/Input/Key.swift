/// A key press or mouse event, as the terminal layer decoded it. Plain Swift so the
/// key table can be tested.
public enum Key: Hashable, Sendable {
    case character(Character)
    case left, right, up, down
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case controlC
    case mouse(MouseEvent)
}

/// A mouse event in SGR reporting; columns and rows count from 0.
public struct MouseEvent: Hashable, Sendable {
    /// What happened: a button went down or up, or the wheel turned.
    public enum Kind: Hashable, Sendable {
        case press(button: Int)
        case release(button: Int)
        case wheelUp
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// The column, counted from 0.
    public var x: Int
    /// The row, counted from 0.
    public var y: Int

    /// An event at a cell.
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
