import Synchronization

/// A tour: a short sequence of pages shown to a new user, with a hero picture,
/// a title and a subtitle on each.
public struct Tour: Sendable, Equatable {
    /// Names the tour in the seen-state store; defaults to the file name.
    public var id: String? {
        get { deferred.map { $0.head?.id ?? $0.body.id } ?? body.id }
        set { materialize(); body.id = newValue.map { TextSanitizer.clean($0) } }
    }
    /// The version of the tool the tour describes, as dotted numbers ("2.1.0").
    public var version: String? {
        get { deferred.map { $0.head.map(\.version) ?? $0.body.version } ?? body.version }
        set { materialize(); body.version = newValue.map { TextSanitizer.clean($0) } }
    }
    /// Button and skip labels, for translation or a tool's own voice.
    public var labels: Labels {
        get { deferred.map { $0.body.labels } ?? body.labels }
        set { materialize(); body.labels = newValue }
    }
    /// Tints the title, the current dot and the button on every page without an accent of its own.
    public var accent: Color? {
        get { deferred.map { $0.body.accent } ?? body.accent }
        set { materialize(); body.accent = newValue }
    }
    /// The pages, in order; at least one. A tour read from a file builds each page when
    /// it is first asked for: `page(_:)` builds one, this builds them all.
    public var pages: [Page] {
        get { pageList.all }
        set { materialize(); body.pages = PageList(newValue) }
    }

    /// How many pages the tour has, none built.
    package var pageCount: Int { pageList.count }

    /// Page `index`, built if it was not yet.
    package func page(_ index: Int) -> Page { pageList[index] }

    /// The `since` of page `index`, without building it.
    package func since(ofPage index: Int) -> Version? { pageList.since(ofPage: index) }

    /// The same tour with only the pages at `indices`, in that order; none is built.
    package func selectingPages(_ indices: [Int]) -> Tour {
        var tour = self
        tour.materialize()
        tour.body.pages = tour.body.pages.selecting(indices)
        return tour
    }

    private var pageList: PageList { deferred.map { $0.body.pages } ?? body.pages }
    /// How the pages show where you are: dots by default; a page may choose its own.
    public var indicator: Indicator {
        get { deferred.map { $0.body.indicator } ?? body.indicator }
        set { materialize(); body.indicator = newValue }
    }
    /// Tips, for the starts that show neither the welcome nor what's new (`tour --once`
    /// shows at most one thing per start). None by default.
    public var tips: [Tip] {
        get { tipSet?.tips ?? [] }
        set {
            materialize()
            if body.tips == nil { body.tips = TipSet(tips: []) }
            body.tips?.tips = newValue
        }
    }
    /// The tips with the file's own words for them (`tipsOff`); nil when the tour has none.
    package var tipSet: TipSet? {
        get {
            guard let set = deferred.map({ $0.body.tips }) ?? body.tips, !set.tips.isEmpty else { return nil }
            return set
        }
        set { materialize(); body.tips = newValue }
    }
    /// How the pages new since a person's version appear: the pager, or a notice in place.
    public var whatsNew: WhatsNewStyle {
        get { deferred.map { $0.body.whatsNew } ?? body.whatsNew }
        set { materialize(); body.whatsNew = newValue }
    }
    /// The last line of the what's-new notice ("Run `mytool whats-new` for more"); nil
    /// gives the default.
    public var whatsNewHint: String? {
        get { deferred.map { $0.body.whatsNewHint } ?? body.whatsNewHint }
        set { materialize(); body.whatsNewHint = newValue.map { TextSanitizer.clean($0) } }
    }

    /// What loading found worth saying without stopping (a translation that did not fit);
    /// `run` passes each on as a warning.
    package var loadWarnings: [String] {
        get { deferred.map { $0.body.loadWarnings } ?? body.loadWarnings }
        set { materialize(); body.loadWarnings = newValue }
    }

    /// The tour's values. A tour read from a file or from bytes keeps them in `deferred`
    /// until they are first asked for: a `once` run that finds nothing new needs only the
    /// id and version, which the head of the file gives.
    private var body: Body
    private var deferred: DeferredTour?
    /// Reads the tips alone, while the rest is unread: a start that shows a tip reads no page.
    package var tipsReader: (@Sendable () throws(TourError) -> TipSet?)? = nil

    /// The tips, read alone when the tour is still unread.
    package func tipsAlone() throws(TourError) -> TipSet? {
        if deferred != nil, let tipsReader { return try tipsReader()?.nonEmpty }
        return tipSet
    }

    /// Every value, read if deferred. Each property reads its own field instead: a copy
    /// of all of them on every `tour.pages` in the render loop would cost retains.
    private var values: Body { deferred?.body ?? body }

    /// A tour from pages; only the pages are required.
    public init(id: String? = nil, version: String? = nil, labels: Labels = Labels(), accent: Color? = nil, pages: [Page]) {
        body = Body(id: id.map { TextSanitizer.clean($0) }, version: version.map { TextSanitizer.clean($0) },
                    labels: labels, accent: accent, pages: PageList(pages))
    }

    /// A tour read from a file: its pages built, or checked and built when first shown.
    init(id: String?, version: String?, labels: Labels, accent: Color?, pageList: PageList) {
        body = Body(id: id.map { TextSanitizer.clean($0) }, version: version.map { TextSanitizer.clean($0) },
                    labels: labels, accent: accent, pages: pageList)
    }

    /// A tour read when first needed, by `load`; `head` (its id and version, the id's
    /// default already applied) answers for it until then, itself read when first asked
    /// for (only a `once` run asks). Nil `head`: the file's top did not say, and asking
    /// for the id reads it all.
    package init(head: @autoclosure @escaping @Sendable () -> TourHead?, load: @escaping @Sendable () throws(TourError) -> Tour) {
        body = Body(pages: PageList([]))
        deferred = DeferredTour(head: head, load: load)
    }

    /// The id and version read from the top of the file, while the rest is unread.
    package var head: TourHead? { deferred?.head }

    /// Reads what is deferred now; afterwards every value is the tour's own. A tour that
    /// failed to load has no pages, and `problemForRun` is the load's error.
    package mutating func materialize() {
        guard let deferred else { return }
        body = deferred.body
        self.deferred = nil
    }

    /// The error reading the tour gave, when it was read when first needed.
    package var loadProblem: TourError? { values.loadProblem }

    public static func == (lhs: Tour, rhs: Tour) -> Bool {
        lhs.values == rhs.values
    }

    /// Every value of a tour, as stored.
    fileprivate struct Body: Sendable, Equatable {
        var id: String? = nil
        var version: String? = nil
        var labels = Labels()
        var accent: Color? = nil
        var pages: PageList
        var indicator: Indicator = .dots()
        var loadWarnings: [String] = []
        var loadProblem: TourError? = nil
        var tips: TipSet? = nil
        var whatsNew = WhatsNewStyle.pager
        var whatsNewHint: String? = nil

        /// Pages compare built: two tours are equal when they would show the same.
        static func == (lhs: Body, rhs: Body) -> Bool {
            lhs.id == rhs.id && lhs.version == rhs.version && lhs.labels == rhs.labels && lhs.accent == rhs.accent
                && lhs.indicator == rhs.indicator && lhs.loadWarnings == rhs.loadWarnings && lhs.loadProblem == rhs.loadProblem
                && lhs.tips == rhs.tips && lhs.whatsNew == rhs.whatsNew && lhs.whatsNewHint == rhs.whatsNewHint
                && lhs.pages.all == rhs.pages.all
        }
    }

    /// The deferred read: done once, under a lock, whichever copy of the tour asks first.
    fileprivate final class DeferredTour: Sendable {
        private let readHead: @Sendable () -> TourHead?
        private let headRead = Mutex<TourHead??>(nil)
        private let load: @Sendable () throws(TourError) -> Tour
        private let loaded = Mutex<Body?>(nil)

        init(head: @escaping @Sendable () -> TourHead?, load: @escaping @Sendable () throws(TourError) -> Tour) {
            self.readHead = head
            self.load = load
        }

        var head: TourHead? {
            headRead.withLock { read in
                if let read { return read }
                let head = readHead()
                read = .some(head)
                return head
            }
        }

        var body: Body {
            loaded.withLock { body in
                if let body { return body }
                let read: Body
                do throws(TourError) {
                    var tour = try load()
                    tour.materialize()
                    read = tour.body
                } catch {
                    read = Body(id: head?.id, version: head?.version, pages: PageList([]), loadProblem: error)
                }
                body = read
                return read
            }
        }
    }
}

extension Tour {
    /// How a tour shows, after an update, the pages new since the person's version.
    public enum WhatsNewStyle: String, Sendable, Equatable, CaseIterable {
        /// Full screen, with the same keys as the welcome: today's behaviour, the default.
        case pager
        /// A few lines printed in place below the prompt (the title of each new page), with
        /// no alternate screen and no key to press; recorded as seen.
        case notice
    }

    /// How the pages show where you are, as UIPageControl or AppIntro let you choose.
    public enum Indicator: Sendable, Equatable {
        /// A dot a page, the current one in the accent: "● ○ ○". Each glyph takes one or
        /// two cells; a terminal that is not UTF-8 gets "* . .".
        case dots(current: String = "●", other: String = "○")
        /// "2 / 5".
        case numbers
        /// A progress bar as wide as the button: "━━━━━━────────". A click jumps to that fraction.
        case bar
        /// Nothing.
        case none
    }

    /// One screen of the tour. Text set on it, at any time, is cleaned of controls and
    /// escape sequences: tour content can never drive the terminal.
    public struct Page: Sendable, Equatable {
        /// What fills the page between the Skip row and the dots.
        package enum Content: Sendable {
            /// Hero art (if any), title and subtitle.
            case hero(Art?)
            /// A "what's new" list of features, and closing text under it.
            case features([Feature], extra: String)
            /// A body of the caller's own (Swift only).
            case custom(any PageBody)
            /// A question: options to choose one from, under the title and subtitle.
            case choice(Choice)
        }

        /// The kinds a tour file can name.
        package enum Kind: String, Sendable, Equatable {
            case page, features, custom, choice
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

        /// The question of a question page.
        public var choice: Choice? {
            get { if case .choice(let choice) = content { choice } else { nil } }
            set { if let newValue { content = .choice(newValue); key = newValue.key } }
        }

        /// Which kind of page this is.
        package var kind: Kind {
            switch content {
            case .hero: .page
            case .features: .features
            case .custom: .custom
            case .choice: .choice
            }
        }

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

        public static func == (lhs: Page, rhs: Page) -> Bool {
            guard lhs.title == rhs.title, lhs.subtitle == rhs.subtitle, lhs.button == rhs.button, lhs.since == rhs.since,
                  lhs.accent == rhs.accent, lhs.gradient == rhs.gradient, lhs.heroFile == rhs.heroFile, lhs.key == rhs.key,
                  lhs.indicator == rhs.indicator, lhs.heroAlt == rhs.heroAlt, lhs.picture == rhs.picture,
                  lhs.heroImage == rhs.heroImage else { return false }
            switch (lhs.content, rhs.content) {
            case let (.hero(a), .hero(b)): return a == b
            case let (.features(a, x), .features(b, y)): return a == b && x == y
            case let (.choice(a), .choice(b)): return a == b
            // Custom bodies are equal only when they are Equatable and ==; two bodies that
            // merely share a type are different pages.
            case let (.custom(a), .custom(b)): return Self.sameBody(a, b)
            default: return false
            }
        }

        private static func sameBody(_ a: any PageBody, _ b: any PageBody) -> Bool {
            guard let a = a as? any Equatable else { return false }
            return a.isEqual(to: b)
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
    package struct Art: Sendable, Equatable {
        /// The rows of the picture.
        package var lines: [String]
        /// Per line, the style of each character (grapheme); empty for plain art.
        package var styles: [[Style]]
        /// The widest line, in terminal cells.
        package var width: Int
        /// Its colors may be moved, like text's, to read on the terminal's background. An
        /// author's art stays as drawn; the built-in tour's own art follows (`followingContrast`).
        package var followsContrast = false {
            didSet { for index in smallerVersions.indices { smallerVersions[index].followsContrast = followsContrast } }
        }
        /// Smaller versions of the same picture, largest first: the layout draws the largest
        /// that fits before it gives the art up.
        package var smallerVersions: [Art] = []

        /// This art, then each smaller version.
        package var versions: [Art] {
            var largest = self
            largest.smallerVersions = []
            return [largest] + smallerVersions
        }

        /// Plain art from text with newlines; SGR colors in it are parsed (see `AnsiArt`).
        package init(text: String) {
            if AnsiArt.looksColored(text) {
                self = AnsiArt.parse(text)
            } else {
                self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
        }

        /// Art from lines; with `styles`, one style per character of each line.
        /// `keepBlankRows`: a drawn picture keeps the rows it was fitted to.
        package init(lines: [String], styles: [[Style]] = [], keepBlankRows: Bool = false) {
            var lines = styles.isEmpty ? lines.map { TextSanitizer.clean($0) } : lines
            var styles = styles.count == lines.count ? styles : []
            guard !keepBlankRows else {
                self.lines = lines
                self.styles = styles
                self.width = lines.map(TextWidth.of).max() ?? 0
                return
            }
            // Blank rows above and below would only push the title away.
            func isBlank(_ index: Int) -> Bool {
                // Bytes, not Characters: a space with a combining mark is not all 0x20 either.
                lines[index].utf8.allSatisfy { $0 == 0x20 } && (styles.isEmpty || styles[index].allSatisfy { $0.background == .default && !$0.reverse })
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
        package var isColored: Bool { styles.contains { $0.contains { $0 != .plain } } }
    }
}

extension Equatable {
    /// `==` against a value of any type: false unless it is a `Self`.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension Tour {
    /// The same tour with its art recolored, like its text, to read on the terminal's
    /// background, light or dark: for a tour that ships with the tool (the built-in one)
    /// and must read everywhere. Pictures stay as they are.
    package func followingContrast() -> Tour {
        var tour = self
        for index in tour.pages.indices {
            tour.pages[index].hero?.followsContrast = true
        }
        return tour
    }
}

extension Tour {
    /// What makes a tour built in Swift unplayable, said as the decoder says it of a file:
    /// no pages, or a `since` that is not a version. Nil when it can play.
    package var problemForRun: TourError? {
        if let loadProblem { return loadProblem }
        guard pageCount > 0 else {
            return .content(file: "Tour(pages:)", position: nil, message: "a tour needs at least one page; it was given none")
        }
        // Only the length is refused: a longer version would make a state too large to read
        // back, while a version that is not dotted numbers has always meant "no version".
        if let version, version.utf8.count > Version.maximumLength {
            return .content(file: "Tour(version:)", position: nil, message: Version.problem(key: "version", text: version))
        }
        var questionKeys: Set<String> = []
        for (index, page) in (pageList.givenInSwift ?? []).enumerated() {
            if let text = page.unreadableSince {
                return .content(file: "Tour.Page(since:)", position: nil,
                                message: "page \(index + 1): " + Version.problem(key: "since", text: text))
            }
            // A question built in Swift is held to a file's rules, which `tour check` cannot see.
            if let choice = page.choice, let problem = choice.problem(keysSoFar: questionKeys) {
                return .content(file: "Tour.Choice", position: nil, message: "page \(index + 1): " + problem)
            }
            if let key = page.choice?.key { questionKeys.insert(key) }
        }
        return nil
    }
}
