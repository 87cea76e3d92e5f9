

/// What the store remembers about one tour for one user.
package struct SeenState: Equatable, Sendable {
    /// How the user left the tour; both count as seen.
    package enum Outcome: String, Sendable {
        case completed
        case skipped
    }

    /// The layout of the state file; a file with a larger number was written by a newer `tour`.
    package static let currentFormat = 1

    /// Completed or skipped.
    package var outcome: Outcome
    /// The tour's version when it was seen; nil for a tour without a version.
    package var version: String?
    /// The last page on screen, counted from 0 in the whole tour.
    package var lastPage: Int
    /// When, as an ISO 8601 UTC timestamp.
    package var seenAt: String
    /// The file layout it was written in.
    package var format = SeenState.currentFormat

    /// A record of a tour seen, in today's layout.
    package init(outcome: Outcome, version: String?, lastPage: Int, seenAt: String) {
        self.outcome = outcome
        self.version = version
        self.lastPage = lastPage
        self.seenAt = seenAt
    }

    /// The state file's text: small, stable JSON a person can read.
    package var json: String {
        var fields = ["  \"format\": \(format)", "  \"outcome\": \(JSONText.quote(outcome.rawValue))"]
        if let version { fields.append("  \"version\": \(JSONText.quote(version))") }
        fields.append("  \"lastPage\": \(lastPage)")
        fields.append("  \"seenAt\": \(JSONText.quote(seenAt))")
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads a state file; nil when it is not one (corrupt, empty, foreign).
    package static func parse(_ bytes: [UInt8]) -> SeenState? {
        guard let file = StateFileObject(bytes), let outcome = file.string("outcome").flatMap(Outcome.init) else { return nil }
        var state = SeenState(outcome: outcome, version: file.string("version"), lastPage: file.count("lastPage").flatMap { $0 < 1_000_000 ? $0 : nil } ?? 0,
                              seenAt: file.string("seenAt") ?? "")
        state.format = file.format
        return state
    }
}
