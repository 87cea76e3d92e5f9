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
    /// other gets a readable slug, "~" (which a plain name never has) and a hash of the
    /// exact id. So "My-Tool" and "my tool", or two ids in Japanese and Chinese, never
    /// share a file, and "../x" cannot leave the directory.
    package static func fileName(for id: String) -> String {
        if isPlainName(id) { return id }
        return slug(of: id) + "~" + hash(of: id)
    }

    /// What releases before 2.1 named the file: the slug alone, which several ids could share.
    static func legacyFileName(for id: String) -> String {
        let slug = slug(of: id)
        return slug.isEmpty || slug == "-" ? "tour" : slug
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

    /// FNV-1a of the id's UTF-8 bytes, as 8 hex digits: stable across runs and builds.
    private static func hash(of id: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let folded = UInt32(truncatingIfNeeded: value ^ (value >> 32))
        let hex = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The state file of a tour id.
    package func path(for id: String) -> String {
        FileSystem.join(directory, Self.fileName(for: id) + ".json")
    }

    /// A state kept under the name an older release gave it is copied to its own name,
    /// once, so nobody sees a tour again because of the upgrade. Copied, not moved: an old
    /// name could be shared ("my-tool" for "my-tool" and "My Tool"), and whose it was cannot
    /// be known, so every id that mapped to it keeps it, as before the upgrade.
    private func copyLegacyFile(id: String) {
        let legacy = FileSystem.join(directory, Self.legacyFileName(for: id) + ".json")
        guard legacy != path(for: id), !FileSystem.exists(path(for: id)),
              let bytes = try? FileSystem.read(legacy, limit: 64 * 1024), let state = SeenState.parse(bytes) else { return }
        try? writeAtomically(state, id: id)
    }

    /// What the store knows of a tour.
    package enum LoadResult: Equatable, Sendable {
        case notSeen
        case seen(SeenState)
        /// The file exists but cannot be used; the tour shows as not seen, with this warning.
        case unusable(reason: String)
    }

    /// What was recorded for `id`; faults come back as `.unusable`, never thrown.
    package func load(id: String) -> LoadResult {
        copyLegacyFile(id: id)
        let path = path(for: id)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 64 * 1024)
        } catch {
            if error.isMissing { return .notSeen }
            return .unusable(reason: "cannot read \(MessageText.path(path)): \(error.reason)")
        }
        guard let state = SeenState.parse(bytes) else {
            return .unusable(reason: "\(MessageText.path(path)) is not a tour state file; ignoring it")
        }
        return .seen(state)
    }

    /// A state that could not be written, and why.
    package struct WriteFailure: Error, Equatable, Sendable {
        /// The path and the system's reason.
        package var reason: String
    }

    /// Records a state, atomically. Refuses to overwrite a file written by a newer `tour`.
    package func save(_ state: SeenState, id: String) throws(WriteFailure) {
        if case .seen(let existing) = load(id: id), existing.format > SeenState.currentFormat {
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
        let finalPath = path(for: id)
        let random = UInt64.random(in: 0...UInt64.max)
        let temporaryPath = FileSystem.join(directory, ".\(Self.fileName(for: id)).json.\(getpid()).\(String(random, radix: 36)).tmp")
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw WriteFailure(reason: "cannot write \(MessageText.path(temporaryPath)): \(FileSystem.describeErrno())") }
        var failure: String? = nil
        if !FileSystem.writeAll(Array(text.utf8), to: descriptor) { failure = FileSystem.describeErrno() }
        if failure == nil, fsync(descriptor) != 0 { failure = FileSystem.describeErrno() }
        close(descriptor)
        if failure == nil, rename(temporaryPath, finalPath) != 0 { failure = FileSystem.describeErrno() }
        if let failure {
            unlink(temporaryPath)
            throw WriteFailure(reason: "cannot write \(MessageText.path(finalPath)): \(failure)")
        }
        // Make the rename itself durable.
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
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

    /// Forgets a tour; true when there was a record to forget.
    @discardableResult
    package func reset(id: String) throws(WriteFailure) -> Bool {
        if unlink(path(for: id)) == 0 { return true }
        if errno == ENOENT { return false }
        throw WriteFailure(reason: "cannot remove \(MessageText.path(path(for: id))): \(FileSystem.describeErrno())")
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
