import Foundation
import Testing
@testable import TourCore
@testable import TourStore

@Suite("The state files")
struct StateFileTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-store-\(UUID().uuidString)").path
    }

    var store: SeenStateStore { SeenStateStore(directory: directory + "/state/tour") }
    let state = SeenState(outcome: .skipped, version: "2.1.0", lastPage: 3, seenAt: "2026-11-29T10:00:00Z")

    @Test func saveThenLoad() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(store.load(id: "mytool") == .missing)
        try store.save(state, id: "mytool")
        #expect(store.load(id: "mytool") == .found(state))
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
        guard case .found(let last) = store.load(id: "t") else { Issue.record("not readable"); return }
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
        #expect(store.load(id: "t") == .found(state))
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
        #expect(throws: StateWriteFailure.self) { try store.save(state, id: "t") }
        #expect(String(decoding: FileManager.default.contents(atPath: store.path(for: "t"))!, as: UTF8.self) == newer)
        guard case .found(let read) = store.load(id: "t") else { Issue.record("newer file unreadable"); return }
        #expect(read.version == "9.0")
    }

    /// The newer-format rule is one, for all three kinds of file: a file that a newer
    /// `tour` wrote is left as it is, whatever this one would write over it.
    @Test func everyKindOfStateFileLeavesANewerFormatAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func check<Value: StateFileValue & Equatable>(_ store: StateFile<Value>, newer: String, ours: Value) throws {
            try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: store.path(for: "t"), contents: Data(newer.utf8))
            let loaded = store.load(id: "t")
            guard case .found(let found) = loaded else { Issue.record("\(Value.kind) of a newer format unreadable"); return }
            #expect(found.format == 2)
            do {
                try store.save(ours, id: "t")
                Issue.record("\(Value.kind): a newer file was written over")
            } catch {
                #expect(error.reason.contains("written by a newer tour (format 2)"), "\(error.reason)")
            }
            #expect(throws: StateWriteFailure.self) { try store.update(id: "t") { value in value = ours; return true } }
            #expect(String(decoding: FileManager.default.contents(atPath: store.path(for: "t"))!, as: UTF8.self) == newer, "\(Value.kind)")
            // In another layout, that this tour cannot read, it is still a newer tour's.
            let otherLayout = #"{"format": 7, "entries": [{"k": 1}]}"#
            FileManager.default.createFile(atPath: store.path(for: "t"), contents: Data(otherLayout.utf8))
            #expect(throws: StateWriteFailure.self) { try store.save(ours, id: "t") }
            #expect(String(decoding: FileManager.default.contents(atPath: store.path(for: "t"))!, as: UTF8.self) == otherLayout, "\(Value.kind)")
            // Over a file of today's format, or none, it writes.
            try FileManager.default.removeItem(atPath: store.path(for: "t"))
            try store.save(ours, id: "t")
            #expect(store.load(id: "t") == .found(ours))
        }
        try check(SeenStateStore(stateDirectory: directory), newer: #"{"format": 2, "outcome": "completed", "future": 1}"#, ours: state)
        try check(TipsStateStore(stateDirectory: directory), newer: #"{"format": 2, "off": true}"#, ours: TipsState())
        var answers = AnswerRecord()
        answers.answers["editor"] = .init(value: "vim", version: nil, answeredAt: "T")
        try check(AnswersStore(stateDirectory: directory), newer: #"{"format": 2, "answers": {}}"#, ours: answers)
        // The three live side by side: one id, three files.
        #expect(Set([SeenStateStore(stateDirectory: directory).path(for: "t"), TipsStateStore(stateDirectory: directory).path(for: "t"),
                     AnswersStore(stateDirectory: directory).path(for: "t")]).count == 3)
    }

    /// Each kind is a JSON object with a format number; without one it is not a state file.
    @Test func aFileWithNoFormatIsNoStateFile() {
        #expect(SeenState.parse(Array(#"{"outcome": "completed"}"#.utf8)) == nil)
        #expect(AnswerRecord.parse(Array(#"{"answers": {}}"#.utf8)) == nil)
        #expect(AnswerRecord.parse(Array(#"{"format": 1, "answers": {}}"#.utf8)) == AnswerRecord())
        #expect(SeenState.parse(Array(#"{"format": 1.5, "outcome": "completed"}"#.utf8)) == nil)
        #expect(SeenState.parse(Array(#"{"format": 1, "outcome": "completed", "lastPage": 1000000}"#.utf8))?.lastPage == 0)
    }

    @Test func resetForgets() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try store.save(state, id: "t")
        try store.reset(id: "t")
        #expect(store.load(id: "t") == .missing)
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

    /// Any id maps to a safe file name in the directory, none is refused, and no two ids
    /// share one: a plain id is its own name, any other a slug, "~" and 128 bits of SHA-256.
    @Test func everyIdMapsToItsOwnSafeFileName() {
        for id in ["mytool", "my-tool_2.0", "tour", "a.b"] { #expect(SeenStateStore.fileName(for: id) == id) }
        let cases = ["A": "a", "My Tour": "my-tour", "café": "caf-", "../etc/passwd": "-etc-passwd", "a/b": "a-b",
                     ".hidden": "hidden", "": "", "/": "-", "\u{1B}]0;x\u{07}": "-0-x-", "日本語": "-", "中文": "-"]
        var names: Set<String> = []
        for (id, slug) in cases {
            let name = SeenStateStore.fileName(for: id)
            #expect(name.hasPrefix(slug + "~") && name.count == slug.count + 33 && !name.contains("/"), "\(id): \(name)")
            names.insert(name)
        }
        #expect(names.count == cases.count)  // the two all-CJK ids no longer share "tour.json"
        #expect(SeenStateStore.fileName(for: "my tool") != SeenStateStore.fileName(for: "My-Tool"))
        #expect(SeenStateStore.fileName(for: "日本語") == SeenStateStore.fileName(for: "日本語"))  // stable
        let long = String(repeating: "x", count: 300)
        #expect(SeenStateStore.fileName(for: long) != SeenStateStore.fileName(for: long + "y"))  // not cut into one
        #expect(SeenStateStore.fileName(for: long).utf8.count == 133)
        #expect(SeenStateStore(directory: "/s").path(for: "../../x").hasPrefix("/s/-..-x~"))  // no slash: it stays in the directory
        // The pair that shared a file under the 32-bit hash of 2.1 and 2.2.
        let pair = ("AcmE depLoY ToOL prO editIoN", "ACmE dePLoY tOoL PRO ediTIoN")
        #expect(SeenStateStore.formerFileName(for: pair.0) == "acme-deploy-tool-pro-edition~f8fa5a8b")
        #expect(SeenStateStore.formerFileName(for: pair.1) == "acme-deploy-tool-pro-edition~f8fa5a8b")
        #expect(SeenStateStore.fileName(for: pair.0) != SeenStateStore.fileName(for: pair.1))
        #expect(SeenStateStore.fileName(for: "My Tool") == "my-tool~2f28f3008267f9fc76c427fe617d72c9")  // docs/promises.md
    }

    /// SHA-256 against FIPS 180-4's examples and a long input.
    @Test func sha256MatchesTheStandardsExamples() {
        #expect(SHA256.hex("".utf8) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// A state directory as 2.1 and 2.2 left it: the built-in tour's tour.json, a plain id's
    /// my-tool.json, a non-plain id's state under its 32-bit name, and a file of 2.0 under a
    /// slug. The same ids keep their states, the non-plain one moved once to its new name;
    /// new ids start unseen, whatever old file their slug names; a reset forgets for good.
    @Test func aStateDirectoryOf21KeepsItsIdsAndNewIdsStartUnseen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-store-21-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = SeenStateStore(directory: directory)
        let former = try #require(SeenStateStore.formerFileName(for: "My Tool"))
        #expect(former == "my-tool~f4032ddb")  // what 2.2 named it
        for name in ["tour", "my-tool", former, "-"] {
            try state.json.write(toFile: directory + "/\(name).json", atomically: true, encoding: .utf8)
        }
        #expect(store.load(id: "tour") == .found(state))
        #expect(store.load(id: "my-tool") == .found(state))
        #expect(store.load(id: "My Tool") == .found(state))
        // A read takes the former file where it is; the next write moves it.
        try store.update(id: "My Tool") { _ in true }
        #expect(!FileManager.default.fileExists(atPath: directory + "/\(former).json"))  // moved, not copied
        #expect(FileManager.default.fileExists(atPath: store.path(for: "My Tool")))
        #expect(store.load(id: "My Tool") == .found(state))
        for newId in ["日本語", "", "Tour", "MY-TOOL", "my tool"] {
            #expect(store.load(id: newId) == .missing, "\(newId) was never seen")
        }
        #expect(try store.reset(id: "My Tool"))
        #expect(store.load(id: "My Tool") == .missing)
        #expect(store.load(id: "My Tool") == .missing)  // nothing comes back
        #expect(store.load(id: "my-tool") == .found(state))  // another id's file is left alone
        // A reset also removes a file a 2.2 still running wrote under the former name since.
        try state.json.write(toFile: directory + "/\(former).json", atomically: true, encoding: .utf8)
        #expect(try store.reset(id: "My Tool"))
        #expect(store.load(id: "My Tool") == .missing)
    }

    /// A read never changes the disk: load and holdsFile take a 2.2 file under its former
    /// name where it is; the next update, under the lock, moves it to its own name and
    /// writes the change there (issue 66, item 3).
    @Test func loadLeavesTheDirectoryAsItIsAndTheNextUpdateMovesTheFormerFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-store-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let store = SeenStateStore(directory: directory)
        let former = try #require(SeenStateStore.formerFileName(for: "My Tool"))
        try state.json.write(toFile: directory + "/\(former).json", atomically: true, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(store.load(id: "My Tool") == .found(state))
        #expect(store.holdsFile(id: "My Tool"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before, "a read renamed nothing")
        var seen: SeenState?
        try store.update(id: "My Tool") { value in
            seen = value
            value?.lastPage = 4
            return true
        }
        #expect(seen == state, "the update read the former file")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
        #expect(files == [SeenStateStore.fileName(for: "My Tool") + ".json"], "moved, not copied: \(files)")
        var changed = state
        changed.lastPage = 4
        #expect(store.load(id: "My Tool") == .found(changed))
    }

    /// The largest states the checks allow are written and read back: 1,000 tips with ids of
    /// 64 bytes that each take two in JSON, and versions of 64 bytes.
    @Test func theLargestLegalStatesAreReadBack() throws {
        let version = "1.0-" + String(repeating: "\"", count: Version.maximumLength - 4)
        #expect(Version(version) != nil)
        let tips = TipSet(tips: (0..<TipsDecoder.maximumTips).map { index in
            TipSet.Tip(key: String(index) + String(repeating: "\\", count: TipsDecoder.maximumTipIdBytes - String(index).utf8.count),
                       text: "Tip \(index).")
        })
        var tipsState = TipsState()
        tipsState.version = version
        tipsState.updatedFrom = version
        for index in tips.tips.indices { tipsState = TipRotation.recording(index, of: tips, in: tipsState, at: 1_000_000_000 + index) }
        #expect(tipsState.shown.count == TipsDecoder.maximumTips)
        let tipsStore = TipsStateStore(stateDirectory: directory)
        try tipsStore.save(tipsState, id: "largest")
        #expect(tipsState.json.utf8.count < 256 * 1024)
        #expect(tipsStore.load(id: "largest") == .found(tipsState))

        let seen = SeenState(outcome: .completed, version: version, lastPage: 999_999, seenAt: SeenStateStore.timestamp())
        let store = SeenStateStore(directory: directory)
        try store.save(seen, id: String(repeating: "日", count: 300))
        #expect(store.load(id: String(repeating: "日", count: 300)) == .found(seen))
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

    /// `update` changes a file under its lock: a change that waits for the lock sees what
    /// was written while it waited (issue 64, item 12).
    @Test func anUpdateWaitsForTheLockAndKeepsTheOtherChange() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tips = TipsStateStore(stateDirectory: directory)
        var shown = TipsState()
        shown.shownCount = 5
        try tips.save(TipsState(), id: "kettle")
        // Held by a start that is printing a tip: the off waits, then sees its write.
        let heldAndWritten = try tips.withLock(id: "kettle") { () throws(TourError) -> Bool in
            #expect(throws: StateWriteFailure.self) {
                try tips.update(id: "kettle", timeout: 0.05) { state in state?.off = true; return true }
            }
            try? tips.save(shown, id: "kettle")
            return true
        }
        #expect(heldAndWritten == true)
        try tips.update(id: "kettle") { state in state?.off = true; return true }
        guard case .found(let found) = tips.load(id: "kettle") else { Issue.record("no tips state"); return }
        #expect(found.off && found.shownCount == 5)
    }

    /// `changing` is the one locked read-modify-write that `update` and a tip's start share
    /// (issue 66, item 3): it hands over what was stored, writes what the body sets, keeps
    /// the body's result when the write fails, lets the body's own error through, and is
    /// nil when the lock is held elsewhere.
    @Test func changingHandsOverTheStateAndWritesWhatTheBodySets() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tips = TipsStateStore(stateDirectory: directory)
        let first = try tips.changing(id: "kettle") { (stored, write) throws(TourError) -> String in
            #expect(stored == .missing)
            var state = TipsState()
            state.shownCount = 1
            write = state
            return "shown"
        }
        #expect(first?.result == "shown" && first?.writeFailure == nil)
        let second = try tips.changing(id: "kettle") { (stored, _) throws(TourError) -> Int in
            guard case .found(let state) = stored else { return -1 }
            return state.shownCount
        }
        #expect(second?.result == 1)
        #expect(throws: TourError.self) {
            _ = try tips.changing(id: "kettle") { (_, _) throws(TourError) -> Int in throw TourError.usage("the body's own") }
        }
        let heldElsewhere = try tips.withLock(id: "kettle") { () throws(TourError) -> Bool in
            try tips.changing(id: "kettle", timeout: 0.05) { (_, _) throws(TourError) -> Int in 0 } == nil
        }
        #expect(heldElsewhere == true)
    }
}
