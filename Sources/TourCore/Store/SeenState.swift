/// What the store remembers about one tour for one user.
public struct SeenState: Equatable, Sendable {
    /// How the user left the tour; both count as seen.
    public enum Outcome: String, Sendable {
        case completed
        case skipped
    }

    /// The layout of the state file; a file with a larger number was written by a newer `tour`.
    public static let currentFormat = 1

    /// Completed or skipped.
    public var outcome: Outcome
    /// The tour's version when it was seen; nil for a tour without a version.
    public var version: String?
    /// The last page on screen, counted from 0 in the whole tour.
    public var lastPage: Int
    /// When, as an ISO 8601 UTC timestamp.
    public var seenAt: String
    /// The file layout it was written in.
    public var format: Int

    /// A record of a tour seen.
    public init(outcome: Outcome, version: String?, lastPage: Int, seenAt: String, format: Int = SeenState.currentFormat) {
        self.outcome = outcome
        self.version = version
        self.lastPage = lastPage
        self.seenAt = seenAt
        self.format = format
    }

    /// The state file's text: small, stable JSON a person can read.
    public var json: String {
        var fields = ["  \"format\": \(format)", "  \"outcome\": \(JSONText.quote(outcome.rawValue))"]
        if let version { fields.append("  \"version\": \(JSONText.quote(version))") }
        fields.append("  \"lastPage\": \(lastPage)")
        fields.append("  \"seenAt\": \(JSONText.quote(seenAt))")
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads a state file; nil when it is not one (corrupt, empty, foreign).
    public static func parse(_ bytes: [UInt8]) -> SeenState? {
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

/// Writing JSON strings.
enum JSONText {
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
