#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TourCore

/// A state file's value: what one JSON file per id holds, with the format number that
/// tells a file written by a newer `tour` (left alone) from one of ours.
package protocol StateFileValue: Sendable {
    /// The folder under the state directory its files are in; "" for the seen states.
    static var folder: String { get }
    /// What a file of it is, for "X is not a tour state file".
    static var kind: String { get }
    /// The largest file read.
    static var sizeLimit: Int { get }
    static var currentFormat: Int { get }
    var format: Int { get }
    /// The file's text.
    var json: String { get }
    /// Nil when the bytes are not such a file.
    static func parse(_ bytes: [UInt8]) -> Self?
}

extension SeenState: StateFileValue {
    package static var folder: String { "" }
    package static var kind: String { "a tour state file" }
    package static var sizeLimit: Int { 64 * 1024 }
}

extension TipsState: StateFileValue {
    package static var folder: String { "tips" }
    package static var kind: String { "a tips state file" }
    package static var sizeLimit: Int { 256 * 1024 }
}

extension AnswerRecord: StateFileValue {
    package static var folder: String { "answers" }
    package static var kind: String { "an answers file" }
    package static var sizeLimit: Int { 256 * 1024 }
}

/// Which tours a user has seen.
package typealias SeenStateStore = StateFile<SeenState>
/// For each tips file id, what `tour tip` showed and whether tips are off.
package typealias TipsStateStore = StateFile<TipsState>
/// For each tour id, the latest answer to each of its questions; `tour --reset` removes
/// it with the seen state.
package typealias AnswersStore = StateFile<AnswerRecord>

/// A state file that could not be written, and why.
package struct StateWriteFailure: Error, Equatable, Sendable {
    /// The path and the system's reason.
    package var reason: String
}

/// One small JSON file per id: the seen states in `$XDG_STATE_HOME/tour/` (by default
/// `~/.local/state/tour/`), the tips' and the answers' in `tips/` and `answers/` there,
/// so a tips id never shares a file with a tour of the same id.
///
/// Writes are atomic (a temporary file in the same directory, fsync, rename), so a
/// crash or twenty runs at once leave either the old file or a new one, never half of one.
/// Nothing here may stop a tour from showing: every fault comes back as a value.
package struct StateFile<Value: StateFileValue>: Sendable {
    package typealias WriteFailure = StateWriteFailure

    /// Where the files are.
    package let directory: String

    /// The files in `directory` itself.
    package init(directory: String) {
        self.directory = directory
    }

    /// The files of `Value` beside the seen states in `stateDirectory`.
    package init(stateDirectory: String) {
        directory = Value.folder.isEmpty ? stateDirectory : FileSystem.join(stateDirectory, Value.folder)
    }

    /// `$XDG_STATE_HOME/tour`, or `$HOME/.local/state/tour`. A relative XDG_STATE_HOME is
    /// ignored, as the XDG Base Directory spec says. Nil when neither gives an absolute path.
    package static func defaultDirectory(environment: (String) -> String?) -> String? {
        if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
            return FileSystem.join(state, "tour")
        }
        if let home = environment("HOME"), home.hasPrefix("/") {
            return FileSystem.join(home, ".local/state/tour")
        }
        return nil
    }

    /// The file name an id is kept under, one to one: an id that is already a plain name
    /// (a-z, 0-9, ".", "_", "-", no leading dot, at most 100 bytes) is its own name; any
    /// other gets a readable slug, "~" (which a plain name never has) and 128 bits of the
    /// SHA-256 of the exact id. So "My-Tool" and "my tool", two ids in Japanese and
    /// Chinese, or two ids made to collide, never share a file, and "../x" cannot leave
    /// the directory.
    package static func fileName(for id: String) -> String {
        if isPlainName(id) { return id }
        return slug(of: id) + "~" + String(SHA256.hex(id.utf8).prefix(32))
    }

    /// The name 2.1 and 2.2 gave an id that is not a plain name: the slug, "~" and a 32-bit
    /// FNV-1a hash, which hand-made ids could share. Nil for a plain id, whose name never changed.
    static func formerFileName(for id: String) -> String? {
        if isPlainName(id) { return nil }
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let hex = String(UInt32(truncatingIfNeeded: value ^ (value >> 32)), radix: 16)
        return slug(of: id) + "~" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    static func isPlainName(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 100, !id.hasPrefix(".") else { return false }
        return id.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
    }

    /// Lowercase, "-" for any run of other characters, no leading dot, at most 100 bytes.
    private static func slug(of id: String) -> String {
        var name = ""
        for scalar in id.lowercased().unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", ".", "_", "-": name.unicodeScalars.append(scalar)
            default: if !name.hasSuffix("-") { name += "-" }
            }
            if name.utf8.count >= 100 { break }
        }
        while name.hasPrefix(".") { name.removeFirst() }
        return name
    }

    /// The state file of a tour id.
    package func path(for id: String) -> String {
        FileSystem.join(directory, Self.fileName(for: id) + ".json")
    }

    /// Where 2.1 and 2.2 kept the state of an id that is not a plain name; nil for a plain id.
    func formerPath(for id: String) -> String? {
        Self.formerFileName(for: id).map { FileSystem.join(directory, $0 + ".json") }
    }

    /// The state 2.1 or 2.2 kept under its former name moves to its own name, once, on the
    /// next write (`save`, and so `update`), never on a read: the rename leaves nothing at
    /// the former name to move again, so a reset stays a reset. Only that name is taken. It
    /// carries a "~", which no plain id's file has, so it was written by one of those
    /// releases, for this id (or for one made to share its 32-bit hash, which nobody does by
    /// accident). Files of releases before 2.1, named by the slug alone, are never taken:
    /// "tour.json" or "my-tool.json" may as well be the state of the plain id "tour" or
    /// "my-tool", and a state cannot be told from another's.
    func moveFormerFile(id: String) {
        guard let former = formerPath(for: id), FileSystem.exists(former), !FileSystem.exists(path(for: id)) else { return }
        rename(former, path(for: id))
    }

    /// The file a read of `id` takes: its own, else the one 2.1 or 2.2 left under the former
    /// name and the next write moves (`moveFormerFile`). A read changes nothing on disk.
    func readablePath(for id: String) -> String {
        let own = path(for: id)
        guard !FileSystem.exists(own), let former = formerPath(for: id), FileSystem.exists(former) else { return own }
        return former
    }

    /// What was recorded for `id`; faults come back as `.unusable`, never thrown: the tour
    /// then shows as not seen, with the reason as a warning.
    package func load(id: String) -> StoredState<Value> {
        let path = readablePath(for: id)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: Value.sizeLimit)
        } catch {
            if error.isMissing { return .missing }
            return .unusable(reason: "cannot read \(MessageText.path(path)): \(error.reason)")
        }
        guard let value = Value.parse(bytes) else { return .unusable(reason: "\(MessageText.path(path)) is not \(Value.kind); ignoring it") }
        return .found(value)
    }

    /// Whether a file is kept for `id`, without reading it.
    package func holdsFile(id: String) -> Bool {
        FileSystem.exists(readablePath(for: id))
    }

    /// Records a value, atomically. A file written by a newer `tour`, in whatever layout,
    /// is never replaced: that is said, as a failure. Callers that read before they write
    /// do it in `update`, under the lock.
    package func save(_ value: Value, id: String) throws(WriteFailure) {
        moveFormerFile(id: id)
        if let newer = newerFormat(id: id) {
            throw WriteFailure(reason: "\(MessageText.path(path(for: id))) was written by a newer tour (format \(newer)); this one leaves it as it is")
        }
        try writeAtomically(value.json, id: id)
    }

    /// The one way to change a state file: under its lock, read what it holds (nil when
    /// nothing, or nothing this tour can read), change it, write it, so that two changes
    /// at once (a start that prints a tip and a `tour tip --off`) both stand. `change`
    /// returns false to write nothing. Fails when the lock is not had within `timeout`,
    /// when the file is a newer tour's, or when it cannot be written.
    package func update(id: String, timeout: Double = 2.0, _ change: (inout Value?) -> Bool) throws(WriteFailure) {
        let done = try? changing(id: id, timeout: timeout) { (stored, write) throws(TourError) in
            var value: Value? = nil
            if case .found(let found) = stored { value = found }
            if change(&value) { write = value }
        }
        guard let done else {
            throw WriteFailure(reason: "another tour held \(MessageText.path(path(for: id))) for \(Int(timeout)) seconds; nothing was changed")
        }
        if let failure = done.writeFailure { throw failure }
    }

    /// What `update` is made of, for a change that must know what the file held (found,
    /// missing, or there and unusable), may fail with a `TourError` of its own (the tips
    /// it reads), and has a result (the tip it showed): under the lock, `body` gets what
    /// was stored and sets `write` to what to record. Nil when the lock was not had within
    /// `timeout`; a write that failed comes back beside the result, which stands.
    package func changing<Result>(id: String, timeout: Double = 2.0,
                                  _ body: (StoredState<Value>, inout Value?) throws(TourError) -> Result)
        throws(TourError) -> (result: Result, writeFailure: WriteFailure?)? {
        try withLock(id: id, timeout: timeout) { () throws(TourError) -> (result: Result, writeFailure: WriteFailure?) in
            var write: Value? = nil
            let result = try body(load(id: id), &write)
            guard let write else { return (result, nil) }
            do throws(WriteFailure) {
                try save(write, id: id)
                return (result, nil)
            } catch {
                return (result, error)
            }
        }
    }

    /// The format `id`'s file says it is in, in whatever layout, when it is newer than this tour's.
    private func newerFormat(id: String) -> Int? {
        guard let bytes = try? FileSystem.read(path(for: id), limit: Value.sizeLimit),
              let format = StateFileObject(bytes)?.format, format > Value.currentFormat else { return nil }
        return format
    }

    /// Any text as the state file of `id`, the same way: a temporary file, fsync, rename.
    private func writeAtomically(_ text: String, id: String) throws(WriteFailure) {
        try makeDirectory(directory)
        removeStaleTemporaryFiles(id: id)
        // The temporary file is `.tour.PID.RANDOM.tmp`, what removeStaleTemporaryFiles looks for.
        if let failure = FileSystem.writeAtomically(text, to: path(for: id)) { throw WriteFailure(reason: failure) }
    }

    /// A run killed mid-write leaves its `.tour.PID.RANDOM.tmp` behind (before 2.7,
    /// `.ID.json.PID.RANDOM.tmp`); the next write removes those whose process is gone.
    private func removeStaleTemporaryFiles(id: String) {
        for prefix in [FileSystem.temporaryPrefix, ".\(Self.fileName(for: id)).json."] {
            for name in FileSystem.list(directory) where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
                let parts = name.dropFirst(prefix.count).split(separator: ".")
                guard parts.count == 3, let pid = Int32(parts[0]), pid != getpid() else { continue }
                if kill(pid, 0) != 0 && errno == ESRCH { unlink(FileSystem.join(directory, name)) }
            }
        }
    }

    /// Forgets a tour, for good: its file, and a file under the name 2.1 or 2.2 gave it, so
    /// nothing is read or moved back later. True when there was a record to forget.
    @discardableResult
    package func reset(id: String) throws(WriteFailure) -> Bool {
        var forgot = false
        for path in [formerPath(for: id), path(for: id)].compactMap({ $0 }) {
            if unlink(path) == 0 { forgot = true; continue }
            if errno == ENOENT { continue }
            throw WriteFailure(reason: "cannot remove \(MessageText.path(path)): \(FileSystem.describeErrno())")
        }
        return forgot
    }

    /// Runs `body` holding the lock of `id`'s file, so that two starts at once cannot both
    /// find a tip due or both count from the same number (twenty at once lost 64 of 100
    /// counts). The lock is `flock` on `.ID.lock` beside the file, taken within `timeout`
    /// seconds; nil when it could not be had, and then the caller shows nothing. A process
    /// that dies lets go of it: the kernel drops the lock with the descriptor.
    package func withLock<Result>(id: String, timeout: Double = 1.0, _ body: () throws(TourError) -> Result) throws(TourError) -> Result? {
        // A folder that cannot be made is a read-only state: the lock cannot be had, and
        // nothing will be written either.
        if !FileSystem.exists(directory) { try? makeDirectory(directory) }
        let lockPath = FileSystem.join(directory, "." + Self.fileName(for: id) + ".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }
        defer { close(descriptor) }
        var waited = 0.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else { return nil }
            usleep(5_000)
            waited += 0.005
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Why nothing can be recorded for `id` here (the folder cannot be made, or no file can
    /// be made in it: a read-only file system, a HOME that is a file), or nil when it can.
    /// Makes the folder and `id`'s lock file, as the next write would.
    package func writeProblem(id: String) -> String? {
        do throws(WriteFailure) {
            try makeDirectory(directory)
        } catch {
            // "cannot create …/tour: Read-only file system"; the folder that is in the way by name.
            return error.reason.hasPrefix("cannot create ") ? error.reason : "cannot create \(MessageText.path(directory)): \(error.reason)"
        }
        let lockPath = FileSystem.join(directory, "." + Self.fileName(for: id) + ".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot write in \(MessageText.path(directory)): \(FileSystem.describeErrno())" }
        close(descriptor)
        return nil
    }

    /// `mkdir -p`, the last level with mode 0700 (the state is the user's own business).
    private func makeDirectory(_ path: String) throws(WriteFailure) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else { throw WriteFailure(reason: "\(MessageText.path(path)) is not a directory") }
            return
        }
        let parent = FileSystem.directory(of: path)
        if parent != path, parent != "/", parent != "." { try makeDirectory(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw WriteFailure(reason: "cannot create \(MessageText.path(path)): \(FileSystem.describeErrno())")
        }
    }

    /// Now, as an ISO 8601 UTC timestamp.
    package static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

/// What a state file holds for an id.
package enum StoredState<Value> {
    /// Nothing was recorded.
    case missing
    case found(Value)
    /// The file exists but cannot be used, and why, naming the file.
    case unusable(reason: String)
}

extension StoredState: Equatable where Value: Equatable {}
extension StoredState: Sendable where Value: Sendable {}

extension StateFile where Value == AnswerRecord {
    /// Lays a run's answers over what is kept; a file written by a newer `tour` is left alone.
    package func record(_ values: [String: String], version: String?, id: String) throws(WriteFailure) {
        try update(id: id) { record in
            record = (record ?? AnswerRecord()).merging(values, version: version, at: Self.timestamp())
            return true
        }
    }
}
