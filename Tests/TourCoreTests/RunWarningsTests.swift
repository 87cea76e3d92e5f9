import Testing
@testable import TourCore

/// Which warnings a run gives, and in what order, decided apart from the runner.
@Suite("The warnings of a run")
struct RunWarningsTests {
    @Test func theToursOwnComeFirstThenTheFirstAboutTheState() {
        var warnings = RunWarnings()
        #expect(warnings.delivered.isEmpty)
        warnings.state(nil)
        warnings.state("state file unreadable")
        warnings.state("disk full; the tour will show again next time")
        warnings.fromTour = ["mytool.fr.json does not fit the tour"]
        #expect(warnings.delivered == ["mytool.fr.json does not fit the tour", "state file unreadable"])
    }

    @Test func noStateDirectorySaysWhyFromHome() {
        #expect(RunWarnings.noStateDirectory(home: nil) == "no state directory (HOME is not set)")
        #expect(RunWarnings.noStateDirectory(home: "") == "no state directory (HOME is not set)")
        #expect(RunWarnings.noStateDirectory(home: "rel/home")
            == "no state directory (HOME is not an absolute path: \"rel/home\")")
        // What HOME holds is quoted with its controls made visible.
        #expect(!RunWarnings.noStateDirectory(home: "x\u{1b}[2J").contains("\u{1b}"))
    }
}
