

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
    package var format: Int

    /// A record of a tour seen.
    package init(outcome: Outcome, version: String?, lastPage: Int, seenAt: String, format: Int = SeenState.currentFormat) {
        self.outcome = outcome
        self.version = version
        self.lastPage = lastPage
        self.seenAt = seenAt
        self.format = format
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
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value else { return nil }
        var values: [String: JSONValue] = [:]
        for member in members { values[member.key] = member.node.value }
        guard case .number(let format)? = values["format"], format >= 1, format == format.rounded(), format < 1_000_000 else { return nil }
        guard case .string(let outcomeText)? = values["outcome"], let outcome = Outcome(rawValue: outcomeText) else { return nil }
        var version: String? = nil
        if case .string(let text)? = values["version"] { version = text }
        var lastPage = 0
        if case .number(let page)? = values["lastPage"], page >= 0, page < 1_000_000 { lastPage = Int(page) }
        var seenAt = ""
        if case .string(let text)? = values["seenAt"] { seenAt = text }
        return SeenState(outcome: outcome, version: version, lastPage: lastPage, seenAt: seenAt, format: Int(format))
    }
}

