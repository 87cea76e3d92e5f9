import TourCore
import TourKit

/// The parsed command line.
package struct Arguments {
    package var file: String?
    package var plain = false
    package var noColor = false
    package var noAnimation = false
    package var noMouse = false
    package var accessible = false
    package var startPage = 1
    package var once = false
    package var reset = false
    package var id: String?
    package var showHelp = false
    package var showVersion = false
    package var locale: String?
    package var watch = false
    package var allowOutsideArt = false
    package var verbose = false
    package var background: TerminalBackground?
    /// render: the color depth to draw at.
    package var colors: ColorDepth?
    /// `tour check` or `tour render`; nil plays the tour.
    package var command: Subcommand?
    package var format: OutputFormat?
    package var page: Int?
    package var size: (width: Int, height: Int)?
    package var completionShell: String?
    package var generateManual = false
    /// `tour tip --every`, in seconds.
    package var tipInterval: Int?
    package var tipsOff = false
    package var tipsOn = false
    /// `--whats-new`: how what's new appears after an update.
    package var whatsNewStyle: Tour.WhatsNewStyle?
    /// `whats-new --since`.
    package var since: String?
    /// `--answers PATH`.
    package var answersFile: String?

    /// Reads the words after `tour`. Only options in `OptionTable` are recognised; the two
    /// generators are the only words outside it (they write that table out).
    package static func parse(_ words: [String]) throws(TourError) -> Arguments {
        var arguments = Arguments()
        var index = 0
        var optionsEnded = false
        func value(for option: String, inline: String?) throws(TourError) -> String {
            if let inline { return inline }
            index += 1
            guard index < words.count else { throw TourError.usage("tour: \(option) needs a value") }
            return words[index]
        }
        if let first = words.first, let command = Subcommand(rawValue: first) {
            arguments.command = command
            index = 1
        }
        while index < words.count {
            let word = words[index]
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                guard arguments.file == nil else { throw TourError.usage("tour: one tour file at a time; got \(Quoted(arguments.file!)) and \(Quoted(word))") }
                arguments.file = word
                index += 1
                continue
            }
            var name = word
            var inlineValue: String? = nil
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            if name == "--" {
                optionsEnded = true
                index += 1
                continue
            }
            if name == "--generate-completion-script" {
                arguments.completionShell = try value(for: name, inline: inlineValue)
                index += 1
                continue
            }
            if name == "--generate-manual" {
                arguments.generateManual = true
                index += 1
                continue
            }
            guard let option = OptionTable.option(named: name) else {
                throw TourError.usage("tour: unknown option \(Quoted(word)); see tour --help")
            }
            guard option.commands.contains(arguments.command) else {
                let places = option.commands.map(Self.place).joined(separator: " or ")
                throw TourError.usage("tour: \(name) does not go with \(Self.place(arguments.command)); it is for \(places)")
            }
            // "--once=false" read as --once would do the opposite of what was written.
            if case .none = option.value, inlineValue != nil {
                throw TourError.usage("tour: \(name) takes no value; got \(Quoted(word))")
            }
            switch option.action {
            case .help: arguments.showHelp = true
            case .version: arguments.showVersion = true
            case .verbose: arguments.verbose = true
            case .plain: arguments.plain = true
            case .watch: arguments.watch = true
            case .allowOutsideArt: arguments.allowOutsideArt = true
            case .once: arguments.once = true
            case .reset: arguments.reset = true
            case .noColor: arguments.noColor = true
            case .colors:
                let text = try value(for: name, inline: inlineValue)
                guard let depth = ColorDepth(colorsName: text) else {
                    throw TourError.usage("tour: --colors is 2, 8, 16, 256 or 24bit, not \(Quoted(text))")
                }
                arguments.colors = depth
            case .noAnimation: arguments.noAnimation = true
            case .noMouse: arguments.noMouse = true
            case .accessible: arguments.accessible = true
            case .background:
                let text = try value(for: name, inline: inlineValue)
                guard let background = TerminalBackground(name: text) else {
                    throw TourError.usage("tour: --background is light or dark, not \(Quoted(text))")
                }
                arguments.background = background
            case .locale: arguments.locale = try value(for: name, inline: inlineValue)
            case .id: arguments.id = try value(for: name, inline: inlineValue)
            case .format:
                // Only check and render take --format (the table says so), so there is a command.
                let text = try value(for: name, inline: inlineValue)
                let command = arguments.command ?? .check
                guard let format = OutputFormat(rawValue: text), OutputFormat.formats(for: command).contains(format) else {
                    throw TourError.usage("tour: \(command.rawValue) --format is \(OutputFormat.list(for: command)), not \(Quoted(text))")
                }
                arguments.format = format
            case .size:
                let text = try value(for: name, inline: inlineValue)
                let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" }).compactMap { Int($0) }
                guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
                    throw TourError.usage("tour: --size takes WIDTHxHEIGHT such as 80x24, not \(Quoted(text))")
                }
                arguments.size = (parts[0], parts[1])
            case .every:
                let text = try value(for: name, inline: inlineValue)
                guard let seconds = TipInterval.parse(text) else {
                    throw TourError.usage("tour: --every takes 0 or a number and s, m, h, d or w (30m, 12h, 1d, 7d), not \(Quoted(text))")
                }
                arguments.tipInterval = seconds
            case .whatsNewStyle:
                let text = try value(for: name, inline: inlineValue)
                guard let style = Tour.WhatsNewStyle(rawValue: text) else {
                    throw TourError.usage("tour: --whats-new is pager or notice, not \(Quoted(text))")
                }
                arguments.whatsNewStyle = style
            case .since:
                let text = try value(for: name, inline: inlineValue)
                guard Version(text) != nil else { throw TourError.usage("tour: --since takes a version such as 1.2.0, not \(Quoted(text))") }
                arguments.since = text
            case .answersFile: arguments.answersFile = try value(for: name, inline: inlineValue)
            case .tipsOff: arguments.tipsOff = true
            case .tipsOn: arguments.tipsOn = true
            case .page:
                let text = try value(for: name, inline: inlineValue)
                guard let page = Int(text), page >= 1 else { throw TourError.usage("tour: --page takes a page number from 1, not \(Quoted(text))") }
                arguments.startPage = page
                arguments.page = page
            }
            index += 1
        }
        // Help, the version and the generators answer whatever else was given.
        if arguments.showHelp || arguments.showVersion || arguments.completionShell != nil || arguments.generateManual {
            return arguments
        }
        switch arguments.command {
        case .check?:
            guard arguments.file != nil else { throw TourError.usage("tour: check needs a FILE") }
        case .render?:
            guard arguments.size != nil else { throw TourError.usage("tour: render needs --size WIDTHxHEIGHT") }
        case .whatsNew?, .answers?:
            guard arguments.file != nil else { throw TourError.usage("tour: \(arguments.command!.rawValue) needs a tour FILE") }
        case .tip?, .tips?:
            guard arguments.file != nil else { throw TourError.usage("tour: \(arguments.command!.rawValue) needs a tips FILE") }
            if arguments.tipsOff && arguments.tipsOn { throw TourError.usage("tour: --off and --on go one at a time") }
        case nil:
            if arguments.watch && arguments.file == nil { throw TourError.usage("tour: --watch needs a FILE to watch") }
            if arguments.whatsNewStyle != nil && !arguments.once { throw TourError.usage("tour: --whats-new goes with --once") }
            if arguments.tipInterval != nil && !arguments.once { throw TourError.usage("tour: --every goes with --once (or tour tip)") }
        }
        return arguments
    }

    /// How a usage error names where an option was given: "check", "render", "playing a tour".
    package static func place(_ command: Subcommand?) -> String {
        command.map { "tour \($0.rawValue)" } ?? "playing a tour"
    }
}
