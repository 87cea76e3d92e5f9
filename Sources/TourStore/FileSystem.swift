#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TourCore

/// The few file operations the core needs, on POSIX calls directly so that
/// the core does not pull in Foundation.
package enum FileSystem {
    /// A file that could not be read, and why.
    package struct Failure: Error, Equatable {
        /// What went wrong, in words.
        package var reason: String
        /// The file is there but over the size limit: bad content rather than unreadable.
        package var isTooLarge = false
    }

    /// Reads a whole regular file, refusing anything larger than `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: describeErrno()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(reason: describeErrno()) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw Failure(reason: "is a directory") }
        if Int(status.st_size) > limit {
            throw Failure(reason: "file is larger than the limit of \(limit / 1024 / 1024) MiB", isTooLarge: true)
        }
        var result: [UInt8] = []
        result.reserveCapacity(Int(status.st_size))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { posixRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: describeErrno())
            }
            if count == 0 { break }
            result.append(contentsOf: buffer[0..<count])
            // Special files can report a small size and then stream forever.
            if result.count > limit {
                throw Failure(reason: "file is larger than the limit of \(limit / 1024 / 1024) MiB", isTooLarge: true)
            }
        }
        return result
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
    package static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in a directory (no "." or ".."); empty when it cannot be read.
    package static func list(_ directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
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
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            if count == 0 { return false }
            offset += count
        }
        return true
    }
}

/// `read(2)`, named apart from `FileSystem.read` so the call inside it is unambiguous.
@inline(__always)
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
