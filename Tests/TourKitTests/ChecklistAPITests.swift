import Testing
import TourCore
import TourKit
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// TourKit's `Tour.done` does what `tour done` does: nothing for a tour never shown, one
/// write for a tour shown (and none for a second tick), a usage error naming the nearest
/// item for an unknown one. The tick lands in the tips state, beside the off switch.
@Suite("The checklist from Swift")
struct ChecklistAPITests {
    static let json = #"""
        {"id": "api-checklist", "pages": [{"title": "Hi"}],
         "checklist": {"items": [{"id": "login", "title": "Log in"}, {"id": "sync", "title": "Sync"}]}}
        """#

    static func directory() -> String {
        var template = Array("/tmp/tour-checklist-api-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    @Test func doneTicksOnceForATourShownAndNeverForOneThatWasNot() throws {
        let state = Self.directory()
        var options = TourOptions()
        options.stateDirectory = state
        let tour = try Tour(json: Self.json)
        // Never shown: nothing recorded.
        #expect(try tour.done("login", options: options) == false)
        #expect(TipsStateStore(stateDirectory: state).load(id: "api-checklist") == .missing)
        try SeenStateStore(stateDirectory: state).save(SeenState(outcome: .completed, version: nil, lastPage: 0, seenAt: "2026-01-01T00:00:00Z"),
                                                       id: "api-checklist")
        var tipOptions = TipOptions()
        tipOptions.stateDirectory = state
        try Tips.setOff(true, id: "api-checklist", options: tipOptions)  // the off switch, which a tick must keep
        #expect(try tour.done("login", options: options) == true)
        #expect(try tour.done("login", options: options) == false)
        guard case .found(let ticked) = TipsStateStore(stateDirectory: state).load(id: "api-checklist") else {
            Issue.record("no tips state after done")
            return
        }
        #expect(ticked.checked.keys.sorted() == ["login"] && ticked.off)
    }

    @Test func anUnknownItemIsAUsageErrorThatNamesTheNearest() throws {
        var options = TourOptions()
        options.stateDirectory = Self.directory()
        let tour = try Tour(json: Self.json)
        #expect(throws: TourError.usage(#"the checklist of "api-checklist" has no item "snyc"; did you mean "sync"? (its items: login, sync)"#)) {
            try tour.done("snyc", options: options)
        }
        let without = try Tour(json: #"{"pages": [{"title": "Hi"}]}"#)
        #expect(throws: TourError.self) { try without.done("login", options: options) }
    }
}
