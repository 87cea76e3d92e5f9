import Testing
@testable import TourCommand
import TourCore

/// The command line as the option table reads it: each option where it belongs, its
/// value checked, and anything else a usage error (exit 2) with words that say why.
@Suite("Arguments, from the option table")
struct ArgumentsTests {
    func parse(_ words: String) throws(TourError) -> Arguments {
        try Arguments.parse(words.split(separator: " ").map(String.init))
    }

    /// The message of the usage error `words` give, or nil when they parse.
    func usage(_ words: String) -> String? {
        do {
            _ = try parse(words)
            return nil
        } catch {
            guard case .usage(let message) = error else { return "not a usage error: \(error)" }
            #expect(ExitCode.forError(error) == 2)
            return message
        }
    }

    @Test func playingTakesItsOptionsAndAFile() throws {
        let arguments = try parse("--once --no-animation --page 3 --background light --locale fr mytool.json")
        #expect(arguments.command == nil && arguments.file == "mytool.json" && arguments.once && arguments.noAnimation)
        #expect(arguments.startPage == 3 && arguments.background == .light && arguments.locale == "fr")
        #expect(try parse("--id=notes").id == "notes")
        #expect(try parse("-- --odd-name.json").file == "--odd-name.json")
    }

    @Test func subcommandsTakeTheirOwnOptions() throws {
        let render = try parse("render tour.json --page 2 --size 80x24 --format svg --colors 256")
        #expect(render.command == .render && render.size! == (80, 24) && render.format == .svg && render.colors == .ansi256)
        let check = try parse("check tour.json --format json")
        #expect(check.command == .check && check.format == .json)
        let tip = try parse("tip tips.json --every 12h")
        #expect(tip.command == .tip && tip.tipInterval == 12 * 3600)
    }

    @Test func anOptionGivenWhereItDoesNothingIsAUsageError() {
        #expect(usage("check tour.json --once") == "tour: --once does not go with tour check; it is for playing a tour")
        #expect(usage("--size 80x24 tour.json")?.hasPrefix("tour: --size does not go with playing a tour") == true)
        #expect(usage("render --size 80x24 --watch")?.contains("--watch does not go with tour render") == true)
        #expect(usage("tip tips.json --colors 8")?.contains("--colors does not go with tour tip") == true)
    }

    @Test func unknownOptionsBadValuesAndMissingPartsAreUsageErrors() {
        #expect(usage("--onse tour.json") == "tour: unknown option \"--onse\"; see tour --help")
        #expect(usage("--once=false tour.json") == "tour: --once takes no value; got \"--once=false\"")
        #expect(usage("--page 0 tour.json") == "tour: --page takes a page number from 1, not \"0\"")
        #expect(usage("--page") == "tour: --page needs a value")
        #expect(usage("render --size 0x24")?.contains("--size takes WIDTHxHEIGHT") == true)
        #expect(usage("render --size 80x24 --colors 9")?.contains("--colors is 2, 8, 16, 256 or 24bit") == true)
        #expect(usage("check tour.json --format svg") == "tour: check --format is text or json, not \"svg\"")
        #expect(usage("--background grey") == "tour: --background is light or dark, not \"grey\"")
        #expect(usage("a.json b.json")?.contains("one tour file at a time") == true)
        #expect(usage("check") == "tour: check needs a FILE")
        #expect(usage("render") == "tour: render needs --size WIDTHxHEIGHT (or --format html)")
        #expect(usage("render --format html --size 80x24")?.contains("--size does not go with --format html") == true)
        #expect(usage("render --format html --page 2")?.contains("--page does not go with --format html") == true)
        #expect(usage("render --format html --output page.html") == nil)
        #expect(usage("--output page.html")?.contains("--output does not go with playing a tour") == true)
        #expect(usage("tip tips.json --off --on") == "tour: --off and --on go one at a time")
        #expect(usage("--watch") == "tour: --watch needs a FILE to watch")
    }

    @Test func helpAndTheVersionAnswerWhateverElseWasGiven() throws {
        #expect(try parse("check --help").showHelp)
        #expect(try parse("render --version").showVersion)
    }

    /// Every option of the table parses where the table puts it, and only there.
    @Test func everyRowParsesWhereItBelongsAndNowhereElse() throws {
        let answerAnything = ["--help", "--version", "--verbose", "--generate-completion-script", "--generate-manual"]
        for option in OptionTable.all where !answerAnything.contains(option.longName) {
            let sample: [String] = switch option.valueName {
            case nil: []
            case "WxH": ["80x24"]
            case "FORMAT": ["text"]
            case "BACKGROUND": ["light"]
            case "PICTURES": ["cells"]
            case "DURATION": ["1d"]
            case "COLORS": ["8"]
            case "STYLE": ["notice"]
            case "WHEN": ["start"]
            case "VERSION": ["1.0.0"]
            case "NAME=VALUE": ["search=/"]
            default: ["1"]
            }
            for command in [Subcommand?.none] + Subcommand.allCases.map(Optional.some) {
                let words = (command.map { [$0.rawValue] } ?? []) + [option.longName] + sample + ["--help"]
                let accepted = (try? Arguments.parse(words)) != nil
                #expect(accepted == option.commands.contains(command), "\(option.longName) with \(Arguments.place(command))")
            }
        }
    }

    @Test func exitCodesFromOutcomesAndErrors() {
        #expect(ExitCode.forOutcome(.completed) == 0 && ExitCode.forOutcome(.alreadySeen) == 0)
        #expect(ExitCode.forOutcome(.notShown(.continuousIntegration)) == 0)
        #expect(ExitCode.forOutcome(.skipped(atPage: 2)) == 1)
        #expect(ExitCode.forOutcome(.interrupted(signal: 2)) == 130 && ExitCode.forOutcome(.interrupted(signal: 15)) == 143)
        #expect(ExitCode.forError(.usage("x")) == 2 && ExitCode.forError(.output(reason: "disk full")) == 74)
        #expect(ExitCode.forError(.unreadable(path: "t.json", reason: "no such file")) == 66)
    }

    @Test func theStartOptionsGoWithOnceAndTheNewSubcommandsTakeAFile() throws {
        let once = try Arguments.parse(["--once", "--whats-new", "notice", "--every", "12h", "--answers", "a.json", "t.json"])
        #expect(once.whatsNewStyle == .notice && once.tipInterval == 43_200 && once.answersFile == "a.json" && once.file == "t.json")
        let notes = try Arguments.parse(["whats-new", "t.json", "--since", "1.2"])
        #expect(notes.command == .whatsNew && notes.since == "1.2")
        #expect(try Arguments.parse(["answers", "t.json"]).command == .answers)
        #expect(try Arguments.parse(["schema"]).command == .schema)
        for words in [["--whats-new", "notice", "t.json"], ["--every", "1d", "t.json"], ["--once", "--whats-new", "popup", "t.json"],
                      ["whats-new", "t.json", "--since", "soon"], ["whats-new"], ["answers"], ["answers", "t.json", "--since", "1.0"],
                      ["schema", "t.json"], ["schema", "--once"]] {
            #expect((try? Arguments.parse(words)) == nil, "\(words)")
        }
    }
}
