#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TourCore

/// Remembers, for each tour id, the latest answer to each of its questions: one small
/// JSON file per id in `answers/` under the seen-state directory, written atomically as
/// the seen states are. `tour --reset` removes it with the seen state.
package struct AnswersStore: Sendable {
    private let files: SeenStateStore

    /// The store beside the seen states in `stateDirectory`.
    package init(stateDirectory: String) {
        files = SeenStateStore(directory: FileSystem.join(stateDirectory, "answers"))
    }

    package enum LoadResult: Equatable, Sendable {
        case none
        case record(AnswerRecord)
        /// The file exists but cannot be used.
        case unusable(reason: String)
    }

    package func path(for id: String) -> String { files.path(for: id) }

    package func load(id: String) -> LoadResult {
        let path = path(for: id)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 256 * 1024)
        } catch {
            if error.isMissing { return .none }
            return .unusable(reason: "cannot read \(MessageText.path(path)): \(error.reason)")
        }
        guard let record = AnswerRecord.parse(bytes) else { return .unusable(reason: "\(MessageText.path(path)) is not an answers file; ignoring it") }
        return .record(record)
    }

    /// Lays a run's answers over what is kept; a file written by a newer `tour` is left alone.
    package func record(_ values: [String: String], version: String?, id: String) throws(SeenStateStore.WriteFailure) {
        var existing = AnswerRecord()
        if case .record(let found) = load(id: id) {
            guard found.format <= AnswerRecord.currentFormat else { return }
            existing = found
        }
        try files.writeAtomically(existing.merging(values, version: version, at: SeenStateStore.timestamp()).json, id: id)
    }

    /// Forgets every answer of `id`; true when there were some.
    @discardableResult
    package func reset(id: String) throws(SeenStateStore.WriteFailure) -> Bool {
        try files.reset(id: id)
    }
}

extension FileSystem {
    /// Writes `text` to `path` the way state files are written: a temporary file beside it,
    /// fsynced, renamed over it, so a reader sees the old file or the new one, never half.
    /// The reason when it could not.
    package static func writeAtomically(_ text: String, to path: String) -> String? {
        let directory = FileSystem.directory(of: path)
        let temporaryPath = FileSystem.join(directory, ".\(basename(path)).\(getpid()).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp")
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "cannot write \(MessageText.path(path)): \(describeErrno())" }
        var failure: String? = nil
        if !writeAll(Array(text.utf8), to: descriptor) { failure = describeErrno() }
        if failure == nil, fsync(descriptor) != 0 { failure = describeErrno() }
        close(descriptor)
        if failure == nil, rename(temporaryPath, path) != 0 { failure = describeErrno() }
        if let failure {
            unlink(temporaryPath)
            return "cannot write \(MessageText.path(path)): \(failure)"
        }
        return nil
    }

    private static func basename(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
