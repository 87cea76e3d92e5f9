/// The word that the printed hints call tour by (`tour tip --off --id ID`, `tour whats-new
/// FILE`): one that runs this very binary from the person's shell, wherever the tool that
/// ran it was installed.
///
/// A tool installed with pipx or `uv tool`, or run by npx, puts only its own commands on
/// the person's PATH; the `tour` its module runs lives inside the tool's own environment.
/// There `tour` would be "command not found", so the hint names the binary by its path.
package enum CommandName {
    /// Where a file is, as stat(2) tells it: two paths to one file (a link, a bind mount)
    /// have the same.
    package struct FileIdentity: Equatable, Sendable {
        package var device: UInt64
        package var inode: UInt64

        package init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// `tour` when the first `tour` that `searchPath` finds is this binary, else this
    /// binary's own path, quoted as a shell word.
    /// - `running`: this binary's absolute path; nil when it cannot be known, and then `tour`.
    /// - `searchPath`: the PATH the person's shell searches (this process's own).
    /// - `executable`: the identity of an executable regular file at a path, nil for none.
    package static func choose(running: String?, searchPath: String?,
                               executable: (String) -> FileIdentity?) -> String {
        guard let running, running.hasPrefix("/"), let own = executable(running) else { return "tour" }
        for directory in (searchPath ?? "").split(separator: ":", omittingEmptySubsequences: true)
        where directory.hasPrefix("/") {  // a relative entry finds another file from another folder
            let candidate = directory.hasSuffix("/") ? directory + "tour" : directory + "/tour"
            if let found = executable(String(candidate)) {
                return found == own ? "tour" : ShellWord.quote(running)
            }
        }
        return ShellWord.quote(running)
    }
}
