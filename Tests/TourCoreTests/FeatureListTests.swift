import Testing
@testable import TourCore
@testable import TourStore

@Suite("Feature-list pages")
struct FeatureListTests {
    static func features(_ count: Int) -> Tour {
        let items = (1...count).map { Tour.Feature(icon: $0 % 2 == 0 ? "★" : "✓", title: "Feature \($0)", text: "What feature \($0) does for you.", accent: .ansi(2)) }
        return Tour(accent: .ansi(6), pages: [
            Tour.Page(title: "What's new in 2.1", features: items, extra: "And many small fixes.", button: "Continue"),
            Tour.Page(title: "Last"),
        ])
    }

    func render(_ tour: Tour, _ size: Size, scroll: Int = 0) -> (Canvas, PageView.Layout) {
        var canvas = Canvas(size: size)
        let layout = PageView(tour: tour, state: PagerState(pageCount: tour.pages.count), scrollOffset: scroll).draw(into: &canvas)
        return (canvas, layout)
    }

    @Test func aShortListIsCenteredAndDoesNotScroll() {
        let (canvas, layout) = render(Self.features(3), Size(width: 80, height: 24))
        Snapshot.assertMatches(canvas, named: "features-3-80x24", title: "3 features with accent colors, 80x24")
        #expect(layout.parts.moreAbove == nil && layout.parts.moreBelow == nil)
        #expect(layout.scrollLimit == 0)
    }

    @Test func aLongListScrollsWithIndicatorsWhileButtonAndDotsStay() {
        let tour = Self.features(30)
        let top = render(tour, Size(width: 80, height: 24))
        Snapshot.assertMatches(top.0, named: "features-30-top-80x24", title: "30 features, scrolled to the top, 80x24")
        #expect(top.1.parts.moreAbove == nil && top.1.parts.moreBelow != nil)
        #expect(top.0.text.contains("j k scroll"))

        var canvas = Canvas(size: Size(width: 80, height: 24))
        let limit = PageView(tour: tour, state: PagerState(pageCount: 2)).draw(into: &canvas).scrollLimit
        #expect(limit > 0)
        let bottom = render(tour, Size(width: 80, height: 24), scroll: limit)
        Snapshot.assertMatches(bottom.0, named: "features-30-bottom-80x24", title: "30 features, scrolled to the end, 80x24")
        #expect(bottom.1.parts.moreAbove != nil && bottom.1.parts.moreBelow == nil)
        #expect(bottom.0.text.contains("And many small fixes."))
        #expect(bottom.0.text.contains("[ Continue ]"))
    }

    @Test func atEverySizeAndOffsetTheButtonDotsAndTitleStay() {
        let tour = Self.features(30)
        for width in stride(from: 16, through: 100, by: 7) {
            for height in 4...30 {
                var canvas = Canvas(size: Size(width: width, height: height))
                let limit = PageView(tour: tour, state: PagerState(pageCount: 2)).draw(into: &canvas).scrollLimit
                for scroll in [0, limit / 2, limit, limit + 5] {
                    let (_, layout) = render(tour, Size(width: width, height: height), scroll: scroll)
                    #expect(layout.button != nil && layout.dots.count == 2 && !layout.parts.title.isEmpty, "\(width)x\(height) at \(scroll)")
                    if let list = layout.parts.list, let dots = layout.dots.first, let button = layout.button {
                        #expect(list.y + list.height <= dots.y && dots.y < button.y, "\(width)x\(height) at \(scroll)")
                        #expect(layout.parts.title.allSatisfy { $0.y < list.y })
                    }
                }
            }
        }
    }

    @Test func theUpdateScrollsWithinTheDrawnLimitAndResetsOnPageChange() {
        let size = Size(width: 80, height: 24)
        var driver = PagerDriver(tour: Self.features(30), size: size)
        let limit = driver.layout.scrollLimit
        #expect(limit > 0)
        #expect(driver.press(.character("k")).isEmpty)  // already at the top
        #expect(driver.press(.down) == [.draw])
        #expect(driver.pager.scrollOffset == 1)
        for _ in 0..<200 { driver.press(.character("j")) }
        #expect(driver.pager.scrollOffset == limit)
        #expect(driver.press(.up) == [.draw])
        #expect(driver.pager.scrollOffset == limit - 1)
        driver.press(.right)
        #expect(driver.page == 1)
        #expect(driver.pager.scrollOffset == 0)
    }
}
