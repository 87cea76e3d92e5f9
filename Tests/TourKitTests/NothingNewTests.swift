import Testing
import TourCore
import TourKit
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// The call a tool makes on every start: deciding "nothing new" from the top of the file
/// (its id and version) must give exactly the answer that reading the whole tour gives.
@Suite("Nothing new, from the tour's head")
struct NothingNewTests {
    static func seen(_ version: String?) -> SeenState {
        SeenState(outcome: .completed, version: version, lastPage: 2, seenAt: "2026-01-01T00:00:00Z")
    }

    /// A JSON tour: three welcome pages, then pages new in the versions given.
    static func json(id: String? = "mytool", version: String?, newPages: [String] = [], pagesFirst: Bool = false) -> [UInt8] {
        var pages = ["{\"title\": \"One\"}", "{\"title\": \"Two\", \"hero\": [\"{ \\\"id\\\": 1 }\"]}", "{\"title\": \"Three\"}"]
        pages += newPages.map { "{\"title\": \"New in \($0)\", \"since\": \"\($0)\"}" }
        var fields: [String] = []
        if let id { fields.append("\"id\": \"\(id)\"") }
        if let version { fields.append("\"version\": \"\(version)\"") }
        let pagesField = "\"pages\": [\(pages.joined(separator: ", "))]"
        if pagesFirst { fields.insert(pagesField, at: 0) } else { fields.append(pagesField) }
        return Array("{\(fields.joined(separator: ",\n"))}\n".utf8)
    }

    static func markdown(version: String?, newPages: [String] = []) -> [UInt8] {
        var text = "---\nid: mytool\n" + (version.map { "version: \"\($0)\"\n" } ?? "") + "---\n\n# One\n\n# Two\n\n# Three\n"
        for since in newPages { text += "\n# New in \(since)\n<!-- since: \(since) -->\n" }
        return Array(text.utf8)
    }

    /// Both ways of answering, for one tour and one state.
    static func answers(_ bytes: [UInt8], markdown: Bool = false, lastSeen: SeenState?) throws -> (head: TourHead, fromHead: Bool, pagesFromFullLoad: [Int], full: Tour) {
        let full = try TourLoader.decode(bytes, fileName: markdown ? "mytool.md" : "mytool.json", markdown: markdown, findArt: { _ in nil })
        let head = try #require(TourLoader.head(bytes: bytes, fileName: markdown ? "mytool.md" : "mytool.json", markdown: markdown))
        let plan = RunPlan(tour: full, selection: .whatsNew(lastSeen: lastSeen))
        return (head, WhatsNew.nothingCanBeNew(tourVersion: head.version, lastSeen: lastSeen), plan.pages, full)
    }

    /// The what's-new cases: whenever the head says nothing is new, the full load shows
    /// nothing; whenever it cannot say, the full load is what runs (so it is the answer).
    @Test(arguments: [false, true])
    func theHeadAnswersAsTheFullLoadDoes(markdown: Bool) throws {
        func tour(_ version: String?, _ newPages: [String] = []) -> [UInt8] {
            markdown ? Self.markdown(version: version, newPages: newPages) : Self.json(version: version, newPages: newPages)
        }
        let cases: [(name: String, bytes: [UInt8], lastSeen: SeenState?, nothingNew: Bool, fullShows: [Int])] = [
            ("fresh install", tour("2.0", ["2.0"]), nil, false, [0, 1, 2]),
            ("same version", tour("2.0", ["2.0"]), Self.seen("2.0"), true, []),
            ("same version, written 2.0.0", tour("2.0.0", ["2.0"]), Self.seen("2.0"), true, []),
            ("newer version with new pages", tour("3.0", ["2.0", "3.0"]), Self.seen("2.0"), false, [4]),
            ("newer version, no new pages", tour("3.0", ["2.0"]), Self.seen("2.0"), false, []),
            ("older version", tour("1.0"), Self.seen("2.0"), true, []),
            ("no version, seen", tour(nil), Self.seen(nil), true, []),
            ("no version, seen when it had one", tour(nil), Self.seen("2.0"), true, []),
            ("versioned now, seen without one", tour("2.0", ["2.0"]), Self.seen(nil), false, [3]),
        ]
        for item in cases {
            let answer = try Self.answers(item.bytes, markdown: markdown, lastSeen: item.lastSeen)
            #expect(answer.fromHead == item.nothingNew, "\(item.name)")
            #expect(answer.pagesFromFullLoad == item.fullShows, "\(item.name)")
            if answer.fromHead { #expect(answer.pagesFromFullLoad.isEmpty, "\(item.name): the head said nothing is new") }
            #expect(answer.head.id == answer.full.id, "\(item.name)")
            #expect(answer.head.version == answer.full.version, "\(item.name)")
        }
    }

    /// The file was rewritten (pages added, removed, retitled) without a new version: seen is seen.
    @Test func aFileChangedInPlaceWithoutANewVersionIsStillSeen() throws {
        let before = try Self.answers(Self.json(version: "2.0", newPages: ["2.0"]), lastSeen: Self.seen("2.0"))
        let after = try Self.answers(Self.json(version: "2.0", newPages: ["1.5", "2.0", "2.0"]), lastSeen: Self.seen("2.0"))
        #expect(before.fromHead && after.fromHead)
        #expect(before.pagesFromFullLoad.isEmpty && after.pagesFromFullLoad.isEmpty)
    }

    /// After an update that added nothing, the record moves to the new version; from then on
    /// the head answers, and a person who was at 2.0 sees what one who installed 3.0 sees.
    @Test func anUpdateWithNothingNewRecordsTheNewVersion() throws {
        let bytes = Self.json(version: "3.0", newPages: ["2.0"])
        let full = try TourLoader.decode(bytes, fileName: "mytool.json")
        let plan = RunPlan(tour: full, selection: .whatsNew(lastSeen: Self.seen("2.0")))
        let record = try #require(plan.recordOfNothingNew)
        #expect(record == SeenState(outcome: .completed, version: "3.0", lastPage: 2, seenAt: "2026-01-01T00:00:00Z"))
        #expect(WhatsNew.nothingCanBeNew(tourVersion: "3.0", lastSeen: record))
        #expect(RunPlan(tour: full, selection: .whatsNew(lastSeen: record)).isEmpty)
        // Nothing to record when the plan shows pages, on a first run, or at the same version.
        #expect(RunPlan(tour: full, selection: .whatsNew(lastSeen: Self.seen("1.0"))).recordOfNothingNew == nil)
        #expect(RunPlan(tour: full, selection: .whatsNew(lastSeen: nil)).recordOfNothingNew == nil)
        #expect(RunPlan(tour: full, selection: .whatsNew(lastSeen: Self.seen("3.0"))).recordOfNothingNew == nil)
        #expect(RunPlan(tour: full, selection: .everyPage).recordOfNothingNew == nil)
    }

    @Test func theScanFindsTopLevelKeysOnly() {
        let keys = ["id", "version"]
        // Pages first, with "id" and "version" inside them, braces and escaped quotes in strings.
        let text = #"{"pages": [{"id": "inner", "title": "a } ] \" { [", "n": [1, 2.5e3, true, null, {"version": "9"}]}], "version": "2.1", "id": "caf\u00e9"}"#
        #expect(JSONParser.topLevelStrings(Array(text.utf8), keys: keys) == .found(["id": "café", "version": "2.1"]))
        // No id: the object's end says so.
        #expect(JSONParser.topLevelStrings(Array(#"{"version": "1", "pages": []}"#.utf8), keys: keys) == .found(["version": "1"]))
        #expect(JSONParser.topLevelStrings(Array("\u{FEFF} {}".utf8), keys: keys) == .found([:]))
        // Found before the end: the rest is never read.
        #expect(JSONParser.topLevelStrings(Array(#"{"id": "a", "version": "1", "pages": [ garbage"#.utf8), keys: keys) == .found(["id": "a", "version": "1"]))
        // Cut short: more bytes are needed, wherever the cut falls.
        let whole = Array(#"{"pages": [{"title": "x\"y", "hero": ["{"]}], "id": "a", "version": "1"}"#.utf8)
        for cut in 0..<whole.count - 1 {
            let scan = JSONParser.topLevelStrings(Array(whole[..<cut]), keys: keys)
            #expect(scan == .needsMoreBytes || scan == .found(["id": "a"]), "cut at \(cut)")
        }
        // Not a shape it can read: only the full parse can say what is wrong.
        for broken in [#"["id"]"#, #"{"id": 5}"#, #"{"id": "a", "id": "b", "version": "1"}"#, #"{"pages": ]], "id": "a"}"#, #"{id: "a"}"#] {
            #expect(JSONParser.topLevelStrings(Array(broken.utf8), keys: keys) == .undecided, "\(broken)")
        }
    }

    @Test func theFrontMatterIsReadAsTheParserReadsIt() {
        let keys = ["id", "version"]
        let text = "---\r\nid: 'my tool'\r\n# a comment\r\nversion: 2.1\r\nnext: Onward\r\n---\r\n\n# One\n"
        #expect(MarkdownTourParser.frontMatterStrings(Array(text.utf8), keys: keys) == .found(["id": "my tool", "version": "2.1"]))
        #expect(MarkdownTourParser.frontMatterStrings(Array("# One\nSubtitle\n".utf8), keys: keys) == .found([:]))
        #expect(MarkdownTourParser.frontMatterStrings(Array("---\nid: a\n".utf8), keys: keys) == .needsMoreBytes)
        #expect(MarkdownTourParser.frontMatterStrings(Array("---\nid: a\nid: b\n---\n".utf8), keys: keys) == .undecided)
    }

    /// The `tour` command's start reads a file's top first: its head is what the whole
    /// file says, and its load gives the tour `Tour(contentsOfFile:)` gives. A file with a
    /// mistake has a head (the state can be read) but no tour: the load throws, as the
    /// initializer does, at the mistake's line and column.
    @Test func anUnreadTourIsTheTourOnceRead() throws {
        var template = Array("/tmp/tour-unread-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let path = directory + "/mytool.json"
        #expect(FileSystem.writeAtomically(String(decoding: Self.json(version: "2.0", newPages: ["2.0"]), as: UTF8.self), to: path) == nil)
        let unread = try UnreadTour.file(path: path)
        #expect(unread.head == TourHead(id: "mytool", version: "2.0"))
        let loaded = try unread.load()
        #expect(loaded == (try Tour(contentsOfFile: path)))
        #expect(loaded.pages.count == 4 && loaded.pages[3].title == "New in 2.0")
        let brokenPath = directory + "/x.json"
        #expect(FileSystem.writeAtomically(#"{"id": "x", "version": "1.0", "pages": [{"titel": "One"}]}"#, to: brokenPath) == nil)
        let broken = try UnreadTour.file(path: brokenPath)
        #expect(broken.head == TourHead(id: "x", version: "1.0"))
        var errors: [TourError] = []
        do { _ = try broken.load() } catch { errors.append(error) }
        do { _ = try Tour(contentsOfFile: brokenPath) } catch { errors.append(error) }
        #expect(errors.count == 2)
        for error in errors {
            #expect(error.description.hasPrefix(brokenPath + ":1:42: "), "\(error)")
            #expect(error.description.contains("did you mean \"title\"?"))
        }
        // A run that is not `once` reads the file whole and no head: the same tour, the
        // same error at the same place, and a missing file still fails before the load.
        let whole = try UnreadTour.file(path: path, readingHead: false)
        #expect(whole.head == nil)
        #expect(try whole.load() == loaded)
        var wholeError: TourError? = nil
        do { _ = try UnreadTour.file(path: brokenPath, readingHead: false).load() } catch { wholeError = error }
        #expect(wholeError?.description == errors.first?.description)
        var missing: TourError? = nil
        do { _ = try UnreadTour.file(path: directory + "/absent.json", readingHead: false) } catch { missing = error }
        #expect(missing?.description.hasPrefix(directory + "/absent.json") == true, "\(String(describing: missing))")
    }
}
