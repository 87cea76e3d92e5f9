/// A key press, as the terminal layer decoded it. Plain Swift so the key table can be tested.
public enum Key: Hashable, Sendable {
    case character(Character)
    case left, right, up, down
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case controlC
}
