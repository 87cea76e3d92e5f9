import Testing
@testable import TourCore

@Suite("The command the hints call tour by")
struct CommandNameTests {
    typealias Identity = CommandName.FileIdentity
    static let venvTour = "/home/ana/.local/pipx/venvs/notes/bin/tour"

    /// Executables by path; a link is a second path with the same identity.
    func lookup(_ files: [String: Identity]) -> (String) -> Identity? { { files[$0] } }

    @Test func theFirstTourOnPathBeingThisBinaryIsCalledTour() {
        let files = ["/usr/local/bin/tour": Identity(device: 1, inode: 7)]
        #expect(CommandName.choose(running: "/usr/local/bin/tour", searchPath: "/usr/bin:/usr/local/bin", executable: lookup(files)) == "tour")
    }

    @Test func aLinkOnPathToThisBinaryIsTheSameCommand() {
        let files = ["/opt/tour/bin/tour": Identity(device: 1, inode: 7), "/usr/local/bin/tour": Identity(device: 1, inode: 7)]
        #expect(CommandName.choose(running: "/opt/tour/bin/tour", searchPath: "/usr/local/bin", executable: lookup(files)) == "tour")
    }

    /// pipx, `uv tool`: the tool's environment is not on the person's PATH.
    @Test func aBinaryNoPathFindsIsNamedByItsPath() {
        let files = [Self.venvTour: Identity(device: 1, inode: 9)]
        #expect(CommandName.choose(running: Self.venvTour, searchPath: "/usr/bin:/bin", executable: lookup(files)) == Self.venvTour)
    }

    /// Another `tour` first on PATH (an older one, or npx's JavaScript launcher) would not
    /// read this binary's state the same way: name this one.
    @Test func anotherTourFirstOnPathIsNotThisOne() {
        let files = [Self.venvTour: Identity(device: 1, inode: 9), "/usr/bin/tour": Identity(device: 1, inode: 3)]
        #expect(CommandName.choose(running: Self.venvTour, searchPath: "/usr/bin:" + "/home/ana/.local/pipx/venvs/notes/bin",
                                   executable: lookup(files)) == Self.venvTour)
    }

    @Test func aPathThatIsNotOneWordIsQuoted() {
        let path = "/home/ana/My Tools/bin/tour"
        #expect(CommandName.choose(running: path, searchPath: "/usr/bin", executable: lookup([path: Identity(device: 1, inode: 2)]))
                == "'/home/ana/My Tools/bin/tour'")
    }

    /// A relative PATH entry ("", ".", "bin") finds another file from another folder.
    @Test func relativePathEntriesAreNotSearched() {
        let files = ["bin/tour": Identity(device: 1, inode: 9), Self.venvTour: Identity(device: 1, inode: 9)]
        #expect(CommandName.choose(running: Self.venvTour, searchPath: "::.:bin", executable: lookup(files)) == Self.venvTour)
    }

    @Test func anUnknownOrRelativeRunningPathFallsBackToTour() {
        #expect(CommandName.choose(running: nil, searchPath: "/usr/bin", executable: { _ in nil }) == "tour")
        #expect(CommandName.choose(running: "bin/tour", searchPath: "/usr/bin", executable: { _ in Identity(device: 1, inode: 1) }) == "tour")
        #expect(CommandName.choose(running: "/gone/tour", searchPath: "/usr/bin", executable: { _ in nil }) == "tour")
    }

    @Test func noPathAtAllNamesTheBinary() {
        let files = [Self.venvTour: Identity(device: 1, inode: 9)]
        #expect(CommandName.choose(running: Self.venvTour, searchPath: nil, executable: lookup(files)) == Self.venvTour)
    }
}
