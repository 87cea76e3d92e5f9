/// A tour: a short sequence of pages shown to a new user, with a hero picture,
/// a title and a subtitle on each. A plain value: a tour read from a file has every page
/// built and checked, and one that could not be read was never made (its error, with
/// FILE:LINE:COL, came from the load).
public struct Tour: Sendable, Equatable {
    /// Names the tour in the seen-state store; defaults to the file name.
    public var id: String? { didSet { id = id.map { TextSanitizer.clean($0) } } }
    /// The version of the tool the tour describes, as dotted numbers ("2.1.0").
    public var version: String? { didSet { version = version.map { TextSanitizer.clean($0) } } }
    /// Button and skip labels, for translation or a tool's own voice.
    public var labels: Labels
    /// Tints the title, the current dot and the button on every page without an accent of its own.
    public var accent: Color?
    /// The pages, in order; at least one.
    public var pages: [Page]
    /// How the pages show where you are: dots by default; a page may choose its own.
    public var indicator: Indicator = .dots()
    /// How the pages new since a person's version appear: the pager, or a notice in place.
    public var whatsNew = WhatsNewStyle.pager
    /// The last line of the what's-new notice ("Run `mytool whats-new` for more"); nil
    /// gives the default.
    public var whatsNewHint: String? { didSet { whatsNewHint = whatsNewHint.map { TextSanitizer.clean($0) } } }
    /// The tips with the file's own words for them (`tipsOff`); nil when the tour has none.
    package var tipSet: TipSet? {
        get { storedTips?.nonEmpty }
        set { storedTips = newValue }
    }
    private var storedTips: TipSet?
    /// The values the file declares, each with its default: `{name}` in a page's text
    /// takes it (`filled(with:)`).
    package var values: [String: String] = [:]
    /// What loading found worth saying without stopping (a translation that did not fit);
    /// `run` passes each on as a warning.
    package var loadWarnings: [String] = []

    /// A tour from pages; only the pages are required.
    public init(id: String? = nil, version: String? = nil, labels: Labels = Labels(), accent: Color? = nil, pages: [Page]) {
        self.id = id.map { TextSanitizer.clean($0) }
        self.version = version.map { TextSanitizer.clean($0) }
        self.labels = labels
        self.accent = accent
        self.pages = pages
    }

    /// Tips, for the starts that show neither the welcome nor what's new (`tour --once`
    /// shows at most one thing per start). None by default.
    public var tips: [Tip] {
        get { storedTips?.tips ?? [] }
        set {
            if storedTips == nil { storedTips = TipSet(tips: []) }
            storedTips?.tips = newValue
        }
    }

    /// How many pages the tour has.
    package var pageCount: Int { pages.count }

    /// Page `index`.
    package func page(_ index: Int) -> Page { pages[index] }

    /// Whether a page among `shown` (places in the tour as written; every page when nil)
    /// has a picture: only then is the terminal asked about pixels.
    package func showsPicture(onPages shown: [Int]?) -> Bool {
        guard let shown else { return pages.contains { $0.picture != nil } }
        return shown.contains { pages.indices.contains($0) && pages[$0].picture != nil }
    }

    /// The same tour with only the pages at `indices`, in that order.
    package func selectingPages(_ indices: [Int]) -> Tour {
        // Every page in order, as most runs show them: the pages as they are, not copies.
        if indices.elementsEqual(pages.indices) { return self }
        var tour = self
        tour.pages = indices.map { pages[$0] }
        return tour
    }

    /// Tips compare as they show: a tour whose tips were set to none has none.
    public static func == (lhs: Tour, rhs: Tour) -> Bool {
        lhs.id == rhs.id && lhs.version == rhs.version && lhs.labels == rhs.labels && lhs.accent == rhs.accent
            && lhs.indicator == rhs.indicator && lhs.loadWarnings == rhs.loadWarnings && lhs.tipSet == rhs.tipSet
            && lhs.whatsNew == rhs.whatsNew && lhs.whatsNewHint == rhs.whatsNewHint && lhs.pages == rhs.pages
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
        guard pageCount > 0 else {
            return .content(file: "Tour(pages:)", position: nil, message: "a tour needs at least one page; it was given none")
        }
        // Only the length is refused: a longer version would make a state too large to read
        // back, while a version that is not dotted numbers has always meant "no version".
        if let version, version.utf8.count > Version.maximumLength {
            return .content(file: "Tour(version:)", position: nil, message: Version.problem(key: "version", text: version))
        }
        var questionKeys: Set<String> = []
        // By index, reading the two fields: a page taken whole is a copy of every field.
        for index in pages.indices {
            if let text = pages[index].unreadableSince {
                return .content(file: "Tour.Page(since:)", position: nil,
                                message: "page \(index + 1): " + Version.problem(key: "since", text: text))
            }
            // A question built in Swift is held to a file's rules, which `tour check` cannot see.
            guard let choice = pages[index].choice else { continue }
            if let problem = choice.problem(keysSoFar: questionKeys) {
                return .content(file: "Tour.Choice", position: nil, message: "page \(index + 1): " + problem)
            }
            questionKeys.insert(choice.key)
        }
        return nil
    }
}
