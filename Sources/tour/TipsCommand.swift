import TourCommand
import TourCore
import TourKit
import TourStore

/// `tour tip` and `tour tips`: a client of TourKit's `Tips`, as playing is of `Tour`.
enum TipsCommand {
    static func run(_ arguments: Arguments, path: String) -> Int32 {
        let tips = Tips(contentsOfFile: path)
        var options = TipOptions()
        if let seconds = arguments.tipInterval { options.interval = .seconds(seconds) }
        options.color = !arguments.noColor
        do throws(TourError) {
            if arguments.tipsOff || arguments.tipsOn {
                // `tour tip --off kettle`, as documented: a bare NAME is an id where no file is.
                return setOff(arguments, id: namesAnID(path) ? path : try tips.stateID())
            }
            options.offCommandNamesTheID = true
            if arguments.command == .tips {
                var tourOptions = TourOptions()
                tourOptions.presentation = arguments.accessible ? .accessible : arguments.plain ? .plain : .automatic
                tourOptions.color = !arguments.noColor
                tourOptions.animation = !arguments.noAnimation
                tourOptions.mouse = !arguments.noMouse
                tourOptions.background = arguments.background
                tourOptions.pictures = arguments.pictures
                tourOptions.isCommand = true
                return ExitCode.forOutcome(try tips.browse(options: tourOptions, tipOptions: options))
            }
            _ = try tips.showOne(options: options)
            return ExitCode.completed.rawValue
        } catch {
            printError(error)
            return ExitCode.forError(error)
        }
    }

    /// `tour tip --off --id ID` (the hint under a tip), `--on`, or a bare NAME that names an id.
    static func setOff(_ arguments: Arguments, id: String) -> Int32 {
        var options = TipOptions()
        options.color = !arguments.noColor
        do throws(TourError) {
            try Tips.setOff(arguments.tipsOff, id: id, options: options)
        } catch {
            printError(error)
            return ExitCode.forError(error)
        }
        let message = arguments.tipsOff
            ? "tips of \(Quoted(id)) are off; `\(CommandWords.tour) tip --on --id \(ShellWord.quote(id))` brings them back\n"
            : "tips of \(Quoted(id)) are on\n"
        return Authoring.writeOut(CommandOutput.forTerminal(message)) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
    }

    /// `tour tip --off NAME` names an id rather than a file: no such file, no folder in it,
    /// and not a tour's extension (a mistyped path is still a file that is missing).
    static func namesAnID(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.hasSuffix(".json") && !name.hasSuffix(".md") && !FileSystem.exists(name)
    }
}
