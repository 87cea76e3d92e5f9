/// A JSON value that remembers where it was written, so errors can point at the line and column.
package struct JSONNode: Sendable {
    package var value: JSONValue
    package var position: SourcePosition
}

package struct JSONMember: Sendable, KeyedMember {
    package var key: String
    package var keyPosition: SourcePosition
    package var node: JSONNode
}

/// Not `indirect`: the arrays already hold their elements out of line, and a box for
/// every value cost an allocation and a release per string of a 10,000-page tour.
package enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The word an error message uses for this kind of value.
    package var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// The keys one part of a file may have, each case at its key's place in `names`.
package protocol FieldKey: RawRepresentable<Int> {
    static var names: [String] { get }
    /// `JSONTape.packed(names)`, kept.
    static var packedNames: [UInt128] { get }
}

/// A member of an object as a decoder reads it: from a tree or from a tape.
package protocol KeyedMember {
    var key: String { get }
    var keyPosition: SourcePosition { get }
}

/// The known members of one JSON object, by key. Objects in a tour have a handful of
/// keys, so a look-up is a short scan: no hashing for each of thousands of pages.
package struct KeyedFields<Member: KeyedMember> {
    private var members: [Member] = []

    package init() {}

    init(capacity: Int) { members.reserveCapacity(capacity) }

    package subscript(key: String) -> Member? {
        let length = key.utf8.count
        for member in members where member.key.utf8.count == length && member.key == key { return member }
        return nil
    }

    /// Adds a member; false when its key is there already.
    package mutating func add(_ member: Member) -> Bool {
        guard self[member.key] == nil else { return false }
        members.append(member)
        return true
    }

    /// Keys compared length first: most keys differ in length, and that test is inline
    /// where `==` on two short strings of different text is a call.
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

}

/// The members of a tree's object, by key.
package typealias JSONFields = KeyedFields<JSONMember>

extension JSONValue {
    /// The same value, wherever it was written: members compared in order, numbers by value.
    package func isSame(as other: JSONValue) -> Bool {
        switch (self, other) {
        case let (.string(left), .string(right)): return left == right
        case let (.number(left), .number(right)): return left == right
        case let (.bool(left), .bool(right)): return left == right
        case (.null, .null): return true
        case let (.array(left), .array(right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.value.isSame(as: $1.value) }
        case let (.object(left), .object(right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.node.value.isSame(as: $1.node.value) }
        default: return false
        }
    }
}
