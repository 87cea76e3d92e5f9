import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// Tells when any of some files changes on disk, however an editor saves it: written in
/// place, or written anew and renamed over the old one (as vim and most editors do).
/// It watches the files' directories with inotify, so it costs nothing while nothing changes.
package final class FileWatcher {
    /// The descriptor to poll; readable when something changed.
    package let descriptor: Int32
    private var watched: [Int32: Set<String>] = [:]

    /// A watcher of these files; nil when inotify is not available.
    package init?(paths: [String]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        watch(paths)
    }

    deinit {
        close(descriptor)
    }

    /// Watches these files (their directories), in place of what was watched before.
    /// Each directory is watched in its parent too, up to the first file's directory, so
    /// an art folder that is deleted and made again is noticed: the way back to the art.
    /// A directory watched before keeps its watch (adding it again returns the same one),
    /// so no event falls into a gap between removing a watch and adding it back.
    package func watch(_ paths: [String]) {
        var byDirectory: [String: Set<String>] = [:]
        let top = paths.first.map(Self.split)?.directory ?? "."
        for path in paths {
            var (directory, name) = Self.split(path)
            byDirectory[directory, default: []].insert(name)
            // The folders between the tour's own and the file: "art" in "tour/", for "tour/art/logo.txt".
            while directory != top, directory.hasPrefix(top == "." ? "" : top + "/"), directory != "/", directory != "." {
                (directory, name) = Self.split(directory)
                byDirectory[directory, default: []].insert(name)
            }
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
        var next: [Int32: Set<String>] = [:]
        for (directory, names) in byDirectory {
            let watch = RawBytes.withCString(directory) { inotify_add_watch(descriptor, $0, mask) }
            if watch >= 0 { next[watch, default: []].formUnion(names) }
        }
        for (watch, _) in watched where next[watch] == nil { inotify_rm_watch(descriptor, watch) }
        watched = next
    }

    /// "dir/name" → ("dir", "name"); a bare name is in ".".
    private static func split(_ path: String) -> (directory: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return (directory, name)
    }

    /// Reads the pending events; true if one of the watched files was touched.
    package func drainEvents() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return changed }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + nameLength)].prefix { $0 != 0 }
                let name = RawBytes.decode(nameBytes)
                if watched[watch]?.contains(name) == true { changed = true }
                offset = nameStart + nameLength
            }
        }
    }
}
