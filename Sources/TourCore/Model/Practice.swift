extension Tour {
    /// What a practice page waits for: a key, a short sequence of keys, or a line to type.
    /// The page goes on only once the person has done it.
    public struct Practice: Sendable, Equatable {
        /// What is to be pressed or typed.
        package enum Expectation: Sendable, Equatable {
            /// Keys in order: `"/"`, `"ctrl-r"`, `"g g"`.
            case keys([Key])
            /// A line typed and ended with Enter, compared with runs of spaces as one.
            case line(String)
        }

        package var expectation: Expectation
        /// The keys or the line as the file wrote them, when they name a value (`{search}`):
        /// filled anew with the values a run is given (`Tour.filled(with:)`).
        package var template: String?
        /// The line shown once it is done; empty: the label `practiceDone`.
        public var done: String { didSet { done = TextSanitizer.clean(done) } }

        /// The most keys a sequence may ask for: a short one is learned, a long one copied.
        package static let maximumKeys = 4
        /// The longest line a page may ask to be typed.
        package static let maximumLineLength = 120

        /// Keys, written as `tour check` knows them: `"/"`, `"ctrl-r"`, `"g g"`, `"enter"`;
        /// nil when a name is not a key (`KeyName.problem` says why).
        public init?(keys: String, done: String = "") {
            guard case .success(let parsed) = KeyName.keys(keys) else { return nil }
            expectation = .keys(parsed)
            self.done = TextSanitizer.clean(done)
        }

        /// A line to type, such as a command; nil when it is empty or too long.
        public init?(line: String, done: String = "") {
            let cleaned = Self.normalized(TextSanitizer.clean(line))
            guard !cleaned.isEmpty, cleaned.count <= Self.maximumLineLength else { return nil }
            expectation = .line(cleaned)
            self.done = TextSanitizer.clean(done)
        }

        /// A typed line as it is compared: trimmed, and each run of spaces one space.
        package static func normalized(_ line: String) -> String {
            line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }

        /// The keys, or the line, as the page names them: "Ctrl-R", "g g", "notes sync".
        package func named(_ glyphs: Glyphs) -> String {
            switch expectation {
            case .keys(let keys): keys.map { $0.label(glyphs) }.joined(separator: " ")
            case .line(let line): line
            }
        }

        /// The keys that do it, in order: the keys asked for, or the line's characters and Enter.
        package var keysToDoIt: [Key] {
            switch expectation {
            case .keys(let keys): keys
            case .line(let line): line.map { Key.character($0) } + [.enter]
            }
        }

        /// Whether `key` is one the practice asks for: the page gives it up to the practice
        /// even when it is one of tour's own (an arrow, Enter, q).
        package func asks(for key: Key) -> Bool {
            switch expectation {
            case .keys(let keys): keys.contains(key)
            case .line: false
            }
        }

        /// This practice with `values` put into its template; nil when its keys then name no key.
        package func filled(with values: [String: String]) -> Practice? {
            guard let template else { return self }
            var filled: Practice?
            switch expectation {
            case .keys: filled = Practice(keys: TourValues.fill(template, with: values), done: done)
            case .line: filled = Practice(line: TourValues.fill(template, with: values), done: done)
            }
            filled?.template = template
            return filled
        }
    }
}

/// The names a practice page's `"expect"` gives keys: one printable character (`"/"`,
/// `"?"`, `"g"`), a named key (`"enter"`, `"up"`, `"space"`), or `"ctrl-"` and a letter.
/// Keys the terminal keeps for itself are not among them: Ctrl-C, Ctrl-Z, Ctrl-S, Ctrl-Q
/// and Ctrl-\ never reach a program as keys, and Ctrl-I, Ctrl-M, Ctrl-J and Ctrl-H are Tab,
/// Enter and Backspace.
package enum KeyName {
    static let named: [(name: String, key: Key)] = [
        ("enter", .enter), ("tab", .tab), ("esc", .escape), ("backspace", .backspace), ("space", .character(" ")),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("home", .home), ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown),
    ]
    /// The letters after "ctrl-" that arrive as their own key.
    static let controlLetters = Array("abdefgklnoprtuvwxy")

    /// The Ctrl keys a practice cannot ask for, and why.
    static let kept = [
        "ctrl-c": "the terminal keeps it (it interrupts)", "ctrl-z": "the terminal keeps it (it stops the job)",
        "ctrl-s": "the terminal keeps it (it pauses output)", "ctrl-q": "the terminal keeps it (it resumes output)",
        "ctrl-\\": "the terminal keeps it (it quits)", "ctrl-i": "it arrives as Tab; name \"tab\"",
        "ctrl-m": "it arrives as Enter; name \"enter\"", "ctrl-j": "it arrives as Enter; name \"enter\"",
        "ctrl-h": "it arrives as Backspace; name \"backspace\"",
    ]

    /// Every name `"expect"` takes, for "did you mean".
    package static var all: [String] {
        named.map(\.name) + controlLetters.map { "ctrl-\($0)" }
    }

    /// One key by its name; nil when it is none.
    package static func key(_ name: String) -> Key? {
        if name.count == 1, let character = name.first, !character.isWhitespace,
           character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            return .character(character)
        }
        let lowered = name.lowercased()
        if let found = named.first(where: { $0.name == lowered }) { return found.key }
        if lowered.hasPrefix("ctrl-"), lowered.count == 6, let letter = lowered.last, controlLetters.contains(letter),
           let value = letter.asciiValue {
            return .character(Character(Unicode.Scalar(value - 0x60)))
        }
        return nil
    }

    /// The keys of `"g g"`: names separated by spaces, one to `Practice.maximumKeys`; or
    /// what is wrong, naming the word and the name it is nearest to.
    package static func keys(_ text: String) -> Result<[Key], Problem> {
        let words = text.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return .failure(Problem(message: "no key is named; name one, such as \"/\" or \"ctrl-r\"")) }
        guard words.count <= Tour.Practice.maximumKeys else {
            return .failure(Problem(message: "\(words.count) keys are named; a practice asks for at most \(Tour.Practice.maximumKeys) (for a longer one, ask for a line: {\"line\": …})"))
        }
        var keys: [Key] = []
        for word in words {
            if let kept = kept[word.lowercased()] {
                return .failure(Problem(message: "\(Quoted(word)) cannot be asked for: \(kept)"))
            }
            guard let key = key(word) else {
                let nearest = KeySuggestion.closest(to: word, among: all)
                return .failure(Problem(message: "\(Quoted(word)) is not a key"
                                        + (nearest.map { "; did you mean \"\($0)\"?" } ?? "; name one character, or enter, tab, esc, space, up, down, left, right, home, end, pgup, pgdn, or ctrl- and a letter")))
            }
            keys.append(key)
        }
        return .success(keys)
    }

    package struct Problem: Error, Equatable {
        package var message: String
    }
}
