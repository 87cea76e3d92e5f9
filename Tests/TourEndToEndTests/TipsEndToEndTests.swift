import Foundation
import Testing

/// `tour tip` and `tour tips` as a tool's users meet them: on a real pseudo-terminal, in
/// pipes, in CI, turned off and on, and browsed in tmux.
@Suite("End to end: tips")
struct TipsEndToEndTests {
    let directory: URL
    var tipsFile: String { directory.appendingPathComponent("tips.json").path }
    var stateHome: String { directory.appendingPathComponent("state").path }
    var stateFile: String { stateHome + "/tour/tips/mytool-tips.json" }
    var environment: [String: String] { ["XDG_STATE_HOME": stateHome] }
    static let texts = ["Press `s` to sync your habits on every machine.", "Made a mistake? `u` undoes the last change.",
                        "`mytool stats` shows your streaks."]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-tips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tips = Self.texts.enumerated().map { #"{"id": "tip\#($0.offset + 1)", "text": "\#($0.element)"}"# }
        try #"{"id": "mytool-tips", "version": "2.1.0", "accent": "cyan", "tips": [\#(tips.joined(separator: ",\n"))]}"#
            .write(toFile: tipsFile, atomically: true, encoding: .utf8)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// One run of `tour tip` on a pty with stdout and stderr on it: what it printed and its exit code.
    func tipOnTerminal(_ extra: [String] = ["--every", "0"], environment more: [String: String] = [:]) throws -> (text: String, code: Int32?) {
        let terminal = try PseudoTerminal(["tip"] + extra + [tipsFile], environment: environment.merging(more) { $1 },
                                          standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        let exit = terminal.waitForExit()
        Thread.sleep(forTimeInterval: 0.1)  // the last output in flight
        return (terminal.text, exit?.code)
    }

    /// The words a person reads: without SGR, lines ending in "\n".
    func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Which of the three tips a run printed (0, 1, 2), from its words without the code marks.
    func shownTip(_ text: String) -> Int? {
        let plain = plain(text)
        let words = ["to sync your habits", "undoes the last change", "shows your streaks"]
        return words.firstIndex { plain.contains($0) }
    }

    /// On white, at 8 colors (TERM=xterm) and at 256: every color the card is printed in
    /// reads at 4.5:1, bold drawn bright as xterm draws it; inline code is no longer cyan
    /// (2.0:1) there (issue 49, items 8 and 9).
    @Test(arguments: ["xterm", "xterm-256color"])
    func aTipOnWhiteReads(term: String) throws {
        defer { cleanUp() }
        let run = try tipOnTerminal(environment: ["TERM": term, "TOUR_BACKGROUND": "light"])
        #expect(run.code == 0 && shownTip(run.text) != nil)
        let xterm: [(Double, Double, Double)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                                                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        func rgb256(_ index: Int) -> (Double, Double, Double) {
            if index < 16 { return xterm[index] }
            if index >= 232 { let gray = Double(8 + 10 * (index - 232)); return (gray, gray, gray) }
            let steps = [0.0, 95, 135, 175, 215, 255], cube = index - 16
            return (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
        }
        func luminance(_ color: (Double, Double, Double)) -> Double {
            func linear(_ value: Double) -> Double { let c = value / 255; return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(color.0) + 0.7152 * linear(color.1) + 0.0722 * linear(color.2)
        }
        var checked = 0
        let sgr = try NSRegularExpression(pattern: "\u{1B}\\[([0-9;]*)m")
        for match in sgr.matches(in: run.text, range: NSRange(run.text.startIndex..., in: run.text)) {
            let codes = (run.text as NSString).substring(with: match.range(at: 1)).split(separator: ";").compactMap { Int($0) }
            guard !codes.contains(2) else { continue }  // the dim last line
            let bold = codes.contains(1)
            var color: (Double, Double, Double)? = nil
            if let index = codes.firstIndex(of: 38), index + 2 < codes.count, codes[index + 1] == 5 {
                let value = codes[index + 2]
                color = rgb256(bold && value < 8 ? value + 8 : value)
            } else if let base = codes.first(where: { (30...37).contains($0) }) {
                color = xterm[base - 30 + (bold ? 8 : 0)]
            }
            guard let color else { continue }
            let ratio = 1.05 / (luminance(color) + 0.05)
            #expect(ratio >= 4.5, "\(term): \(codes) reads at \(ratio) on white")
            checked += 1
        }
        #expect(checked >= 1, "no colored text in \(run.text.debugDescription)")
    }

    @Test func threeRunsShowThreeTipsInPlaceThenNotTheLastAgain() throws {
        defer { cleanUp() }
        var shown: [Int] = []
        for run in 1...4 {
            let (text, code) = try tipOnTerminal()
            #expect(code == 0, "run \(run)")
            #expect(!text.contains("\u{1B}[?1049h") && !text.contains("\u{1B}[?25l"), "run \(run) took the screen: \(text.debugDescription)")
            // The way to turn them off, on one line a person can copy: by the id, with no path.
            #expect(plain(text).contains("Tip  ") && plain(text).contains("Turn tips off: tour tip --off --id mytool-tips\n"),
                    "run \(run): \(text.debugDescription)")
            let tip = try #require(shownTip(text), "run \(run): \(text.debugDescription)")
            shown.append(tip)
        }
        #expect(shown[0..<3] == [0, 1, 2])  // unseen first, in file order
        #expect(shown[3] != shown[2])        // then never the one shown last time
        // Code is drawn as code: no backticks, the command in its own color.
        let (text, _) = try tipOnTerminal()
        #expect(!text.contains("`"))
    }

    /// A tips state that cannot be read (here, more than the reader's 256 KiB, as 2.2 could
    /// write) is left as it is and no tip shows: showing one would write a fresh state and
    /// lose the person's `tour tip --off`. `--on` writes it anew.
    @Test func anUnreadableStateIsLeftAloneAndShowsNoTip() throws {
        defer { cleanUp() }
        try FileManager.default.createDirectory(atPath: stateHome + "/tour/tips", withIntermediateDirectories: true)
        let unreadable = #"{"format": 1, "off": true, "shown": {"# + String(repeating: " ", count: 300_000) + "}}"
        try unreadable.write(toFile: stateFile, atomically: true, encoding: .utf8)
        let run = try tipOnTerminal(["--every", "0"], environment: ["TOUR_DEBUG": "1"])
        #expect(run.code == 0 && shownTip(run.text) == nil, "\(run.text.debugDescription)")
        #expect(plain(run.text).contains("no tip: the tips state cannot be read"), "\(run.text.debugDescription)")
        #expect(try String(contentsOfFile: stateFile, encoding: .utf8) == unreadable)
        #expect(try runTour(["tip", "--on", tipsFile], environment: environment).exitCode == 0)
        #expect(shownTip(try tipOnTerminal().text) == 0)
    }

    /// Starts at once take turns on the state's lock: of twenty under `--every 1d`, one
    /// shows a tip, and a hundred shows with `--every 0` leave a count of a hundred (2 of
    /// 20 showed, and 100 left 36, before the lock).
    @Test func startsAtOnceShowOneTipAndLoseNoCount() throws {
        defer { cleanUp() }
        func together(_ extra: [String]) throws -> Int {
            let terminals = try (0..<20).map { _ in
                try PseudoTerminal(["tip"] + extra + [tipsFile], environment: environment, standardErrorOnTerminal: true)
            }
            defer { terminals.forEach { $0.hangUp() } }
            for terminal in terminals { #expect(terminal.waitForExit()?.code == 0) }
            Thread.sleep(forTimeInterval: 0.1)
            return terminals.filter { shownTip($0.text) != nil }.count
        }
        #expect(try together([]) == 1)
        try FileManager.default.removeItem(atPath: stateFile)
        for _ in 0..<5 { #expect(try together(["--every", "0"]) == 20) }
        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        #expect(state.contains("\"shownCount\": 100"), "\(state)")
    }

    /// An id in the off line is quoted as it is: its backticks are not code marks, and the
    /// command, typed back, turns those tips off.
    @Test func anIdWithBackticksIsQuotedWhole() throws {
        defer { cleanUp() }
        let odd = directory.appendingPathComponent("odd.json").path
        try String(contentsOfFile: tipsFile, encoding: .utf8).replacingOccurrences(of: #""id": "mytool-tips""#, with: #""id": "x`id`y""#)
            .write(toFile: odd, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(["tip", "--every", "0", odd], environment: environment, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        _ = terminal.waitForExit()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(plain(terminal.text).contains("Turn tips off: tour tip --off --id 'x`id`y'"), "\(terminal.text.debugDescription)")
        let off = try runTour(["tip", "--off", "--id", "x`id`y"], environment: environment)
        #expect(off.exitCode == 0 && off.stdout.contains(#"tips of "x`id`y" are off"#), "\(off.stdout) \(off.stderr)")
    }

    /// A tour installed deep in a venv: its tip prints two lines at 80 columns, the hint
    /// names the tool, not the path, and that command works from anywhere.
    @Test func aTipFromDeepInAVenvNamesTheToolAndFitsTwoLines() throws {
        defer { cleanUp() }
        let package = directory.appendingPathComponent("venv/lib/python3.11/site-packages/kettle")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let tour = package.appendingPathComponent("tour.json").path
        try #"{"id": "kettle", "version": "1.0.0", "pages": [{"title": "Welcome to kettle"}], "tips": [{"id": "boil", "text": "Press `b` to boil."}]}"#
            .write(toFile: tour, atomically: true, encoding: .utf8)
        func start() throws -> String {
            let terminal = try PseudoTerminal(["--once", "--every", "0", "--no-animation", tour], environment: environment, standardErrorOnTerminal: true)
            defer { terminal.hangUp() }
            if (try? terminal.waitForOutput("Welcome to kettle", timeout: 2)) != nil { terminal.write("\r") }
            _ = terminal.waitForExit()
            Thread.sleep(forTimeInterval: 0.1)
            return plain(terminal.text)
        }
        _ = try start()  // the welcome
        let tip = try start()
        let lines = tip.split(separator: "\n").map(String.init)
        #expect(lines == ["Tip  Press b to boil.", "     Turn tips off: tour tip --off --id kettle"], "\(tip.debugDescription)")
        #expect(!tip.contains("site-packages"))
        let off = try runTour(["tip", "--off", "--id", "kettle"], environment: environment, in: "/")
        #expect(off.exitCode == 0, "\(off.stderr)")
        #expect(try start().isEmpty)
    }

    /// A tool installed with pipx or `uv tool`: its `tour` is not on the person's PATH, so the
    /// hint names the binary by its path, and that command, pasted into bash with the
    /// person's PATH, turns the tips off.
    @Test func aTourThatPathDoesNotFindIsNamedByItsPathInTheHint() throws {
        defer { cleanUp() }
        try #"{"id": "kettle", "tips": [{"id": "boil", "text": "Press b to boil."}]}"#.write(toFile: tipsFile, atomically: true, encoding: .utf8)
        let personsPath = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        let terminal = try PseudoTerminal(["tip", "--every", "0", tipsFile], environment: personsPath, standardErrorOnTerminal: true)
        defer { terminal.hangUp() }
        _ = terminal.waitForExit()
        let hint = plain(terminal.text).split(separator: "\n").first { $0.contains("Turn tips off: ") }.map(String.init) ?? ""
        let command = hint.components(separatedBy: "Turn tips off: ").last ?? ""
        // The binary's own path, as /proc/self/exe names it (.build/debug is a link).
        let binary = URL(fileURLWithPath: TourBinary.path).resolvingSymlinksInPath().path
        #expect(command == binary + " tip --off --id kettle", "\(terminal.text.debugDescription)")
        let pasted = try runTour(["-c", command], executable: "/bin/bash", environment: personsPath, in: "/")
        #expect(pasted.exitCode == 0 && pasted.stdout.contains("`\(binary) tip --on --id kettle` brings them back"),
                "\(pasted.stdout) \(pasted.stderr)")
        let after = try PseudoTerminal(["tip", "--every", "0", tipsFile], environment: personsPath, standardErrorOnTerminal: true)
        defer { after.hangUp() }
        _ = after.waitForExit()
        #expect(!plain(after.text).contains("Tip"), "\(after.text.debugDescription)")
    }

    /// On a background nobody stated (no COLORFGBG, no --background: GNOME Terminal's and
    /// macOS Terminal's default), the tip is in the terminal's own ink, bold and underlined;
    /// where the background is stated, its colors are made to read on it.
    @Test func aTipOnABackgroundNobodyStatedHasNoColor() throws {
        defer { cleanUp() }
        try #"{"id": "kettle", "accent": "magenta", "tips": [{"id": "boil", "text": "Press `b` to boil."}]}"#
            .write(toFile: tipsFile, atomically: true, encoding: .utf8)
        func parameters(_ text: String) -> Set<String> {
            Set(text.matches(of: /\x1B\[([0-9;]*)m/).flatMap { $0.1.split(separator: ";").map(String.init) })
        }
        let unstated = try tipOnTerminal(environment: ["COLORTERM": "truecolor"])
        #expect(plain(unstated.text).contains("Press b to boil."))
        #expect(parameters(unstated.text).isSubset(of: ["0", "1", "2", "4", "22", "24"]) && parameters(unstated.text).contains("4"),
                "\(unstated.text.debugDescription)")
        let light = try tipOnTerminal(environment: ["COLORTERM": "truecolor", "COLORFGBG": "0;15"])
        #expect(parameters(light.text).contains("38"), "a stated background keeps colors: \(light.text.debugDescription)")
    }

    /// However long a tip's text, it prints in at most six lines (title, four of text, the
    /// way to turn tips off): 998 newlines printed a thousand lines.
    @Test func aTipPrintsInAtMostSixLines() throws {
        defer { cleanUp() }
        let text = "Line one" + String(repeating: "\\n", count: 985) + "end"
        try #"{"id": "mytool-tips", "tips": [{"id": "tall", "title": "A title", "text": "\#(text)"}]}"#
            .write(toFile: tipsFile, atomically: true, encoding: .utf8)
        let run = try tipOnTerminal()
        let lines = plain(run.text).split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(run.code == 0 && lines.count <= 6 && plain(run.text).contains("Line one"), "\(run.text.debugDescription)")
        #expect(plain(run.text).contains("…"))
    }

    @Test func withoutEveryASecondRunRightAfterShowsNothing() throws {
        defer { cleanUp() }
        let first = try tipOnTerminal([])
        #expect(first.code == 0 && shownTip(first.text) == 0)
        let second = try tipOnTerminal([], environment: ["TOUR_DEBUG": "1"])
        #expect(second.code == 0 && shownTip(second.text) == nil)
        // "0s ago", or "1s ago" when the second run starts on the next second.
        #expect(second.text.hasPrefix("tour: no tip: a tip was shown ") && second.text.contains("s ago; the next is due after 1d"),
                "\(second.text.debugDescription)")
    }

    @Test func silentRunsPrintNothingAndRecordNothing() throws {
        defer { cleanUp() }
        let piped = try runTour(["tip", "--every", "0", tipsFile], environment: environment)
        #expect(piped.exitCode == 0 && piped.stdout.isEmpty && piped.stderr.isEmpty)
        for (name, value) in [("CI", "true"), ("TOUR_DISABLE", "1"), ("TOUR_NO_TIPS", "1")] {
            let quiet = try tipOnTerminal(environment: [name: value])
            #expect(quiet.code == 0 && quiet.text.isEmpty, "\(name)=\(value): \(quiet.text.debugDescription)")
        }
        #expect(!FileManager.default.fileExists(atPath: stateFile))
        let visible = try tipOnTerminal()
        #expect(shownTip(visible.text) == 0)  // still the first tip
        // TOUR_DEBUG says why, on stderr, which is the terminal here.
        let told = try tipOnTerminal(environment: ["CI": "1", "TOUR_DEBUG": "1"])
        #expect(told.text.contains("tour: no tip: CI is set in the environment"))
    }

    @Test func offStopsTipsAndOnBringsThemBack() throws {
        defer { cleanUp() }
        let off = try runTour(["tip", "--off", tipsFile], environment: environment)
        #expect(off.exitCode == 0 && off.stdout.contains("are off; `tour tip --on "), "\(off.stdout)")
        #expect(try tipOnTerminal().text.isEmpty)
        #expect(try String(contentsOfFile: stateFile, encoding: .utf8).contains(#""off": true"#))
        let on = try runTour(["tip", "--on", tipsFile], environment: environment)
        #expect(on.exitCode == 0)
        #expect(shownTip(try tipOnTerminal().text) == 0)
        let both = try runTour(["tip", "--off", "--on", tipsFile], environment: environment)
        #expect(both.exitCode == 2)
    }

    @Test func tipsBrowsesEveryTipAsAPageAndCountsThemSeen() throws {
        defer { cleanUp() }
        let session = try TmuxSession(["tips", "--no-animation", tipsFile], environment: environment)
        let first = try session.waitFor("sync your habits")
        #expect(first.contains("● ○ ○"))  // one dot per tip
        try session.send("Right")
        try session.waitFor("undoes the last change")
        try session.send("End")
        let last = try session.waitFor("shows your streaks")
        #expect(last.contains("○ ○ ●") && last.contains("[ Done ]"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
        try session.expectTerminalRestored()
        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        #expect(state.contains(#""tip1": 1"#) && state.contains(#""tip3": 3"#))
    }

    @Test func checkAcceptsAGoodTipsFileAndPointsAtAMisspelledKey() throws {
        defer { cleanUp() }
        let good = try runTour(["check", tipsFile])
        #expect(good.exitCode == 0 && good.stdout.isEmpty, "\(good.stdout)")
        let bad = directory.appendingPathComponent("bad.md").path
        try "---\nkind: tips\nid: x\nversoin: 2.0\n---\n\n# Tips\n\n- One tip. <!-- sinse: 2.0 -->\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let checked = try runTour(["check", bad])
        #expect(checked.exitCode == 65)
        #expect(checked.stdout.contains("bad.md:4:1: error: unknown key \"versoin\" in the tips file; did you mean \"version\"?"), "\(checked.stdout)")
        #expect(checked.stdout.contains("bad.md:9:17: error: unknown key \"sinse\" in tip 1; did you mean \"since\"?"), "\(checked.stdout)")
    }

    /// TourKit's showOne, as a Swift tool calls it: the id of the tip it showed, a different
    /// one next time, and the default last line a Swift tool's users can act on.
    @Test func aSwiftToolShowsATipAndLearnsWhichOne() throws {
        defer { cleanUp() }
        var printed: [String] = []
        for _ in 1...2 {
            let terminal = try PseudoTerminal(["tip", stateHome], standardErrorOnTerminal: true, executable: TourBinary.harness)
            defer { terminal.hangUp() }
            try terminal.waitForOutput("shown: ")
            #expect(terminal.waitForExit()?.code == 0)
            Thread.sleep(forTimeInterval: 0.1)
            printed.append(plain(terminal.text))
        }
        #expect(printed[0].contains("ready\nTip  The first tip.\n     Turn tips off: set TOUR_NO_TIPS=1\nshown: first"), "\(printed[0].debugDescription)")
        #expect(printed[1].contains("Tip  The second.") && printed[1].contains("shown: second"), "\(printed[1].debugDescription)")
        // Piped, as in a script: nothing, and the tool learns that nothing was shown.
        let piped = try runTour(["tip", stateHome], executable: TourBinary.harness)
        #expect(piped.stdout == "ready\nshown: none\n")
    }
}
