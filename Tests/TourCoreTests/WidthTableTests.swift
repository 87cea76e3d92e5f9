import Testing
@testable import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// ncursesw places cells by the C library's wcwidth, and so do terminals on this system.
/// If tour counted a character's cells differently, everything after it on the row would
/// be drawn out of step. WidthTable.swift is generated (scripts/generate-width-table.py)
/// to agree; this checks it against wcwidth for every code point.
@Suite("Character widths against the C library's wcwidth")
struct WidthTableTests {
    /// glibc's wcwidth; its header hides it from Swift without _XOPEN_SOURCE, so look it up.
    static let wcwidth: @convention(c) (Int32) -> Int32 = {
        let symbol = dlsym(dlopen(nil, RTLD_NOW), "wcwidth")
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    @Test func everyCodePointTheCLibraryKnowsHasItsWidth() {
        let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        defer { if let saved { setlocale(LC_CTYPE, saved) } }
        #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        var differences: [String] = []
        var compared = 0
        for value in UInt32(0x20)...0x10FFFF {
            if (0xD800...0xDFFF).contains(value) { continue }
            let expected = Self.wcwidth(Int32(bitPattern: value))
            // -1: a control, or a code point newer than the C library's Unicode version,
            // which it cannot place either; there is nothing to agree with.
            guard expected >= 0 else { continue }
            compared += 1
            let ours = TextWidth.of(scalar: value)
            if ours != Int(expected), differences.count < 20 {
                differences.append("U+\(String(value, radix: 16, uppercase: true)): wcwidth \(expected), tour \(ours)")
            }
        }
        #expect(compared > 250_000)
        #expect(differences.isEmpty, "\(differences)")
    }

    /// The intended differences: sequences, which wcwidth cannot see. A cluster takes the
    /// cells of its first scalar, and an emoji presentation selector makes it two.
    @Test func sequencesTakeTheCellsTerminalsGiveThem() {
        #expect(TextWidth.of(Character("\u{2601}")) == 1)             // ☁ as text
        #expect(TextWidth.of(Character("\u{2601}\u{FE0F}")) == 2)     // ☁️ as emoji
        #expect(TextWidth.of(Character("e\u{301}")) == 1)             // é from a combining mark
        #expect(TextWidth.of(Character("\u{1F321}")) == 1)            // 🌡 is text style: 1, as wcwidth says
        #expect(TextWidth.of(Character("\u{1F680}")) == 2)            // 🚀
        #expect(TextWidth.of(Character("\u{D7B0}")) == 0)             // a Hangul medial vowel
        #expect(TextWidth.of("日本") == 4)
    }
}
