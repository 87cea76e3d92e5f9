import Foundation
import Testing
@testable import TourCore

/// Which pages a run shows, how page numbers map, what a reload changes and what is recorded.
@Suite("The run plan")
struct RunPlanTests {
    /// Three welcome pages, then page 4 new in 2.0 and page 5 new in 3.0.
    static func tour(version: String = "3.0") -> Tour {
        var tour = Tour(pages: [
            Tour.Page(title: "One"), Tour.Page(title: "Two"), Tour.Page(title: "Three"),
            Tour.Page(title: "Four", since: "2.0"), Tour.Page(title: "Five", since: "3.0"),
        ])
        tour.version = version
        return tour
    }

    static func seen(_ version: String?) -> SeenState {
        SeenState(outcome: .completed, version: version, lastPage: 2, seenAt: "2026-01-01T00:00:00Z")
    }

    @Test func everyPageShowsTheTourAsWritten() {
        let plan = RunPlan(tour: Self.tour(), selection: .everyPage)
        #expect(plan.pages == [0, 1, 2, 3, 4])
        #expect(plan.shownTour(Self.tour()).pages.map(\.title) == ["One", "Two", "Three", "Four", "Five"])
    }

    @Test func aFirstRunShowsTheWelcomeAndNoWhatsNew() {
        let plan = RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: nil))
        #expect(plan.pages == [0, 1, 2])
    }

    @Test func afterAnUpdateOnlyWhatIsNewSinceTheirVersion() {
        #expect(RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("2.0"))).pages == [4])
        #expect(RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("1.0"))).pages == [3, 4])
        #expect(RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("3.0"))).isEmpty)
        #expect(RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("4.0"))).isEmpty)
    }

    /// `--page 4` after an update that added page 4: that page, though the run shows one page.
    @Test func aStartPageCountsTheTourAsWritten() {
        let plan = RunPlan(tour: Self.tour(version: "2.0"), selection: .whatsNew(lastSeen: Self.seen("1.0")))
        #expect(plan.pages == [3])
        #expect(plan.startPosition(forWrittenPage: 3) == .success(0))
        #expect(plan.writtenPage(atPosition: 0) == 3)
    }

    @Test func aStartPageThisRunDoesNotShowStartsAtTheNextItDoes() {
        let plan = RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("1.0")))
        #expect(plan.pages == [3, 4])
        #expect(plan.startPosition(forWrittenPage: 0) == .success(0))  // page 1 → page 4, the next shown
        #expect(plan.startPosition(forWrittenPage: 4) == .success(1))
        let welcome = RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: nil))
        #expect(welcome.startPosition(forWrittenPage: 4) == .success(2))  // nothing after it: the last shown
        #expect(welcome.startPosition(forWrittenPage: 5) == .failure(.pastTheLastPage(page: 5, pageCount: 5)))
        #expect(welcome.startPosition(forWrittenPage: -1) == .failure(.pastTheLastPage(page: -1, pageCount: 5)))
    }

    @Test func outcomesCountTheTourAsWritten() {
        let plan = RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("1.0")))
        #expect(plan.writtenOutcome(.skipped(atPage: 1)) == .skipped(atPage: 4))
        #expect(plan.writtenOutcome(.completed) == .completed)
        #expect(plan.writtenOutcome(.interrupted(signal: 2)) == .interrupted(signal: 2))
    }

    @Test func whatARunRecords() {
        let plan = RunPlan(tour: Self.tour(), selection: .whatsNew(lastSeen: Self.seen("1.0")))
        let completed = plan.record(.completed, at: "T")
        #expect(completed == SeenState(outcome: .completed, version: "3.0", lastPage: 4, seenAt: "T"))
        #expect(plan.record(.skipped(atPage: 3), at: "T") == SeenState(outcome: .skipped, version: "3.0", lastPage: 3, seenAt: "T"))
        // Nobody chose: nothing recorded, so it shows again.
        #expect(plan.record(.interrupted(signal: 2), at: "T") == nil)
        #expect(plan.record(.interrupted(signal: 1), at: "T") == nil)
        #expect(plan.record(.alreadySeen, at: "T") == nil)
        #expect(plan.record(.notShown(.continuousIntegration), at: "T") == nil)
        // A tour without a version records none.
        var unversioned = Self.tour()
        unversioned.version = nil
        #expect(RunPlan(tour: unversioned, selection: .everyPage).record(.completed, at: "T")?.version == nil)
    }

    @Test func aReloadKeepsTheWrittenPageAndTheSelection() {
        let plan = RunPlan(tour: Self.tour(version: "2.0"), selection: .whatsNew(lastSeen: Self.seen("1.0")))
        #expect(plan.pages == [3])
        // The author bumps the version to 3.0, which brings page 5 in: still only what is new.
        let (grown, position) = plan.reloaded(with: Self.tour(version: "3.0"), onWrittenPage: 3)
        #expect(grown.pages == [3, 4] && position == 0 && grown.version == "3.0")
        // The new pages removed: nothing new is left, so the preview shows every page.
        var trimmed = Self.tour(version: "3.0")
        trimmed.pages.removeLast(2)
        let (fallback, kept) = grown.reloaded(with: trimmed, onWrittenPage: 4)
        #expect(fallback.pages == [0, 1, 2] && kept == 2)
    }

    @Test func aReloadThatRemovesThePageOnScreenLandsOnTheLastOne() {
        let plan = RunPlan(tour: Self.tour(), selection: .everyPage)
        var shorter = Self.tour()
        shorter.pages.removeLast(3)
        let (reloaded, position) = plan.reloaded(with: shorter, onWrittenPage: 4)
        #expect(reloaded.pages == [0, 1] && position == 1)
    }
}

/// The plan carried out by the update function: what the `--watch` crash was.
@Suite("The pager with a plan")
struct PagerPlanTests {
    static let size = Size(width: 80, height: 24)

    static func pager(_ tour: Tour, _ selection: RunPlan.Selection = .everyPage, start: Int = 0) -> PagerModel {
        let plan = RunPlan(tour: tour, selection: selection)
        return PagerModel(tour: tour, plan: plan, size: size, startPosition: start, settings: PagerModel.Settings.forTest(animation: false))
    }

    /// A page added while the tour plays, then End, then q: the skip names the new last page.
    @Test func endThenSkipAfterAReloadThatAddedAPage() {
        var tour = RunPlanTests.tour()
        tour.pages.removeLast()
        var pager = Self.pager(tour)
        _ = pager.start(at: 0)
        _ = pager.update(.reloaded(.success(RunPlanTests.tour())), at: 1)
        #expect(pager.tour.pages.count == 5)
        #expect(pager.update(.key(.end), at: 2) == [.pageChanged(from: 0, to: 4), .draw])
        #expect(pager.update(.key(.left), at: 3) == [.pageChanged(from: 4, to: 3), .draw])
        #expect(pager.update(.key(.character("q")), at: 4) == [.finish(.skipped(atPage: 3))])
    }

    @Test func aReloadOfAWhatsNewRunKeepsShowingWhatIsNew() {
        var pager = Self.pager(RunPlanTests.tour(version: "2.0"), .whatsNew(lastSeen: RunPlanTests.seen("1.0")))
        _ = pager.start(at: 0)
        #expect(pager.tour.pages.map(\.title) == ["Four"])
        _ = pager.update(.reloaded(.success(RunPlanTests.tour(version: "3.0"))), at: 1)
        #expect(pager.tour.pages.map(\.title) == ["Four", "Five"])
        #expect(pager.paging.currentPage == 0)
    }

    @Test func pageChangesAndSkipsCountTheTourAsWritten() {
        var pager = Self.pager(RunPlanTests.tour(), .whatsNew(lastSeen: RunPlanTests.seen("1.0")))
        _ = pager.start(at: 0)
        #expect(pager.update(.key(.right), at: 1) == [.pageChanged(from: 3, to: 4), .draw])
        #expect(pager.update(.key(.left), at: 2) == [.pageChanged(from: 4, to: 3), .draw])
        #expect(pager.update(.key(.character("q")), at: 3) == [.finish(.skipped(atPage: 3))])
    }

    @Test func aResumeTakesTheWindowsSizeAtOnce() {
        var pager = Self.pager(RunPlanTests.tour())
        _ = pager.start(at: 0)
        _ = pager.update(.signal(SIGTSTP), at: 1)
        #expect(pager.update(.resumed(Size(width: 120, height: 40)), at: 2) == [.redrawAll])
        #expect(pager.size == Size(width: 120, height: 40))
        #expect(TourScreenView.render(pager).canvas.size == Size(width: 120, height: 40))
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Where the process's environment is read: one file, so that no decision reads it behind
/// the snapshot's back (issue 45).
@Suite("The environment, read in one place")
struct EnvironmentReadTests {
    @Test func onlyTerminalEnvironmentCallsGetenv() throws {
        let sources = PackagePaths.root + "/Sources"
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
        var readers: [String] = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains("getenv(") }) { readers.append(path) }
        }
        #expect(readers == ["TourTerminal/TerminalEnvironment+Reading.swift"], "\(readers)")
    }

    @Test func renderDrawsAtTheDepthAskedElseDirectElseNoColor() {
        #expect(ColorDepth.forRender(requested: nil, noColor: false) == .direct)
        #expect(ColorDepth.forRender(requested: nil, noColor: true) == .monochrome)
        #expect(ColorDepth.forRender(requested: .ansi8, noColor: true) == .ansi8)
    }
}
