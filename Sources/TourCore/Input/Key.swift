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
    public enum Kind: Hashable, Sendable {
        case press(button: Int)
        case release(button: Int)
        case wheelUp
        case wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}
