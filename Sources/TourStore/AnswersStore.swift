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

    package func path(for id: String) -> String { files.path(for: id) }

    package func load(id: String) -> StoredState<AnswerRecord> {
        files.read(id: id, limit: 256 * 1024, kind: "an answers file", parse: AnswerRecord.parse)
    }

    /// Lays a run's answers over what is kept; a file written by a newer `tour` is left alone.
    package func record(_ values: [String: String], version: String?, id: String) throws(SeenStateStore.WriteFailure) {
        var existing = AnswerRecord()
        if case .found(let found) = load(id: id) {
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
