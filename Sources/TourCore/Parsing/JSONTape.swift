/// A parsed JSON document as a flat list of tokens over its bytes: one token per value
/// and per key, in the order written, each with its line and column. Strings are ranges
/// of the input, turned into `String`s only when asked for; a container knows how many
/// elements it has and where its last descendant ends, so skipping it is one step.
///
/// The tour decoder walks this instead of a tree: a 10,000-page tour is one allocation
/// for its tokens rather than one per value, and a page's text is not copied until the
/// page is shown. `JSONParser` writes it; `JSONParser.parse` turns it into a `JSONNode`
/// tree for the small files (state, tips, translations) that read easier that way.
package final class JSONTape: Sendable {
    package enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    /// One value or key, in 16 bytes: a 4 MiB tour of short values stays a few MiB of tokens.
    struct Token {
        /// Kind (3 bits), flags (3 bits), line (29 bits) and column (29 bits).
        private var packed: UInt64
        /// A string: where its text starts in the input (after the quote), or its index in
        /// `owned`. A number: its index in `numbers`. A container: the index of the token
        /// after its last descendant.
        var first: UInt32
        /// A string: its length in bytes as written. A container: its elements (an
        /// object's members: a key token, then the value's tokens).
        var second: UInt32

        /// Lines and columns past this are told as this; a tour file is at most 4 MiB.
        static let largestPlace = (1 << 29) - 1

        init(kind: Kind, flags: UInt8, line: Int, column: Int, first: Int, second: Int) {
            packed = UInt64(kind.rawValue) | UInt64(flags) << 3
                | UInt64(min(max(line, 0), Self.largestPlace)) << 6 | UInt64(min(max(column, 0), Self.largestPlace)) << 35
            self.first = UInt32(truncatingIfNeeded: first)
            self.second = UInt32(truncatingIfNeeded: second)
        }

        var kind: Kind { Kind(rawValue: UInt8(packed & 7))! }
        var flags: UInt8 { UInt8(packed >> 3 & 7) }
        var line: Int { Int(packed >> 6 & UInt64(Self.largestPlace)) }
        var column: Int { Int(packed >> 35 & UInt64(Self.largestPlace)) }
    }

    /// Flags of a string token.
    enum StringFlag {
        /// Written with backslash escapes: the text is not the bytes as they stand.
        static let escaped: UInt8 = 1
        /// Printable ASCII only, no escapes: its width in cells is its length in bytes,
        /// and cleaning it changes nothing.
        static let plain: UInt8 = 2
        /// Not from the input: the text is `owned[first]` (a tree made into a tape).
        static let owned: UInt8 = 4
    }

    private let bytes: [UInt8]
    let tokens: [Token]
    private let numbers: [Double]
    private let owned: [String]

    init(bytes: [UInt8], tokens: [Token], numbers: [Double], owned: [String] = []) {
        self.bytes = bytes
        self.tokens = tokens
        self.numbers = numbers
        self.owned = owned
    }

    /// The root value.
    package static let root = 0

    package func kind(_ index: Int) -> Kind { tokens[index].kind }

    package func position(_ index: Int) -> SourcePosition {
        SourcePosition(line: tokens[index].line, column: tokens[index].column)
    }

    /// The word an error message uses for the kind of value at `index`.
    package func kindName(_ index: Int) -> String {
        switch tokens[index].kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }

    /// The index after the value at `index` and everything in it.
    package func end(of index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? Int(token.first) : index + 1
    }

    /// How many elements an array, or members an object, has; 0 for anything else.
    package func count(_ index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? Int(token.second) : 0
    }

    /// The text of the string at `index`, or nil when the value is not a string.
    package func string(_ index: Int) -> String? {
        let token = tokens[index]
        guard token.kind == .string else { return nil }
        if token.flags & StringFlag.owned != 0 { return owned[Int(token.first)] }
        let start = Int(token.first), end = start + Int(token.second)
        if token.flags & StringFlag.escaped == 0 {
            // Validated when it was parsed.
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
        }
        return JSONParser.unescape(bytes, quotedAt: start - 1)
    }

    /// The place in `names` (from `packed(_:)`) of the string at `index`, compared where it
    /// stands as one number; nil when it is none of them, or was written with escapes (then
    /// only its text can say).
    package func place(of index: Int, in names: [UInt128]) -> Int? {
        let token = tokens[index]
        guard token.kind == .string, token.flags & (StringFlag.escaped | StringFlag.owned) == 0,
              token.second <= Self.longestPackedName else { return nil }
        let start = Int(token.first), length = Int(token.second)
        let key = bytes.withUnsafeBufferPointer { buffer in
            // Most keys have 16 bytes of input after their start: two loads, the rest masked off.
            guard start + 16 <= buffer.count, let base = buffer.baseAddress else {
                return Self.pack(UnsafeBufferPointer(rebasing: buffer[start..<start + length]))
            }
            let raw = UnsafeRawPointer(base + start)
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let written = UInt128(high) << 64 | UInt128(low)
            return written & ((1 << (8 * length)) - 1) | UInt128(length) << 120
        }
        return names.firstIndex(of: key)
    }

    /// Names of keys as numbers for `place(of:in:)`: each name's bytes and its length.
    package static func packed(_ names: [String]) -> [UInt128] {
        names.map { name in
            precondition(name.utf8.count <= longestPackedName, "a key name longer than \(longestPackedName) bytes")
            return Array(name.utf8).withUnsafeBufferPointer(pack)
        }
    }

    private static let longestPackedName = 15

    /// Up to 15 bytes, and their count in the top byte: two texts pack alike only when equal.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt128 {
        var value = UInt128(bytes.count) << 120
        for (offset, byte) in bytes.enumerated() { value |= UInt128(byte) << (8 * offset) }
        return value
    }

    /// The elements of the array at `index` (nothing for any other value).
    package func elements(_ index: Int) -> Elements {
        Elements(tape: self, first: index + 1, count: tokens[index].kind == .array ? Int(tokens[index].second) : 0)
    }

    /// The members of the object at `index` (nothing for any other value): each key's
    /// index, then its value's.
    package func members(_ index: Int) -> Members {
        Members(children: Elements(tape: self, first: index + 1, count: tokens[index].kind == .object ? 2 * Int(tokens[index].second) : 0))
    }

    package struct Elements: Sequence {
        let tape: JSONTape
        let first: Int
        package let count: Int

        package var underestimatedCount: Int { count }

        package func makeIterator() -> Iterator { Iterator(tape: tape, upcoming: first, left: count) }

        package struct Iterator: IteratorProtocol {
            let tape: JSONTape
            var upcoming: Int
            var left: Int
            package mutating func next() -> Int? {
                guard left > 0 else { return nil }
                left -= 1
                defer { upcoming = tape.end(of: upcoming) }
                return upcoming
            }
        }
    }

    /// An object's members: its children on the tape are its keys and values in turn.
    package struct Members: Sequence {
        let children: Elements

        package var count: Int { children.count / 2 }
        package var underestimatedCount: Int { count }

        package func makeIterator() -> Iterator { Iterator(children: children.makeIterator()) }

        package struct Iterator: IteratorProtocol {
            var children: Elements.Iterator
            package mutating func next() -> (key: Int, value: Int)? {
                guard let key = children.next(), let value = children.next() else { return nil }
                return (key, value)
            }
        }
    }

    /// The value at `index` as a tree.
    package func node(_ index: Int) -> JSONNode {
        let position = position(index)
        switch tokens[index].kind {
        case .object:
            var list: [JSONMember] = []
            list.reserveCapacity(count(index))
            for (key, value) in members(index) {
                list.append(JSONMember(key: string(key) ?? "", keyPosition: self.position(key), node: node(value)))
            }
            return JSONNode(value: .object(list), position: position)
        case .array:
            var list: [JSONNode] = []
            list.reserveCapacity(count(index))
            for element in elements(index) { list.append(node(element)) }
            return JSONNode(value: .array(list), position: position)
        case .string: return JSONNode(value: .string(string(index) ?? ""), position: position)
        case .number: return JSONNode(value: .number(numbers[Int(tokens[index].first)]), position: position)
        case .true: return JSONNode(value: .bool(true), position: position)
        case .false: return JSONNode(value: .bool(false), position: position)
        case .null: return JSONNode(value: .null, position: position)
        }
    }

    /// A tree as a tape: how a Markdown tour's raw form reaches the same validator.
    package convenience init(tree: JSONNode) {
        var tokens: [Token] = []
        var numbers: [Double] = []
        var owned: [String] = []
        func token(_ kind: Kind, _ position: SourcePosition, flags: UInt8 = 0, first: Int = 0, second: Int = 0) -> Token {
            Token(kind: kind, flags: flags, line: position.line, column: position.column, first: first, second: second)
        }
        func ownedString(_ text: String, _ position: SourcePosition) {
            tokens.append(token(.string, position, flags: StringFlag.owned, first: owned.count, second: text.utf8.count))
            owned.append(text)
        }
        func add(_ node: JSONNode) {
            switch node.value {
            case .object(let list):
                let start = tokens.count
                tokens.append(token(.object, node.position, second: list.count))
                for member in list {
                    ownedString(member.key, member.keyPosition)
                    add(member.node)
                }
                tokens[start].first = UInt32(tokens.count)
            case .array(let list):
                let start = tokens.count
                tokens.append(token(.array, node.position, second: list.count))
                for element in list { add(element) }
                tokens[start].first = UInt32(tokens.count)
            case .string(let text): ownedString(text, node.position)
            case .number(let number):
                tokens.append(token(.number, node.position, first: numbers.count))
                numbers.append(number)
            case .bool(let value): tokens.append(token(value ? .true : .false, node.position))
            case .null: tokens.append(token(.null, node.position))
            }
        }
        add(tree)
        self.init(bytes: [], tokens: tokens, numbers: numbers, owned: owned)
    }
}
