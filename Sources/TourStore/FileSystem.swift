#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TourCore

/// The file operations the store needs (reading tours and art, the state files), on
/// POSIX calls directly so that nothing pulls in Foundation.
package enum FileSystem {
    /// A file that could not be read, and why.
    package struct Failure: Error, Equatable {
        /// What went wrong, in words.
        package var reason: String
        /// The file is there but over the size limit: bad content rather than unreadable.
        package var isTooLarge = false
        /// The errno behind it; 0 for the reasons this code gives itself.
        package var errorNumber: Int32 = 0

        /// The file is not there.
        package var isMissing: Bool { errorNumber == ENOENT }

        /// The current errno, in words and as its number.
        static func fromErrno() -> Failure {
            let code = errno
            return Failure(reason: describeErrno(), errorNumber: code)
        }
    }

    /// Reads a whole regular file, refusing anything larger than `limit` bytes, and
    /// anything that is not a regular file: a FIFO, a terminal or /dev/stdin would block
    /// or read keystrokes. The open itself cannot block (O_NONBLOCK), and is checked with
    /// fstat before a byte is read.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        try read(path, limit: limit, upTo: Int.max).bytes
    }

    /// The first `count` bytes of what `read` reads, after the same checks (so the same
    /// failures), and whether they are the whole file.
    package static func read(_ path: String, limit: Int, upTo count: Int) throws(Failure) -> (bytes: [UInt8], isWhole: Bool) {
        let descriptor = RawBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { throw Failure.fromErrno() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure.fromErrno() }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(reason: "is a directory")
        default: throw Failure(reason: "is not a regular file")
        }
        if Int(status.st_size) > limit {
            throw Failure(reason: "file is larger than the limit of \(describeSize(limit))", isTooLarge: true)
        }
        // Straight into the result, as much as the size says (and one byte more, to see
        // the end): a 4 MiB tour is not copied through a buffer.
        var failure: Failure? = nil
        var atEnd = false
        let expected = min(count, Int(status.st_size) + 1)
        var result = [UInt8](unsafeUninitializedCapacity: expected) { storage, initialized in
            while initialized < expected {
                let read = posixRead(descriptor, storage.baseAddress! + initialized, expected - initialized)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = Failure.fromErrno()
                    return
                }
                if read == 0 {
                    atEnd = true
                    return
                }
                initialized += read
            }
        }
        if let failure { throw failure }
        if result.count > limit {
            throw Failure(reason: "file is larger than the limit of \(describeSize(limit))", isTooLarge: true)
        }
        if atEnd { return (result, true) }
        // `count` bytes read; whether more follow is not known without another read. (No
        // buffer for the loop below: zeroing 16 KiB cost the `--once` start 4 page faults.)
        if result.count >= count { return (result, false) }
        // The size was not the whole story (a special file, or one growing): go on in pieces.
        var buffer = [UInt8](repeating: 0, count: min(64 * 1024, max(count, 1)))
        while result.count < count {
            let wanted = min(buffer.count, count - result.count)
            let read = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, wanted) }
            if read < 0 {
                if errno == EINTR { continue }
                throw Failure.fromErrno()
            }
            if read == 0 { return (result, true) }
            result.append(contentsOf: buffer[0..<read])
            // Special files can report a small size and then stream forever.
            if result.count > limit {
                throw Failure(reason: "file is larger than the limit of \(describeSize(limit))", isTooLarge: true)
            }
        }
        // `count` bytes read; whether more follow is not known without another read.
        return (result, false)
    }

    /// "4 MiB", "64 KiB", "512 bytes".
    package static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// `relative` inside `directory`, every symbolic link followed, or nil when it leaves
    /// the directory (an absolute path, a "..", a link that points out) or does not exist.
    package static func resolve(_ relative: String, inside directory: String) -> String? {
        guard !relative.hasPrefix("/"), let root = realPath(directory), let target = realPath(join(directory, relative)) else { return nil }
        return target == root || target.hasPrefix(root == "/" ? "/" : root + "/") ? target : nil
    }

    /// realpath(3): the absolute path with every link and ".." resolved; nil when missing.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = RawBytes.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawBytes.decode(UnsafeBufferPointer(start: resolved, count: strlen(resolved)).map { UInt8(bitPattern: $0) })
    }

    /// The current errno in words, short for the common cases.
    package static func describeErrno() -> String {
        let code = errno
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        default: return String(cString: strerror(code))
        }
    }

    /// True when something is at `path`.
    /// Whether `path` names something other than a regular file: a directory, a device
    /// (/dev/null), a FIFO. False when nothing is there.
    package static func isSpecial(_ path: String) -> Bool {
        var status = stat()
        guard RawBytes.withCString(path, { stat($0, &status) }) == 0 else { return false }
        return status.st_mode & S_IFMT != S_IFREG
    }

    package static func exists(_ path: String) -> Bool {
        RawBytes.withCString(path) { access($0, F_OK) } == 0
    }

    /// The names in a directory (no "." or ".."); empty when it cannot be read.
    package static func list(_ directory: String) -> [String] {
        guard let handle = RawBytes.withCString(directory, { opendir($0) }) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                RawBytes.decode(raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The directory part of a path, "." when there is none.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Joins a relative path onto a directory; absolute paths stand alone.
    package static func join(_ directory: String, _ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if directory == "." { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}

extension FileSystem {
    /// Writes every byte, retrying short writes and interruptions; false when the
    /// descriptor refuses (a full disk, a closed pipe, a terminal that hung up).
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                // A parent (Node, for one) may leave the descriptor non-blocking: wait until
                // it takes more, rather than spin on EAGAIN.
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    guard waitUntilWritable(descriptor) else { return false }
                    continue
                }
                return false
            }
            if count == 0 { return false }
            offset += count
        }
        return true
    }

    /// Sleeps until `descriptor` can take more bytes; false when it never will (hung up).
    private static func waitUntilWritable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while true {
            let ready = poll(&entry, 1, -1)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && entry.revents & Int16(POLLERR | POLLNVAL) == 0
        }
    }

    /// Sleeps until `descriptor` has bytes to read (or is at its end); false on an error.
    package static func waitUntilReadable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, -1)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && entry.revents & Int16(POLLNVAL) == 0
        }
    }
}

/// `read(2)`, named apart from `FileSystem.read` so the call inside it is unambiguous.
@inline(__always)
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

extension FileSystem {
    /// Writes `text` to `path` the way state files are written: `.tour.PID.RANDOM.tmp` beside
    /// it, fsynced, renamed over it, the rename made durable; a reader sees the old file or
    /// the new one, never half. The reason, naming the file, when it could not. `mode`:
    /// private by default (state); 0o666, less the umask, for a file made for others to read.
    /// The temporary name is short whatever NAME is: NAME may be as long as NAME_MAX allows.
    package static func writeAtomically(_ text: String, to path: String, mode: mode_t = 0o600) -> String? {
        let directory = FileSystem.directory(of: path)
        let temporaryPath = FileSystem.join(directory, "\(temporaryPrefix)\(getpid()).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp")
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        // Named as the caller knows it: the temporary file is ours, not theirs.
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
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        return nil
    }
}

extension FileSystem {
    /// How every temporary file tour writes starts: `.tour.PID.RANDOM.tmp`.
    package static let temporaryPrefix = ".tour."
}

extension FileSystem.Failure {
    /// How a tour reports a file it could not read: over the size limit is bad content
    /// (65) of `file`; anything else leaves `path` (by default `file`) unreadable (66).
    package func tourError(file: String, path: String? = nil) -> TourError {
        isTooLarge ? .content(file: file, position: nil, message: reason) : .unreadable(path: path ?? file, reason: reason)
    }
}

extension FileSystem {
    /// The command the printed hints call tour by, for this binary and `searchPath`, the
    /// PATH of the environment (`CommandName` decides).
    package static func tourCommandName(searchPath: String?) -> String {
        CommandName.choose(running: runningExecutable(), searchPath: searchPath, executable: executableIdentity)
    }

    /// This binary's own absolute path, from /proc/self/exe; nil where /proc is not mounted.
    static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4097)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0, count < buffer.count - 1 else { return nil }
        return RawBytes.decode(buffer[..<count].map { UInt8(bitPattern: $0) })
    }

    /// The identity of the executable regular file at `path`, nil when there is none.
    static func executableIdentity(_ path: String) -> CommandName.FileIdentity? {
        var status = stat()
        guard RawBytes.withCString(path, { stat($0, &status) == 0 && access($0, X_OK) == 0 }),
              status.st_mode & S_IFMT == S_IFREG else { return nil }
        return CommandName.FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }
}
