#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TourCore

/// Remembers which tours a user has seen: one small JSON file per tour id in
/// `$XDG_STATE_HOME/tour/` (by default `~/.local/state/tour/`).
///
/// Writes are atomic (a temporary file in the same directory, fsync, rename), so a
/// crash or twenty runs at once leave either the old file or a new one, never half of one.
/// Nothing here may stop a tour from showing: every fault comes back as a value.
package struct SeenStateStore: Sendable {
    /// Where the state files are.
    package let directory: String

    /// A store in `directory`, made when first written to.
    package init(directory: String) {
        self.directory = directory
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

    /// The state 2.1 or 2.2 kept under its former name moves to its own name, once: the
    /// rename leaves nothing at the former name to move again, so a reset stays a reset.
    /// Only that name is taken. It carries a "~", which no plain id's file has, so it was
    /// written by one of those releases, for this id (or for one made to share its 32-bit
    /// hash, which nobody does by accident). Files of releases before 2.1, named by the
    /// slug alone, are never taken: "tour.json" or "my-tool.json" may as well be the state
    /// of the plain id "tour" or "my-tool", and a state cannot be told from another's.
    package func moveFormerFile(id: String) {
        guard let former = formerPath(for: id), FileSystem.exists(former), !FileSystem.exists(path(for: id)) else { return }
        rename(former, path(for: id))
    }

    /// What was recorded for `id`; faults come back as `.unusable`, never thrown: the tour
    /// then shows as not seen, with the reason as a warning.
    package func load(id: String) -> StoredState<SeenState> {
        moveFormerFile(id: id)
        return read(id: id, limit: 64 * 1024, kind: "a tour state file", parse: SeenState.parse)
    }

    /// The file of `id`, at most `limit` bytes, parsed; `kind` names what it should have been.
    package func read<State>(id: String, limit: Int, kind: String, parse: ([UInt8]) -> State?) -> StoredState<State> {
        let path = path(for: id)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: limit)
        } catch {
            if error.isMissing { return .missing }
            return .unusable(reason: "cannot read \(MessageText.path(path)): \(error.reason)")
        }
        guard let state = parse(bytes) else { return .unusable(reason: "\(MessageText.path(path)) is not \(kind); ignoring it") }
        return .found(state)
    }

    /// A state that could not be written, and why.
    package struct WriteFailure: Error, Equatable, Sendable {
        /// The path and the system's reason.
        package var reason: String
    }

    /// Records a state, atomically. Refuses to overwrite a file written by a newer `tour`.
    package func save(_ state: SeenState, id: String) throws(WriteFailure) {
        if case .found(let existing) = load(id: id), existing.format > SeenState.currentFormat {
            return  // a newer tour owns this file; leave it be
        }
        try writeAtomically(state, id: id)
    }

    /// A temporary file in the same directory, fsynced, then renamed over the state file.
    private func writeAtomically(_ state: SeenState, id: String) throws(WriteFailure) {
        try writeAtomically(state.json, id: id)
    }

    /// Any text as the state file of `id`, the same way: a temporary file, fsync, rename.
    package func writeAtomically(_ text: String, id: String) throws(WriteFailure) {
        try makeDirectory(directory)
        removeStaleTemporaryFiles(id: id)
        // The temporary file is `.ID.json.PID.RANDOM.tmp`, what removeStaleTemporaryFiles looks for.
        if let failure = FileSystem.writeAtomically(text, to: path(for: id)) { throw WriteFailure(reason: failure) }
    }

    /// A run killed mid-write leaves its `.ID.json.PID.RANDOM.tmp` behind; the next write
    /// removes those whose process is gone.
    private func removeStaleTemporaryFiles(id: String) {
        let prefix = ".\(Self.fileName(for: id)).json."
        for name in FileSystem.list(directory) where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let parts = name.dropFirst(prefix.count).split(separator: ".")
            guard parts.count == 3, let pid = Int32(parts[0]), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(FileSystem.join(directory, name)) }
        }
    }

    /// Forgets a tour, for good: its file, and a file under the name 2.1 or 2.2 gave it, so
    /// nothing is moved back on the next load. True when there was a record to forget.
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

    /// Makes the store's directory, as a write would.
    package func makeDirectoryForWriting() throws(WriteFailure) {
        try makeDirectory(directory)
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

/// What a store has for an id: the tours', the tips' and the answers' stores all answer so.
package enum StoredState<Value> {
    /// Nothing was recorded.
    case missing
    case found(Value)
    /// The file exists but cannot be used, and why, naming the file.
    case unusable(reason: String)
}

extension StoredState: Equatable where Value: Equatable {}
extension StoredState: Sendable where Value: Sendable {}
