/// A tour: a short sequence of pages shown to a new user, with a hero picture,
/// a title and a subtitle on each.
public struct Tour: Sendable, Equatable {
    /// Names the tour in the seen-state store; defaults to the file name.
    public var id: String?
    /// The version of the tool the tour describes, as dotted numbers ("2.1.0").
    public var version: String?
    /// Button and skip labels, for translation or a tool's own voice.
    public var labels: Labels
    public var pages: [Page]

    public init(id: String? = nil, version: String? = nil, labels: Labels = Labels(), pages: [Page]) {
        self.id = id
        self.version = version
        self.labels = labels
        self.pages = pages
    }
}

extension Tour {
    /// The words on the buttons.
    public struct Labels: Sendable, Equatable {
        public var next: String
        public var done: String
        public var skip: String

        public init(next: String = "Next", done: String = "Get started", skip: String = "Skip") {
            self.next = TextSanitizer.clean(next)
            self.done = TextSanitizer.clean(done)
            self.skip = TextSanitizer.clean(skip)
        }
    }

    /// One screen of the tour.
    public struct Page: Sendable, Equatable {
        public var title: String
        public var subtitle: String
        public var hero: Art?
        /// Overrides the Next / Get started label on this page.
        public var button: String?

        /// - Parameter hero: ASCII art, lines separated by newlines.
        public init(title: String, subtitle: String = "", hero: String? = nil, button: String? = nil) {
            self.title = TextSanitizer.clean(title)
            self.subtitle = TextSanitizer.clean(subtitle, keepNewlines: true)
            self.hero = hero.map(Art.init(text:))
            self.button = button.map { TextSanitizer.clean($0) }
        }
    }

    /// A hero picture: lines of text, kept exactly as drawn (after removing anything unsafe).
    public struct Art: Sendable, Equatable {
        public var lines: [String]
        /// The widest line, in terminal cells.
        public var width: Int

        public init(text: String) {
            self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }

        public init(lines: [String]) {
            var cleaned = lines.map { TextSanitizer.clean($0) }
            // Trailing blank lines would only push the title down.
            while let last = cleaned.last, last.allSatisfy({ $0 == " " }) { cleaned.removeLast() }
            while let first = cleaned.first, first.allSatisfy({ $0 == " " }) { cleaned.removeFirst() }
            self.lines = cleaned
            self.width = cleaned.map(TextWidth.of).max() ?? 0
        }
    }
}
