import Testing
@testable import TourCore
@testable import TourStore

/// A body of a tool's own: a framed box with a label, drawn through the same protocol as built-in pages.
struct BoxBody: PageBody {
    var label: String

    func preferredHeight(width: Int, context: PageContext) -> Int { 5 }
    func minimumHeight(width: Int, context: PageContext) -> Int { 3 }

    func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        let inner = " \(label) "
        let width = TextWidth.of(inner) + 2
        let x = (canvas.size.width - width) / 2
        let top = max(0, (canvas.size.height - 3) / 2)
        canvas.write("+" + String(repeating: "-", count: width - 2) + "+", x: x, y: top)
        canvas.write("|" + inner + "|", x: x, y: top + 1, style: context.titleStyle)
        canvas.write("+" + String(repeating: "-", count: width - 2) + "+", x: x, y: top + 2)
        // Drawing past the area must not reach the frame around it.
        canvas.write(String(repeating: "X", count: 500), x: -10, y: canvas.size.height)
        var layout = PageBodyLayout()
        layout.title = [Rect(x: x + 1, y: top + 1, width: width - 2, height: 1)]
        return layout
    }

    func plainText(context: PageContext) -> String { "[\(label)]" }
}

@Suite("Custom pages through the PageBody protocol")
struct CustomPageTests {
    let tour = Tour(accent: .ansi(5), pages: [
        Tour.Page(title: "Intro", subtitle: "Built in."),
        Tour.Page(title: "Box", body: BoxBody(label: "Your own page"), button: "Neat"),
    ])

    @Test func aCustomPageIsDrawnInsideTheSameFrame() {
        let view = PageView(tour: tour, state: Paging(pageCount: 2, currentPage: 1))
        var canvas = Canvas(size: Size(width: 40, height: 12))
        let layout = view.draw(into: &canvas)
        Snapshot.assertMatches(canvas, named: "custom-page-40x12", title: "a custom PageBody, 40x12")
        #expect(layout.dots.count == 2 && layout.button != nil)
        // The page title sits above the body, as on a built-in page; the body's rectangles come
        // back in screen cells, inside the area it was given.
        let body = layout.body!
        #expect(canvas.text.contains("Box"))
        let titles = layout.parts.title
        #expect(titles.count == 2 && titles[0].y < titles[1].y)
        #expect(titles.allSatisfy { $0.y >= body.y && $0.y < body.y + body.height })
        #expect(!canvas.text.contains("X"))
        #expect(canvas.text.contains("[ Neat ]"))
    }

    @Test func plainModeAsksTheBodyForText() {
        // The page title first, as on screen, then the body's own text.
        #expect(PlainText.tour(tour) == "Page 1 of 2\nIntro\nBuilt in.\n\nPage 2 of 2\nBox\n[Your own page]\n")
    }

    @Test func theKeysWorkTheSameOnACustomPage() {
        var driver = PagerDriver(tour: tour)
        driver.press(.right)
        #expect(driver.pager.tour.pages[driver.page].kindName == "custom")
        driver.press(.enter)
        #expect(driver.outcome == .completed)
    }
}

/// A body that moves: a dot that walks one column every tenth of a second.
struct WalkingDot: PageBody {
    var animates: Bool { true }
    func preferredHeight(width: Int, context: PageContext) -> Int { 1 }
    func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        canvas.write("*", x: Int(context.time * 10) % max(1, canvas.size.width), y: 0)
        return PageBodyLayout()
    }
    func plainText(context: PageContext) -> String { "a walking dot, at \(context.time)" }
}

@Suite("A Swift page that moves")
struct MovingPageTests {
    let tour = Tour(pages: [Tour.Page(title: "Walk", body: WalkingDot()), Tour.Page(title: "Still")])

    func dotColumn(_ driver: PagerDriver) -> Int? {
        let rows = PagerDriver.text(driver.screen).split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = rows.first(where: { $0.contains("*") }) else { return nil }
        return row.distance(from: row.startIndex, to: row.firstIndex(of: "*")!)
    }

    @Test func thePagerDrawsItOnTheClockWithTheTimeSinceThePageCame() throws {
        var driver = PagerDriver(tour: tour, settings: .forTest(animation: true))
        #expect(driver.effects.contains(.startClock))
        let first = try #require(dotColumn(driver))
        driver.now += 0.5
        #expect(driver.send(.tick) == [.draw])
        #expect(dotColumn(driver) == first + 5)
        #expect(driver.pager.pageTime == 0.5)
        // Onto a still page: the clock runs the slide, then stops.
        #expect(driver.press(.right) == [.pageChanged(from: 0, to: 1), .draw])
        driver.now += 5
        #expect(driver.send(.tick) == [.draw, .stopClock])
        driver.now += 5
        #expect(driver.send(.tick).isEmpty)
        // Back: the clock starts with the slide and runs on after it; the time counts
        // from the page's coming back.
        #expect(driver.press(.left) == [.pageChanged(from: 1, to: 0), .draw, .startClock])
        driver.now += 5
        #expect(driver.send(.tick) == [.draw])
        #expect(driver.pager.animation == nil)
        driver.now += 0.2
        #expect(driver.send(.tick) == [.draw])
        #expect(abs(driver.pager.pageTime - 5.2) < 1e-9)
    }

    @Test func underReducedMotionItStandsStillAtTimeZero() throws {
        var driver = PagerDriver(tour: tour, settings: .forTest(animation: false))
        #expect(!driver.effects.contains(.startClock))
        let first = try #require(dotColumn(driver))
        driver.now += 3
        #expect(driver.send(.tick).isEmpty)
        #expect(driver.pager.pageTime == 0 && dotColumn(driver) == first)
        #expect(PlainText.page(tour.pages[0], number: 1, of: 2, glyphs: .unicode).contains("at 0.0"))
    }
}
