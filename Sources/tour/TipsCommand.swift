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
        options.offCommand = "tour tip --off \(shellWord(path))"
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
                    ? "tips from \(MessageText.path(path)) are off; `tour tip --on \(shellWord(path))` brings them back\n"
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

    /// The path as a shell word a person can paste: as it is when it is plain, else in
    /// single quotes; cleaned of controls either way.
    static func shellWord(_ path: String) -> String {
        let clean = TextSanitizer.clean(path)
        let plain = clean.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:@%~,".unicodeScalars.contains(scalar)
        }
        if plain && !clean.isEmpty { return clean }
        return "'" + clean.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// Every `target` replaced, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
