/// The top-level object's keys and string values, read without parsing the rest: what
/// "nothing new" (`TourHead`) and telling a tips file from a tour need, at any file size.
extension JSONParser {
    /// What a scan of the top-level object found for some keys.
    package enum TopLevelScan: Equatable, Sendable {
        /// Each key asked for: its string value, or nil when the object has no such key.
        case found([String: String])
        /// The bytes end before the answer is known: read more and scan again.
        case needsMoreBytes
        /// Not an object whose keys can be read this way (a syntax error, a value that is
        /// not a string, a key twice): only a full parse can say what is wrong.
        case undecided
    }

    /// The string values of `keys` in the top-level object, found without building
    /// anything: every other value is skipped over, byte by byte, and the scan stops as
    /// soon as each key was seen. It checks only what it reads, so `.found` says nothing
    /// about the rest of the file; a full parse is still what validates it.
    package static func topLevelStrings(_ bytes: [UInt8], keys: [String]) -> TopLevelScan {
        var found: [String: String] = [:]
        let end = walkTopLevel(bytes) { key, parser in
            guard keys.contains(key) else { return parser.skipValue() }
            guard parser.current == UInt8(ascii: "\""), found[key] == nil else { return .malformed }
            guard let value = try? parser.parseString() else { return parser.current == nil ? .endOfBytes : .malformed }
            found[key] = value
            return found.count == keys.count ? .stop : .skipped
        }
        switch end {
        case .ended, .stopped: return .found(found)
        case .endOfBytes: return .needsMoreBytes
        case .malformed: return .undecided
        }
    }

    /// The keys of the top-level object, every value skipped over; nil when the bytes are
    /// not an object whose keys can be read this way. What `tour check` tells a tips file by.
    package static func topLevelKeys(_ bytes: [UInt8]) -> Set<String>? {
        var keys: Set<String> = []
        let end = walkTopLevel(bytes) { key, parser in
            keys.insert(key)
            return parser.skipValue()
        }
        return end == .ended ? keys : nil
    }

    /// How a walk over the top-level object ended.
    private enum WalkEnd { case ended, stopped, endOfBytes, malformed }

    /// Calls `visit` at each member of the top-level object, with the parser at its value;
    /// `visit` reads or skips the value, or stops the walk.
    private static func walkTopLevel(_ bytes: [UInt8], _ visit: (String, inout JSONParser) -> Skip) -> WalkEnd {
        bytes.withUnsafeBufferPointer { walkTopLevel($0, visit) }
    }

    private static func walkTopLevel(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (String, inout JSONParser) -> Skip) -> WalkEnd {
        var parser = JSONParser(bytes: bytes)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        guard let first = parser.current else { return .endOfBytes }
        guard first == UInt8(ascii: "{") else { return .malformed }
        parser.advance()
        while true {
            parser.skipWhitespace()
            guard let byte = parser.current else { return .endOfBytes }
            if byte == UInt8(ascii: "}") { return .ended }
            guard byte == UInt8(ascii: "\"") else { return .malformed }
            guard let key = try? parser.parseString() else { return parser.current == nil ? .endOfBytes : .malformed }
            parser.skipWhitespace()
            guard let colon = parser.current else { return .endOfBytes }
            guard colon == UInt8(ascii: ":") else { return .malformed }
            parser.advance()
            parser.skipWhitespace()
            guard parser.current != nil else { return .endOfBytes }
            switch visit(key, &parser) {
            case .skipped: break
            case .stop: return .stopped
            case .endOfBytes: return .endOfBytes
            case .malformed: return .malformed
            }
            parser.skipWhitespace()
            guard let separator = parser.current else { return .endOfBytes }
            switch separator {
            case UInt8(ascii: ","): parser.advance()
            case UInt8(ascii: "}"): return .ended
            default: return .malformed
            }
        }
    }

    /// What reading past one value came to; `stop` ends a walk early.
    private enum Skip { case skipped, stop, endOfBytes, malformed }

    /// Moves past one value without reading it: strings to their closing quote, objects
    /// and arrays to their closing bracket. Line and column are not kept (nothing here
    /// reports a position).
    private mutating func skipValue() -> Skip {
        do {
            let buffer = bytes
            var index = self.index
            var depth = 0
            defer { self.index = index }
            repeat {
                guard index < buffer.count else { return .endOfBytes }
                switch buffer[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    while true {
                        index = PrintableASCII.end(of: buffer, from: index, excluding: (UInt8(ascii: "\""), UInt8(ascii: "\\")))
                        guard index < buffer.count else { return .endOfBytes }
                        let byte = buffer[index]
                        index += 1
                        if byte == UInt8(ascii: "\"") { break }
                        if byte == UInt8(ascii: "\\") { index += 1 }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    guard depth <= Self.maximumDepth else { return .malformed }
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard depth > 0 else { return .malformed }
                    depth -= 1
                    index += 1
                case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
                    guard depth > 0 else { return .skipped }
                    index += 1
                default:
                    index += 1  // a number or a literal
                }
            } while depth > 0 || (index < buffer.count && !Self.endsBareValue(buffer[index]))
            return index <= buffer.count ? .skipped : .endOfBytes
        }
    }

    /// After a number or literal at the top of a skip: where it ends.
    private static func endsBareValue(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
            || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
