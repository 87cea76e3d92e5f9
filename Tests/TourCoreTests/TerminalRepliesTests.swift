import Testing
@testable import TourCore

/// What a terminal sends that is not a key: answers to the start-up questions, on time or
/// late, whole or split anywhere, 7-bit or 8-bit, terminated or not. None may become a key,
/// and none may leave the keys dead.
@Suite("Terminal replies are never keys")
struct TerminalRepliesTests {
    /// Feeds `bytes` split at `split` (one read, then the rest `gap` seconds later), with
    /// the escape delay run between them as the input loop would.
    static func decode(_ bytes: [UInt8], split: Int? = nil, gap: Double = 0.15, awaiting: Bool = false) -> (keys: [Key], replies: [TerminalReply]) {
        var decoder = KeyDecoder()
        if awaiting { decoder.awaitingRepliesUntil = 1.5 }
        var keys: [Key] = []
        var replies: [TerminalReply] = []
        let cut = split ?? bytes.count
        keys += decoder.feed(bytes[..<cut], at: 0)
        replies += decoder.takeReplies()
        // The loop wakes at the decoder's deadline, if it comes before the rest.
        if let deadline = decoder.deadline, deadline <= gap { keys += decoder.keysDue(at: deadline) }
        keys += decoder.feed(bytes[cut...], at: gap)
        keys += decoder.keysDue(at: gap + 2)
        replies += decoder.takeReplies()
        return (keys, replies)
    }

    static let da1 = Array("\u{1B}[?62;22c".utf8)
    static let scheme = Array("\u{1B}[?997;1n".utf8)
    static let color = Array("\u{1B}]11;rgb:1a1a/2b2b/3c3c\u{1B}\\".utf8)
    static let all = scheme + color + da1

    /// Every answer the issue names, split at every offset while answers are awaited: the
    /// answers come out, and no key.
    @Test func repliesSplitAtEveryOffsetWhileAwaitedAreNeverKeys() {
        for split in 0...Self.all.count {
            let (keys, replies) = Self.decode(Self.all, split: split, awaiting: true)
            #expect(keys.isEmpty, "split at \(split): \(keys)")
            #expect(replies == [.colorScheme(.dark), .backgroundColor(red: 0x1a, green: 0x2b, blue: 0x3c), .deviceAttributes], "split at \(split)")
        }
    }

    /// Byte by byte, as a slow link brings them, every kind of string answer (7-bit, 8-bit,
    /// C1 as UTF-8; BEL, ST and C1 ST; an ESC that ends one unterminated) and a key after it
    /// read exactly as they do in one read: the decoder skips re-reading a string while a
    /// byte cannot end it, and must never skip one that does.
    @Test func stringAnswersReadTheSameByteByByte() {
        let texts = ["\u{1B}]11;rgb:1a1a/2b2b/3c3c\u{1B}\\q", "\u{1B}]11;rgb:ffff/ffff/ffff\u{07}j", "\u{1B}_Gi=31;OK\u{1B}\\l",
                     "\u{1B}P>|kitty(0.35.2)\u{1B}\\h", "\u{1B}]11;rgb:0/0/0\u{1B}[?62;22cq", "\u{1B}]11;no end\u{1B}x"]
        var inputs = texts.map { Array($0.utf8) }
        inputs.append([0x9D] + Array("11;rgb:10/20/30".utf8) + [0x9C] + Array("k".utf8))
        inputs.append([0xC2, 0x9D] + Array("11;rgb:10/20/30".utf8) + [0xC2, 0x9C] + Array("k".utf8))
        inputs.append(Array("\u{1B}]".utf8) + Array(repeating: UInt8(ascii: "z"), count: 600) + Array("\u{07}q".utf8))
        for bytes in inputs {
            var whole = KeyDecoder(), bytewise = KeyDecoder()
            whole.awaitingRepliesUntil = 1.5
            bytewise.awaitingRepliesUntil = 1.5
            // As the bytes arrive, not later at the escape delay: an answer read late holds
            // the first frame back.
            let wholeKeys = whole.feed(bytes, at: 0)
            var bytewiseKeys: [Key] = []
            for byte in bytes { bytewiseKeys += bytewise.feed([byte], at: 0) }
            #expect(bytewiseKeys == wholeKeys && !wholeKeys.isEmpty, "\(bytes)")
            #expect(bytewise.takeReplies() == whole.takeReplies(), "\(bytes)")
        }
    }

    /// Once nothing is awaited (the fence came), a split answer is dropped at the delay,
    /// and its rest is dropped too: never page jumps.
    @Test func aSplitAnswerNotAwaitedIsDroppedWithItsRest() {
        for split in 2..<Self.color.count {
            let (keys, _) = Self.decode(Self.color + Array("q".utf8), split: split)
            #expect(keys == [.character("q")], "split at \(split): \(keys)")
        }
        for split in 2..<Self.da1.count {
            #expect(Self.decode(Self.da1, split: split).keys.isEmpty, "split at \(split)")
        }
    }

    /// An OSC with no terminator, then the device attributes: the ESC that starts the
    /// CSI ends the string and is not eaten, so `?65;1;9c` is an answer, not page 9.
    @Test func anUnterminatedStringEndsAtTheNextEscape() {
        let bytes = Array("\u{1B}]11;rgb:1a1a/2b2b/3c3c\u{1B}[?65;1;9c".utf8)
        let (keys, replies) = Self.decode(bytes)
        #expect(keys.isEmpty && replies.last == .deviceAttributes, "\(keys) \(replies)")
        // The same past the length a string is kept whole: dropped, and the CSI still read.
        let long = Array("\u{1B}]11;".utf8) + Array(repeating: UInt8(ascii: "x"), count: 600) + Array("\u{1B}[?65;1;9c".utf8)
        let (longKeys, longReplies) = Self.decode(long)
        #expect(longKeys.isEmpty && longReplies == [.deviceAttributes], "\(longKeys) \(longReplies)")
    }

    /// The 8-bit forms, raw and as UTF-8: CSI 0x9B, OSC 0x9D, ST 0x9C.
    @Test func eightBitFormsAreKnown() {
        for bytes: [UInt8] in [[0x9B] + Array("?62;c".utf8), [0xC2, 0x9B] + Array("?62;c".utf8)] {
            let (keys, replies) = Self.decode(bytes)
            #expect(keys.isEmpty && replies == [.deviceAttributes], "\(bytes): \(keys)")
        }
        for bytes: [UInt8] in [[0x9D] + Array("11;rgb:ff/ff/ff".utf8) + [0x9C], [0xC2, 0x9D] + Array("11;rgb:ff/ff/ff".utf8) + [0xC2, 0x9C],
                               Array("\u{1B}]11;rgb:ff/ff/ff".utf8) + [0x9C]] {
            let (keys, replies) = Self.decode(bytes + Array("j".utf8))
            #expect(keys == [.character("j")] && replies == [.backgroundColor(red: 255, green: 255, blue: 255)], "\(bytes): \(keys)")
        }
    }

    /// A DCS that never ends, then q: q is dropped while the string is (it could be the
    /// string's), but keys come back after the bounded discard, by time or by length.
    @Test func anUnterminatedStringNeverLeavesTheKeysDead() {
        var decoder = KeyDecoder()
        _ = decoder.feed(Array("\u{1B}P1$r0m".utf8), at: 0)
        #expect(decoder.keysDue(at: 0.1).isEmpty)  // cut off at the delay: dropped
        #expect(decoder.feed(Array("q".utf8), at: 0.2).isEmpty)  // still inside it
        #expect(decoder.feed(Array("q".utf8), at: 0.2 + KeyDecoder.maximumDiscardSeconds) == [.character("q")])
        var flooded = KeyDecoder()
        _ = flooded.feed(Array("\u{1B}P".utf8) + Array(repeating: UInt8(ascii: "z"), count: 600), at: 0)
        let rest = flooded.feed(Array(repeating: UInt8(ascii: "z"), count: KeyDecoder.maximumDiscardLength) + Array("q".utf8), at: 0.01)
        #expect(rest.last == .character("q"))
    }

    /// A lone ESC that is the start of a late answer waits while answers are awaited, and
    /// is the Esc key when none are: the tour is not skipped by a slow link.
    @Test func aLoneEscapeWaitsForALateAnswer() {
        var decoder = KeyDecoder()
        decoder.awaitingRepliesUntil = 1.5
        _ = decoder.feed([0x1B], at: 0.1)
        #expect(decoder.deadline == 1.5)
        #expect(decoder.keysDue(at: 0.2).isEmpty)
        #expect(decoder.feed(Array("]11;rgb:ff/ff/ff\u{07}\u{1B}[?1;2c".utf8), at: 0.25).isEmpty)
        #expect(decoder.takeReplies() == [.backgroundColor(red: 255, green: 255, blue: 255), .deviceAttributes])
        // The fence came: an Esc is a key after the usual delay.
        #expect(decoder.awaitingRepliesUntil == nil)
        _ = decoder.feed([0x1B], at: 1)
        #expect(decoder.keysDue(at: 1.03) == [.escape])
        // Nothing ever came: at the limit the Esc is a key.
        var silent = KeyDecoder()
        silent.awaitingRepliesUntil = 1.5
        _ = silent.feed([0x1B], at: 0.1)
        #expect(silent.keysDue(at: 1.5) == [.escape])
    }

    /// A fast click leaves press and release together: both are mouse events, no key.
    @Test func aClickIsTwoMouseEvents() {
        let (keys, replies) = Self.decode(Array("\u{1B}[<0;75;1M\u{1B}[<0;75;1m".utf8), split: 10)
        #expect(keys.count == 2 && replies.isEmpty)
        #expect(keys.allSatisfy { if case .mouse = $0 { true } else { false } })
    }

    /// A late background color changes the pager's colors; a scheme after a color does
    /// not; a background the person chose is never changed.
    @Test func aLateBackgroundChangesThePalette() {
        let tour = Tour(pages: [Tour.Page(title: "One")])
        var pager = PagerModel(tour: tour, size: Size(width: 80, height: 24),
                          settings: PagerModel.Settings.forTest(animation: false, contrast: (.ansi256, .dark), backgroundFromTerminal: true))
        _ = pager.start(at: 0)
        #expect(pager.update(.terminalReplied(.backgroundColor(red: 255, green: 255, blue: 255)), at: 1) == [.redrawAll])
        #expect(pager.settings.contrast?.background == .light)
        #expect(pager.update(.terminalReplied(.colorScheme(.dark)), at: 1).isEmpty)
        #expect(pager.update(.terminalReplied(.deviceAttributes), at: 1).isEmpty)
        var chosen = PagerModel(tour: tour, size: Size(width: 80, height: 24),
                           settings: PagerModel.Settings.forTest(animation: false, contrast: (.ansi256, .dark), backgroundFromTerminal: false))
        _ = chosen.start(at: 0)
        #expect(chosen.update(.terminalReplied(.backgroundColor(red: 255, green: 255, blue: 255)), at: 1).isEmpty)
        #expect(chosen.settings.contrast?.background == .dark)
    }
}
