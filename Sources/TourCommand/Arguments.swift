import TourCore

/// The parsed command line.
package struct Arguments {
    package var file: String?
    /// `tour done FILE ITEM`: the checklist item.
    package var item: String?
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
    /// `--pictures`: pixels or cells; nil leaves it to TOUR_PICTURES, else auto.
    package var pictures: PictureSetting?
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
    /// `--at start|exit`; nil when not given.
    package var moment: StartPlan.Moment?
    /// `whats-new --since`.
    package var since: String?
    /// `--set NAME=VALUE`, each: values for the tour's `{name}`s.
    package var values: [String: String] = [:]
    /// `--answers PATH`.
    package var answersFile: String?
    /// render `--output FILE`: where the drawing goes instead of stdout.
    package var outputFile: String?

    /// Reads the words after `tour`. Only options in `OptionTable` are recognised, each
    /// only with the subcommands its row names, and each row says where its value goes.
    package static func parse(_ words: [String]) throws(TourError) -> Arguments {
        var arguments = Arguments()
        var index = 0
        var optionsEnded = false
        if let first = words.first, let command = Subcommand(rawValue: first) {
            arguments.command = command
            index = 1
        }
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                if arguments.file != nil, arguments.command == .done, arguments.item == nil {
                    arguments.item = word
                    continue
                }
                guard arguments.file == nil else { throw TourError.usage("tour: one tour file at a time; got \(Quoted(arguments.file!)) and \(Quoted(word))") }
                arguments.file = word
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
                continue
            }
            let option = try known(name, word: word, command: arguments.command)
            switch option.store {
            case .flag(let set):
                // "--once=false" read as --once would do the opposite of what was written.
                if inlineValue != nil { throw TourError.usage("tour: \(name) takes no value; got \(Quoted(word))") }
                set(&arguments)
            case .value(let read):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count else { throw TourError.usage("tour: \(name) needs a value") }
                    value = words[index]
                    index += 1
                }
                try read(&arguments, value)
            }
        }
        try arguments.checkCombination()
        return arguments
    }

    /// The row of option `name`, when it goes with `command`.
    private static func known(_ name: String, word: String, command: Subcommand?) throws(TourError) -> Option {
        guard let option = OptionTable.option(named: name) else {
            throw TourError.usage("tour: unknown option \(Quoted(word)); see tour --help")
        }
        guard option.commands.contains(command) else {
            let places = option.commands.map(Self.place).joined(separator: " or ")
            throw TourError.usage("tour: \(name) does not go with \(Self.place(command)); it is for \(places)")
        }
        return option
    }

    /// What the options given need of each other and of the command.
    private func checkCombination() throws(TourError) {
        // Help, the version and the generators answer whatever else was given.
        if showHelp || showVersion || completionShell != nil || generateManual { return }
        switch command {
        case .check?:
            guard file != nil else { throw TourError.usage("tour: check needs a FILE") }
        case .render?:
            // A web page is the whole tour, at whatever size the browser has.
            if format == .html {
                if size != nil { throw TourError.usage("tour: --size does not go with --format html; the page fits the browser's width") }
                if page != nil { throw TourError.usage("tour: --page does not go with --format html; the page holds the whole tour") }
            } else {
                guard size != nil else { throw TourError.usage("tour: render needs --size WIDTHxHEIGHT (or --format html)") }
                if format == .cast, page != nil { throw TourError.usage("tour: --page does not go with --format cast; the recording plays the whole tour") }
            }
        case .whatsNew?, .answers?:
            guard file != nil else { throw TourError.usage("tour: \(command!.rawValue) needs a tour FILE") }
        case .done?:
            guard file != nil, item != nil else { throw TourError.usage("tour: done needs a tour FILE and an ITEM of its checklist, as in tour done mytool.json login") }
        case .checklist?:
            guard file != nil else { throw TourError.usage("tour: checklist needs a tour FILE") }
        case .schema?:
            guard file == nil else { throw TourError.usage("tour: schema takes no FILE; it prints the one schema of every tour file") }
        case .tip? where (tipsOff || tipsOn) && id != nil:
            // `tour tip --off --id kettle`: the id alone, as the hint under a tip prints it.
            guard file == nil else { throw TourError.usage("tour: tip --\(tipsOff ? "off" : "on") takes a FILE or --id ID, not both") }
            if tipsOff && tipsOn { throw TourError.usage("tour: --off and --on go one at a time") }
        case .tip?, .tips?:
            guard file != nil else { throw TourError.usage("tour: \(command!.rawValue) needs a tips FILE") }
            if command == .tip, id != nil { throw TourError.usage("tour: tip takes --id only with --off or --on") }
            if tipsOff && tipsOn { throw TourError.usage("tour: --off and --on go one at a time") }
        case nil:
            if watch && file == nil { throw TourError.usage("tour: --watch needs a FILE to watch") }
            if whatsNewStyle != nil && !once { throw TourError.usage("tour: --whats-new goes with --once") }
            if moment != nil && !once { throw TourError.usage("tour: --at goes with --once") }
            if tipInterval != nil && !once { throw TourError.usage("tour: --every goes with --once (or tour tip)") }
        }
    }

    /// How a usage error names where an option was given: "check", "render", "playing a tour".
    package static func place(_ command: Subcommand?) -> String {
        command.map { "tour \($0.rawValue)" } ?? "playing a tour"
    }
}

/// How the option table's values are read: each refuses what it cannot take in its own words.
extension Arguments {
    static func readColors(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let depth = ColorDepth(colorsName: text) else {
            throw TourError.usage("tour: --colors is 2, 8, 16, 256 or 24bit, not \(Quoted(text))")
        }
        arguments.colors = depth
    }

    static func readBackground(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let background = TerminalBackground(name: text) else {
            throw TourError.usage("tour: --background is light or dark, not \(Quoted(text))")
        }
        arguments.background = background
    }

    static func readPictures(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let setting = PictureSetting(name: text) else {
            throw TourError.usage("tour: --pictures is auto, pixels or cells, not \(Quoted(text))")
        }
        arguments.pictures = setting
    }

    /// Only check and render take --format (the table says so), so there is a command.
    static func readFormat(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        let command = arguments.command ?? .check
        guard let format = OutputFormat(rawValue: text), OutputFormat.formats(for: command).contains(format) else {
            throw TourError.usage("tour: \(command.rawValue) --format is \(OutputFormat.list(for: command)), not \(Quoted(text))")
        }
        arguments.format = format
    }

    static func readSize(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" }).compactMap { Int($0) }
        guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
            throw TourError.usage("tour: --size takes WIDTHxHEIGHT such as 80x24, not \(Quoted(text))")
        }
        arguments.size = (parts[0], parts[1])
    }

    static func readInterval(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let seconds = TipInterval.parse(text) else {
            throw TourError.usage("tour: --every takes 0 or a number and s, m, h, d or w (30m, 12h, 1d, 7d), not \(Quoted(text))")
        }
        arguments.tipInterval = seconds
    }

    static func readMoment(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let moment = StartPlan.Moment(rawValue: text), moment != .any else {
            throw TourError.usage("tour: --at is start or exit, not \(Quoted(text))")
        }
        arguments.moment = moment
    }

    static func readWhatsNewStyle(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let style = Tour.WhatsNewStyle(rawValue: text) else {
            throw TourError.usage("tour: --whats-new is pager or notice, not \(Quoted(text))")
        }
        arguments.whatsNewStyle = style
    }

    static func readSince(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard Version(text) != nil else { throw TourError.usage("tour: --since takes a version such as 1.2.0, not \(Quoted(text))") }
        arguments.since = text
    }

    /// `NAME=VALUE`: a value's name, and a value of at most `TourValues.maximumLength`.
    static func readValue(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let equals = text.firstIndex(of: "="), TourValues.isName(text[..<equals]) else {
            throw TourError.usage("tour: --set takes NAME=VALUE, a name of letters, digits, _ and -, such as search=/; not \(Quoted(text))")
        }
        let value = String(text[text.index(after: equals)...])
        guard value.count <= TourValues.maximumLength else {
            throw TourError.usage("tour: --set \(Quoted(String(text[..<equals]))) is \(value.count) characters; a value is at most \(TourValues.maximumLength)")
        }
        arguments.values[String(text[..<equals])] = TourValues.cleaned(value)
    }

    static func readPage(_ arguments: inout Arguments, _ text: String) throws(TourError) {
        guard let page = Int(text), page >= 1 else { throw TourError.usage("tour: --page takes a page number from 1, not \(Quoted(text))") }
        arguments.startPage = page
        arguments.page = page
    }
}
