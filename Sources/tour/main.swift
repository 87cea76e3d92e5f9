// The `tour` command: a client of TourKit like any other tool. Playing goes through
// `Tour.run`; `check` and `render` (Authoring.swift) are the authoring tools.
import TourCommand
import TourCore
import TourKit
import TourStore

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
    StandardStreams.error(message + "\n")
}

func main() -> Int32 {
    let arguments: Arguments
    do throws(TourError) {
        // The words as bytes, from the C entry point: CommandLine.arguments repairs a file
        // name that is not UTF-8 into U+FFFD, which names another file, and statically
        // linked it reads /proc, which a bare chroot lacks.
        arguments = try Arguments.parse(CommandWords.all)
    } catch {
        printError(error)
        return ExitCode.usage.rawValue
    }
    if let text = informationalText(arguments) {
        guard let text = text else { return ExitCode.usage.rawValue }
        return Authoring.writeOut(text) ? 0 : ExitCode.writeFailed.rawValue
    }
    if arguments.command == .tip || arguments.command == .tips, let path = arguments.file {
        return TipsCommand.run(arguments, path: path)
    }
    if arguments.command == .tip, let id = arguments.id {
        return TipsCommand.setOff(arguments, id: id)
    }
    if arguments.command == .done || arguments.command == .checklist, let path = arguments.file {
        return ChecklistCommand.run(arguments, path: path)
    }
    if arguments.command == .schema {
        return Authoring.writeOut(TourSchema.text) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
    }
    if arguments.command == .check, let path = arguments.file {
        return Authoring.check(path: path, json: arguments.format == .json, allowOutsideArt: arguments.allowOutsideArt)
    }
    do throws(TourError) {
        return try runTourCommand(arguments)
    } catch {
        printError(error)
        return ExitCode.forError(error)
    }
}

/// What --help, --version and the generated scripts print; nil for every other command,
/// and .some(nil) for a usage error already said.
func informationalText(_ arguments: Arguments) -> String?? {
    if arguments.showHelp { return OptionTable.help + "\n" }
    if arguments.showVersion {
        var text = "tour \(TourVersion.number)\n"
        if arguments.verbose { text += "Swift \(TourVersion.swift) (\(TourBuild.standardLibrary))\n\(TourBuild.ncursesVersion)\n" }
        return text
    }
    if let shell = arguments.completionShell {
        guard let script = CompletionScripts.script(for: shell) else {
            printError("tour: --generate-completion-script takes bash, zsh or fish, not \(Quoted(shell))")
            return .some(nil)
        }
        return script
    }
    if arguments.generateManual { return ManualPage.tour1 }
    return nil
}

/// Plays, renders, resets or answers for a tour: the file's, or the built-in one. A file
/// is read, with every check, before the screen is taken over, so errors read cleanly;
/// to play it only its top is read first, so a start with nothing new reads no page. A
/// translation beside the file is laid over it, for --locale or the environment's locale.
func runTourCommand(_ arguments: Arguments) throws(TourError) -> Int32 {
    let options = playOptions(arguments)
    func tour() throws(TourError) -> Tour {
        guard let path = arguments.file else { return try BuiltInTour.load() }
        return try Tour(contentsOfFile: path, locale: arguments.locale, allowOutsideArt: arguments.allowOutsideArt)
    }
    if arguments.command == .render, arguments.format == .html {
        let page = try Authoring.webPage(path: arguments.file, locale: arguments.locale, allowOutsideArt: arguments.allowOutsideArt,
                                         values: arguments.values)
        return Authoring.deliver(page, to: arguments.outputFile, tourFile: arguments.file)
    }
    if arguments.command == .render, let size = arguments.size {
        let tour = try tour().filled(with: arguments.values)
        for warning in tour.loadWarnings { printError("tour: warning: \(warning)") }
        let depth = ColorDepth.forRender(requested: arguments.colors, noColor: arguments.noColor || CommandOutput.noColorRequested)
        if arguments.format == .cast {
            return Authoring.cast(tour, size: size, background: arguments.background ?? .dark, depth: depth,
                                  animation: !arguments.noAnimation, output: arguments.outputFile, tourFile: arguments.file)
        }
        return Authoring.render(tour, page: arguments.page ?? 1, size: size, format: arguments.format ?? .text,
                                background: arguments.background ?? .dark, depth: depth, output: arguments.outputFile, tourFile: arguments.file,
                                pictureFile: Authoring.pictureFiles(path: arguments.file, allowOutsideArt: arguments.allowOutsideArt))
    }
    switch arguments.command {
    case .answers:
        return written(AnswerRecord.object(try tour().answers(options: options)))
    case .whatsNew:
        let outcome = try tour().whatsNew(since: arguments.since, options: options)
        guard outcome == .alreadySeen else { return ExitCode.forOutcome(outcome) }
        let file = MessageText.path(arguments.file ?? "")
        return written(CommandOutput.forTerminal((arguments.since.map { "no page of \(file) is newer than \($0)" } ?? "no page of \(file) has a \"since\"") + "\n"))
    default:
        break
    }
    if arguments.reset {
        // Say what happened: a reset that finds nothing is not an error, but it is news.
        let tour = try tour()
        let name = Quoted(tour.stateID(options: options))
        return written(try tour.resetSeenState(options: options) ? "forgot that \(name) was seen\n" : "\(name) was not marked as seen\n")
    }
    let unread: UnreadTour
    if let path = arguments.file {
        // Only a `once` start decides from the file's top; any other run reads it whole.
        unread = try UnreadTour.file(path: path, locale: arguments.locale ?? Tour.environmentLocale, allowOutsideArt: arguments.allowOutsideArt,
                                     readingHead: arguments.once)
    } else {
        unread = UnreadTour(try BuiltInTour.load())
    }
    return ExitCode.forOutcome(try unread.run(options: options).outcome)
}

/// Exit 0 when `text` reached stdout, else 74.
func written(_ text: String) -> Int32 {
    Authoring.writeOut(text) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
}

/// The options of a run, as the flags give them.
func playOptions(_ arguments: Arguments) -> TourOptions {
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
    options.pictures = arguments.pictures
    options.isCommand = true
    options.commandFile = arguments.file
    options.answersFile = arguments.answersFile
    options.values = arguments.values
    options.whatsNew = arguments.whatsNewStyle
    options.moment = arguments.moment ?? .any
    if let seconds = arguments.tipInterval { options.tipInterval = .seconds(seconds) }
    return options
}

exit(main())
