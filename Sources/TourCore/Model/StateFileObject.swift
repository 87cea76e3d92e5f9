/// The top object of a state file (the seen state, the tips state, the answers) by key,
/// with its format number: how all three read their files, forgiving what they do not
/// know, so that a newer `tour`'s extra keys do not make a file unreadable.
package struct StateFileObject {
    private var values: [String: JSONValue] = [:]
    /// The layout the file says it is in: a whole number from 1.
    package let format: Int

    /// Nil when the bytes are not a JSON object with a format number.
    package init?(_ bytes: [UInt8]) {
        guard let root = try? JSONParser.parse(bytes), case .object(let members) = root.value else { return nil }
        values.reserveCapacity(members.count)  // sized once, not grown on every start
        for member in members { values[member.key] = member.node.value }
        guard case .number(let format)? = values["format"], format >= 1, format == format.rounded(), format < 1_000_000 else { return nil }
        self.format = Int(format)
    }

    package func string(_ key: String) -> String? {
        if case .string(let text)? = values[key] { return text }
        return nil
    }

    /// A whole number from 0 below 10^15, else nil.
    package func count(_ key: String) -> Int? {
        guard case .number(let value)? = values[key], value >= 0, value < 1e15, value == value.rounded() else { return nil }
        return Int(value)
    }

    package func bool(_ key: String) -> Bool? {
        if case .bool(let value)? = values[key] { return value }
        return nil
    }

    package func object(_ key: String) -> [JSONMember]? {
        if case .object(let members)? = values[key] { return members }
        return nil
    }
}
