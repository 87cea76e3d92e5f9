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
        // Read on the bytes: Character by Character is a grapheme check each, and every
        // `--once` start reads two versions.
        let utf8 = text.utf8
        guard utf8.count <= Self.maximumLength else { return nil }
        var numbers: [Int] = []
        var index = utf8.startIndex
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "v") || utf8[index] == UInt8(ascii: "V") {
            index = utf8.index(after: index)
        }
        var number = 0, digits = 0
        while true {
            let byte = index < utf8.endIndex ? utf8[index] : nil
            if let byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                guard digits < 9 else { return nil }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == nil || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                guard digits > 0, numbers.count < 8 else { return nil }
                numbers.append(number)
                number = 0
                digits = 0
                if byte != UInt8(ascii: ".") { break }  // the end, or a suffix that is ignored
            } else {
                return nil
            }
            index = utf8.index(after: index)
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
