import Testing
@testable import TourCore

/// The token tape and the fast paths the check takes over it: each must answer exactly
/// as the slow way it stands in for.
@Suite("The JSON token tape")
struct JSONTapeTests {
    @Test func aTreeMadeFromTheTapeIsTheDocument() throws {
        let text = #"{"a": [1, -2.5e3, true, false, null, "x\"y\u00e9\n"], "b": {}, "c": [], "é": {"d": "plain"}}"#
        let tape = try JSONParser.parseTape(Array(text.utf8))
        let tree = tape.node(JSONTape.root)
        guard case .object(let members) = tree.value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a", "b", "c", "é"])
        guard case .array(let values) = members[0].node.value else { Issue.record("not an array"); return }
        #expect(values.count == 6)
        if case .number(let number) = values[1].value { #expect(number == -2500) } else { Issue.record("not a number") }
        if case .string(let string) = values[5].value { #expect(string == "x\"yé\n") } else { Issue.record("not a string") }
        // Positions are those the characters were written at (columns count characters).
        #expect(members[3].keyPosition == SourcePosition(line: 1, column: 73))
        // And the tree made into a tape again gives the same tree.
        #expect(JSONTape(tree: tree).node(JSONTape.root).value.isSame(as: tree.value))
    }

    /// Whole numbers of up to 15 digits are read without strtod; every number must read as
    /// `Double(String)` reads its text, sign of zero included.
    @Test func numbersReadAsDoubleReadsTheirText() throws {
        let texts = ["0", "-0", "7", "-7", "1024", "999999999999999", "-999999999999999", "1000000000000000",
                     "9007199254740993", "123456789012345678901234", "1.5", "-0.25", "1e3", "1E-2", "12.5e+2", "0.0"]
        let tape = try JSONParser.parseTape(Array("[\(texts.joined(separator: ", "))]".utf8))
        let values = tape.elements(JSONTape.root).map { tape.node($0).value }
        #expect(values.count == texts.count)
        for (text, value) in zip(texts, values) {
            guard case .number(let number) = value, let expected = Double(text) else { Issue.record("\(text): not a number"); continue }
            #expect(number == expected && number.sign == expected.sign, "\(text)")
        }
        for bad in ["-", "01", "1.", "1e", "-x"] {
            #expect(throws: JSONParser.Failure.self, "\(bad)") { try JSONParser.parseTape(Array("[\(bad)]".utf8)) }
        }
    }

    @Test func stringsReadAsWrittenWithAndWithoutEscapes() throws {
        let texts = [#""abc""#, #""""#, #""a\tb""#, #""é""#, #""a\u0041""#, #""del\u007f""#, #""  ""#]
        let all = try JSONParser.parseTape(Array("[\(texts.joined(separator: ", "))]".utf8))
        #expect(all.elements(JSONTape.root).map { all.string($0) } == ["abc", "", "a\tb", "é", "aA", "del\u{7f}", "  "])
        // Each alone, at the very end of the input, reads the same.
        let expected = ["abc", "", "a\tb", "é", "aA", "del\u{7f}", "  "]
        for (text, value) in zip(texts, expected) {
            let one = try JSONParser.parseTape(Array("[\(text)]".utf8))
            #expect(one.string(JSONTape.root + 1) == value, "\(text)")
        }
    }

    @Test func aKeyIsFoundByItsPackedBytesExactlyWhereItsTextWouldBe() throws {
        let names = ["key", "kind", "title", "heroImage", "indicatorGlyphs", "k"]
        let packed = JSONTape.packed(names)
        // Prefixes, extensions, escapes, keys at the very end of the input (fewer than 16
        // bytes after them) and long keys.
        let keys = ["key", "ke", "keys", "kind", "k", "title", "titl", "heroImage", "indicatorGlyphs", "indicatorGlyphsX",
                    "averyveryverylongkeyname", "", "Key", #"k\u0065y"#, "kïnd"]
        for key in keys {
            for padding in ["", String(repeating: " ", count: 20)] {
                let text = "{\"\(key)\": 1\(padding)}"
                let tape = try JSONParser.parseTape(Array(text.utf8))
                guard let (keyIndex, _) = tape.members(JSONTape.root).first(where: { _ in true }) else { Issue.record("no member"); continue }
                let expected = tape.string(keyIndex).flatMap { names.firstIndex(of: $0) }
                let found = tape.place(of: keyIndex, in: packed)
                // An escaped key is left to its text (nil here); any other must match exactly.
                if key.contains("\\") { #expect(found == nil) } else { #expect(found == expected, "\(key)") }
            }
        }
    }

    /// While checking, art lines of printable ASCII are measured where they stand; the
    /// check must say what it would say of `Tour.Art(lines:)`, row for row.
    @Test func plainArtIsMeasuredAsTheArtWouldBe() throws {
        var generator = SplitMix64(seed: 0x7a9e)
        let decoder = TourDecoder(fileName: "t.json") { (_: String) throws(TourError) -> [UInt8] in [] }
        for _ in 0..<300 {
            let rows = Int.random(in: 0...210, using: &generator)
            var lines: [String] = []
            for _ in 0..<rows {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: lines.append(String(repeating: " ", count: Int.random(in: 0...120, using: &generator)))
                default:
                    let width = Int.random(in: 0...(Bool.random(using: &generator) ? 120 : 40), using: &generator)
                    lines.append(String((0..<width).map { _ in "# .-*".randomElement(using: &generator)! }))
                }
            }
            if Int.random(in: 0..<20, using: &generator) == 0 { lines.append(String(repeating: "x", count: 501)) }
            // Other pages beside it change nothing of what is said of it.
            let others = String(repeating: ", {\"title\": \"more\"}", count: 40)
            let json = "{\"pages\": [{\"title\": \"t\", \"hero\": [" + lines.map { "\"\($0)\"" }.joined(separator: ", ") + "]}\(others)]}"
            let art = Tour.Art(lines: lines)
            var expected: [String] = []
            if art.width > TourDecoder.maximumArtColumns || art.lines.count > TourDecoder.maximumArtRows {
                expected = ["hero art is \(art.width)×\(art.lines.count); the limit is \(TourDecoder.maximumArtColumns)×\(TourDecoder.maximumArtRows)"]
            } else if art.width > TourDecoder.comfortableArtColumns {
                expected = ["hero art is \(art.width) columns wide; it will be left out on terminals narrower than \(art.width + 2) columns"]
            }
            let (tour, diagnostics) = decoder.check(Array(json.utf8))
            #expect(diagnostics.map(\.message) == expected)
            // Built, the page has the art itself.
            if expected.first?.hasPrefix("hero art is \(art.width)×") != true, let tour {
                #expect(tour.page(0).hero == art)
            }
        }
    }

    /// The eight-bytes-at-a-time scan stops exactly where a byte-by-byte one does, from any
    /// start, in runs that end in any byte (the word's lowest mark must be a true one).
    @Test func printableASCIIRunsEndWhereTheFirstExceptionIs() {
        var generator = SplitMix64(seed: 0x8b17)
        func slowEnd(_ bytes: [UInt8], from start: Int, excluding: (UInt8, UInt8)?) -> Int {
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte >= 0x7F { break }
                if let (first, second) = excluding, byte == first || byte == second { break }
                index += 1
            }
            return index
        }
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            // A few exceptions anywhere, of every kind: controls, DEL, high bytes, quotes, backslashes.
            for _ in 0..<Int.random(in: 0...2, using: &generator) where count > 0 {
                let special: [UInt8] = [0x00, 0x01, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x22, 0x5C, 0x20, 0x21, 0x7E]
                bytes[Int.random(in: 0..<count, using: &generator)] = special.randomElement(using: &generator)!
            }
            let start = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
            for excluding in [nil, (UInt8(ascii: "\""), UInt8(ascii: "\\"))] as [(UInt8, UInt8)?] {
                let fast = bytes.withUnsafeBufferPointer { PrintableASCII.end(of: $0, from: start, excluding: excluding) }
                #expect(fast == slowEnd(bytes, from: start, excluding: excluding), "\(bytes) from \(start)")
            }
        }
    }

    /// Pages that are fine add nothing to what is said of the others: every error and
    /// warning stays at its place however many pages follow.
    @Test func finePagesAddNothingToWhatIsSaidOfTheOthers() throws {
        let problems = [
            ##"{"title": "one", "subtile": "typo"}"##,
            ##"{"title": "two", "hero": ["\##(String(repeating: "#", count: 90))"]}"##,
            ##"{"title": "three", "since": "2.x"}"##,
            ##"{"title": "four", "gradient": ["#ffffff", "#eeeeee"], "accent": "#ffff00"}"##,
            ##"{"title": "five", "items": [{"title": "no kind"}]}"##,
            ##"{"kind": "features", "title": "six", "items": [{"text": "no title"}, {"title": "ok", "accent": "nope"}]}"##,
            ##"{"subtitle": "no title"}"##,
            ##"{"title": "eight", "since": "9.0", "hero": "a\u001b[31mred\u001b[0m"}"##,
            ##"{"title": "nine", "heroFile": "missing.txt", "hero": ["x"]}"##,
            ##"{"title": 10, "button": []}"##,
        ]
        func diagnostics(extraPages: Int) -> [String] {
            let pages = problems + Array(repeating: ##"{"title": "fine"}"##, count: extraPages)
            let json = "{\"version\": \"1.0\", \"pages\": [\n" + pages.joined(separator: ",\n") + "\n]}"
            let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in
                throw TourError.unreadable(path: path, reason: "no such file")
            }
            return decoder.check(Array(json.utf8)).1.map(\.description)
        }
        let small = diagnostics(extraPages: 0)
        #expect(small.count >= problems.count, "\(small)")
        #expect(diagnostics(extraPages: 1_000) == small)
    }
}
