import Foundation
import Testing
@testable import TourCore
@testable import TourStore

@Suite("The seen-state store")
struct SeenStateStoreTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-store-\(UUID().uuidString)").path
    }

    var store: SeenStateStore { SeenStateStore(directory: directory + "/state/tour") }
    let state = SeenState(outcome: .skipped, version: "2.1.0", lastPage: 3, seenAt: "2026-11-29T10:00:00Z")

    @Test func saveThenLoad() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(store.load(id: "mytool") == .notSeen)
        try store.save(state, id: "mytool")
        #expect(store.load(id: "mytool") == .seen(state))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path(for: "mytool"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let directoryAttributes = try FileManager.default.attributesOfItem(atPath: store.directory)
        #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)
        // Nothing but the state file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["mytool.json"])
    }

    @Test func overwriteKeepsOneValidFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for page in 0..<50 {
            var next = state
            next.lastPage = page
            try store.save(next, id: "t")
        }
        guard case .seen(let last) = store.load(id: "t") else { Issue.record("not readable"); return }
        #expect(last.lastPage == 49)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["t.json"])
    }

    @Test(arguments: ["", "garbage", "{}", "[1]", #"{"format": 1}"#, #"{"format": 1, "outcome": "maybe"}"#, "\u{0}\u{1}"])
    func corruptOrForeignFilesAreUnusableNotFatal(content: String) throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: store.path(for: "t"), contents: Data(content.utf8))
        guard case .unusable(let reason) = store.load(id: "t") else { Issue.record("expected unusable"); return }
        #expect(reason.contains("not a tour state file"))
        try store.save(state, id: "t")  // and it can be replaced by a good one
        #expect(store.load(id: "t") == .seen(state))
    }

    @Test func anUnreadableStateIsUnusable() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A directory where the file should be: unreadable even for root.
        try FileManager.default.createDirectory(atPath: store.path(for: "t"), withIntermediateDirectories: true)
        guard case .unusable(let reason) = store.load(id: "t") else { Issue.record("expected unusable"); return }
        #expect(reason.contains("is a directory"))
    }

    @Test func aStoreThatCannotBeWrittenThrowsAReason() {
        let blocked = SeenStateStore(directory: "/dev/null/tour")
        guard case .unusable(let reason) = blocked.load(id: "t") else { Issue.record("expected unusable"); return }
        #expect(reason.contains("/dev/null/tour/t.json"))
        #expect(throws: SeenStateStore.WriteFailure.self) { try blocked.save(state, id: "t") }
    }

    @Test func aNewerFormatIsNotOverwritten() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        let newer = #"{"format": 2, "outcome": "completed", "version": "9.0", "lastPage": 0, "seenAt": "x", "extra": [1]}"#
        FileManager.default.createFile(atPath: store.path(for: "t"), contents: Data(newer.utf8))
        try store.save(state, id: "t")
        #expect(String(decoding: FileManager.default.contents(atPath: store.path(for: "t"))!, as: UTF8.self) == newer)
        guard case .seen(let read) = store.load(id: "t") else { Issue.record("newer file unreadable"); return }
        #expect(read.version == "9.0")
    }

    @Test func resetForgets() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try store.save(state, id: "t")
        try store.reset(id: "t")
        #expect(store.load(id: "t") == .notSeen)
        try store.reset(id: "t")  // resetting twice is fine
    }

    @Test func defaultDirectoryFollowsXDG() {
        func directory(_ environment: [String: String]) -> String? {
            SeenStateStore.defaultDirectory { environment[$0] }
        }
        #expect(directory(["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]) == "/x/state/tour")
        #expect(directory(["XDG_STATE_HOME": "relative/state", "HOME": "/home/u"]) == "/home/u/.local/state/tour")
        #expect(directory(["HOME": "/home/u"]) == "/home/u/.local/state/tour")
        #expect(directory([:]) == nil)
        #expect(directory(["HOME": ""]) == nil)
    }

    /// Any id maps to a plain file name in the directory; none is refused.
    @Test func everyIdMapsToASafeFileName() {
        let cases = ["mytool": "mytool", "my-tool_2.0": "my-tool_2.0", "A": "a", "My Tour": "my-tour", "café": "caf-",
                     "../etc/passwd": "-etc-passwd", "a/b": "a-b", ".hidden": "hidden", "": "tour", "/": "tour",
                     "\u{1B}]0;x\u{07}": "-0-x-"]
        for (id, name) in cases { #expect(SeenStateStore.fileName(for: id) == name, "\(id)") }
        #expect(SeenStateStore.fileName(for: String(repeating: "x", count: 300)).utf8.count == 100)
        #expect(SeenStateStore(directory: "/s").path(for: "../../x") == "/s/-..-x.json")  // no slash: it stays in the directory
    }

    @Test func theStateFileIsReadableJSON() {
        #expect(state.json == """
            {
              "format": 1,
              "outcome": "skipped",
              "version": "2.1.0",
              "lastPage": 3,
              "seenAt": "2026-11-29T10:00:00Z"
            }

            """)
        #expect(SeenState.parse(Array(state.json.utf8)) == state)
        #expect(SeenStateStore.timestamp().count == 20)
    }
}
