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
        let layout = PageView(tour: tour, state: Paging(pageCount: tour.pages.count), scrollOffset: scroll).draw(into: &canvas)
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
        #expect(top.0.text.contains("j k item · Space more"))

        var canvas = Canvas(size: Size(width: 80, height: 24))
        let limit = PageView(tour: tour, state: Paging(pageCount: 2)).draw(into: &canvas).scrollLimit
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
                let limit = PageView(tour: tour, state: Paging(pageCount: 2)).draw(into: &canvas).scrollLimit
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

    /// Space and PgDn move by a screenful while the list has more below, then turn the
    /// page; the wheel over the list scrolls the list; no screen cuts an item in two.
    @Test func aScreenfulAtATimeThenTheNextPage() {
        let size = Size(width: 80, height: 24)
        var driver = PagerDriver(tour: Self.features(30), size: size)
        let limit = driver.layout.scrollLimit
        let starts = driver.layout.parts.itemStarts
        #expect(driver.screen.text.contains("Space more"))
        driver.press(.pageDown)
        #expect(driver.pager.scrollOffset > 0 && starts.contains(driver.pager.scrollOffset) && driver.page == 0)
        var presses = 1
        while driver.pager.scrollOffset < limit && presses < 30 {
            driver.press(.character(" "))
            presses += 1
        }
        #expect(presses < 30 && driver.page == 0)
        #expect(driver.screen.text.contains("Space next"))
        driver.press(.character(" "))
        #expect(driver.page == 1)
        // The wheel over the list scrolls it, one item a turn; elsewhere it turns pages.
        var wheel = PagerDriver(tour: Self.features(30), size: size)
        let list = try! #require(wheel.layout.parts.list)
        wheel.send(.key(.mouse(MouseEvent(kind: .wheelDown, x: list.x + 2, y: list.y + 1))))
        #expect(wheel.pager.scrollOffset == starts[1] && wheel.page == 0)
        wheel.send(.key(.mouse(MouseEvent(kind: .wheelDown, x: 0, y: 0))))
        #expect(wheel.page == 1)
        // The first screen ends at the end of an item: no title without its text.
        let first = PagerDriver(tour: Self.features(30), size: size).screen.text.split(separator: "\n")
        let lastShown = try! #require(first.last { $0.contains("Feature ") || $0.contains("What feature") })
        #expect(lastShown.contains("What feature"))
    }

    @Test func theUpdateScrollsWithinTheDrawnLimitAndResetsOnPageChange() {
        let size = Size(width: 80, height: 24)
        var driver = PagerDriver(tour: Self.features(30), size: size)
        let limit = driver.layout.scrollLimit
        #expect(limit > 0)
        let starts = driver.layout.parts.itemStarts
        #expect(starts.count == 31 && starts[1] == 3)  // icon and title, text, a blank row; then the closing text
        #expect(driver.press(.character("k")).isEmpty)  // already at the top
        // ↓ moves by one item, not one row.
        #expect(driver.press(.down) == [.draw])
        #expect(driver.pager.scrollOffset == starts[1])
        for _ in 0..<200 { driver.press(.character("j")) }
        #expect(driver.pager.scrollOffset == limit)
        #expect(driver.press(.up) == [.draw])
        #expect(driver.pager.scrollOffset == starts.last { $0 < limit })
        driver.press(.right)
        #expect(driver.page == 1)
        #expect(driver.pager.scrollOffset == 0)
    }

    /// The README's j j at 60×20 on the built-in tour's list, then 40×12: the list wraps
    /// anew, and the item at the top keeps its heading at every size on the way.
    @Test func aResizeKeepsTheTopItemWithItsHeading() throws {
        var driver = PagerDriver(tour: PageViewTests.builtIn, size: Size(width: 60, height: 20))
        // Page 3 is a practice of ?: done, then on to the list, page 4.
        driver.press(.character("3"), .character("?"), .character("4"))
        #expect(driver.page == 3)
        driver.press(.character("j"), .character("j"))
        let before = driver.layout.parts.itemStarts
        let top = try #require(before.lastIndex { $0 <= driver.pager.scrollOffset })
        #expect(top >= 1)
        #expect(driver.pager.scrollOffset == before[top], "\(before) \(driver.pager.scrollOffset) \(driver.layout.scrollLimit)\n\(driver.screen.text)")
        let heading = try #require(driver.pager.tour.page(3).items[top].title)
        for size in [Size(width: 40, height: 12), Size(width: 52, height: 15), Size(width: 33, height: 11), Size(width: 60, height: 20)] {
            driver.send(.resized(size))
            let starts = driver.layout.parts.itemStarts
            #expect(starts.contains(driver.pager.scrollOffset), "\(size): the list starts mid-item, at row \(driver.pager.scrollOffset)")
            #expect(driver.screen.text.contains(heading), "\(size): \(driver.screen.text)")
        }
    }
}
