/// The one key table: which key does what. Help screens and the README are written from it.
public struct KeyBindings: Sendable {
    /// Some keys, what they do, and how the help says it.
    public struct Binding: Sendable {
        /// The keys that all do the same thing.
        public var keys: [Key]
        /// What they do.
        public var action: Command
        /// What the help overlay says they do.
        public var summary: String
    }

    /// What a key asks for, as the table writes it.
    public enum Command: Hashable, Sendable {
        case paging(PagerAction)
        /// A digit 1–9: jump to that page (1-based on the keyboard).
        case jumpToDigit
        /// Scroll a long feature list by this many rows.
        case scroll(Int)
        /// Show the help overlay.
        case help
    }

    /// Every binding, in the order the help lists them.
    public let bindings: [Binding]

    /// The keys in the README: arrows and vi keys, Enter, Home/End, digits, q/Esc, ? and Ctrl-C.
    public static let standard = KeyBindings(bindings: [
        Binding(keys: [.right, .character("l"), .character(" "), .pageDown], action: .paging(.next), summary: "next page"),
        Binding(keys: [.left, .character("h"), .backspace, .pageUp], action: .paging(.previous), summary: "previous page"),
        Binding(keys: [.enter], action: .paging(.advance), summary: "next, or finish on the last page"),
        Binding(keys: [.home, .character("g")], action: .paging(.first), summary: "first page"),
        Binding(keys: [.end, .character("G")], action: .paging(.last), summary: "last page"),
        Binding(keys: (1...9).map { .character(Character(String($0))) }, action: .jumpToDigit, summary: "jump to that page"),
        Binding(keys: [.up, .character("k")], action: .scroll(-1), summary: "scroll a long list up"),
        Binding(keys: [.down, .character("j")], action: .scroll(1), summary: "scroll a long list down"),
        Binding(keys: [.character("q"), .escape], action: .paging(.skip), summary: "skip the tour"),
        Binding(keys: [.character("?")], action: .help, summary: "this help"),
        Binding(keys: [.controlC], action: .paging(.interrupt), summary: "quit without choosing"),
    ])

    /// What a key does, with digits resolved to page jumps; nil when the key means nothing here.
    public func command(for key: Key) -> Command? {
        for binding in bindings where binding.keys.contains(key) {
            guard binding.action == .jumpToDigit else { return binding.action }
            guard case .character(let character) = key, let digit = character.wholeNumberValue else { return nil }
            return .paging(.jump(to: digit - 1))
        }
        return nil
    }

    /// The paging action for a key, or nil when the key does no paging.
    public func action(for key: Key) -> PagerAction? {
        if case .paging(let action)? = command(for: key) { return action }
        return nil
    }
}
