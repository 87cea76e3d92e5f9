/// Decides which pages a `--once` run shows, from what the user saw last.
///
/// - Never seen: the welcome pages, those without `since`. A fresh install never sees "what's new".
/// - Last saw version S, older than the tour's version V: only the pages with S < since ≤ V,
///   oldest first: everything missed across several updates, merged into one tour.
/// - Last saw V or later, or the tour has no version: nothing.
package enum WhatsNew {
    /// Indices of the tour's pages, in the order to show them. Empty: nothing needs showing.
    package static func pagesToShow(in tour: Tour, lastSeen: SeenState?) -> [Int] {
        guard let lastSeen else {
            return (0..<tour.pageCount).filter { tour.pages[$0].since == nil }
        }
        if nothingCanBeNew(tourVersion: tour.version, lastSeen: lastSeen) { return [] }
        let current = Version(tour.version!)!
        let seen = seenVersion(lastSeen)
        let fresh = (0..<tour.pageCount).filter { index in
            guard let since = tour.pages[index].since else { return false }
            return seen < since && since <= current
        }
        // Stable: pages of the same version keep the order the file gives them.
        return fresh.enumerated().sorted { a, b in
            let (left, right) = (tour.pages[a.element].since!, tour.pages[b.element].since!)
            return left == right ? a.offset < b.offset : left < right
        }.map(\.element)
    }

    /// True when nothing can be new whatever the pages say: the tour was seen, and it has
    /// no version or one that is not newer than the version seen. What a `once` run
    /// decides from the tour's head alone; `pagesToShow` decides the same first.
    package static func nothingCanBeNew(tourVersion: String?, lastSeen: SeenState?) -> Bool {
        guard let lastSeen else { return false }
        guard let current = tourVersion.flatMap(Version.init) else { return true }
        return !(seenVersion(lastSeen) < current)
    }

    /// A state without a version came from an unversioned tour: everything versioned is new to it.
    private static func seenVersion(_ state: SeenState) -> Version {
        state.version.flatMap(Version.init) ?? Version("0")!
    }
}
