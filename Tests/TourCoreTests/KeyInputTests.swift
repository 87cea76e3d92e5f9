import Testing
@testable import TourCore
@testable import TourStore

@Suite("Keys: decoding terminal bytes and the key table")
struct KeyInputTests {
    func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flushPending()
    }

    @Test func arrowsInBothCursorModes() {
        #expect(decode("\u{1B}[C\u{1B}[D\u{1B}OC\u{1B}OD\u{1B}[A\u{1B}OB") == [.right, .left, .right, .left, .up, .down])
    }

    @Test func homeEndPageKeys() {
        #expect(decode("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~")
            == [.home, .end, .home, .end, .home, .end, .pageUp, .pageDown])
    }

    @Test func modifiedArrowStillAnArrow() {
        #expect(decode("\u{1B}[1;5C") == [.right])
    }

    @Test func controlBytes() {
        #expect(decode("\r\n\u{7F}\u{08}\t\u{03}") == [.enter, .enter, .backspace, .backspace, .tab, .controlC])
    }

    @Test func loneEscapeOnlyAfterTheDelay() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.escape])
        #expect(!decoder.hasPending)
    }

    /// The wait for the rest of a sequence is a function of the time given: nothing is due
    /// before the delay, the Escape key after it, and a byte in between starts it again.
    @Test func theEscapeDelayIsCountedFromTheTimeGiven() {
        var decoder = KeyDecoder(escapeDelay: 0.025)
        #expect(decoder.deadline == nil)
        #expect(decoder.feed([0x1B], at: 10).isEmpty)
        #expect(decoder.deadline == 10.025)
        #expect(decoder.keysDue(at: 10.02).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed(Array("O".utf8), at: 10.02).isEmpty)  // the sequence goes on
        #expect(decoder.keysDue(at: 10.03).isEmpty)  // 10 ms after the last byte: still waiting
        #expect(decoder.feed(Array("C".utf8), at: 10.04) == [.right])
        #expect(decoder.feed([0x1B], at: 11).isEmpty)
        #expect(decoder.keysDue(at: 11.025) == [.escape])
        #expect(decoder.deadline == nil)
    }

    @Test func sequenceSplitAcrossReadsIsOneKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("O".utf8)).isEmpty)
        #expect(decoder.feed(Array("C".utf8)) == [.right])
    }

    @Test func utf8CharactersSplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.feed([bytes[0]]).isEmpty)
        #expect(decoder.feed([bytes[1]]) == [.character("é")])
    }

    @Test func garbageIsBoundedAndDropped() {
        var decoder = KeyDecoder()
        let keys = decoder.feed([0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 1000))
        #expect(keys.isEmpty)
        // The overlong sequence ends at its final byte, like any CSI; keys work again after it.
        #expect(decoder.feed(Array("mq".utf8)) == [.character("q")])
    }

    @Test func randomBytesNeverCrashAndLeaveTheDecoderUsable() {
        var generator = SplitMix64(seed: 42)
        var decoder = KeyDecoder()
        for _ in 0..<200 {
            let chunk = (0..<Int.random(in: 1...512, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = decoder.feed(chunk)
        }
        _ = decoder.flushPending()
        #expect(decoder.feed(Array("l".utf8)) == [.character("l")])
    }

    @Test(arguments: [
        (Key.right, KeyBindings.Command.next, nil), (.character("l"), .next, nil), (.character(" "), .screenDown, nil), (.pageDown, .screenDown, nil),
        (.left, .previous, nil), (.character("h"), .previous, nil), (.character("b"), .previous, nil), (.backspace, .previous, nil),
        (.pageUp, .screenUp, nil), (.enter, .advance, nil), (.home, .first, nil), (.character("g"), .first, nil), (.end, .last, nil),
        (.character("G"), .last, nil), (.character("1"), .jumpToDigit, 0), (.character("9"), .jumpToDigit, 8),
        (.character("q"), .skip, nil), (.escape, .skip, nil), (.controlC, .quit, nil), (.up, .scrollUp, nil), (.character("j"), .scrollDown, nil),
    ] as [(Key, KeyBindings.Command, Int?)])
    func keyTable(key: Key, command: KeyBindings.Command, page: Int?) {
        let found = KeyBindings.standard.command(for: key)
        #expect(found?.command == command)
        #expect(found?.page == page)
    }

    @Test func unboundKeysDoNothing() {
        for key: Key in [.character("x"), .character("0"), .tab] {
            #expect(KeyBindings.standard.command(for: key) == nil)
        }
    }

    @Test func theUpdateReportsPageChangesAndTheEnd() {
        let tour = Tour(pages: (1...3).map { Tour.Page(title: "P\($0)") })
        var driver = PagerDriver(tour: tour)
        #expect(driver.press(.right).contains(.pageChanged(from: 0, to: 1)))
        #expect(driver.press(.character("x")).isEmpty)
        #expect(driver.press(.character("3")).contains(.pageChanged(from: 1, to: 2)))
        #expect(driver.press(.right).isEmpty)
        #expect(driver.press(.enter) == [.finish(.completed)])
        #expect(driver.outcome == .completed)
    }
}

@Suite("The one key table")
struct KeyTableTests {
    /// The README's key table is the table in the code, row for row.
    @Test func theReadmeKeyTableIsTheKeyTable() throws {
        let readme = try String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Keys\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n").drop { !$0.hasPrefix("| keys |") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        #expect(Array(rows) == KeyBindings.standard.markdownRows)
    }

    /// A tool that moves skip to x sees x in every hint: the frame, the key hint, the
    /// help and the error screen; q no longer skips.
    @Test func aRemappedSkipKeyChangesEveryHint() {
        let bindings = KeyBindings.standard.remapping(.skip, to: [.character("x")])
        let tour = Tour(pages: [Tour.Page(title: "One"), Tour.Page(title: "Two")])
        var driver = PagerDriver(tour: tour, settings: PagerModel.Settings.forTest(animation: false, bindings: bindings))
        #expect(driver.screen.text.contains("Skip (x)"))
        #expect(driver.screen.text.contains("Enter next · x skip"))
        #expect(!driver.screen.text.contains("(q)") && !driver.screen.text.contains("q skip"))
        driver.press(.character("?"))
        #expect(driver.screen.text.contains("| x                 skip, or close "))  // the skip row names x alone: Esc was remapped away too
        driver.press(.character("?"))
        #expect(driver.press(.character("q")).isEmpty)  // q means nothing now
        #expect(driver.press(.character("x")) == [.finish(.skipped(atPage: 0))])
        let error = ErrorScreen.render(message: "t.json:1:1: broken", size: Size(width: 80, height: 24), bindings: bindings)
        #expect(error.text.contains("the tour reloads. x quits."))
    }

    @Test func remappingTakesTheKeysAwayFromOtherCommands() {
        let bindings = KeyBindings.standard.remapping(.next, to: [.character("q")])
        #expect(bindings.command(for: .character("q"))?.command == .next)
        #expect(bindings.command(for: .escape)?.command == .skip)
        #expect(bindings.command(for: .right) == nil)
    }
}
