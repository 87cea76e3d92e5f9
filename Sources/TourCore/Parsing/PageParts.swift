/// What `decodePage` fills in, so that one body both checks a page and builds it.
protocol PageParts {
    static func parts(title: String, subtitle: String, accent: Color?, button: String?) -> Self
    var accent: Color? { get }
    var items: [Tour.Feature] { get }
    var since: Version? { get set }
    var key: String? { get set }
    var heroAlt: String? { get set }
    var indicator: Tour.Indicator? { get set }
    var gradient: [Color] { get set }
    var picture: Picture? { get set }
    var heroImage: String? { get set }
    var hero: Tour.Art? { get set }
    var heroFile: String? { get set }
    var smallerHeroFiles: [String] { get set }
    mutating func setFeatures(_ items: [Tour.Feature], extra: String)
    mutating func setChoice(_ choice: Tour.Choice)
    /// The answer's name of a question page: two questions may not share one.
    var choiceKey: String? { get }
}

extension Tour.Page: PageParts {
    static func parts(title: String, subtitle: String, accent: Color?, button: String?) -> Tour.Page {
        Tour.Page(title: title, subtitle: subtitle, accent: accent, button: button)
    }

    mutating func setFeatures(_ items: [Tour.Feature], extra: String) {
        content = .features(items, extra: TextSanitizer.clean(extra, keepNewlines: true))
    }

    mutating func setChoice(_ choice: Tour.Choice) { self.choice = choice }

    var choiceKey: String? { choice?.key }
}

/// A page as far as the checks after `decodePage` read it (its version, accent, gradient
/// and items, for contrast and what's new); the rest is checked and let go. A page is a
/// large value, and thousands of them were copied and released only to be checked.
struct CheckedPage: PageParts {
    var accent: Color?
    var since: Version?
    var gradient: [Color] = []
    var items: [Tour.Feature] = []

    static func parts(title: String, subtitle: String, accent: Color?, button: String?) -> CheckedPage {
        CheckedPage(accent: accent)
    }

    mutating func setFeatures(_ items: [Tour.Feature], extra: String) { self.items = items }
    mutating func setChoice(_ choice: Tour.Choice) { choiceKey = choice.key }
    var choiceKey: String?

    var key: String? { get { nil } set {} }
    var heroAlt: String? { get { nil } set {} }
    var indicator: Tour.Indicator? { get { nil } set {} }
    var picture: Picture? { get { nil } set {} }
    var heroImage: String? { get { nil } set {} }
    var hero: Tour.Art? { get { nil } set {} }
    var heroFile: String? { get { nil } set {} }
    var smallerHeroFiles: [String] { get { [] } set {} }
}
