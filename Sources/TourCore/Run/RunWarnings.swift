/// The warnings one run gives, once the terminal is the tool's again: the tour's own first
/// (a translation that did not fit), then one about the state: the first problem found
/// with the seen state (unreadable, no state directory) or with saving it. One is enough:
/// a second would say the same trouble again in other words.
package struct RunWarnings: Equatable, Sendable {
    /// The tour's own, from its load: each is given.
    package var fromTour: [String] = []
    /// The first problem with the state; later ones are not said.
    package private(set) var aboutState: String?

    package init() {}

    /// Notes a problem with the state, unless one was noted already.
    package mutating func state(_ warning: String?) {
        if aboutState == nil { aboutState = warning }
    }

    /// What is delivered, in order.
    package var delivered: [String] { fromTour + [aboutState].compactMap { $0 } }

    /// Why there is no state directory, from `HOME` as the environment gives it.
    package static func noStateDirectory(home: String?) -> String {
        let home = home ?? ""
        let why = home.isEmpty ? "HOME is not set" : "HOME is not an absolute path: \(Quoted(home))"
        return "no state directory (\(why))"
    }
}
