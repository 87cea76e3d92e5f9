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

    if arguments.command == .check, let path = arguments.file {
        return check(path: path, json: arguments.format == "json")
    }

    // A translation beside the file, for --locale or the environment's locale.
    let environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
    let path = arguments.file.map { TourLoader.localizedPath(for: $0, locale: arguments.locale ?? TourLoader.messagesLocale(environment: environment)) }

    // Load and validate everything before the screen is taken over, so errors read cleanly.
    let tour: Tour
    do throws(TourError) {
        if let path {
            tour = try TourLoader.load(path: path)
        } else {
            tour = try BuiltInTour.load()
        }
    } catch {
        printError(error.description)
        return ExitCode.forError(error)
    }
    if arguments.command == .render, let size = arguments.size {
        return render(tour, page: arguments.page ?? 1, size: Size(width: size.width, height: size.height), format: arguments.format ?? "text")
    }

    var options = TourOptions()
    options.watchedFile = arguments.watch ? path : nil
    options.once = arguments.once
    options.plain = arguments.plain
    options.color = arguments.noColor ? .never : .automatic
    options.startPage = arguments.startPage - 1
    options.id = arguments.id
    options.animation = !arguments.noAnimation
    options.mouse = !arguments.noMouse
    options.accessible = arguments.accessible

    if arguments.reset {
        do throws(TourError) {
            try tour.resetSeenState(options: options)
            return ExitCode.completed.rawValue
        } catch {
            printError(error.description)
            return ExitCode.forError(error)
        }
    }
    do throws(TourError) {
        let report = try TourRunner.run(tour, options: options)
        return report.outcome.map(ExitCode.forOutcome) ?? ExitCode.completed.rawValue
    } catch {
        printError(error.description)
        return ExitCode.forError(error)
    }
}

/// `tour check FILE`: every problem, one per line, as `FILE:LINE:COLUMN: error: message`.
func check(path: String, json: Bool) -> Int32 {
    let result: (tour: Tour?, diagnostics: [Diagnostic])
    do throws(TourError) {
        result = try TourLoader.check(path: path)
    } catch {
        printError(error.description)
        return ExitCode.unreadable.rawValue
    }
    var diagnostics = result.diagnostics
    if let tour = result.tour { diagnostics += TourLoader.translationWarnings(base: tour, path: path) }
    if json {
        print("[" + diagnostics.map(\.json).joined(separator: ",\n ") + "]")
    } else {
        for diagnostic in diagnostics { print(diagnostic.description) }
    }
    return diagnostics.contains { $0.severity == .error } ? ExitCode.badContent.rawValue : ExitCode.completed.rawValue
}

/// `tour render FILE --page N --size WxH`: one page drawn as the pager would, without a terminal.
func render(_ tour: Tour, page: Int, size: Size, format: String) -> Int32 {
    guard page <= tour.pages.count else {
        printError("tour: --page \(page) is past the last page (\(tour.pages.count))")
        return ExitCode.usage.rawValue
    }
    let canvas = PagerController(tour: tour, startPage: page - 1).render(size: size, glyphs: .unicode)
    switch format {
    case "ansi": print(ScreenExport.ansi(canvas), terminator: "")
    case "svg": print(ScreenExport.svg(canvas), terminator: "")
    default: print(ScreenExport.text(canvas), terminator: "")
    }
    return ExitCode.completed.rawValue
}

exit(main())
