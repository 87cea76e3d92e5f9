/// A JSON value that remembers where it was written, so errors can point at the line and column.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var position: SourcePosition
}

public struct JSONMember: Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var node: JSONNode
}

public indirect enum JSONValue: Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The word an error message uses for this kind of value.
    public var kindName: String {
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
