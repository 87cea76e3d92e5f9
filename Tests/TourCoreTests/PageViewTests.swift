import Testing
@testable import TourCore
@testable import TourStore

@Suite("PagerModel view: layout and golden snapshots")
struct PageViewTests {
    static let builtIn: Tour = try! TourLoader.load(path: PackagePaths.builtInTour)
    static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12), Size(width: 20, height: 6)]

    func render(_ tour: Tour, page: Int, _ size: Size, glyphs: Glyphs = .unicode) -> Canvas {
        PageView(tour: tour, state: Paging(pageCount: tour.pages.count, currentPage: page), glyphs: glyphs).render(size: size)
    }

    @Test(arguments: sizes)
    func builtInFirstAndLastPage(size: Size) {
        for page in [0, Self.builtIn.pages.count - 1] {
            Snapshot.assertMatches(render(Self.builtIn, page: page, size), named: "builtin-page\(page + 1)-\(size)",
                                   title: "built-in tour, page \(page + 1) of \(Self.builtIn.pages.count), \(size)")
        }
    }

    /// The give-way order at the sizes a person meets, for each kind of screen: a hero
    /// page, a feature page, the help overlay and a custom page.
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 80, height: 20), Size(width: 40, height: 12), Size(width: 20, height: 6)])
    func giveWayGoldens(size: Size) {
        let custom = Tour(accent: .ansi(5), pages: [Tour.Page(title: "Intro"), Tour.Page(title: "Box", body: BoxBody(label: "Your own page"))])
        Snapshot.assertMatches(render(Self.builtIn, page: 0, size), named: "giveway-hero-\(size)", title: "a hero page, \(size)")
        Snapshot.assertMatches(render(Self.builtIn, page: 3, size), named: "giveway-features-\(size)", title: "a feature page, \(size)")
        Snapshot.assertMatches(render(custom, page: 1, size), named: "giveway-custom-\(size)", title: "a custom page, \(size)")
        var help = PagerDriver(tour: Self.builtIn, size: size)
        help.press(.character("?"))
        Snapshot.assertMatches(help.screen, named: "giveway-help-\(size)", title: "the help overlay, \(size)")
        // However short the window, the help says how to leave.
        #expect(help.screen.text.contains("q Esc") || help.screen.text.contains("q skip"))
        if size.height >= 12 { #expect(help.screen.text.contains("Ctrl-C")) }
    }

    @Test func wideCharactersAndEmoji() {
        let tour = Tour(pages: [
            Tour.Page(title: "ようこそ 🚀", subtitle: "日本語のサブタイトルは二つのセルを使います。Café e\u{301}!", hero: "┌──┐\n│あ│\n└──┘"),
            Tour.Page(title: "two"),
        ])
        Snapshot.assertMatches(render(tour, page: 0, Size(width: 40, height: 12)), named: "wide-characters-40x12", title: "CJK and emoji, 40x12")
    }

    @Test func asciiGlyphsForNonUTF8Locales() {
        let canvas = render(Self.builtIn, page: 1, Size(width: 80, height: 24), glyphs: .ascii)
        Snapshot.assertMatches(canvas, named: "builtin-page2-ascii-80x24", title: "built-in tour, page 2, ASCII glyphs, 80x24")
        #expect(canvas.rows.joined().unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func manyPagesShowACounterInsteadOfDots() {
        let tour = Tour(pages: (1...40).map { Tour.Page(title: "Page \($0)") })
        let canvas = render(tour, page: 11, Size(width: 30, height: 8))
        #expect(canvas.text.contains("● 12 / 40"))
        Snapshot.assertMatches(canvas, named: "counter-30x8", title: "40 pages, page 12, 30x8")
    }

    @Test func tooSmallShowsTheNoticeAndNeverCrashes() {
        Snapshot.assertMatches(render(Self.builtIn, page: 0, Size(width: 12, height: 3)), named: "too-small-12x3", title: "too small, 12x3")
        for width in 0...25 {
            for height in 0...8 {
                let text = render(Self.builtIn, page: 0, Size(width: width, height: height)).text
                if width < PageView.minimumSize.width || height < PageView.minimumSize.height {
                    // Only the notice, or as much of it as fits.
                    let letters = text.filter { !$0.isWhitespace }
                    #expect(width == 0 || height == 0 ? letters.isEmpty : "Enlargetheterminal".hasPrefix(letters.prefix(1)) && !letters.isEmpty)
                } else {
                    #expect(text.contains("[") && text.contains("●"), "\(width)x\(height)")
                }
            }
        }
    }

    @Test(arguments: [Size(width: 500, height: 200), Size(width: 1, height: 1), Size(width: 16, height: 4)])
    func extremeSizesRender(size: Size) {
        let text = render(Self.builtIn, page: 0, size).text
        if size.width >= PageView.minimumSize.width {
            #expect(text.contains("Welcome") && text.contains("Next"))
        } else {
            #expect(text == "E")  // 1x1: the first letter of "Enlarge the terminal"
        }
    }

    /// Whatever the size, the title, dots and button stay, and nothing is drawn outside a row.
    @Test func titleDotsAndButtonAlwaysStay() {
        let long = Tour(pages: [
            Tour.Page(title: "A rather long title that will need to wrap on small screens",
                      subtitle: String(repeating: "Words that go on and on. ", count: 30), hero: "#####\n#   #\n#####"),
            Tour.Page(title: "Second"),
        ])
        for width in 16...90 {
            for height in 4...30 {
                let view = PageView(tour: long, state: Paging(pageCount: 2))
                var canvas = Canvas(size: Size(width: width, height: height))
                let layout = view.draw(into: &canvas)
                #expect(layout.tooSmallNotice == nil)
                #expect(!layout.parts.title.isEmpty, "title at \(width)x\(height)")
                #expect(layout.dots.count == 2, "dots at \(width)x\(height)")
                #expect(layout.button != nil, "button at \(width)x\(height)")
                let rows = ([layout.skip, layout.parts.hero, layout.button, layout.hint].compactMap { $0 } + layout.parts.title + layout.parts.subtitle + layout.dots)
                for rect in rows {
                    #expect(rect.x >= 0 && rect.x + rect.width <= width && rect.y >= 0 && rect.y + rect.height <= height,
                            "\(rect) outside \(width)x\(height)")
                }
                // Parts never share a row (Skip shares the top row with nothing but itself).
                var used = layout.parts.title.map(\.y) + layout.parts.subtitle.map(\.y) + [layout.dots[0].y]
                used += [layout.button, layout.hint, layout.skip].compactMap { $0?.y }
                if let hero = layout.parts.hero { used += Array(hero.y..<hero.y + hero.height) }
                #expect(Set(used).count == used.count, "overlap at \(width)x\(height): \(used.sorted())")
            }
        }
    }

    /// The give-way order, written once and followed: the hero first, then the blank rows,
    /// then the end of the subtitle, and only then the key hint. Title, indicator and
    /// button stay until the notice takes over.
    @Test func giveWayOrderHeroThenSpacingThenSubtitleThenHint() {
        let tour = Tour(pages: [Tour.Page(title: "T", subtitle: "one two three four five six seven eight nine ten", hero: "A\nB\nC"), Tour.Page(title: "U")])
        func layout(_ height: Int) -> PageView.Layout {
            var canvas = Canvas(size: Size(width: 20, height: height))
            return PageView(tour: tour, state: Paging(pageCount: 2)).draw(into: &canvas)
        }
        let roomy = layout(30)
        #expect(roomy.hint != nil && roomy.parts.hero != nil && roomy.parts.subtitle.count == 3)
        let noHero = layout(14)
        #expect(noHero.parts.hero == nil && noHero.hint != nil && noHero.parts.subtitle.count == 3)
        #expect(noHero.parts.subtitle[0].y == noHero.parts.title[0].y + 2)  // the blank row between them stays
        let noGaps = layout(10)
        #expect(noGaps.hint != nil && noGaps.parts.subtitle.count == 3)
        #expect(noGaps.parts.subtitle[0].y == noGaps.parts.title[0].y + 1)
        let cut = layout(6)
        #expect(cut.hint != nil && cut.parts.subtitle.count == 1)
        let titleOnly = layout(5)
        #expect(titleOnly.hint != nil && titleOnly.parts.subtitle.isEmpty && titleOnly.parts.title.count == 1)
        let bare = layout(4)
        #expect(bare.hint == nil && bare.parts.title.count == 1 && bare.button != nil && bare.dots.count == 2)
    }

    @Test func aOnePageTourShowsNoIndicatorAndNoSwipeHint() {
        var canvas = Canvas(size: Size(width: 80, height: 24))
        let layout = PageView(tour: Tour(pages: [Tour.Page(title: "Only")]), state: Paging(pageCount: 1)).draw(into: &canvas)
        #expect(layout.dots.isEmpty && layout.pageCounter == nil)
        #expect(!canvas.text.contains("●") && !canvas.text.contains("swipe"))
        #expect(canvas.text.contains("Enter finish · q close"))
    }

    @Test(arguments: [(Tour.Indicator.numbers, "2 / 5"), (.bar, "━━━━──────"), (.dots(current: "◆", other: "◇"), "◇ ◆ ◇ ◇ ◇"), (.none, "")])
    func indicatorStyles(indicator: Tour.Indicator, expected: String) {
        var tour = Tour(pages: (1...5).map { Tour.Page(title: "Page \($0)") })
        tour.indicator = indicator
        var canvas = Canvas(size: Size(width: 80, height: 24))
        let layout = PageView(tour: tour, state: Paging(pageCount: 5, currentPage: 1)).draw(into: &canvas)
        let row = canvas.rows[layout.button!.y - 2].trimmingCharacters(in: .whitespaces)
        #expect(row == expected)
        if case .bar = indicator { #expect(layout.bar?.width == layout.button?.width) }  // as wide as the button
        // ASCII terminals get ASCII glyphs.
        var ascii = Canvas(size: Size(width: 80, height: 24))
        let asciiLayout = PageView(tour: tour, state: Paging(pageCount: 5, currentPage: 1), glyphs: .ascii).draw(into: &ascii)
        #expect(ascii.rows[asciiLayout.button!.y - 2].unicodeScalars.allSatisfy { $0.value < 0x80 })
    }

    @Test func lastPageHidesSkipAndSaysGetStarted() {
        let canvas = render(Self.builtIn, page: Self.builtIn.pages.count - 1, Size(width: 80, height: 24))
        #expect(canvas.text.contains("[ Get started ]"))
        #expect(canvas.text.contains("Enter finish · q close"))
        #expect(!canvas.text.contains("Skip"))
        let first = render(Self.builtIn, page: 0, Size(width: 80, height: 24))
        #expect(first.text.contains("[ Next → ]"))
        #expect(first.rows[0].hasSuffix("Skip (q) "))
    }

    @Test func aHugeLineNeverMakesARowWiderThanTheScreen() {
        let tour = Tour(pages: [Tour.Page(title: String(repeating: "W", count: 5_000), subtitle: String(repeating: "日", count: 5_000))])
        let canvas = render(tour, page: 0, Size(width: 33, height: 10))
        for row in canvas.rows { #expect(TextWidth.of(row) == 33) }
    }
}
