import TourKit

#if canImport(Glibc)
import Glibc
#endif

let version = "1.0.0"

func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func main() -> Int32 {
    let arguments: Arguments
    do throws(TourError) {
        arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        printError(error.description)
        return ExitCode.usage.rawValue
    }
    if arguments.showHelp {
        print(Arguments.usage)
        return 0
    }
    if arguments.showVersion {
        print("tour \(version)")
        return 0
    }

    // Load and validate everything before the screen is taken over, so errors read cleanly.
    let tour: Tour
    do throws(TourError) {
        if let path = arguments.file {
            tour = try TourLoader.load(path: path)
        } else {
            tour = try BuiltInTour.load()
        }
    } catch {
        printError(error.description)
        return ExitCode.forError(error)
    }
    guard arguments.startPage <= tour.pages.count else {
        printError("tour: --page \(arguments.startPage) is past the last page (\(tour.pages.count))")
        return ExitCode.usage.rawValue
    }

    let environment = TerminalEnvironment.current()
    if arguments.plain || !environment.canRunFullScreen {
        print(PlainText.tour(tour), terminator: "")
        return ExitCode.completed.rawValue
    }

    var options = FullScreenPager.Options()
    options.startPage = arguments.startPage - 1
    options.colorMode = arguments.noColor || environment.noColorRequested ? .never : .automatic
    options.asciiOnly = !environment.localeIsUTF8
    if let delay = environment.escapeDelayMilliseconds { options.escapeDelayMilliseconds = delay }
    do {
        let outcome = try FullScreenPager.run(tour, options: options)
        return ExitCode.forOutcome(outcome)
    } catch {
        // No usable terminal after all (TERM unknown to terminfo): plain text still works.
        print(PlainText.tour(tour), terminator: "")
        return ExitCode.completed.rawValue
    }
}

exit(main())
