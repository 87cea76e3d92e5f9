/// A JSON value that remembers where it was written, so errors can point at the line and column.
struct JSONNode: Sendable {
    var value: JSONValue
    var position: SourcePosition
}

struct JSONMember: Sendable {
    var key: String
    var keyPosition: SourcePosition
    var node: JSONNode
}

indirect enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The word an error message uses for this kind of value.
    var kindName: String {
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
