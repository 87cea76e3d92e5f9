#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
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

    /// The state file of an id.
    package func path(for id: String) -> String { files.path(for: id) }

    package func load(id: String) -> StoredState<TipsState> {
        files.moveFormerFile(id: id)
        return files.read(id: id, limit: 256 * 1024, kind: "a tips state file", parse: TipsState.parse)
    }

    /// Runs `body` holding the lock of `id`'s state, so that two starts at once cannot both
    /// find a tip due or both count from the same number (twenty at once lost 64 of 100
    /// counts). The lock is `flock` on `.ID.lock` beside the state, taken within `timeout`
    /// seconds; nil when it could not be had, and then the caller shows nothing. A process
    /// that dies lets go of it: the kernel drops the lock with the descriptor.
    package func withLock<Result>(id: String, timeout: Double = 1.0, _ body: () throws(TourError) -> Result) throws(TourError) -> Result? {
        let folder = FileSystem.directory(of: path(for: id))
        if !FileSystem.exists(folder) { try? files.makeDirectoryForWriting() }
        let lockPath = FileSystem.join(folder, "." + SeenStateStore.fileName(for: id) + ".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return try body() }  // a read-only state: nothing will be written either
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

    /// Records a state, atomically; a file written by a newer `tour` is left alone.
    package func save(_ state: TipsState, id: String) throws(SeenStateStore.WriteFailure) {
        if case .found(let existing) = load(id: id), existing.format > TipsState.currentFormat { return }
        try files.writeAtomically(state.json, id: id)
    }
}
