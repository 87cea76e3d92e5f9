/// The one key table: which key does what. The pager's update function reads it, and so
/// does everything that names a key on screen: the help overlay, the key hint, "Skip (q)",
/// "more below (j)", the error screen and the accessible mode's prompt. A test checks the
/// README's key table against `KeyBindings.standard`.
public struct KeyBindings: Sendable, Equatable {
    /// What a key asks for.
    public enum Command: Hashable, Sendable {
        /// The next page; nothing on the last.
        case next
        /// The previous page; nothing on the first.
        case previous
        /// The next page, or finish on the last page.
        case advance
        case first
        case last
        /// A digit 1–9: that page (1-based on the keyboard).
        case jumpToDigit
        /// A long feature list: the previous or the next item.
        case scrollUp
        case scrollDown
        /// A screenful further down a long list, or the next page once it is at its end.
        case screenDown
        /// A screenful further up a long list, or the previous page once it is at its top.
        case screenUp
        /// Skip the tour (exit 1 from the command).
        case skip
        /// Leave without choosing, like Ctrl-C: the tour shows again next time.
        case quit
        /// The help overlay.
        case help
    }

    /// Some keys that all do the same thing, and how the help says it.
    public struct Binding: Sendable, Equatable {
        /// The keys; the first one is the one hints name.
        public var keys: [Key]
        /// What they do.
        public var command: Command
        /// What the help overlay says they do.
        public var summary: String

        /// A binding; the first key is the one on-screen hints name.
        public init(keys: [Key], command: Command, summary: String) {
            self.keys = keys
            self.command = command
            self.summary = summary
        }
    }

    /// Every binding, in the order the help lists them.
    public var bindings: [Binding]

    /// A key table of your own. Commands without a binding cannot be reached by keys.
    public init(bindings: [Binding]) {
        self.bindings = bindings
    }

    /// The keys in the README: arrows and vi keys, Enter, Home/End, digits, q/Esc, ? and Ctrl-C.
    public static let standard = KeyBindings(bindings: [
        Binding(keys: [.right, .character("l")], command: .next, summary: Tour.Label.help(for: .next).english),
        Binding(keys: [.left, .character("b"), .character("h"), .backspace], command: .previous, summary: Tour.Label.help(for: .previous).english),
        Binding(keys: [.character(" "), .pageDown], command: .screenDown, summary: Tour.Label.help(for: .screenDown).english),
        Binding(keys: [.pageUp], command: .screenUp, summary: Tour.Label.help(for: .screenUp).english),
        Binding(keys: [.enter], command: .advance, summary: Tour.Label.help(for: .advance).english),
        Binding(keys: [.home, .character("g")], command: .first, summary: Tour.Label.help(for: .first).english),
        Binding(keys: [.end, .character("G")], command: .last, summary: Tour.Label.help(for: .last).english),
        Binding(keys: (1...9).map { .character(Character(String($0))) }, command: .jumpToDigit, summary: Tour.Label.help(for: .jumpToDigit).english),
        Binding(keys: [.up, .character("k")], command: .scrollUp, summary: Tour.Label.help(for: .scrollUp).english),
        Binding(keys: [.down, .character("j")], command: .scrollDown, summary: Tour.Label.help(for: .scrollDown).english),
        Binding(keys: [.character("q"), .escape], command: .skip, summary: Tour.Label.help(for: .skip).english),
        Binding(keys: [.character("?")], command: .help, summary: Tour.Label.help(for: .help).english),
        Binding(keys: [.controlC], command: .quit, summary: Tour.Label.help(for: .quit).english),
    ])

    /// The same table with `command` on these keys instead of its own; the keys are taken
    /// away from whatever else they did.
    public func remapping(_ command: Command, to keys: [Key]) -> KeyBindings {
        var table = bindings.map { binding in
            var binding = binding
            binding.keys.removeAll { keys.contains($0) }
            if binding.command == command { binding.keys = keys }
            return binding
        }
        table.removeAll { $0.keys.isEmpty && $0.command != command }
        return KeyBindings(bindings: table)
    }

    /// The command for a key, and for a digit the page it names (counted from 0).
    package func command(for key: Key) -> (command: Command, page: Int?)? {
        for binding in bindings where binding.keys.contains(key) {
            guard binding.command == .jumpToDigit else { return (binding.command, nil) }
            guard case .character(let character) = key, let digit = character.wholeNumberValue else { return nil }
            return (.jumpToDigit, digit - 1)
        }
        return nil
    }

    /// The keys of a command, in table order.
    package func keys(for command: Command) -> [Key] {
        bindings.filter { $0.command == command }.flatMap(\.keys)
    }

    /// How hints name a command's key: its first key, or nil when no key does it.
    package func keyName(for command: Command, glyphs: Glyphs) -> String? {
        keys(for: command).first.map { $0.label(glyphs) }
    }

    /// The first key of a command that can be typed as a line of text (accessible mode).
    package func typedKey(for command: Command) -> Character? {
        for case .character(let character) in keys(for: command) { return character }
        return nil
    }

    /// The dim hint under the button: "← → swipe · Enter next · q skip" (the words are
    /// labels a translation sets), each key the
    /// first one the table gives; parts whose command has no key are left out.
    /// A one-page tour has nothing to swipe to; on the last page Skip is gone and q closes.
    /// On a list that scrolls it names the item keys and says what Space does now: more of
    /// the list, or (at its end) the next page.
    /// The key hint, at most `width` cells wide where it can be: when it must be cut, its
    /// parts go in order of importance, so the way out (skip) and the way forward stay
    /// longest; the list keys go first, then swiping.
    /// On a question page (`questionCanGoOn` not nil) it says how to choose first; with nothing chosen
    /// (`questionCanGoOn` false) it leaves out the way forward, which is closed, and q skips there
    /// even on the last page. On a practice page not yet done (`practiceDone` false) the way
    /// forward is closed too, and the page itself says what to press.
    package func hint(isLastPage: Bool, isOnlyPage: Bool = false, scrolls: Bool, listAtEnd: Bool = false, glyphs: Glyphs,
                      labels: Tour.Labels = Tour.Labels(), width: Int = Int.max, questionCanGoOn: Bool? = nil,
                      practiceDone: Bool? = nil) -> String {
        // (text, importance): lower goes last.
        var parts: [(text: String, importance: Int)] = []
        if questionCanGoOn != nil, let up = keyName(for: .scrollUp, glyphs: glyphs), let down = keyName(for: .scrollDown, glyphs: glyphs) {
            parts.append(("\(up) \(down) \(labels[.hintChoose])", 5))
        }
        if scrolls, let down = typedKey(for: .scrollDown), let up = typedKey(for: .scrollUp) {
            parts.append(("\(down) \(up) \(labels[.hintItem])", 0))
            if let screen = keyName(for: .screenDown, glyphs: glyphs) { parts.append(("\(screen) \(labels[listAtEnd ? .hintNext : .hintMore])", 1)) }
        }
        if practiceDone == false {
            // The way on is the practice's: only back is a swipe here.
            if let previous = keyName(for: .previous, glyphs: glyphs) { parts.append(("\(previous) \(labels[.hintBack])", 2)) }
        } else if !isOnlyPage, let previous = keyName(for: .previous, glyphs: glyphs), let next = keyName(for: .next, glyphs: glyphs) {
            parts.append(("\(previous) \(next) \(labels[.hintSwipe])", 2))
        }
        if questionCanGoOn ?? true, practiceDone ?? true, let advance = keyName(for: .advance, glyphs: glyphs) {
            parts.append(("\(advance) \(labels[isLastPage ? .hintFinish : .hintNext])", 3))
        }
        let skipCloses = isLastPage && questionCanGoOn == nil && practiceDone ?? true
        if let skip = keyName(for: .skip, glyphs: glyphs) { parts.append(("\(skip) \(labels[skipCloses ? .hintClose : .hintSkip])", 4)) }
        // Joined by hand: joined(separator:) is generic over StringProtocol, and its metadata
        // cost a protocol-conformance look-up before every first frame.
        func joined(_ parts: [(text: String, importance: Int)]) -> String {
            var hint = ""
            for part in parts {
                if !hint.isEmpty { hint += " \(glyphs.separator) " }
                hint += part.text
            }
            return hint
        }
        var hint = joined(parts)
        while TextWidth.of(hint) > width, parts.count > 1, let least = parts.indices.min(by: { parts[$0].importance < parts[$1].importance }) {
            parts.remove(at: least)
            hint = joined(parts)
        }
        return hint
    }

    /// The README's key table, as Markdown rows: the test compares the README with it.
    package var markdownRows: [String] {
        bindings.map { binding in
            let keys = binding.command == .jumpToDigit ? "`1`–`9`" : binding.keys.map { "`\($0.label(.unicode))`" }.joined(separator: " ")
            return "| \(keys) | \(binding.summary) |"
        }
    }
}

extension Key {
    /// How the help and the hints name a key.
    package func label(_ glyphs: Glyphs) -> String {
        switch self {
        case .character(" "): "Space"
        case .character(let character) where character.unicodeScalars.first.map({ $0.value < 0x20 }) == true:
            // Ctrl and the letter the control character stands for: 0x12 is Ctrl-R.
            "Ctrl-" + String(Character(Unicode.Scalar(UInt8(character.unicodeScalars.first!.value) + 0x40)))
        case .character(let character): String(character)
        case .left: glyphs.leftArrow
        case .right: glyphs.rightArrow
        case .up: glyphs.upArrow
        case .down: glyphs.downArrow
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .tab: "Tab"
        case .controlC: "Ctrl-C"
        case .mouse: "mouse"
        }
    }
}
