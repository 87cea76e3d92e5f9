import Testing
@testable import TourCore

/// A tour is a plain value: what a run shows is chosen and numbered from its pages, and a
/// copy edited is a tour of its own.
@Suite("A tour is a plain value")
struct TourValueTests {
    static func tour(_ count: Int, since: (Int) -> String? = { _ in nil }) -> Tour {
        Tour(id: "t", version: "2.0", pages: (0..<count).map { Tour.Page(title: "Page \($0 + 1)", since: since($0)) })
    }

    @Test func aRunPlanChoosesTheNewPagesOfAThousand() {
        let tour = Self.tour(1_000) { $0 % 100 == 99 ? "2.0" : nil }
        let plan = RunPlan(tour: tour, selection: .whatsNew(lastSeen: SeenState(outcome: .completed, version: "1.0", lastPage: 0, seenAt: "x")))
        #expect(plan.pages == [99, 199, 299, 399, 499, 599, 699, 799, 899, 999])
        let shown = plan.shownTour(tour)
        #expect(shown.pageCount == 10)
        #expect(shown.pages[3].since == Version("2.0"))
        #expect(shown.page(2).title == "Page 300")
        #expect(tour.page(299).title == "Page 300")
    }

    @Test func selectingKeepsTheOrderAndAnEditedCopyIsItsOwn() {
        let tour = Self.tour(50)
        let selected = tour.selectingPages([4, 0, 4])
        #expect(selected.pages.map(\.title) == ["Page 5", "Page 1", "Page 5"])
        #expect(tour.pages.count == 50 && selected.id == "t" && selected.version == "2.0")
        var edited = tour
        edited.pages[0].title = "Changed"
        #expect(edited.page(0).title == "Changed" && tour.page(0).title == "Page 1")
        #expect(edited != tour)
        edited.pages[0].title = "Page 1"
        #expect(edited == tour)
        // Text set later is cleaned as text given at first is.
        edited.id = "t\u{1b}[31m"
        #expect(edited.id == "t")
    }
}
