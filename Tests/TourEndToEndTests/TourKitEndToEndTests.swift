import Foundation
import Testing

/// TourKit from a Swift tool's side: the example tool and a harness that calls the API.
@Suite("End to end: TourKit in a Swift tool")
struct TourKitEndToEndTests {
    @Test func runTwiceInOneProcessThenStdoutSignalHandlersAndLocaleAreTheTools() throws {
        let session = try TmuxSession(["twice"], executable: TourBinary.harness)
        try session.waitFor("Harness one")
        for title in ["Harness two", "Harness three", "Harness four"] {
            try session.send("Enter")
            try session.waitFor(title)
        }
        try session.send("Enter")
        try session.waitFor("Harness one")  // the second run
        try session.send("q")
        #expect(try session.exitCode() == 0)
        let screen = try session.screen()
        #expect(screen.contains("first: completed\nsecond: skipped(0)\nsignal handlers restored\nlocale kept\nstdout works"))
        try session.expectTerminalRestored()
    }

    @Test func callbacksFireInOrderWithPagesCountedFromZero() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tour-callbacks-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let session = try TmuxSession(["callbacks", log], executable: TourBinary.harness)
        try session.waitFor("Harness one")
        for (key, title) in [("Right", "Harness two"), ("Right", "Harness three"), ("Left", "Harness two"), ("End", "Harness four"),
                             ("Left", "Harness three")] {
            try session.send(key)
            try session.waitFor(title)
        }
        try session.send("q")
        #expect(try session.exitCode() == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == """
            page 0 -> 1
            page 1 -> 2
            page 2 -> 1
            page 1 -> 3
            page 3 -> 2
            returned skipped(2)

            """)
    }

    @Test func aCustomPageGetsTheDotsButtonKeysAndPlainMode() throws {
        let session = try TmuxSession(["custom"], executable: TourBinary.harness)
        try session.waitFor("Before")
        try session.send("Right")
        let screen = try session.waitFor("Syncing your notes")
        #expect(screen.contains("[###################...................]"))
        #expect(screen.contains("○ ●") && screen.contains("[ Get started ]"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
        #expect(try session.screen().contains("completed"))

        let plain = try runTour(["custom"], executable: TourBinary.harness)
        // The page title comes first, as on screen, then the body's own text.
        #expect(plain.stdout == "Page 1 of 2\nBefore\n\nPage 2 of 2\nSyncing\nSyncing your notes: 50%\ncompleted\n")
    }

    /// Examples/mytool is the README's tool (ReadmeTests checks it file for file), played
    /// as the README's is: once, then nothing; `mytool tour`; in French.
    @Test func theExampleToolShowsItsTourOnceThenDoesItsJob() throws {
        #expect(FileManager.default.isExecutableFile(atPath: TourBinary.example),
                "build it with: swift build --package-path Examples/mytool (make test does)")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tour-example-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: state + "-fr")
        }
        try ReadmeTests.playTheTool(TourBinary.example, state: state)
    }
}
