import Foundation
import Testing

/// The command without a terminal: flags, errors and exit codes.
@Suite("End to end: the command")
struct CommandTests {
    @Test func helpAndVersion() throws {
        let help = try runTour(["--help"])
        #expect(help.exitCode == 0)
        #expect(help.stdout.contains("Usage: tour [options] [FILE]"))
        // The keys one a line, from the key table, not run together in a paragraph.
        #expect(help.stdout.contains("\nKeys:\n  -> l                next page\n  <- b h Backspace    previous page\n"))
        #expect(help.stdout.contains("\n  q Esc               skip, or close\n  ?                   this help\n"))
        let version = try runTour(["--version"])
        #expect(version.exitCode == 0)
        #expect(version.stdout.hasPrefix("tour "))
        let verbose = try runTour(["--version", "--verbose"]).stdout.split(separator: "\n")
        #expect(verbose.count == 3 && verbose[1].hasPrefix("Swift ") && verbose[2].hasPrefix("ncurses "))
    }

    /// The option table is the one source: every option the parser knows is in `--help`
    /// (and so in the man page and completions, written from the same table), and every
    /// option in `--help` is accepted by the parser.
    @Test func everyOptionIsInTheTableAndTheTableIsParsed() throws {
        let parser = try String(contentsOfFile: TourBinary.packageRoot + "/Sources/TourCommand/Arguments.swift", encoding: .utf8)
        let table = try String(contentsOfFile: TourBinary.packageRoot + "/Sources/TourCommand/OptionTable.swift", encoding: .utf8)
        let help = try runTour(["--help"]).stdout
        func options(_ text: String) -> Set<String> {
            Set(text.split(whereSeparator: { !($0.isLetter || $0 == "-") }).filter { $0.hasPrefix("--") && $0.count > 2 }.map(String.init))
        }
        let generators: Set<String> = ["--generate-completion-script", "--generate-manual"]
        #expect(options(parser).subtracting(generators).subtracting(options(help)).isEmpty, "in the parser, not in the table")
        #expect(options(table).subtracting(generators) == options(help))
        // "  --page N   start on…": an option, and its value's name when it takes one.
        let optionsPart = help.components(separatedBy: "\nKeys:\n")[0]  // the key lines start with "->" too
        let rows = optionsPart.split(separator: "\n").map { $0.split(separator: " ") }.filter { $0.first?.hasPrefix("-") == true }
        for row in rows {
            let names = row.prefix { $0.hasPrefix("-") }.map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
            let valueName = row.dropFirst(names.count).first.flatMap { $0.allSatisfy { $0.isUppercase || $0 == "x" || $0 == "=" } ? String($0) : nil }
            let option = names.last!
            let sample = valueName == "WxH" ? "80x24" : valueName == "FORMAT" ? "text" : valueName == "BACKGROUND" ? "light" : valueName == "PICTURES" ? "cells"
                : valueName == "DURATION" ? "1d" : valueName == "COLORS" ? "8" : valueName == "STYLE" ? "notice"
                : valueName == "VERSION" ? "1.0.0" : valueName == "WHEN" ? "start" : valueName == "NAME=VALUE" ? "search=/" : "1"
            let words = valueName != nil ? [option, sample, "--help"] : [option, "--help"]
            // Each option goes with playing or a subcommand: one of them takes it.
            let takers = try [[], ["check"], ["render"], ["tip"], ["tips"], ["whats-new"], ["answers"]].filter { try runTour($0 + words).exitCode == 0 }
            #expect(!takers.isEmpty, "\(option) is in --help but the parser refuses it everywhere")
        }
        // The reference's command block lists them all.
        let reference = try String(contentsOfFile: TourBinary.packageRoot + "/docs/reference.md", encoding: .utf8)
        for option in options(help) { #expect(reference.contains(option), "docs/reference.md lacks \(option)") }
    }

    /// A flag takes no value: "--once=false" read as --once did the opposite of what was written.
    @Test(arguments: ["--once=false", "--plain=no", "--reset=no", "--no-color=1", "--help=x"])
    func aFlagRefusesAValue(word: String) throws {
        let result = try runTour([word])
        #expect(result.exitCode == 2)
        #expect(result.stderr == "tour: \(word.split(separator: "=")[0]) takes no value; got \"\(word)\"\n", "\(result.stderr)")
    }

    @Test(arguments: [["--bogus"], ["--page"], ["--page", "0"], ["a.json", "b.json"], ["--page", "9"]])
    func usageErrorsExit2(arguments: [String]) throws {
        let result = try runTour(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix("tour: "))
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFileExits66() throws {
        let result = try runTour(["/nonexistent/tour.json"])
        #expect(result.exitCode == 66)
        #expect(result.stderr == "/nonexistent/tour.json: no such file\n")
    }

    @Test func malformedJSONExits65WithPosition() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-cmd-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try "{\n  \"pages\": [\n    {\"title\": \"x\"\n  ]\n}".write(to: file, atomically: true, encoding: .utf8)
        let result = try runTour([file.path])
        #expect(result.exitCode == 65)
        #expect(result.stderr == "\(file.path):4:3: expected ',' or '}' after the value of \"title\"\n")
    }

    @Test func noPagesExits65() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-cmd-empty-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"pages": []}"#.write(to: file, atomically: true, encoding: .utf8)
        let result = try runTour([file.path])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("\"pages\" is empty"))
    }

    @Test func plainModeWhenNotATerminal() throws {
        let result = try runTour([])
        #expect(result.exitCode == 0)
        #expect(result.stdout.hasPrefix("Page 1 of 6\nWelcome to tour\n"))
        #expect(result.stdout.contains("Page 3 of 6\nTry a key\n"))
        #expect(result.stdout.contains("Page 6 of 6\nShown once, then what's new\n"))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func plainFlagAndHostileContentSendNoEscapes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tour-cmd-hostile-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"pages": [{"title": "a\u001b]0;pwned\u0007b", "subtitle": "\u001b[2J\u009b31mred", "hero": "\u001bP1$r\u001b\\art"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try runTour(["--plain", file.path])
        #expect(result.exitCode == 0)
        #expect(result.stdout == "Page 1 of 1\nab\nred\n\nart\n")
    }
}
