import Testing
@testable import TourCore
@testable import TourStore

@Suite("Text: widths, wrapping, sanitizing")
struct TextTests {
    @Test func widthsInCells() {
        #expect(TextWidth.of("abc") == 3)
        #expect(TextWidth.of("あ") == 2)
        #expect(TextWidth.of("日本語") == 6)
        #expect(TextWidth.of("🚀") == 2)
        #expect(TextWidth.of("👩‍💻") == 2)  // ZWJ sequence is one grapheme, two cells
        #expect(TextWidth.of("e\u{301}") == 1)  // combining acute takes no cell
        #expect(TextWidth.of("❤️") == 2)  // emoji presentation selector
        #expect(TextWidth.of("한국") == 4)
    }

    @Test func wrapBreaksAtSpacesAndKeepsWidth() {
        #expect(TextWidth.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextWidth.wrap("a\nb c", width: 10) == ["a", "b c"])
        #expect(TextWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWidth.wrap("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
    }

    @Test func noWrappedLineIsWiderThanAsked() {
        var generator = SplitMix64(seed: 7)
        let pieces = ["a", "bb", " ", "  ", "日", "🚀", "e\u{301}", "\u{301}", "\r\n", "\n", "wordword", "あいう"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let width = Int.random(in: 1...20, using: &generator)
            for line in TextWidth.wrap(text, width: width) {
                #expect(TextWidth.of(line) <= width, "\(text.debugDescription) at \(width)")
            }
        }
    }

    @Test func truncateAddsAnEllipsisWithinTheWidth() {
        #expect(TextWidth.truncate("hello world", to: 8) == "hello w…")
        #expect(TextWidth.truncate("hello", to: 8) == "hello")
        #expect(TextWidth.truncate("日本語", to: 4) == "日…")
        #expect(TextWidth.of(TextWidth.truncate("日本語日本語", to: 5)) <= 5)
    }

    @Test func sanitizerRemovesEveryKindOfControl() {
        #expect(TextSanitizer.clean("a\u{1B}]52;c;SGVsbG8=\u{07}b") == "ab")  // OSC 52 clipboard
        #expect(TextSanitizer.clean("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b") == "alinkb")  // hyperlink
        #expect(TextSanitizer.clean("\u{1B}[2J\u{1B}[31mred") == "red")
        #expect(TextSanitizer.clean("x\u{1B}") == "x")  // trailing lone ESC
        #expect(TextSanitizer.clean("bell\u{07}back\u{08}\u{08}cr\r") == "bellbackcr")
        #expect(TextSanitizer.clean("\u{9B}2J\u{9D}0;t\u{9C}ok") == "ok")  // C1 CSI and OSC
        #expect(TextSanitizer.clean("a\u{202E}b\u{2066}c\u{2069}") == "abc")
        #expect(TextSanitizer.clean("line1\nline2", keepNewlines: true) == "line1\nline2")
        #expect(TextSanitizer.clean("line1\nline2") == "line1 line2")
        #expect(TextSanitizer.clean("tab\there") == "tab    here")
        #expect(TextSanitizer.clean("\u{1B}\u{1B}[Kz") == "z")
        #expect(TextSanitizer.clean("\u{1B}\nq", keepNewlines: true) == "\nq")
        // Invisible operators mean nothing in a tour, and two are the view's code marks:
        // an author's own switched the rest of a text to the code style.
        #expect(TextSanitizer.clean("a\u{2062}b\u{2063}c\u{2061}d\u{2064}") == "abcd")
        #expect(InlineCode.mark(TextSanitizer.clean("no \u{2062}code")) == "no code")
    }

    @Test func sanitizedTextHasNoControlsWhateverTheInput() {
        var generator = SplitMix64(seed: 99)
        let pieces = ["\u{1B}", "[", "]", "P", "\\", "\u{07}", "\u{9B}", "\u{9D}", "\u{9C}", "a", "1", ";", "\n", "\r", "\u{202E}", "é"]
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...20, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let cleaned = TextSanitizer.clean(text, keepNewlines: Bool.random(using: &generator))
            #expect(!cleaned.unicodeScalars.contains(where: TextSanitizer.isUnsafe), "\(text.debugDescription)")
        }
    }
}

@Suite("Text quoted in messages and JSON")
struct MessageTextTests {
    @Test func controlsAreShownVisiblyAndLongValuesCut() {
        #expect(MessageText.visible("k\u{1B}]0;x\u{07}\u{9B}\u{202E}\n") == #"k\e]0;x\u{7}\u{9b}\u{202e}\n"#)
        #expect(MessageText.visible(String(repeating: "a", count: 50)) == String(repeating: "a", count: 40) + "…")
        #expect(Quoted("x\u{1B}").description == #""x\e""#)
    }

    @Test func jsonStringsEscapeC1AndBidiControls() {
        #expect(JSONText.quote("a\u{9B}b\u{202E}c\u{1B}") == #""a\u009bb\u202ec\u001b""#)
    }
}

/// SGR numbers are read from bytes (it was a split by Characters and an Int(Substring) for
/// each field); the old reading is kept here as the reference, on every kind of field.
@Suite("SGR fields")
struct SGRFieldTests {
    static func reference(_ parameters: String) -> [Int] {
        parameters.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0.split(separator: ":").first ?? "0") ?? 0
        }
    }

    @Test func theByteReaderAgreesWithTheReferenceOnEveryField() {
        var fields = ["0", "1", "38", "38:2:255:0:0", ":5", "::7:8", "", "3x", "x3", "12:", "99999999999999999999",
                      "007", "48;5;196", "1;;4", ";", ";;", "9223372036854775807", "9223372036854775808", ":", "4:3"]
        // And a deterministic spread of strings over the bytes that matter.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("0123456789;:x<=?")
        for _ in 0..<2000 {
            var field = ""
            for _ in 0..<Int(seed % 9) {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                field.append(alphabet[Int(seed >> 33) % alphabet.count])
            }
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            fields.append(field)
        }
        for field in fields {
            #expect(AnsiArt.sgrCodes(field) == Self.reference(field), "\(field)")
        }
    }
}
