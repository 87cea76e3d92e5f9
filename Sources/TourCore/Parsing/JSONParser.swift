/// A strict JSON parser (RFC 8259) that records the position of every value.
///
/// Written by hand rather than using JSONDecoder because tour authors need
/// `FILE:LINE:COLUMN` for every error, including unknown keys, and because the
/// nesting depth and string lengths must be bounded for hostile input.
package struct JSONParser {
    package struct Failure: Error, Equatable {
        package var position: SourcePosition
        package var message: String
    }

    static let maximumDepth = 64
    static let maximumStringBytes = 1 << 20

    /// The input, for the length of one parse or scan (every entry point lends it).
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private var tokens: [JSONTape.Token] = []
    private var numbers: [Double] = []

    /// The document as a tree: for the small files (state, tips, translations) that read easier that way.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        try parseTape(bytes).node(JSONTape.root)
    }

    /// The document as a tape of tokens: what the tour decoder walks.
    package static func parseTape(_ bytes: [UInt8]) throws(Failure) -> JSONTape {
        // A Result out of the closure: before Swift 6.2, withUnsafeBufferPointer rethrows
        // any Error, not the closure's typed Failure.
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<([JSONTape.Token], [Double]), Failure> in
            var parser = JSONParser(bytes: buffer)
            // Every value takes at least two bytes but the last: the tokens never move.
            // Untouched capacity is only address space.
            parser.tokens.reserveCapacity(buffer.count / 2 + 2)
            parser.skipByteOrderMark()
            parser.skipWhitespace()
            do throws(Failure) {
                try parser.parseValue()
            } catch {
                return .failure(error)
            }
            parser.skipWhitespace()
            if parser.index < buffer.count {
                return .failure(parser.failure("unexpected text after the end of the JSON document"))
            }
            return .success((parser.tokens, parser.numbers))
        }
        let (tokens, numbers) = try parsed.get()
        return JSONTape(bytes: bytes, tokens: tokens, numbers: numbers)
    }

    /// The text of a string already parsed (so valid), from its opening quote at `quote`.
    static func unescape(_ bytes: [UInt8], quotedAt quote: Int) -> String {
        bytes.withUnsafeBufferPointer { unescape($0, quotedAt: quote) }
    }

    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, quotedAt quote: Int) -> String {
        var parser = JSONParser(bytes: bytes)
        parser.index = quote
        return (try? parser.parseString()) ?? ""
    }

    /// The raw form, or the syntax error as a diagnostic in `fileName`.
    package static func parseDiagnosing(_ bytes: [UInt8], fileName: String) -> Result<JSONNode, Diagnostic> {
        do throws(Failure) {
            return .success(try parse(bytes))
        } catch {
            return .failure(Diagnostic(file: fileName, position: error.position, severity: .error, message: error.message))
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    private func failure(_ message: String, at position: SourcePosition? = nil) -> Failure {
        Failure(position: position ?? self.position, message: message)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Count characters, not bytes: UTF-8 continuation bytes share their lead byte's column.
            column += 1
        }
    }

    mutating func skipByteOrderMark() {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: column += 1
            case 0x0A:
                line += 1
                column = 1
            default: return
            }
            index += 1
        }
    }

    private mutating func expect(_ literal: StaticString, kind: JSONTape.Kind, start: SourcePosition) throws(Failure) {
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard current == expected else { throw failure("invalid literal; expected '\(literal)'", at: start) }
            advance()
        }
        append(kind, at: start)
    }

    /// Adds a token; a container's `first` and `second` are filled in when it closes.
    @discardableResult
    private mutating func append(_ kind: JSONTape.Kind, at position: SourcePosition, flags: UInt8 = 0, first: Int = 0, second: Int = 0) -> Int {
        tokens.append(JSONTape.Token(kind: kind, flags: flags, line: position.line, column: position.column, first: first, second: second))
        return tokens.count - 1
    }

    private mutating func close(_ container: Int, count: Int) {
        tokens[container].first = UInt32(truncatingIfNeeded: tokens.count)
        tokens[container].second = UInt32(truncatingIfNeeded: count)
    }

    private mutating func parseValue() throws(Failure) {
        let start = position
        guard let byte = current else { throw failure("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try scanString()
        case UInt8(ascii: "t"): try expect("true", kind: .true, start: start)
        case UInt8(ascii: "f"): try expect("false", kind: .false, start: start)
        case UInt8(ascii: "n"): try expect("null", kind: .null, start: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        case UInt8(ascii: "'"): throw failure("strings take double quotes in JSON, not single quotes")
        default: throw failure("unexpected character \(describe(byte)); expected a value")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func enterNesting() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("nesting is deeper than \(Self.maximumDepth) levels")
        }
    }

    /// Opens an object or array at its first byte; nil when it closes at once, empty.
    private mutating func open(_ kind: JSONTape.Kind, closedBy closer: UInt8) throws(Failure) -> Int? {
        let start = position
        try enterNesting()
        advance()
        let container = append(kind, at: start)
        skipWhitespace()
        guard current == closer else { return container }
        advance()
        depth -= 1
        close(container, count: 0)
        return nil
    }

    private mutating func parseObject() throws(Failure) {
        guard let object = try open(.object, closedBy: UInt8(ascii: "}")) else { return }
        var count = 0
        var comma = position
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                if current == nil { throw failure("unexpected end of file inside an object") }
                if current == UInt8(ascii: "}"), count > 0 {
                    throw failure("trailing comma after the last member; JSON allows none, so remove the ','", at: comma)
                }
                if current == UInt8(ascii: "'") { throw failure("keys take double quotes in JSON, not single quotes") }
                throw failure("expected a key in double quotes")
            }
            let key = try scanString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key \(Quoted(keyText(key)))") }
            advance()
            skipWhitespace()
            try parseValue()
            count += 1
            guard let more = try continues(object, count: count, closedBy: UInt8(ascii: "}"), comma: &comma) else {
                throw failure("expected ',' or '}' after the value of \(Quoted(keyText(key)))")
            }
            guard more else { return }
        }
    }

    /// After a member or an element: true at a comma (where it is kept, for the message
    /// about a trailing one), false once `closer` closed the container, nil at anything
    /// else (the caller says what it expected).
    private mutating func continues(_ container: Int, count: Int, closedBy closer: UInt8, comma: inout SourcePosition) throws(Failure) -> Bool? {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            comma = position
            advance()
            return true
        case closer:
            advance()
            depth -= 1
            close(container, count: count)
            return false
        case nil: throw failure("unexpected end of file; expected ',' or '\(Character(Unicode.Scalar(closer)))'")
        default: return nil
        }
    }

    /// The text of the key token at `index`, for an error message.
    private func keyText(_ index: Int) -> String {
        let token = tokens[index]
        return Self.unescape(bytes, quotedAt: Int(token.first) - 1)
    }

    private mutating func parseArray() throws(Failure) {
        guard let array = try open(.array, closedBy: UInt8(ascii: "]")) else { return }
        var count = 0
        var comma = position
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), count > 0 {
                throw failure("trailing comma after the last element; JSON allows none, so remove the ','", at: comma)
            }
            try parseValue()
            count += 1
            guard let more = try continues(array, count: count, closedBy: UInt8(ascii: "]"), comma: &comma) else {
                throw failure("expected ',' or ']' in array")
            }
            guard more else { return }
        }
    }

    private mutating func parseNumber() throws(Failure) {
        let start = position
        let first = index
        if current == UInt8(ascii: "-") { advance() }
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }
        guard isDigit(current) else { throw failure("invalid number") }
        var integer: Int64 = 0, digits = 0
        if current == UInt8(ascii: "0") {
            advance()
            digits = 1
        } else {
            while let byte = current, isDigit(byte) {
                if digits < 18 { integer = integer &* 10 &+ Int64(byte &- 0x30) }
                digits += 1
                advance()
            }
        }
        // A whole number of up to 15 digits is exact as a Double: no String and no strtod,
        // whose code and locale tables cost the `--once` start 6 page faults.
        if digits <= 15, current != UInt8(ascii: "."), current != UInt8(ascii: "e"), current != UInt8(ascii: "E") {
            append(.number, at: start, first: numbers.count)
            numbers.append(bytes[first] == UInt8(ascii: "-") ? -Double(integer) : Double(integer))
            return
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { throw failure("invalid number: expected a digit after '.'") }
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { throw failure("invalid number: expected a digit in the exponent") }
            while isDigit(current) { advance() }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<index]), as: UTF8.self)
        guard let number = Double(text) else { throw failure("invalid number", at: start) }
        append(.number, at: start, first: numbers.count)
        numbers.append(number)
    }

    /// Checks a string and adds its token; its text is made only when asked for.
    @discardableResult
    private mutating func scanString() throws(Failure) -> Int {
        let start = position
        let contentStart = index + 1
        // Most strings in a tour are printable ASCII with no escape: one 8-bytes-at-a-time scan.
        let plainEnd = PrintableASCII.end(of: bytes, from: contentStart, excluding: (UInt8(ascii: "\""), UInt8(ascii: "\\")))
        if plainEnd < bytes.count, bytes[plainEnd] == UInt8(ascii: "\""), plainEnd - contentStart <= Self.maximumStringBytes {
            index = plainEnd + 1
            column += plainEnd + 1 - contentStart + 1
            return append(.string, at: start, flags: JSONTape.StringFlag.plain, first: contentStart, second: plainEnd - contentStart)
        }
        let escaped = try parseString(building: false).escaped
        return append(.string, at: start, flags: escaped ? JSONTape.StringFlag.escaped : 0, first: contentStart, second: index - 1 - contentStart)
    }

    mutating func parseString() throws(Failure) -> String {
        try parseString(building: true).text
    }

    /// Reads a string from its opening quote, checking it; `building` makes its text too.
    mutating func parseString(building: Bool) throws(Failure) -> (text: String, escaped: Bool) {
        advance()  // opening quote
        var result = ""
        var escaped = false
        var byteCount = 0
        while true {
            // Fast path: a run of plain bytes (no quote, backslash or control) is validated
            // and appended in one piece; most strings are a single run.
            let runStart = index
            let (runEnd, columns, isASCII) = Self.scanPlainRun(bytes, from: index)
            index = runEnd
            if index > runStart {
                byteCount += index - runStart
                if byteCount > Self.maximumStringBytes {
                    index = runStart
                    throw failure("string is longer than \(Self.maximumStringBytes) bytes")
                }
                if !isASCII, !Self.isValidUTF8(bytes, runStart..<runEnd) {
                    // Find the bad byte for the error's position.
                    index = runStart
                    while index < bytes.count, bytes[index] < 0x80 { advance() }
                    _ = try parseUTF8RunForError()
                    throw failure("invalid UTF-8")
                }
                if building {
                    // ASCII needs no validation; decoding from a buffer is the stdlib's
                    // specialised fast path.
                    let plain = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<runEnd]), as: UTF8.self)
                    if result.isEmpty { result = plain } else { result += plain }
                }
                column += columns
            }
            guard let byte = current else { throw failure("unexpected end of file inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return (result, escaped)
            case UInt8(ascii: "\\"):
                advance()
                let scalar = try parseEscape()
                if building { result.unicodeScalars.append(scalar) }
                escaped = true
                byteCount += 2
            default:
                throw failure("control character in string; write it as an escape such as \\n")
            }
        }
    }

    /// True when `range` of `bytes` is well-formed UTF-8 (no overlong forms, no surrogates),
    /// checked without making a String.
    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The end of the run of bytes from `start` that need no escape handling (up to a quote,
    /// backslash or control byte), its width in columns and whether it is all ASCII.
    private static func scanPlainRun(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, columns: Int, isASCII: Bool) {
        var index = PrintableASCII.end(of: buffer, from: start, excluding: (UInt8(ascii: "\""), UInt8(ascii: "\\")))
        var continuationBytes = 0
        var highBits: UInt8 = 0
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= byte
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            index += 1
        }
        return (index, index - start - continuationBytes, highBits < 0x80)
    }

    /// Walks valid UTF-8 up to the first invalid sequence, so the error points at it.
    private mutating func parseUTF8RunForError() throws(Failure) -> Void {
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            if byte < 0x80 {
                advance()
            } else {
                _ = try parseUTF8Scalar()
            }
        }
    }

    private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure("unexpected end of file in an escape") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\") else { throw failure("unpaired surrogate in \\u escape") }
                advance()
                guard current == UInt8(ascii: "u") else { throw failure("unpaired surrogate in \\u escape") }
                advance()
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("invalid low surrogate in \\u escape") }
                let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(value)!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("unpaired surrogate in \\u escape") }
            return scalar
        default:
            throw failure("invalid escape: a backslash before \(describe(byte))")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw failure("unexpected end of file in \\u escape") }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            advance()
        }
        return value
    }

    private mutating func parseUTF8Scalar() throws(Failure) -> Unicode.Scalar {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: throw failure("invalid UTF-8")
        }
        guard index + length <= bytes.count else { throw failure("invalid UTF-8") }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw failure("invalid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw failure("invalid UTF-8") }
        for _ in 0..<length { advance() }
        return scalar
    }
}
