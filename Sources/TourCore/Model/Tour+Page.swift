extension Tour {
    /// One screen of the tour. Text set on it, at any time, is cleaned of controls and
    /// escape sequences: tour content can never drive the terminal.
    public struct Page: Sendable, Equatable {
        /// What fills the page between the Skip row and the dots: its kind, and the one
        /// definition of the kinds there are (docs/architecture.md, "Adding a page kind").
        package enum Content: Sendable {
            /// Hero art (if any), title and subtitle.
            case hero(Art?)
            /// A "what's new" list of features, and closing text under it.
            case features([Feature], extra: String)
            /// A body of the caller's own (Swift only).
            case custom(any PageBody)
            /// A question: options to choose one from, under the title and subtitle.
            case choice(Choice)
            /// A practice: the page waits for a key, a few keys or a typed line.
            case practice(Practice)
        }

        /// What fills the page.
        package var content: Content
        /// The title; required.
        public var title: String { didSet { title = TextSanitizer.clean(title) } }
        /// The line of text under the title; newlines break it.
        public var subtitle: String { didSet { subtitle = TextSanitizer.clean(subtitle, keepNewlines: true) } }
        /// Overrides the Next / Get started label on this page.
        public var button: String? { didSet { button = button.map { TextSanitizer.clean($0) } } }
        /// Tints the title, the current dot and the button.
        public var accent: Color?
        /// Background bands from top to bottom, blended between these colors (two or more).
        public var gradient: [Color] = []
        /// The version that introduced this page: it is part of "what's new" since then.
        package var since: Version?
        /// A `since` given in Swift that is not a version: `run` refuses it, as a file's would be.
        package var unreadableSince: String?
        /// Where the hero came from, relative to the tour file, when it came from a file.
        package var heroFile: String?
        /// The files of its smaller versions, when `heroFile` named several.
        package var smallerHeroFiles: [String] = []
        /// Matches this page with its translation when the author gives one; else position does.
        package var key: String?
        /// Overrides the tour's indicator on this page.
        public var indicator: Indicator?
        /// A PNG or JPEG hero, drawn as character cells to fit the page; it stands in for `hero`.
        package var picture: Picture?
        /// Where the picture came from, relative to the tour file.
        package var heroImage: String?
        /// Words that say what the hero picture shows, for the accessible mode and screen readers.
        public var heroAlt: String? { didSet { heroAlt = heroAlt.map { TextSanitizer.clean($0) } } }

        /// A page with hero art, a title and a subtitle.
        /// - Parameter hero: ASCII art (or art with SGR colors), lines separated by newlines.
        /// - Parameter since: the version that introduced the page ("2.1.0"), for what's new.
        public init(title: String, subtitle: String = "", hero: String? = nil, accent: Color? = nil,
                    since: String? = nil, button: String? = nil) {
            self.content = .hero(hero.map(Art.init(text:)))
            self.title = TextSanitizer.clean(title)
            self.subtitle = TextSanitizer.clean(subtitle, keepNewlines: true)
            self.accent = accent
            self.since = since.flatMap(Version.init)
            // Checked when the tour runs, as a file's "since" is checked when it loads.
            self.unreadableSince = since.flatMap { Version($0) == nil ? $0 : nil }
            self.button = button.map { TextSanitizer.clean($0) }
        }

        /// A page whose body the caller draws: it still gets the dots, button, keys and plain mode.
        /// - Parameter title: names the page for plain mode and screen readers.
        public init(title: String, body: any PageBody, accent: Color? = nil, since: String? = nil, button: String? = nil) {
            self.init(title: title, accent: accent, since: since, button: button)
            self.content = .custom(body)
        }

        /// A "what's new" page: a title, a list of features, optional closing text and button label.
        public init(title: String, features: [Feature], extra: String = "", accent: Color? = nil,
                    since: String? = nil, button: String? = nil) {
            self.init(title: title, accent: accent, since: since, button: button)
            self.content = .features(features, extra: TextSanitizer.clean(extra, keepNewlines: true))
        }

        /// A question page: a title, a subtitle and options to choose one from. The answer
        /// is kept under `choice.key`; see `Tour.Choice`.
        public init(title: String, subtitle: String = "", choice: Choice, accent: Color? = nil, since: String? = nil, button: String? = nil) {
            self.init(title: title, subtitle: subtitle, accent: accent, since: since, button: button)
            self.content = .choice(choice)
            self.key = choice.key
        }

        /// A practice page: a title, a subtitle saying what the key does, and what to press or
        /// type (`Tour.Practice`); the way on opens once it is done.
        public init(title: String, subtitle: String = "", practice: Practice, accent: Color? = nil, since: String? = nil, button: String? = nil) {
            self.init(title: title, subtitle: subtitle, accent: accent, since: since, button: button)
            self.content = .practice(practice)
        }

        /// What a practice page waits for.
        public var practice: Practice? {
            get { if case .practice(let practice) = content { practice } else { nil } }
            set { if let newValue { content = .practice(newValue) } }
        }

        /// Whether this is a question page; cheaper than `choice`, which copies the question.
        package var isQuestion: Bool {
            if case .choice = content { true } else { false }
        }

        /// The question of a question page.
        public var choice: Choice? {
            get { if case .choice(let choice) = content { choice } else { nil } }
            set { if let newValue { content = .choice(newValue); key = newValue.key } }
        }

        /// Which kind of page this is, by the name a file gives it (`TourDecoder.kindNames`);
        /// "custom" for a body made in Swift.
        package var kindName: String { content.kind.name }

        /// The hero art of a standard page.
        package var hero: Art? {
            get { if case .hero(let art) = content { art } else { nil } }
            set { if case .hero = content { content = .hero(newValue) } }
        }

        /// Whether a hero would reveal itself on this page.
        package var hasHero: Bool { picture != nil || (hero.map { !$0.lines.isEmpty } ?? false) }

        /// The features of a feature-list page.
        package var items: [Feature] {
            if case .features(let items, _) = content { items } else { [] }
        }

        /// The closing text of a feature-list page.
        package var extra: String {
            if case .features(_, let extra) = content { extra } else { "" }
        }

        /// The features and closing text of a feature-list page; nil on another kind, and
        /// setting nil leaves the page as it is.
        package var featureList: (items: [Feature], extra: String)? {
            get { if case .features(let items, let extra) = content { (items, extra) } else { nil } }
            set { if let newValue { content = .features(newValue.items, extra: newValue.extra) } }
        }

        /// The body of a page made with `init(title:body:)`.
        package var customBody: (any PageBody)? {
            if case .custom(let body) = content { body } else { nil }
        }

        /// Every stored part is compared; a custom body only when it is Equatable (see `Content`).
        public static func == (lhs: Page, rhs: Page) -> Bool {
            lhs.content == rhs.content && lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.button == rhs.button
                && lhs.accent == rhs.accent && lhs.gradient == rhs.gradient && lhs.since == rhs.since
                && lhs.unreadableSince == rhs.unreadableSince && lhs.heroFile == rhs.heroFile
                && lhs.smallerHeroFiles == rhs.smallerHeroFiles && lhs.key == rhs.key && lhs.indicator == rhs.indicator
                && lhs.picture == rhs.picture && lhs.heroImage == rhs.heroImage && lhs.heroAlt == rhs.heroAlt
        }
    }

    /// One line of a feature list: an icon (decoration), a title and a line of text.
    public struct Feature: Sendable, Equatable {
        /// One or two cells of decoration before the title.
        public var icon: String { didSet { icon = Self.cleanIcon(icon) } }
        /// The title; required.
        public var title: String { didSet { title = TextSanitizer.clean(title) } }
        /// A line about the feature.
        public var text: String { didSet { text = TextSanitizer.clean(text, keepNewlines: true) } }
        /// Tints the icon.
        public var accent: Color?

        /// A feature; anything unsafe in the text is removed.
        public init(icon: String = "", title: String, text: String = "", accent: Color? = nil) {
            self.icon = Self.cleanIcon(icon)
            self.title = TextSanitizer.clean(title)
            self.text = TextSanitizer.clean(text, keepNewlines: true)
            self.accent = accent
        }

        private static func cleanIcon(_ icon: String) -> String {
            TextWidth.prefix(TextSanitizer.clean(icon), width: 2)
        }
    }

    /// A hero picture: lines of text, kept exactly as drawn (after removing anything unsafe),
    /// and for colored art the style of each character.
}

extension Tour.Page.Content: Equatable {
    /// Pages of one kind compare what that kind holds. No `default`: a new case fails the
    /// build here until it says how it compares with its own kind and with the others.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case let (.hero(a), .hero(b)): a == b
        case let (.features(a, x), .features(b, y)): a == b && x == y
        case let (.choice(a), .choice(b)): a == b
        case let (.practice(a), .practice(b)): a == b
        // Custom bodies are equal only when they are Equatable and ==; two bodies that
        // merely share a type are different pages.
        case let (.custom(a), .custom(b)): sameBody(a, b)
        case (.hero, _), (.features, _), (.choice, _), (.practice, _), (.custom, _): false
        }
    }

    private static func sameBody(_ a: any PageBody, _ b: any PageBody) -> Bool {
        guard let a = a as? any Equatable else { return false }
        return a.isEqual(to: b)
    }
}

extension Equatable {
    /// `==` against a value of any type: false unless it is a `Self`.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
