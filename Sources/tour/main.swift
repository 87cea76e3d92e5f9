// The `tour` command: a client of TourKit like any other tool. Playing goes through
// `Tour.run`; `check` and `render` (Authoring.swift) are the authoring tools.
import TourCommand
import TourCore
import TourKit

#if canImport(Glibc)
import Glibc
#endif

/// A usage or output error is the command's to name: "tour: …". Content errors start
/// with their file; TourKit's own messages carry no program name, for any tool.
func printError(_ error: TourError) {
    switch error {
    case .usage, .output:
        printError(error.description.hasPrefix("tour: ") ? error.description : "tour: " + error.description)
    default:
        printError(error.description)
    }
}

func printError(_ message: String) {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func main() -> Int32 {
    let arguments: Arguments
    do throws(TourError) {
        // The words as bytes: CommandLine.arguments repairs a file name that is not UTF-8
        // into U+FFFD, which names another file.
        let words = (1..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { RawBytes.decode(UnsafeBufferPointer(start: $0, count: strlen($0)).map { UInt8(bitPattern: $0) }) } ?? ""
        }
        arguments = try Arguments.parse(words)
    } catch {
        printError(error)
        return ExitCode.usage.rawValue
    }
    if arguments.showHelp {
        return Authoring.writeOut(OptionTable.help + "\n") ? 0 : ExitCode.writeFailed.rawValue
    }
    if arguments.showVersion {
        var text = "tour \(TourVersion.number)\n"
        if arguments.verbose { text += "Swift \(TourVersion.swift) (\(TourBuild.standardLibrary))\n\(TourBuild.ncursesVersion)\n" }
        return Authoring.writeOut(text) ? 0 : ExitCode.writeFailed.rawValue
    }
    if let shell = arguments.completionShell {
        guard let script = CompletionScripts.script(for: shell) else {
            printError("tour: --generate-completion-script takes bash, zsh or fish, not \(Quoted(shell))")
            return ExitCode.usage.rawValue
        }
        return Authoring.writeOut(script) ? 0 : ExitCode.writeFailed.rawValue
    }
    if arguments.generateManual {
        return Authoring.writeOut(ManualPage.tour1) ? 0 : ExitCode.writeFailed.rawValue
    }
    if arguments.command == .tip || arguments.command == .tips, let path = arguments.file {
        return TipsCommand.run(arguments, path: path)
    }
    if arguments.command == .check, let path = arguments.file {
        return Authoring.check(path: path, json: arguments.format == .json, allowOutsideArt: arguments.allowOutsideArt)
    }

    // A file is read to its id and version here; the rest, with every check, when the run
    // needs it, which is before the screen is taken over, so errors read cleanly. A
    // translation beside the file is laid over it, for --locale or the environment's locale.
    let tour: Tour
    do throws(TourError) {
        if let path = arguments.file {
            tour = try Tour(contentsOfFile: path, locale: arguments.locale, allowOutsideArt: arguments.allowOutsideArt)
        } else {
            tour = try BuiltInTour.load()
        }
    } catch {
        printError(error)
        return ExitCode.forError(error)
    }
    if arguments.command == .render, let size = arguments.size {
        var tour = tour
        tour.materialize()
        if let problem = tour.problemForRun {
            printError(problem)
            return ExitCode.forError(problem)
        }
        for warning in tour.loadWarnings { printError("tour: warning: \(warning)") }
        // As on a 24-bit terminal, unless asked otherwise; no color at all, as the pager, for NO_COLOR.
        let noColor = arguments.noColor || getenv("NO_COLOR").map { $0.pointee != 0 } == true
        let depth = arguments.colors ?? (noColor ? .monochrome : .direct)
        return Authoring.render(tour, page: arguments.page ?? 1, size: size, format: arguments.format ?? .text,
                                background: arguments.background ?? .dark, depth: depth)
    }

    var options = TourOptions()
    options.watchedFile = arguments.watch ? arguments.file : nil
    options.locale = arguments.locale
    options.allowOutsideArt = arguments.allowOutsideArt
    options.once = arguments.once
    options.presentation = arguments.accessible ? .accessible : arguments.plain ? .plain : .automatic
    options.color = !arguments.noColor
    options.startPage = arguments.startPage - 1
    options.id = arguments.id
    options.animation = !arguments.noAnimation
    options.mouse = !arguments.noMouse
    options.background = arguments.background
    options.isCommand = true
    options.commandFile = arguments.file
    options.answersFile = arguments.answersFile
    options.whatsNew = arguments.whatsNewStyle
    if let seconds = arguments.tipInterval { options.tipInterval = .seconds(seconds) }

    do throws(TourError) {
        if arguments.reset {
            // Say what happened: a reset that finds nothing is not an error, but it is news.
            let name = options.id ?? tour.id ?? "tour"
            let forgot = try tour.resetSeenState(options: options)
            let message = forgot ? "forgot that \(Quoted(name)) was seen\n" : "\(Quoted(name)) was not marked as seen\n"
            return Authoring.writeOut(message) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
        }
        if arguments.command == .answers {
            return Authoring.writeOut(AnswerRecord.object(tour.answers(options: options))) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
        }
        if arguments.command == .whatsNew {
            let outcome = try tour.whatsNew(since: arguments.since, options: options)
            if outcome == .alreadySeen {
                let what = arguments.since.map { "no page of \(MessageText.path(arguments.file ?? "")) is newer than \($0)" }
                    ?? "no page of \(MessageText.path(arguments.file ?? "")) has a \"since\""
                return Authoring.writeOut(CommandOutput.forTerminal(what + "\n")) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
            }
            return ExitCode.forOutcome(outcome)
        }
        return ExitCode.forOutcome(try tour.run(options: options))
    } catch {
        printError(error)
        return ExitCode.forError(error)
    }
}

exit(main())
