import TourCommand
import TourCore
import TourKit

/// `tour tip` and `tour tips`: a client of TourKit's `Tips`, as playing is of `Tour`.
enum TipsCommand {
    static func run(_ arguments: Arguments, path: String) -> Int32 {
        let tips = Tips(contentsOfFile: path)
        var options = TipOptions()
        if let seconds = arguments.tipInterval { options.interval = .seconds(seconds) }
        options.color = !arguments.noColor
        options.offCommand = "tour tip --off \(ShellWord.quote(path))"
        do throws(TourError) {
            if arguments.command == .tips {
                var tourOptions = TourOptions()
                tourOptions.presentation = arguments.accessible ? .accessible : arguments.plain ? .plain : .automatic
                tourOptions.color = !arguments.noColor
                tourOptions.animation = !arguments.noAnimation
                tourOptions.mouse = !arguments.noMouse
                tourOptions.background = arguments.background
                tourOptions.isCommand = true
                return ExitCode.forOutcome(try tips.browse(options: tourOptions, tipOptions: options))
            }
            if arguments.tipsOff || arguments.tipsOn {
                arguments.tipsOff ? try tips.turnOff(options: options) : try tips.turnOn(options: options)
                let message = arguments.tipsOff
                    ? "tips from \(MessageText.path(path)) are off; `tour tip --on \(ShellWord.quote(path))` brings them back\n"
                    : "tips from \(MessageText.path(path)) are on\n"
                return Authoring.writeOut(CommandOutput.forTerminal(message)) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue
            }
            _ = try tips.showOne(options: options)
            return ExitCode.completed.rawValue
        } catch {
            printError(error)
            return ExitCode.forError(error)
        }
    }
}
