import TourCommand
import TourCore
import TourKit

/// `tour done FILE ITEM` and `tour checklist FILE`: a client of TourKit's `Tour.done` and
/// `Tour.printChecklist`, as `tour tip` is of `Tips`.
enum ChecklistCommand {
    static func run(_ arguments: Arguments, path: String) -> Int32 {
        var options = TourOptions()
        options.isCommand = true
        options.commandFile = path
        options.color = !arguments.noColor
        do throws(TourError) {
            let tour = try Tour(contentsOfFile: path, locale: arguments.locale, allowOutsideArt: arguments.allowOutsideArt)
            if arguments.command == .done, let item = arguments.item {
                // Silent, as a tool's `sync` calls it: TOUR_DEBUG=1 says why nothing was ticked.
                try tour.done(item, options: options)
            } else {
                try tour.printChecklist(options: options)
            }
            return ExitCode.completed.rawValue
        } catch {
            printError(error)
            return ExitCode.forError(error)
        }
    }
}
