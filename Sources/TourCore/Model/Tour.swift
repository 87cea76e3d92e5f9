/// A tour: a short sequence of pages shown to a new user, with a hero picture,
/// a title and a subtitle on each.
public struct Tour: Sendable, Equatable {
    /// Names the tour in the seen-state store; defaults to the file name.
    public var id: String?
    /// The version of the tool the tour describes, as dotted numbers ("2.1.0").
    public var version: String?
    /// Button and skip labels, for translation or a tool's own voice.
    public var labels: Labels
    /// Tints the title, the current dot and the button on every page without an accent of its own.
    public var accent: Color?
    /// The pages, in order; at least one.
    public var pages: [Page]

    /// A tour from pages; only the pages are required.
    public init(id: String? = nil, version: String? = nil, labels: Labels = Labels(), accent: Color? = nil, pages: [Page]) {
        self.id = id
        self.version = version
        self.labels = labels
        self.accent = accent
        self.pages = pages
    }
}

extension Tour {
    /// The words on the buttons.
    public struct Labels: Sendable, Equatable {
        /// The button on every page but the last.
        public var next: String
        /// The button on the last page.
        public var done: String
        /// The top-right way out.
        public var skip: String

        /// Labels; anything unsafe in them is removed.
        public init(next: String = "Next", done: String = "Get started", skip: String = "Skip") {
            self.next = TextSanitizer.clean(next)
            self.done = TextSanitizer.clean(done)
            self.skip = TextSanitizer.clean(skip)
        }
    }

    /// One screen of the tour.
    public struct Page: Sendable, Equatable {
        /// What draws the page body.
        public enum Kind: String, Sendable, Equatable {
            /// Hero art, title and subtitle.
            case page
            /// A "what's new" list of features, each with an icon, a title and a line of text.
            case features
            /// A body of the caller's own (Swift only).
            case custom
        }

        /// A standard page, a feature list, or a custom body.
        public var kind: Kind
        /// The title; required.
        public var title: String
        /// The line of text under the title; newlines break it.
        public var subtitle: String
        /// The hero picture.
        public var hero: Art?
        /// Where the hero came from, relative to the tour file, when it came from a file.
        public var heroFile: String?
        /// Overrides the Next / Get started label on this page.
        public var button: String?
        /// The version that introduced this page: it is part of "what's new" since then.
        public var since: Version?
        /// Tints the title, the current dot and the button.
        public var accent: Color?
        /// Background bands from top to bottom, blended between these colors (two or more).
        public var gradient: [Color] = []
        /// The features of a `.features` page.
        public var items: [Feature]
        /// Closing text under a feature list.
        public var extra: String
        /// The body of a `.custom` page.
        public var customBody: (any PageBody)?

        /// What draws this page between the Skip row and the dots.
        public var body: any PageBody {
            switch kind {
            case .page: HeroPageBody(title: title, subtitle: subtitle, hero: hero)
            case .features: FeatureListBody(title: title, items: items, extra: extra)
            case .custom: customBody ?? HeroPageBody(title: title, subtitle: subtitle, hero: nil)
            }
        }

        /// A page with hero art, a title and a subtitle.
        /// - Parameter hero: ASCII art, lines separated by newlines.
        public init(title: String, subtitle: String = "", hero: String? = nil, accent: Color? = nil,
                    since: String? = nil, button: String? = nil) {
            self.kind = .page
            self.title = TextSanitizer.clean(title)
            self.subtitle = TextSanitizer.clean(subtitle, keepNewlines: true)
            self.hero = hero.map(Art.init(text:))
            self.heroFile = nil
            self.accent = accent
            self.since = since.flatMap(Version.init)
            self.button = button.map { TextSanitizer.clean($0) }
            self.items = []
            self.extra = ""
            self.customBody = nil
        }

        /// A page whose body the caller draws: it still gets the dots, button, keys and plain mode.
        /// - Parameter title: names the page for plain mode and screen readers.
        public init(title: String, body: any PageBody, accent: Color? = nil, since: String? = nil, button: String? = nil) {
            self.init(title: title, accent: accent, since: since, button: button)
            self.kind = .custom
            self.customBody = body
        }

        public static func == (lhs: Page, rhs: Page) -> Bool {
            lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.hero == rhs.hero
                && lhs.button == rhs.button && lhs.since == rhs.since && lhs.accent == rhs.accent && lhs.items == rhs.items
                && lhs.extra == rhs.extra && lhs.gradient == rhs.gradient
                && lhs.customBody.map { String(describing: type(of: $0)) } == rhs.customBody.map { String(describing: type(of: $0)) }
        }

        /// A "what's new" page: a title, a list of features, optional closing text and button label.
        public init(title: String, features: [Feature], extra: String = "", accent: Color? = nil,
                    since: String? = nil, button: String? = nil) {
            self.init(title: title, accent: accent, since: since, button: button)
            self.kind = .features
            self.items = features
            self.extra = TextSanitizer.clean(extra, keepNewlines: true)
        }
    }

    /// One line of a feature list: an icon (decoration), a title and a line of text.
    public struct Feature: Sendable, Equatable {
        /// One or two cells of decoration before the title.
        public var icon: String
        /// The title; required.
        public var title: String
        /// A line about the feature.
        public var text: String
        /// Tints the icon.
        public var accent: Color?

        /// A feature; anything unsafe in the text is removed.
        public init(icon: String = "", title: String, text: String = "", accent: Color? = nil) {
            self.icon = TextWidth.prefix(TextSanitizer.clean(icon), width: 2)
            self.title = TextSanitizer.clean(title)
            self.text = TextSanitizer.clean(text, keepNewlines: true)
            self.accent = accent
        }
    }

    /// A hero picture: lines of text, kept exactly as drawn (after removing anything unsafe),
    /// and for colored art the style of each character.
    public struct Art: Sendable, Equatable {
        /// The rows of the picture.
        public var lines: [String]
        /// Per line, the style of each character (grapheme); empty for plain art.
        public var styles: [[Style]]
        /// The widest line, in terminal cells.
        public var width: Int

        /// Plain art from text with newlines; SGR colors in it are parsed (see `AnsiArt`).
        public init(text: String) {
            if AnsiArt.looksColored(text) {
                self = AnsiArt.parse(text)
            } else {
                self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
        }

        /// Art from lines; with `styles`, one style per character of each line.
        public init(lines: [String], styles: [[Style]] = []) {
            var lines = styles.isEmpty ? lines.map { TextSanitizer.clean($0) } : lines
            var styles = styles.count == lines.count ? styles : []
            // Blank rows above and below would only push the title away.
            func isBlank(_ index: Int) -> Bool {
                lines[index].allSatisfy { $0 == " " } && (styles.isEmpty || styles[index].allSatisfy { $0.background == .default && !$0.reverse })
            }
            while !lines.isEmpty, isBlank(lines.count - 1) {
                lines.removeLast()
                if !styles.isEmpty { styles.removeLast() }
            }
            while !lines.isEmpty, isBlank(0) {
                lines.removeFirst()
                if !styles.isEmpty { styles.removeFirst() }
            }
            self.lines = lines
            self.styles = styles
            self.width = lines.map(TextWidth.of).max() ?? 0
        }

        /// True when any character carries a color or attribute.
        public var isColored: Bool { styles.contains { $0.contains { $0 != .plain } } }
    }
}
