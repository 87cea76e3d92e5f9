import Testing
@testable import TourCore

/// Light and dark backgrounds, small windows, code in text, and what a terminal answers.
@Suite("Every terminal and every person")
struct EveryTerminalTests {
    @Test func theTerminalsAnswersAreReadAndKeysKept() {
        func read(_ chunks: [String]) -> (TerminalReplies, [Key]) {
            var decoder = KeyDecoder()
            var replies = TerminalReplies()
            var keys: [Key] = []
            for chunk in chunks {
                keys += decoder.feed(Array(chunk.utf8), at: 0)
                for reply in decoder.takeReplies() { replies.note(reply) }
            }
            return (replies, keys)
        }
        let (light, typed) = read(["\u{1B}[?997;2n\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "j\u{1B}[?62;22", "c"])
        #expect(light.fenced && light.scheme == .light && light.answeredBackground == .light)
        #expect(typed == [.character("j")])
        // A dark answer in BEL form, with two-digit channels; an arrow key stays a key.
        let (dark, arrow) = read(["\u{1B}]11;rgb:1e/1e/2e\u{07}\u{1B}[C\u{1B}[?1;2c"])
        #expect(dark.answeredBackground == .dark && dark.fenced && arrow == [.right])
        // Only the fence: the terminal knows neither; nothing to wait for.
        let (silent, none) = read(["\u{1B}[?64;1;2c"])
        #expect(silent.fenced && silent.answeredBackground == nil && none.isEmpty)
    }

    /// xterm 379's device attributes are 36 bytes; a 32-byte limit on sequences took them
    /// for garbage, so in a real xterm every start waited the whole 100 ms deadline and
    /// the drain at exit never saw its fence.
    @Test func aLongDeviceAttributesAnswerIsStillTheFence() {
        let answer = "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"
        for split in 0...answer.utf8.count {
            var decoder = KeyDecoder()
            var replies = TerminalReplies()
            let bytes = Array(answer.utf8)
            let keys = decoder.feed(bytes[..<split], at: 0) + decoder.feed(bytes[split...], at: 0)
            for reply in decoder.takeReplies() { replies.note(reply) }
            #expect(keys.isEmpty && replies.fences == 1 && replies.answeredBackground == .light, "split at \(split)")
        }
    }

    @Test func theColorOverridesTheSchemeAndAChoiceOverridesBoth() {
        #expect(TerminalReplies.rgb("rgb:ffff/ffff/ffff")! == (255, 255, 255))
        #expect(TerminalReplies.rgb("rgb:8/8/8")! == (136, 136, 136))
        #expect(TerminalReplies.rgb("rgba:1/2/3") == nil && TerminalReplies.rgb("rgb:12345/0/0") == nil)
        #expect(TerminalBackground.of((0xFF, 0xFF, 0xFF)) == .light && TerminalBackground.of((0x1E, 0x1E, 0x1E)) == .dark)
        #expect(TerminalBackground.of((0xFD, 0xF6, 0xE3)) == .light)  // Solarized light
        #expect(TerminalBackground.choose(explicit: .dark, answered: .light, colorFGBG: "0;15") == .dark)
        #expect(TerminalBackground.choose(explicit: nil, answered: .light, colorFGBG: "15;0") == .light)
        #expect(TerminalBackground.choose(explicit: nil, answered: nil, colorFGBG: "0;15") == .light)
        #expect(TerminalBackground.choose(explicit: nil, answered: nil, colorFGBG: nil) == .dark)
        #expect(TerminalBackground(name: "LIGHT") == .light && TerminalBackground(name: "auto") == nil)
    }

    /// A late answer that reaches the key decoder is swallowed whole: "11" is no page jump.
    @Test func aLateAnswerIsNoKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?997;1n\u{1B}[?62;c".utf8)).isEmpty)
        #expect(decoder.feed(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}q".utf8)) == [.character("q")])
        // Longer than a key sequence: dropped to its end, then keys again.
        let long = "\u{1B}]52;c;" + String(repeating: "A", count: 500) + "\u{07}"
        #expect(decoder.feed(Array((long + "q").utf8)) == [.character("q")])
    }

    @Test func codeIsMarkedKeptWholeAndSaidPlainly() {
        let text = "Play it with `tour mytool.json` or `x`; a lone ` stays"
        #expect(InlineCode.plain(text) == "Play it with tour mytool.json or x; a lone ` stays")
        let lines = TextWidth.wrap(InlineCode.mark("Call `tour --once mytool.json` when your tool starts"), width: 30)
        #expect(lines.map(InlineCode.plain) == ["Call tour --once mytool.json", "when your tool starts"])  // whole on one line
        #expect(TextWidth.wrap("Call tour --once mytool.json when your tool starts", width: 20).count == 3)  // as plain words it would break
        #expect(TextWidth.of(InlineCode.mark("`ab`")) == 2)  // the marks take no cells
        var canvas = Canvas(size: Size(width: 20, height: 1))
        var inCode = false
        canvas.writeMarked(InlineCode.mark("run `ls -l` now"), x: 0, y: 0, style: .plain, inCode: &inCode)
        #expect(canvas.text.hasPrefix("run ls -l now"))
        #expect(canvas[4, 0].style == InlineCode.style, "\(canvas[4, 0].style)")
        #expect(canvas[8, 0].style == InlineCode.style && canvas[3, 0].style == .plain && canvas[9, 0].style == .plain)
        #expect(!inCode)
    }

    /// At 40x12 the built-in feature page keeps q in its hint; the list keys go first.
    @Test func aCutHintKeepsTheWayOut() {
        let bindings = KeyBindings.standard
        let full = bindings.hint(isLastPage: false, scrolls: true, glyphs: .unicode)
        #expect(full == "j k item · Space more · ← → swipe · Enter next · q skip")
        #expect(bindings.hint(isLastPage: false, scrolls: true, glyphs: .unicode, width: 40) == "← → swipe · Enter next · q skip")
        #expect(bindings.hint(isLastPage: false, scrolls: true, glyphs: .unicode, width: 20) == "Enter next · q skip")
        #expect(bindings.hint(isLastPage: true, scrolls: false, glyphs: .unicode, width: 12) == "q close")
    }

    /// The largest version that fits is drawn; a smaller one before none at all.
    @Test func theLargestVersionOfTheArtThatFitsIsDrawn() throws {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        let big = (1...10).map { _ in "\"" + String(repeating: "B", count: 30) + "\"" }.joined(separator: ", ")
        let tour = try decoder.decode(Array(#"{"pages": [{"title": "T", "subtitle": "S", "hero": [[\#(big)], ["ss", "ss", "ss"]]}]}"#.utf8))
        #expect(tour.pages[0].hero?.versions.map(\.lines.count) == [10, 3])
        func heroRows(_ size: Size) -> Int {
            let view = PageView(tour: tour, state: Paging(pageCount: 1))
            var canvas = Canvas(size: size)
            return view.draw(into: &canvas).parts.hero?.height ?? 0
        }
        #expect(heroRows(Size(width: 80, height: 24)) == 10)
        #expect(heroRows(Size(width: 80, height: 16)) == 3)  // the big one does not fit the rows
        #expect(heroRows(Size(width: 20, height: 24)) == 3)  // nor the columns
        #expect(heroRows(Size(width: 80, height: 6)) == 0)  // nor does the small one: the art gives way
        // A version wider than the one before it is named by check.
        let warnings = decoder.check(Array(#"{"pages": [{"title": "T", "hero": [["a"], ["wider"]]}]}"#.utf8)).1
        #expect(warnings.map(\.message) == ["this version of the art is 5 columns wide, wider than the one before it (1); give the largest first"])
    }

    @Test func markdownArtBlocksAreVersions() throws {
        var parser = MarkdownTourParser(fileName: "t.md")
        let (root, problems) = parser.parse(Array("# T\nSub.\n\n```\nBIG BIG\nBIG BIG\n```\n\n```\nsm\n```\n".utf8))
        #expect(problems.isEmpty)
        let decoder = TourDecoder(fileName: "t.md") { (path: String) throws(TourError) -> [UInt8] in [] }
        let node = try #require(root)
        let tour = try #require(decoder.validate(node).0)
        #expect(tour.pages[0].hero?.versions.map(\.lines) == [["BIG BIG", "BIG BIG"], ["sm"]])
        #expect(tour.pages[0].subtitle == "Sub.")
    }
}
