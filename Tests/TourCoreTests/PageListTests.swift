import Synchronization
import Testing
@testable import TourCore

/// A tour read from a file keeps its pages in a PageSource: what a run shows is chosen,
/// numbered and decided on (`since`) without a page built, and each page is built once.
@Suite("Pages built when first shown")
struct PageListTests {
    /// Which pages were built, in order.
    private final class Builds: Sendable {
        let list = Mutex<[Int]>([])
        var built: [Int] { list.withLock { $0 } }
    }

    /// A source of `count` pages that records each build.
    private func countingSource(_ count: Int, since: (Int) -> Version? = { _ in nil }) -> (PageSource, Builds) {
        let builds = Builds()
        let source = PageSource(since: (0..<count).map(since)) { index in
            builds.list.withLock { $0.append(index) }
            return Tour.Page(title: "Page \(index + 1)")
        }
        return (source, builds)
    }

    @Test func aRunPlanIsMadeWithoutBuildingAPage() {
        let (source, builds) = countingSource(1_000) { $0 % 100 == 99 ? Version("2.0") : nil }
        let tour = Tour(id: "t", version: "2.0", labels: Tour.Labels(), accent: nil, pageList: PageList(source))
        let plan = RunPlan(tour: tour, selection: .whatsNew(lastSeen: SeenState(outcome: .completed, version: "1.0", lastPage: 0, seenAt: "x")))
        #expect(plan.pages == [99, 199, 299, 399, 499, 599, 699, 799, 899, 999])
        let shown = plan.shownTour(tour)
        #expect(shown.pageCount == 10)
        #expect(shown.since(ofPage: 3) == Version("2.0"))
        #expect(builds.built.isEmpty)
        // Showing the third page builds that page, once, whoever asks and however often.
        #expect(shown.page(2).title == "Page 300")
        #expect(shown.page(2).title == "Page 300")
        #expect(tour.page(299).title == "Page 300")
        #expect(builds.built == [299])
    }

    @Test func everyPageIsBuiltOnceEvenWhenTheWholeListIsAskedForAgain() {
        let (source, builds) = countingSource(50)
        let tour = Tour(id: "t", version: nil, labels: Tour.Labels(), accent: nil, pageList: PageList(source))
        let selected = tour.selectingPages([4, 0, 4])
        for _ in 0..<3 { #expect(selected.pages.map(\.title) == ["Page 5", "Page 1", "Page 5"]) }
        for _ in 0..<3 { #expect(tour.pages.count == 50) }
        #expect(builds.built.count == 50)
        #expect(Set(builds.built) == Set(0..<50))
        // Pages set in Swift replace the source; the tour is then as given.
        var edited = tour
        edited.pages[0].title = "Changed"
        #expect(edited.page(0).title == "Changed" && tour.page(0).title == "Page 1")
    }
}
