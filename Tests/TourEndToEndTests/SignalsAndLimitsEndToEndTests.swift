import Foundation
import Testing

/// Hostile content, signals, crashes, odd sizes and odd environments, against the real binary.
@Suite("End to end: signals, limits and hostile input")
struct SignalsAndLimitsEndToEndTests {
    static let fixtures = TourBinary.packageRoot + "/Tests/Fixtures/hostile"

    /// Byte sequences tour content must never get to the terminal.
    static let forbidden: [(String, [UInt8])] = [
        ("OSC", [0x1B, 0x5D]), ("DCS", [0x1B, 0x50]), ("BEL", [0x07]),
        ("C1 control", [0xC2, 0x9B]), ("C1 OSC", [0xC2, 0x9D]), ("C1 ST", [0xC2, 0x9C]),
        ("RLO", [0xE2, 0x80, 0xAE]), ("RLE", [0xE2, 0x80, 0xAB]), ("LRI", [0xE2, 0x81, 0xA6]), ("PDI", [0xE2, 0x81, 0xA9]),
        ("pwned", Array("pwned".utf8)), ("clipboard payload", Array("SGVsbG8".utf8)),
    ]

    static func firstForbidden(in data: Data) -> String? {
        forbidden.first { data.range(of: Data($0.1)) != nil }?.0
    }

    @Test(arguments: [
        ("osc-title.json", "Title after OSC"), ("osc52-clipboard.json", "Clipboard safe"), ("csi-clear.json", "Clearscreen"),
        ("c1-csi.json", "C1csi"), ("dcs.json", "Devicecontrol"), ("bel.json", "Bellring"), ("trailing-esc.json", "Trailing escape"),
        ("backspace.json", "secretpublic"), ("bidi.json", "abcdefghi"), ("art.json", "( o.o )"),
    ])
    func hostileContentCannotControlTheTerminal(fixture: String, visible: String) throws {
        let session = try TmuxSession(["--no-animation", "\(Self.fixtures)/\(fixture)"], environment: ["TOUR_TEST_START_DELAY": "0.3"])
        let output = try session.recordOutput()
        let screen = try session.waitFor(visible)
        #expect(!screen.contains("pwned"))
        try session.send("Right")
        try session.waitFor("Second")
        try session.send("q")
        #expect(try session.exitCode() == 0)  // on the last page q closes it, finished
        // tour's own question about the background (OSC 11 with "?") sets nothing: only
        // that exact query is allowed; anything else from the content would show here.
        let query = Data("\u{1B}]11;?\u{1B}\\".utf8)
        var bytes = try Data(contentsOf: output)
        #expect(bytes.range(of: query) != nil)
        while let range = bytes.range(of: query) { bytes.removeSubrange(range) }
        #expect(bytes.count > 100)
        #expect(Self.firstForbidden(in: bytes) == nil, "\(Self.firstForbidden(in: bytes) ?? "")")
        #expect(try session.tmux(["display-message", "-p", "#{pane_title}"]).contains("pwned") == false)
        try session.expectTerminalRestored()

        let plain = try runTour(["--plain", "\(Self.fixtures)/\(fixture)"])
        #expect(plain.exitCode == 0)
        #expect(!plain.stdout.contains("\u{1B}"))
        #expect(Self.firstForbidden(in: Data(plain.stdout.utf8)) == nil)
    }

    @Test func limitsAreCheckedOnLoad() throws {
        let nested = try runTour(["\(Self.fixtures)/nested.json"])
        #expect(nested.exitCode == 65)
        #expect(nested.stderr.hasSuffix("nested.json:1:65: nesting is deeper than 64 levels\n"))
        let invalid = try runTour(["\(Self.fixtures)/invalid-utf8.json"])
        #expect(invalid.exitCode == 65)
        #expect(invalid.stderr.hasSuffix("invalid-utf8.json:1:27: invalid UTF-8\n"))

        // A 50 MB file (sparse, so the test stays fast) is refused before it is read.
        let huge = FileManager.default.temporaryDirectory.appendingPathComponent("tour-huge-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: huge) }
        FileManager.default.createFile(atPath: huge, contents: nil)
        truncate(huge, 50 << 20)
        let result = try runTour([huge])
        #expect(result.exitCode == 65)
        #expect(result.stderr == "\(huge): file is larger than the limit of 4 MiB\n")
    }

    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP, SIGFPE])
    func aCrashStillGivesTheTerminalBack(signal: Int32) throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        kill(try session.tourPID(), signal)
        #expect(try session.exitCode() == 128 + signal)  // died of the signal, re-raised
        try session.expectTerminalRestored()
    }

    @Test func aSwiftTrapInsideTheTourGivesTheTerminalBack() throws {
        let session = try TmuxSession(["crash"], executable: TourBinary.harness)
        try session.waitFor("Harness one")
        try session.send("Right")  // the harness traps in onPageChange
        let code = try session.exitCode()
        #expect(code == 128 + SIGTRAP || code == 128 + SIGILL)
        try session.expectTerminalRestored()
    }

    @Test func controlZHandsTheShellASaneTerminalAndFgRepaints() throws {
        // An interactive shell with job control, as a person has.
        let session = try TmuxSession(["--norc", "--noprofile", "-i"], executable: "/bin/bash",
                                      environment: ["PS1": "$ ", "TOUR": TourBinary.path], captureStandardError: false)
        try session.waitFor("$")
        try session.sendLiteral("cd \"$(mktemp -d)\"; stty -g > before; \"$TOUR\"; fg_status=$?\n")
        try session.waitFor("Welcome to tour")
        try session.send("Right")
        try session.waitFor("Swipe with your keys")
        try session.send("C-z")
        try session.waitForScreen("the shell to come back") { $0.contains("Stopped") }
        #expect(try session.tmux(["display-message", "-p", "#{alternate_on} #{cursor_flag} #{mouse_any_flag}"]).hasPrefix("0 1 0"))
        try session.sendLiteral("stty -g > stopped; fg; stty -g > after\n")
        try session.waitFor("Swipe with your keys")
        try session.send("Right")  // keys work again
        try session.waitFor("Try a key")
        try session.send("q")
        try session.waitForScreen("the prompt") { $0.hasSuffix("$ \n") || $0.contains("\n$ ") }
        Thread.sleep(forTimeInterval: 0.2)
        let directory = try session.tmux(["display-message", "-p", "#{pane_current_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let before = try String(contentsOfFile: directory + "/before", encoding: .utf8)
        #expect(try String(contentsOfFile: directory + "/stopped", encoding: .utf8) == before)
        #expect(try String(contentsOfFile: directory + "/after", encoding: .utf8) == before)
        for name in ["before", "stopped", "after"] { try? FileManager.default.removeItem(atPath: directory + "/" + name) }
    }

    @Test func twoHundredResizesEndOnAFreshDrawOfTheFinalSize() throws {
        let session = try TmuxSession()
        try session.waitFor("Welcome to tour")
        let start = Date()
        for index in 0..<200 {
            try session.resize(width: 20 + (index * 37) % 140, height: 5 + (index * 11) % 50)
        }
        try session.resize(width: 40, height: 12)
        #expect(Date().timeIntervalSince(start) < 30)
        let golden = try PagerEndToEndTests().goldenScreen("builtin-page1-40x12")
        try session.waitForScreen("the 40x12 layout") { _ in (try? session.screenLines()) == golden }
        try session.send("q")
        #expect(try session.exitCode() == 1)
    }

    @Test func aHangUpWhileShownEndsPromptlyWithoutSpinning() throws {
        let terminal = try PseudoTerminal()
        try terminal.waitForOutput("Welcome to tour")
        terminal.hangUp()
        let exit = try #require(terminal.waitForExit(timeout: 3))
        #expect(exit.code == 129)
        #expect(exit.cpuSeconds < 1)
    }

    @Test(arguments: [("", "unset"), ("dumb", "dumb"), ("no-such-terminal", "unknown")])
    func terminalsThatCannotAddressTheScreenGetPlainText(term: String, _ label: String) throws {
        let terminal = try PseudoTerminal([], environment: ["TERM": term])
        try terminal.waitForOutput("Page 6 of 6")
        let exit = try #require(terminal.waitForExit(timeout: 5))
        #expect(exit.code == 0)
        #expect(!terminal.text.contains("\u{1B}"), "\(label)")
    }

    @Test(arguments: [(1, 1), (10, 5), (0, 0), (500, 200), (16, 4)])
    func oddSizesNeverCrash(width: Int, height: Int) throws {
        let terminal = try PseudoTerminal(width: width, height: height)
        try terminal.waitForOutput("\u{1B}[?2026l")  // a whole frame arrived
        if (7..<16).contains(width) && height > 0 { try terminal.waitForOutput("Enlarge") }
        terminal.resize(width: 3, height: 2)
        let mark = terminal.bytes.count
        terminal.resize(width: 80, height: 24)
        // ncurses moves the cursor over cells that are already blank, so look for a word, not a phrase.
        try terminal.waitForOutput("Welcome", after: mark)
        terminal.write("q")
        let exit = try #require(terminal.waitForExit(timeout: 5))
        #expect(exit.code == 1)
    }

    @Test func aMegabyteOfRandomInputIsSurvivedAndKeysStillWork() throws {
        let terminal = try PseudoTerminal(["--no-animation"])
        try terminal.waitForOutput("Welcome to tour")
        var generator = SystemRandomNumberGenerator()
        // Everything but what would end the tour: q, Esc, Enter, Ctrl-C and the signal keys.
        let enders: Set<UInt8> = [UInt8(ascii: "q"), 0x1B, 0x0D, 0x0A, 0x03, 0x1A, 0x1C, 0x11, 0x13]
        var burst = [UInt8]()
        burst.reserveCapacity(1 << 20)
        while burst.count < 1 << 20 {
            let byte = UInt8.random(in: 0...255, using: &generator)
            if !enders.contains(byte) { burst.append(byte) }
        }
        terminal.write(burst)
        // Long past the escape delay, and past the 0.5 s for which the rest of a string cut
        // off (an 8-bit DCS or OSC among the random bytes) is dropped: bytes are keys again.
        // It counts from when tour read the last bytes, which a loaded machine delays.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(terminal.waitForExit(timeout: 0.01) == nil)  // still running
        #expect((terminal.peakMemoryKiB ?? 0) < 200_000)
        // The help may be open (a random "?"): the first key closes it. Then a page we can see.
        terminal.write("g")
        Thread.sleep(forTimeInterval: 0.1)
        terminal.write("g")
        Thread.sleep(forTimeInterval: 0.1)
        // The practice page (3) may be done (a random "?" on it) or not: ? there does it, or
        // opens the help, which g then closes; either way 6 then reaches the last page.
        for key in ["3", "?", "g"] {
            terminal.write(key)
            Thread.sleep(forTimeInterval: 0.1)
        }
        let mark = terminal.bytes.count
        terminal.write("6")
        try terminal.waitForOutput("Shown", after: mark)
        terminal.write("q")
        let exit = try #require(terminal.waitForExit(timeout: 5))
        #expect(exit.code == 0)  // page 6 of 6: q closes it, finished
    }

    @Test func aLoneEscapeSkipsWithinTheEscapeDelay() throws {
        // A terminal that answers the device attributes, as every real one does: the
        // fence says no late answer is on its way, so an ESC is the Esc key at once.
        let terminal = try PseudoTerminal(["--no-animation"], answers: [(query: "\u{1B}[c", answer: "\u{1B}[?62;22c")])
        try terminal.waitForOutput("Welcome to tour")
        let start = Date()
        terminal.write([0x1B])
        let exit = try #require(terminal.waitForExit(timeout: 3))
        #expect(exit.code == 1)
        // The design is 25 ms; ncurses' own default would be a whole second.
        #expect(Date().timeIntervalSince(start) < 0.5)
    }

    @Test func anArrowKeyArrivingInPiecesIsStillOneArrow() throws {
        // Pieces 10 ms apart against an escape delay of 300 ms (ESCDELAY, as a user may set
        // it): wide enough that a loaded machine running suites in parallel cannot stretch a
        // 10 ms gap past it, and still a real split read.
        let terminal = try PseudoTerminal(["--no-animation"], environment: ["ESCDELAY": "300"])
        try terminal.waitForOutput("Welcome to tour")
        let mark = terminal.bytes.count
        for byte in Array("\u{1B}[C".utf8) {
            terminal.write([byte])
            Thread.sleep(forTimeInterval: 0.01)
        }
        try terminal.waitForOutput("Swipe", after: mark)
        #expect(terminal.waitForExit(timeout: 0.2) == nil)  // not taken as Esc (skip)
        terminal.write("q")
        #expect(terminal.waitForExit(timeout: 5)?.code == 1)
    }
}
