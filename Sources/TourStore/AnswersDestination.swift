#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TourCore

/// Where `--answers PATH` goes, decided before the screen is taken, so that a path that
/// cannot take the answers stops the run at once (exit 2) instead of after the question,
/// and so that an answer is never renamed over something that is not a plain file.
package struct AnswersDestination: Equatable {
    /// How the answers are written.
    package enum Method: Equatable {
        /// A regular file, or a new name: written beside `path` and renamed over it. For a
        /// symlink `path` is its target, so the link stays and points to the answers.
        case replace(path: String)
        /// A FIFO, a character device or a socket (`/dev/stdout`, `/dev/fd/3`): written
        /// into directly, never replaced.
        case stream(path: String)
    }

    /// What PATH is, as `lstat` and `stat` see it: the facts the decision rests on.
    package struct Facts: Equatable {
        package enum Kind: Equatable { case missing, regular, directory, stream, blockDevice, other }
        /// What the name itself is (`lstat`): a symlink is `isSymlink` with this the target's kind.
        package var kind: Kind
        package var isSymlink = false
        /// The owner of the symlink itself, when the name is one.
        package var linkOwner: UInt32 = 0
        /// The target of a symlink to a regular file or to nothing yet.
        package var resolvedPath: String? = nil
        /// The owner of an existing regular file, and the user tour runs as.
        package var owner: UInt32 = 0
        package var user: UInt32 = 0
        /// The folder a replaced file goes in: whether it is there, and whether tour may
        /// create and rename in it.
        package var folderExists = true
        package var folderWritable = true
        package var folder = "."
        /// Why the name could not be looked at (EACCES, ENOTDIR), for `.other`.
        package var lookupFailure: String? = nil

        package init(kind: Kind) { self.kind = kind }
    }

    package var method: Method

    /// The way to write answers to `path`, or why they cannot go there.
    package static func decide(_ path: String, facts: Facts) -> Result<AnswersDestination, Refusal> {
        // A link someone else planted (a non-sticky shared folder, fs.protected_symlinks=0
        // as in many containers) would send the answers over a file of theirs choosing.
        // The system's own links (/dev/stdout) are root's.
        if facts.isSymlink, facts.linkOwner != facts.user, facts.linkOwner != 0 {
            return .failure(Refusal("is a symbolic link that belongs to another user (uid \(facts.linkOwner)); use a file of your own, as `mktemp` makes"))
        }
        switch facts.kind {
        case .directory: return .failure(Refusal("is a directory"))
        case .blockDevice: return .failure(Refusal("is a block device"))
        case .other: return .failure(Refusal(facts.lookupFailure ?? "is not a file tour can write"))
        case .stream: return .success(AnswersDestination(method: .stream(path: path)))
        case .missing where facts.isSymlink:
            // A dangling link is the classic plant in a shared folder: never followed.
            return .failure(Refusal("is a symbolic link to a file that does not exist"))
        case .missing, .regular:
            let target = facts.isSymlink ? (facts.resolvedPath ?? path) : path
            guard facts.folderExists else { return .failure(Refusal("the folder \(MessageText.path(facts.folder)) does not exist")) }
            guard facts.folderWritable else { return .failure(Refusal("the folder \(MessageText.path(facts.folder)) is not writable")) }
            // A file someone else put there (a fixed name in a shared /tmp) is not tour's to
            // answer into: in a sticky folder it could not be replaced, and would keep
            // its planted answer.
            if facts.kind == .regular, facts.owner != facts.user {
                return .failure(Refusal("belongs to another user (uid \(facts.owner)); use a file of your own, as `mktemp` makes"))
            }
            return .success(AnswersDestination(method: .replace(path: target)))
        }
    }

    /// Why answers cannot be written to a path.
    package struct Refusal: Error, Equatable {
        package var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// What `path` is on this system, and the decision. Checked before the screen is taken.
    package static func prepare(_ path: String) -> Result<AnswersDestination, Refusal> {
        decide(path, facts: facts(of: path))
    }

    /// Writes `text` the decided way; the failure in words.
    package func write(_ text: String) -> String? {
        switch method {
        case .replace(let path):
            guard let failure = FileSystem.writeAtomically(text, to: path) else { return nil }
            // Never leave in place of this run's answers a file it did not write (an
            // earlier run's, or a planted one): it goes, and the run fails with 74.
            unlink(path)
            return failure
        case .stream(let path):
            // `/dev/fd/3` names a descriptor this process holds: written to that descriptor
            // itself. open() of it fails for a socket (ENXIO), which is what Node's
            // stdio 'pipe' and Python's socketpair() hand over.
            if let held = Self.heldDescriptor(named: path) {
                guard FileSystem.writeAll(Array(text.utf8), to: held) else {
                    return "cannot write \(MessageText.path(path)): \(FileSystem.describeErrno())"
                }
                return nil
            }
            // O_NONBLOCK: a FIFO nobody reads fails (ENXIO) rather than hanging the exit.
            let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
            guard descriptor >= 0 else { return "cannot write \(MessageText.path(path)): \(FileSystem.describeErrno())" }
            defer { close(descriptor) }
            guard FileSystem.writeAll(Array(text.utf8), to: descriptor) else {
                return "cannot write \(MessageText.path(path)): \(FileSystem.describeErrno())"
            }
            return nil
        }
    }

    /// The descriptor a path names when it is one this process holds (`/dev/fd/N`,
    /// `/proc/self/fd/N`, `/dev/stdout`, `/dev/stderr`); nil for any other path.
    package static func heldDescriptor(named path: String) -> Int32? {
        if path == "/dev/stdout" { return STDOUT_FILENO }
        if path == "/dev/stderr" { return STDERR_FILENO }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.count <= 9, number.allSatisfy({ ("0"..."9").contains($0) }), let descriptor = Int32(number) else { return nil }
            return descriptor
        }
        return nil
    }

    private static func facts(of path: String) -> Facts {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            var facts = Facts(kind: .missing)
            if errno != ENOENT {
                facts.kind = .other
                facts.lookupFailure = FileSystem.describeErrno()
            }
            return withFolder(facts, of: path)
        }
        var facts = Facts(kind: .missing)
        facts.isSymlink = (link.st_mode & S_IFMT) == S_IFLNK
        facts.linkOwner = UInt32(link.st_uid)
        facts.user = UInt32(geteuid())
        var target = link
        if facts.isSymlink, stat(path, &target) != 0 {
            facts.kind = errno == ENOENT ? .missing : .other
            facts.lookupFailure = FileSystem.describeErrno()
            return facts
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG: facts.kind = .regular
        case S_IFDIR: facts.kind = .directory
        case S_IFIFO, S_IFCHR, S_IFSOCK: facts.kind = .stream
        case S_IFBLK: facts.kind = .blockDevice
        default: facts.kind = .other
        }
        facts.owner = UInt32(target.st_uid)
        if facts.isSymlink, facts.kind == .regular { facts.resolvedPath = FileSystem.realPath(path) }
        return withFolder(facts, of: facts.resolvedPath ?? path)
    }

    /// The folder facts of a file that is to be replaced or made.
    private static func withFolder(_ facts: Facts, of path: String) -> Facts {
        var facts = facts
        facts.user = UInt32(geteuid())
        facts.folder = FileSystem.directory(of: path)
        var folder = stat()
        facts.folderExists = stat(facts.folder, &folder) == 0 && (folder.st_mode & S_IFMT) == S_IFDIR
        // As the effective user, as the create and the rename will be.
        facts.folderWritable = facts.folderExists && faccessat(AT_FDCWD, facts.folder, W_OK | X_OK, AT_EACCESS) == 0
        return facts
    }
}
