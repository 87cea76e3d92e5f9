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
    var options = TourOptions()
    options.once = arguments.once
    options.plain = arguments.plain
    options.color = arguments.noColor ? .never : .automatic
    options.startPage = arguments.startPage - 1
    options.id = arguments.id
    options.animation = !arguments.noAnimation
    options.mouse = !arguments.noMouse
    options.accessible = arguments.accessible

    if arguments.reset {
        return reset(tour, id: arguments.id)
    }
    do throws(TourError) {
        let report = try TourRunner.run(tour, options: options)
        return report.outcome.map(ExitCode.forOutcome) ?? ExitCode.completed.rawValue
    } catch {
        printError(error.description)
        return ExitCode.forError(error)
    }
}

/// `--reset`: forget the tour, so the next `--once` shows it again.
func reset(_ tour: Tour, id: String?) -> Int32 {
    let id = id ?? tour.id ?? "tour"
    guard SeenStateStore.isValidID(id) else {
        printError("tour: invalid id \"\(id)\": use letters, digits, '.', '_' and '-', not starting with '.'")
        return ExitCode.usage.rawValue
    }
    guard let directory = SeenStateStore.defaultDirectory(environment: { name in getenv(name).map { String(cString: $0) } }) else {
        return ExitCode.completed.rawValue  // no state directory: nothing is remembered, so nothing to forget
    }
    do throws(SeenStateStore.WriteFailure) {
        try SeenStateStore(directory: directory).reset(id: id)
    } catch {
        printError("tour: \(error.reason)")
        return ExitCode.software.rawValue
    }
    return ExitCode.completed.rawValue
}

exit(main())
