import Testing
@testable import TourCore
@testable import TourStore

@Suite("Look and motion: colors, ANSI art, transitions, mouse, help")
struct LookAndMotionTests {
    @Test func colorDepthsDegradeStepByStep() {
        let orange = Color.rgb(0xFF, 0x88, 0x00)
        #expect(ColorDepth.direct.terminalColor(orange) == 0xFF8800)
        #expect(ColorDepth.ansi256.terminalColor(orange) == 208)
        #expect(ColorDepth.ansi8.terminalColor(orange) == 3)  // yellow is the nearest of eight
        #expect(ColorDepth.monochrome.terminalColor(orange) == nil)
        #expect(ColorDepth.ansi8.terminalColor(.ansi(13)) == 5)  // bright magenta → magenta
        #expect(ColorDepth.direct.terminalColor(.ansi(6)) == 6)  // the basic eight stay indexed
        #expect(ColorDepth.direct.terminalColor(.rgb(0, 0, 3)) == 8)  // never read as an ANSI index
        #expect(ColorDepth.ansi256.terminalColor(.default) == nil)
    }

    @Test func namesAndHexParse() {
        #expect(ColorName.parse("cyan") == .ansi(6))
        #expect(ColorName.parse("bright-magenta") == .ansi(13))
        #expect(ColorName.parse("#3a7bd5") == .rgb(0x3A, 0x7B, 0xD5))
        #expect(ColorName.parse("#3a7bd") == nil)
        #expect(ColorName.parse("purple") == nil)
    }

    @Test func textOnAGradientPicksTheReadableForeground() {
        #expect(Palette.readableForeground(on: .rgb(0, 0, 128)) == .rgb(255, 255, 255))
        #expect(Palette.readableForeground(on: .rgb(255, 230, 0)) == .rgb(0, 0, 0))
        #expect(Palette.blend([(0, 0, 0), (200, 100, 50)], at: 0.5) == .rgb(100, 50, 25))
    }

    @Test func gradientPagePaintsBandsBehindText() {
        var page = Tour.Page(title: "Gradient", subtitle: "Readable on every band.")
        page.gradient = [.rgb(0x3A, 0x7B, 0xD5), .rgb(0x00, 0xD2, 0xFF)]
        let tour = Tour(pages: [page, Tour.Page(title: "Plain")])
        let canvas = PageView(tour: tour, state: Paging(pageCount: 2)).render(size: Size(width: 40, height: 12))
        Snapshot.assertMatches(canvas, named: "gradient-40x12", title: "a gradient page, 40x12")
        let top = canvas[0, 0].style.background, bottom = canvas[0, 11].style.background
        #expect(top == .rgb(0x3A, 0x7B, 0xD5) && bottom == .rgb(0x00, 0xD2, 0xFF))
        for y in 0..<12 {
            for x in 0..<40 where canvas[x, y].character != " " {
                #expect(canvas[x, y].style.background != .default)
                #expect(canvas[x, y].style.foreground != .default)
            }
        }
    }

    @Test func ansiArtKeepsSGRColorsAndDropsEverythingElse() {
        let art = Tour.Art(text: "\u{1B}[38;5;208mA\u{1B}[0mB\u{1B}]0;pwned\u{07}C\n\u{1B}[1;44mD\u{1B}[38;2;1;2;3mE\u{1B}[2JF\u{1B}P1$r\u{1B}\\G\u{9B}H")
        // U+009B is CSI to an 8-bit terminal: "\u{9B}H" is a cursor move, dropped whole.
        #expect(art.lines == ["ABC", "DEFG"])
        #expect(art.styles[0] == [Style(foreground: .ansi(208)), .plain, .plain])
        #expect(art.styles[1][0] == Style(background: .ansi(4), bold: true))
        #expect(art.styles[1][1] == Style(foreground: .rgb(1, 2, 3), background: .ansi(4), bold: true))
        #expect(art.width == 4)
        #expect(art.isColored)
        // The C1 CSI sets colors as ESC [ does, and leaves no "31m" behind.
        let c1 = Tour.Art(text: "\u{9B}31mR\u{9B}0mN")
        #expect(c1.lines == ["RN"] && c1.styles[0] == [Style(foreground: .ansi(1)), .plain])
        // Plain art stays plain.
        #expect(!Tour.Art(text: " /\\_/\\ \n( o.o )").isColored)
    }

    @Test func ansiArtGivesEachCharacterTheStyleItBeganWith() {
        // A mark joins the letter before it, even across a color change; a ZWJ sequence is
        // one character; a tab is four spaces in the style in force.
        let art = Tour.Art(text: "\u{1B}[31me\u{1B}[32m\u{301}x\ty\n\u{1B}[33m👩\u{200D}💻!")
        #expect(art.lines == ["e\u{301}x    y", "👩\u{200D}💻!"])
        let red = Style(foreground: .ansi(1)), green = Style(foreground: .ansi(2)), yellow = Style(foreground: .ansi(3))
        #expect(art.styles[0] == [red, green, green, green, green, green, green])
        #expect(art.styles[1] == [yellow, yellow])
        #expect(art.width == 7)
    }

    /// Art is parsed for colors when it holds ESC or the one-character CSI (U+009B), and
    /// only then; the check reads bytes, so a character whose UTF-8 holds 0x9B is not one.
    @Test func colorIsLookedForOnlyWhereAnIntroducerIs() {
        #expect(AnsiArt.looksColored("ab\u{1B}[31mc"))
        #expect(AnsiArt.looksColored("ab\u{9B}31mc"))
        #expect(!AnsiArt.looksColored("plain /\\_/\\ art"))
        #expect(!AnsiArt.looksColored("\u{2DB}\u{6DB}\u{E29B}"))  // 0x9B bytes after other leads
        #expect(!AnsiArt.looksColored(""))
    }

    /// Colored art keeps every scalar as written, in one, two, three and four UTF-8 bytes.
    @Test func coloredArtKeepsScalarsOfEveryLength() {
        let text = "a\u{E9}\u{2580}\u{1F600}\u{10FFFF}\u{7FF}\u{800}\u{FFFD}z"
        let art = Tour.Art(text: "\u{1B}[31m" + text)
        #expect(art.lines.first.map { Array($0.unicodeScalars) } == Array(TextSanitizer.clean(text).unicodeScalars))
        #expect(art.lines.first?.unicodeScalars.count == art.styles.first?.count)
    }

    @Test func artLinesEndAtCRLFToo() {
        // A file saved with CRLF: its lines are lines, plain or colored, and no CR is left.
        let plain = Tour.Art(text: "/\\_/\\\r\n( o.o )\r\n")
        #expect(plain.lines == ["/\\_/\\", "( o.o )"])
        let colored = Tour.Art(text: "\u{1B}[31mab\r\ncd\r\n")
        #expect(colored.lines == ["ab", "cd"] && colored.styles[1] == [Style(foreground: .ansi(1)), Style(foreground: .ansi(1))])
    }

    @Test func colouredHeroDrawsItsCells() {
        let page = Tour.Page(title: "Cat", hero: "\u{1B}[31mR\u{1B}[32mG")
        let canvas = PageView(tour: Tour(pages: [page]), state: Paging(pageCount: 1)).render(size: Size(width: 30, height: 10))
        let row = (0..<10).first { y in canvas.rows[y].contains("RG") }!
        let x = Array(canvas.rows[row]).firstIndex(of: "R")!
        #expect(canvas[x, row].style.foreground == .ansi(1))
        #expect(canvas[x + 1, row].style.foreground == .ansi(2))
    }

    func canvas(_ text: String) -> Canvas {
        var canvas = Canvas(size: Size(width: TextWidth.of(text), height: 1))
        canvas.write(text, x: 0, y: 0)
        return canvas
    }

    @Test func slideMovesTheOldPageOutAndTheNewOneIn() {
        let old = canvas("AAAAAAAAAA"), new = canvas("BBBBBBBBBB")
        let forward = SlideTransition(from: old, to: new, forward: true, rows: 0..<1)
        #expect(forward.frame(at: 0).rows == ["AAAAAAAAAA"])
        #expect(forward.frame(at: 1).rows == ["BBBBBBBBBB"])
        let middle = forward.frame(at: 0.2063).rows[0]  // eased: half way across
        #expect(middle == "AAAAABBBBB")
        let backward = SlideTransition(from: old, to: new, forward: false, rows: 0..<1).frame(at: 0.2063).rows[0]
        #expect(backward == "BBBBBAAAAA")
    }

    @Test func slideNeverLeavesHalfAWideCharacter() {
        let old = canvas("日本語日本"), new = canvas("abcdefghij")
        let transition = SlideTransition(from: old, to: new, forward: true, rows: 0..<1)
        for step in 0...20 {
            let frame = transition.frame(at: Double(step) / 20)
            for x in 0..<frame.size.width where frame[x, 0].isContinuation {
                #expect(x > 0 && TextWidth.of(frame[x - 1, 0].character) == 2)
            }
            #expect(TextWidth.of(frame.rows[0]) == 10)
        }
    }

    @Test func heroRevealGrowsFromTheCenter() {
        var full = Canvas(size: Size(width: 9, height: 3))
        for y in 0..<3 { full.write("#########", x: 0, y: y) }
        let reveal = HeroReveal(canvas: full, hero: Rect(x: 0, y: 0, width: 9, height: 3))
        #expect(reveal.frame(at: 0).text.filter { $0 == "#" }.count <= 1)
        #expect(reveal.frame(at: 1) == full)
        let counts = stride(from: 0.0, through: 1.0, by: 0.1).map { reveal.frame(at: $0).text.filter { $0 == "#" }.count }
        #expect(counts == counts.sorted())  // only ever grows
    }

    @Test func sgrMouseDecodes() {
        var decoder = KeyDecoder()
        let keys = decoder.feed(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<32;3;3M\u{1B}[<2;7;8M".utf8))
        #expect(keys == [
            .mouse(MouseEvent(kind: .press(button: 0), x: 9, y: 4)),
            .mouse(MouseEvent(kind: .release(button: 0), x: 9, y: 4)),
            .mouse(MouseEvent(kind: .wheelUp, x: 0, y: 0)),
            .mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0)),
            .mouse(MouseEvent(kind: .press(button: 2), x: 6, y: 7)),
        ])
    }

    let tour = Tour(pages: (1...4).map { Tour.Page(title: "Page \($0)", subtitle: "Text \($0).") })
    let size = Size(width: 80, height: 24)

    @Test func clicksOnTheButtonDotsAndSkipHitTheLastFrameDrawn() {
        var driver = PagerDriver(tour: tour, size: size)
        driver.click(driver.layout.button)
        #expect(driver.page == 1)
        driver.click(driver.layout.dots[3])
        #expect(driver.page == 3)
        driver.send(.key(.mouse(MouseEvent(kind: .wheelUp, x: 0, y: 0))))
        #expect(driver.page == 2)
        driver.send(.key(.mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0))))
        #expect(driver.page == 3)
        driver.send(.key(.mouse(MouseEvent(kind: .press(button: 0), x: 0, y: 5))))  // on nothing
        #expect(driver.page == 3 && driver.outcome == nil)
        driver.click(driver.layout.button)
        #expect(driver.outcome == .completed)

        var skipper = PagerDriver(tour: tour, size: size)
        skipper.click(skipper.layout.skip)
        #expect(skipper.outcome == .skipped(atPage: 0))
    }

    /// In ASCII the button reads "[ Next -> ]"; it was hit-tested against a Unicode layout,
    /// so its first cell ignored clicks. Now every cell of what was drawn answers.
    @Test func everyCellOfTheASCIIButtonTakesAClick() {
        let probe = PagerDriver(tour: tour, size: size, glyphs: .ascii)
        let button = try! #require(probe.layout.button)
        #expect(probe.screen.rows[button.y].contains("[ Next -> ]"))
        for x in button.x..<button.x + button.width {
            var driver = PagerDriver(tour: tour, size: size, glyphs: .ascii)
            driver.click(Rect(x: x, y: button.y, width: 1, height: 1))
            #expect(driver.page == 1, "column \(x)")
        }
    }

    @Test func helpListsEveryKeyAndAnyKeyClosesItWithoutActing() {
        var driver = PagerDriver(tour: tour, size: size)
        #expect(driver.press(.character("?")) == [.draw])
        #expect(driver.pager.isShowingHelp)
        Snapshot.assertMatches(driver.screen, named: "help-80x24", title: "the ? help over page 1, 80x24")
        for expected in ["→ l", "← b h Backspace", "Space PgDn", "PgUp", "Home g", "End G", "1–9", "Enter", "q Esc", "?", "click", "wheel"] {
            #expect(driver.screen.text.contains(expected), "\(expected)")
        }
        driver.press(.character("q"))  // closes the help, does not skip
        #expect(!driver.pager.isShowingHelp && driver.outcome == nil)
        driver.press(.character("?"), .right)
        #expect(!driver.pager.isShowingHelp && driver.page == 0)
    }
}
