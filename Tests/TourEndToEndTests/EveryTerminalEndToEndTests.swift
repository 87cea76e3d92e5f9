import Foundation
import Testing
@testable import TourCore

/// Light terminals, small windows, screen readers and motion, through the real binary.
@Suite("End to end: every terminal and every person")
struct EveryTerminalEndToEndTests {
    /// Each visible character of a `capture-pane -e` screen with its colors, as RGB, on a
    /// terminal whose own colors are `background`'s.
    func cells(_ screen: String, on background: TerminalBackground) -> [(character: Character, foreground: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8), dim: Bool)] {
        var result: [(Character, (UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8), Bool)] = []
        for line in screen.split(separator: "\n", omittingEmptySubsequences: false) {
            var foreground: (UInt8, UInt8, UInt8)? = nil
            var back: (UInt8, UInt8, UInt8)? = nil
            var reverse = false, dim = false
            var rest = Substring(line)
            while let character = rest.first {
                if character == "\u{1B}", let end = rest.firstIndex(of: "m") {
                    var codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    if codes.isEmpty { codes = [0] }
                    var index = 0
                    while index < codes.count {
                        let code = codes[index]
                        switch code {
                        case 0: foreground = nil; back = nil; reverse = false; dim = false
                        case 2: dim = true
                        case 22: dim = false
                        case 7: reverse = true
                        case 27: reverse = false
                        case 30...37, 90...97: foreground = Palette.rgb(ofIndex: UInt8(code >= 90 ? code - 82 : code - 30))
                        case 39: foreground = nil
                        case 40...47, 100...107: back = Palette.rgb(ofIndex: UInt8(code >= 100 ? code - 92 : code - 40))
                        case 49: back = nil
                        case 38, 48:
                            var color: (UInt8, UInt8, UInt8)? = nil
                            if index + 2 < codes.count, codes[index + 1] == 5 {
                                color = Palette.rgb(ofIndex: UInt8(codes[index + 2]))
                                index += 2
                            } else if index + 4 < codes.count, codes[index + 1] == 2 {
                                color = (UInt8(codes[index + 2]), UInt8(codes[index + 3]), UInt8(codes[index + 4]))
                                index += 4
                            }
                            if code == 38 { foreground = color } else { back = color }
                        default: break
                        }
                        index += 1
                    }
                    rest = rest[rest.index(after: end)...]
                    continue
                }
                rest = rest.dropFirst()
                var front = foreground ?? background.foregroundForTests
                var behind = back ?? background.rgb
                if reverse { swap(&front, &behind) }
                if character != " " { result.append((character, front, behind, dim)) }
            }
        }
        return result
    }

    /// Every colored character reads at 4.5:1 on the terminal's background (dim hints aside).
    func expectReadable(_ screen: String, on background: TerminalBackground, sourceLocation: SourceLocation = #_sourceLocation) {
        let colored = cells(screen, on: background).filter { !$0.dim }
        #expect(colored.count > 100, sourceLocation: sourceLocation)
        let unreadable = colored.filter { Contrast.ratio($0.foreground, $0.background) < Contrast.minimumRatio }
        #expect(unreadable.isEmpty, "\(unreadable.prefix(5).map { "'\($0.character)' \($0.foreground) on \($0.background)" })", sourceLocation: sourceLocation)
    }

    /// tmux answers OSC 11 with its window's background: here white, as a light terminal's.
    @Test func onALightTerminalTheBuiltInTourReadsAndTheAnswersAreNoKeys() throws {
        let session = try TmuxSession([], environment: ["COLORTERM": "truecolor"], tmuxConfiguration: "set -g window-style bg=#ffffff\n")
        let screen = try session.waitFor("Welcome to tour")
        #expect(screen.contains("● ○ ○ ○ ○ ○"))  // still page 1: nothing of the answer was a key
        expectReadable(try session.screen(escapes: true), on: .light)
        try session.send("Right")
        try session.waitFor("Swipe with your keys")
        expectReadable(try session.screen(escapes: true), on: .light)
        try session.send("q")
        #expect(try session.exitCode() == 1)
        try session.expectTerminalRestored()
    }

    /// --background light with a terminal that answers nothing: the same colors, and no query at all.
    @Test func backgroundLightNeedsNoAnswer() throws {
        let session = try TmuxSession(["--background", "light"], environment: ["COLORTERM": "truecolor"], tmuxConfiguration: "set -g window-style bg=#ffffff\n")
        try session.waitFor("Welcome to tour")
        expectReadable(try session.screen(escapes: true), on: .light)
        try session.send("q")
        _ = try session.exitCode()
        let silent = try PseudoTerminal(["--background", "light"])
        try silent.waitForOutput("Welcome to tour")
        silent.write("q")
        #expect(silent.waitForExit()?.code == 1)
        #expect(silent.bytes.range(of: Data("\u{1B}]11;?".utf8)) == nil)
    }

    /// A terminal that answers nothing costs the deadline (about 100 ms) and no more; one
    /// that answers the fence at once costs no wait at all.
    @Test func theQueryWaitsOnlyUntilTheFenceOrTheDeadline() throws {
        let silent = try PseudoTerminal()
        let asked = try silent.timeOfOutput("\u{1B}[c")
        let drawn = try silent.timeOfOutput("Welcome to tour")
        #expect(drawn - asked >= 0.09 && drawn - asked < 1.0, "\(drawn - asked) s")
        silent.write("q")
        #expect(silent.waitForExit()?.code == 1)

        let fenced = try PseudoTerminal(answers: [(query: "\u{1B}[c", answer: "\u{1B}[?62;22c")])
        let fencedAsked = try fenced.timeOfOutput("\u{1B}[c")
        let fencedDrawn = try fenced.timeOfOutput("Welcome to tour")
        #expect(fencedDrawn - fencedAsked < 0.09, "\(fencedDrawn - fencedAsked) s")
        fenced.write("q")
        #expect(fenced.waitForExit()?.code == 1)
    }

    /// kitty sets COLORTERM=truecolor and TERM=xterm-kitty, which has no -direct entry:
    /// the accent is still drawn in 24-bit color (#5fafff), not the nearest of 256.
    @Test func kittyGets24BitColor() throws {
        let kitty = try PseudoTerminal(["--page", "1"], environment: ["COLORTERM": "truecolor", "TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
                                       answers: [(query: "\u{1B}[c", answer: "\u{1B}[?62;22c")])
        try kitty.waitForOutput("Welcome to tour")
        #expect(kitty.bytes.range(of: Data("38;2;95;175;255".utf8)) != nil,
                "no 24-bit accent in \(String(decoding: kitty.bytes.prefix(600), as: UTF8.self).debugDescription)")
        kitty.write("q")
        #expect(kitty.waitForExit()?.code == 1)
    }

    /// A light answer in a pty: dark-on-light colors, and still on page 1.
    @Test func aLightAnswerInAPseudoTerminal() throws {
        let light = try PseudoTerminal([], environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"],
                                       answers: [(query: "\u{1B}[c", answer: "\u{1B}[?997;2n\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c")])
        try light.waitForOutput("Welcome to tour")
        // The title's accent #5fafff reads at 2.3:1 on white; on a light terminal it is drawn darker.
        #expect(light.bytes.range(of: Data("38;2;95;175;255".utf8)) == nil)
        light.write("q")
        #expect(light.waitForExit()?.code == 1)
    }

    /// GNU screen keeps `altscreen` off unless set: leaving the alternate screen does
    /// nothing there. The shell must still come back on a clean screen, not under the
    /// tour's last frame.
    @Test func insideGNUScreenWithoutAltscreenTheFrameIsNotLeftBehind() throws {
        guard let screen = ["/usr/bin/screen", "/bin/screen"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record("GNU screen is not installed; make test installs it")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-screen-\(getpid())")
        // screen keeps its sockets in SCREENDIR, and refuses one that others may read.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = directory.appendingPathComponent("screenrc")
        try "startup_message off\n".write(to: configuration, atomically: true, encoding: .utf8)  // altscreen stays off
        let script = "\(TourBinary.path) --no-animation; echo \"tour exited $?\"; sleep 30"
        let session = try TmuxSession(["-q", "-c", configuration.path, "sh", "-c", script], executable: screen,
                                      environment: ["SCREENDIR": directory.path, "TOUR_BACKGROUND": "dark"])
        _ = try session.waitFor("Welcome to tour")
        try session.send("q")
        let after = try session.waitFor("tour exited 1")
        #expect(!after.contains("Welcome to tour"), "the frame stayed under the prompt:\n\(after)")
        #expect(!after.contains("Skip"), "\(after)")
    }

    @Test func smallWindowsKeepArtTheWayOutAndWholeCommands() throws {
        // 60x20: every built-in page with a picture keeps at least 3 rows of it above the title.
        for (page, title) in [(1, "Welcome to tour"), (2, "Swipe with your keys"), (5, "Write your own tour"), (6, "Shown once, then what's new")] {
            let lines = try runTour(["render", "--page", "\(page)", "--size", "60x20"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let titleRow = try #require(lines.firstIndex { $0.contains(title) }, "page \(page)")
            let pictureRows = lines[1..<titleRow].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
            #expect(pictureRows >= 3, "page \(page): \(pictureRows) rows of picture")
        }
        // 40x12: the feature page's hint still names q.
        let features = try runTour(["render", "--page", "4", "--size", "40x12"]).stdout
        #expect(features.split(separator: "\n").last?.contains("q skip") == true)
        // A command written as code stays on one line at 40 columns, without backticks.
        let last = try runTour(["render", "--page", "6", "--size", "40x16"]).stdout
        #expect(last.contains("tour --once mytool.json") && !last.contains("`"))
        #expect(try runTour(["--plain"]).stdout.contains("Call tour --once mytool.json when your tool starts"))
    }

    /// In the accessible mode, the number of the page it is on reads that page again.
    @Test func theAccessibleModeReadsTheCurrentPageAgain() throws {
        let result = try runTour(["--accessible"], stdin: "2\n2\nq\n")
        #expect(result.exitCode == 1)
        let pages = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Page ") }
        #expect(pages == ["Page 1 of 6", "Page 2 of 6", "Page 2 of 6"])
        #expect(!result.stdout.contains("No such page."))
    }

    /// The cursor rests on the button, where a screen reader's review cursor looks.
    @Test func theCursorRestsOnTheButton() throws {
        let session = try TmuxSession()
        let screen = try session.waitFor("Welcome to tour")
        let buttonRow = try #require(screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("[ Next → ]") })
        let cursor = try session.tmux(["display-message", "-p", "#{cursor_y}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Int(cursor) == buttonRow)
        try session.send("Right")
        let next = try session.waitFor("Swipe with your keys")
        let nextRow = try #require(next.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("[ Next → ]") })
        #expect(Int(try session.tmux(["display-message", "-p", "#{cursor_y}"]).trimmingCharacters(in: .whitespacesAndNewlines)) == nextRow)
        try session.send("q")
        _ = try session.exitCode()
    }
}

extension TerminalBackground {
    /// The default text color assumed on it, as Contrast uses.
    var foregroundForTests: (UInt8, UInt8, UInt8) {
        self == .light ? (0x20, 0x20, 0x20) : (0xE5, 0xE5, 0xE5)
    }
}
