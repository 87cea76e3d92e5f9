/// How far the person has come on one practice page: the keys matched so far, the line
/// typed, the last try that was not it, and whether it is done. A value the pager and the
/// accessible mode keep in `Answers`, by position.
package struct PracticeProgress: Equatable, Sendable {
    /// A try that was not it, as the hint names it.
    package enum Miss: Equatable, Sendable {
        case key(Key)
        case line(String)
    }

    /// Keys of a sequence pressed in order so far.
    package private(set) var matched = 0
    /// The line typed so far.
    package private(set) var typed = ""
    /// The last try that was not it; cleared by the next right key.
    package private(set) var missed: Miss?
    package private(set) var isDone = false

    package init() {}

    /// The tour's own commands that still work on a practice page not yet done, for a key
    /// the practice does not ask for: the ways out and the ways back (a digit may name an
    /// earlier page). The ways forward are closed until it is done
    /// (`Answers.blocksForward`): those keys are tries, so the page says what to press.
    static let waysOut: Set<KeyBindings.Command> = [.skip, .quit, .previous, .first, .jumpToDigit, .help, .screenUp]

    /// Takes `key` (bound to `command` in the key table) on a practice page. True when the
    /// key was the practice's, right or wrong, and the pager does nothing else with it.
    package mutating func take(_ key: Key, command: KeyBindings.Command?, for practice: Tour.Practice) -> Bool {
        guard !isDone else { return false }
        switch practice.expectation {
        case .keys(let keys):
            if key == .controlC || (!practice.asks(for: key) && command.map(Self.waysOut.contains) == true) { return false }
            if key == keys[matched] {
                matched += 1
                missed = nil
                isDone = matched == keys.count
            } else {
                // A wrong key starts the sequence over; it may itself be its first key.
                matched = key == keys[0] ? 1 : 0
                missed = .key(key)
            }
            return true
        case .line(let line):
            switch key {
            case .character(let character) where character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }):
                if typed.count < Tour.Practice.maximumLineLength * 2 { typed.append(character) }
            case .backspace:
                if !typed.isEmpty { typed.removeLast() }
            case .enter:
                let tried = Tour.Practice.normalized(typed)
                if tried == line {
                    isDone = true
                    missed = nil
                } else {
                    missed = .line(tried)
                    typed = ""
                }
            default:
                return false
            }
            return true
        }
    }

    /// The accessible mode's try: a line typed and ended with Enter. For keys, the line
    /// holds the keys themselves ("/", "g g") or their names ("ctrl-r"), as a screen
    /// reader's user may type either; for a line, the line.
    package mutating func take(line: String, for practice: Tour.Practice) {
        guard !isDone else { return }
        switch practice.expectation {
        case .keys(let keys):
            let tried = Tour.Practice.normalized(line)
            let asTyped = Array(tried).map { Key.character($0) }
            let byName = try? KeyName.keys(tried).get()
            // Enter is an empty line.
            if asTyped == keys || byName == keys || tried.replacingSpaces == keys.typedText || (tried.isEmpty && keys == [.enter]) {
                isDone = true
                missed = nil
            } else {
                missed = .line(tried)
            }
        case .line:
            typed = ""
            for character in line { _ = take(.character(character), command: nil, for: practice) }
            _ = take(.enter, command: nil, for: practice)
        }
    }
}

private extension String {
    /// The text with its spaces taken out: "g g" typed as "gg".
    var replacingSpaces: String { filter { $0 != " " } }
}

private extension Array where Element == Key {
    /// The keys as typed text, when every one is a character.
    var typedText: String? {
        var text = ""
        for key in self {
            guard case .character(let character) = key else { return nil }
            text.append(character)
        }
        return text
    }
}
