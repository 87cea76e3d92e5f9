import Testing
import TourCore
import TourStore

/// `--watch`: one read of the tour per change, and the files to watch from the last good tour.
@Suite("Watching a tour file")
struct WatchedTourTests {
    final class Reads: @unchecked Sendable {
        var count = 0
        var next: Result<Tour, TourError> = .success(Tour(pages: [Tour.Page(title: "One")]))
    }

    static func page(_ title: String, art: String? = nil) -> Tour.Page {
        var page = Tour.Page(title: title)
        page.heroFile = art
        return page
    }

    @Test func eachChangeReadsTheTourOnceAndAskingForTheFilesReadsNothing() {
        let reads = Reads()
        let watched = WatchedTour(path: "dir/tour.json", loaded: Tour(pages: [Self.page("One", art: "art/a.txt")]),
                                  read: { reads.count += 1; return reads.next }, translations: { ["dir/tour.fr.json"] })
        #expect(watched.files == ["dir/tour.json", "dir/tour.fr.json", "dir/art/a.txt"])
        #expect(reads.count == 0)
        // What the run loop does on a change: watch, read, watch again.
        reads.next = .success(Tour(pages: [Self.page("One", art: "art/b.txt")]))
        _ = watched.files
        _ = watched.reload()
        #expect(watched.files == ["dir/tour.json", "dir/tour.fr.json", "dir/art/b.txt"])
        #expect(reads.count == 1)
    }

    @Test func aBrokenSaveKeepsWatchingTheArtItWillNameAgain() {
        let reads = Reads()
        let watched = WatchedTour(path: "tour.json", loaded: Tour(pages: [Self.page("One", art: "logo.txt")]),
                                  read: { reads.count += 1; return reads.next }, translations: { [] })
        reads.next = .failure(TourError.content(file: "tour.json", position: nil, message: "broken"))
        guard case .failure = watched.reload() else { Issue.record("a broken file reloads as its error"); return }
        #expect(watched.files == ["tour.json", "logo.txt"])
    }
}
