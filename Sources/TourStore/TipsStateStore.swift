import TourCore

/// Remembers, for each tips file id, what `tour tip` showed and whether tips are off: one
/// small JSON file per id in `tips/` under the seen-state directory, so a tips id never
/// shares a file with a tour of the same id. Written atomically, as tour states are.
package struct TipsStateStore: Sendable {
    private let files: SeenStateStore

    /// The store beside the seen states in `stateDirectory`.
    package init(stateDirectory: String) {
        files = SeenStateStore(directory: FileSystem.join(stateDirectory, "tips"))
    }

    package enum LoadResult: Equatable, Sendable {
        case none
        case state(TipsState)
        /// The file exists but cannot be used; tips go on as if nothing was shown.
        case unusable(reason: String)
    }

    /// The state file of an id.
    package func path(for id: String) -> String { files.path(for: id) }

    package func load(id: String) -> LoadResult {
        files.moveFormerFile(id: id)
        let path = path(for: id)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 256 * 1024)
        } catch {
            if error.isMissing { return .none }
            return .unusable(reason: "cannot read \(MessageText.path(path)): \(error.reason)")
        }
        guard let state = TipsState.parse(bytes) else {
            return .unusable(reason: "\(MessageText.path(path)) is not a tips state file; ignoring it")
        }
        return .state(state)
    }

    /// Records a state, atomically; a file written by a newer `tour` is left alone.
    package func save(_ state: TipsState, id: String) throws(SeenStateStore.WriteFailure) {
        if case .state(let existing) = load(id: id), existing.format > TipsState.currentFormat { return }
        try files.writeAtomically(state.json, id: id)
    }
}
