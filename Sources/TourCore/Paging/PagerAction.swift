/// Everything that can happen to a running tour. Keys, the mouse and library
/// callers all speak in these.
public enum PagerAction: Hashable, Sendable {
    case next
    case previous
    /// Enter: next page, or complete the tour on the last page.
    case advance
    case first
    case last
    /// Jump to a page by index, counted from 0.
    case jump(to: Int)
    case skip
    /// The user or the system stopped the tour without choosing (Ctrl-C, SIGTERM, SIGHUP).
    case interrupt(signal: Int32)

    /// Ctrl-C.
    public static let interrupt = PagerAction.interrupt(signal: 2)
}
