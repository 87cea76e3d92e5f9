import Testing
import TourCore
import TourKit
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// TourKit's `Tips` follows the same rules as `tour tip`: here, without a terminal, a
/// tip is never shown and nothing is recorded, while turning tips off and on is.
@Suite("Tips from Swift")
struct TipsAPITests {
    static let bytes = Array(#"{"id": "api-tips", "tips": [{"id": "one", "text": "One."}, {"id": "two", "text": "Two."}]}"#.utf8)

    static func directory() -> String {
        var template = Array("/tmp/tour-tips-api-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    @Test func withoutATerminalNothingIsShownOrRecorded() throws {
        let state = Self.directory()
        var options = TipOptions()
        options.stateDirectory = state
        options.interval = .zero
        // The test runner's stdout is not a terminal: silent, and no state file.
        #expect(try Tips(jsonBytes: Self.bytes).showOne(options: options) == nil)
        #expect(TipsStateStore(stateDirectory: state).load(id: "api-tips") == .missing)
    }

    @Test func offAndOnAreRecordedForTheFilesID() throws {
        let state = Self.directory()
        var options = TipOptions()
        options.stateDirectory = state
        let tips = Tips(jsonBytes: Self.bytes)
        try tips.turnOff(options: options)
        guard case .found(let off) = TipsStateStore(stateDirectory: state).load(id: "api-tips") else {
            Issue.record("no state after turnOff")
            return
        }
        #expect(off.off && off.shown.isEmpty)
        try tips.turnOn(options: options)
        guard case .found(let on) = TipsStateStore(stateDirectory: state).load(id: "api-tips") else {
            Issue.record("no state after turnOn")
            return
        }
        #expect(!on.off)
    }

    /// The file's errors come when its tips are needed, with their position; an unreadable
    /// file says so. Neither is thrown while the environment says to stay silent.
    @Test func errorsComeWithTheirPositionWhenTheTipsAreRead() throws {
        let broken = Tips(jsonBytes: Array(#"{"tips": [{"txt": "x"}]}"#.utf8), fileName: "mytips.json")
        #expect(throws: TourError.content(file: "mytips.json", position: SourcePosition(line: 1, column: 12),
                                          message: #"unknown key "txt" in tip 1; did you mean "text"?"#)) {
            try broken.browse(options: { var options = TourOptions(); options.presentation = .plain; return options }())
        }
        #expect(try broken.showOne() == nil)  // no terminal here: not read at all
    }
}
