/// The one key table: which key does what. Help screens and the README are written from it.
public struct KeyBindings: Sendable {
    public struct Binding: Sendable {
        public var keys: [Key]
        public var action: Command
        public var summary: String
    }

    /// What a key asks for: a paging action, or a jump by its 1-based digit.
    public enum Command: Hashable, Sendable {
        case paging(PagerAction)
        /// A digit 1–9: jump to that page (1-based on the keyboard).
        case jumpToDigit
    }

    public let bindings: [Binding]

    public static let standard = KeyBindings(bindings: [
        Binding(keys: [.right, .character("l"), .character(" "), .pageDown], action: .paging(.next), summary: "next page"),
        Binding(keys: [.left, .character("h"), .backspace, .pageUp], action: .paging(.previous), summary: "previous page"),
        Binding(keys: [.enter], action: .paging(.advance), summary: "next, or finish on the last page"),
        Binding(keys: [.home, .character("g")], action: .paging(.first), summary: "first page"),
        Binding(keys: [.end, .character("G")], action: .paging(.last), summary: "last page"),
        Binding(keys: (1...9).map { .character(Character(String($0))) }, action: .jumpToDigit, summary: "jump to that page"),
        Binding(keys: [.character("q"), .escape], action: .paging(.skip), summary: "skip the tour"),
        Binding(keys: [.controlC], action: .paging(.interrupt), summary: "quit without choosing"),
    ])

    /// The action for a key, or nil when the key means nothing here.
    public func action(for key: Key) -> PagerAction? {
        for binding in bindings where binding.keys.contains(key) {
            switch binding.action {
            case .paging(let action):
                return action
            case .jumpToDigit:
                guard case .character(let character) = key, let digit = character.wholeNumberValue else { return nil }
                return .jump(to: digit - 1)
            }
        }
        return nil
    }
}
