/// A version written as dotted numbers, compared number by number: 1.10 is newer than 1.9,
/// and 2.1 equals 2.1.0.
package struct Version: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The numbers, trailing zeros dropped.
    package let components: [Int]
    /// The version as written.
    package let description: String

    /// The longest version, suffix and all, in bytes. A version goes into the seen state and
    /// the tips state, whose readers have limits: without a bound, a "1.0-" with 70,000
    /// letters after it passed the check and made a state too large to be read back.
    package static let maximumLength = 64

    /// Accepts "2", "2.1", "2.1.0", with an optional leading "v" and an ignored suffix
    /// after "-" or "+" ("2.1.0-beta" compares as 2.1.0), in at most 64 bytes. Returns nil
    /// for anything else.
    package init?(_ text: String) {
        guard text.utf8.count <= Self.maximumLength else { return nil }
        var body = Substring(text)
        if body.hasPrefix("v") || body.hasPrefix("V") { body = body.dropFirst() }
        if let suffix = body.firstIndex(where: { $0 == "-" || $0 == "+" }) { body = body[..<suffix] }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 8 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        while numbers.count > 1, numbers.last == 0 { numbers.removeLast() }
        components = numbers
        description = text
    }

    /// What `tour check` says of a `key` whose text is not a version.
    package static func problem(key: String, text: String) -> String {
        if text.utf8.count > maximumLength {
            return "\(Quoted(key)) is \(text.utf8.count) bytes long; a version is at most \(maximumLength), suffix included"
        }
        return "\(Quoted(key)) must be dotted numbers such as \"2.1.0\", not \(Quoted(text))"
    }

    package static func == (lhs: Version, rhs: Version) -> Bool { lhs.components == rhs.components }
    package func hash(into hasher: inout Hasher) { hasher.combine(components) }

    /// Number by number; a missing number counts as 0.
    package static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }
}
