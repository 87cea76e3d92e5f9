import TourCore
import TourKit

/// The parsed command line.
struct Arguments {
    var file: String?
    var plain = false
    var noColor = false
    var noAnimation = false
    var noMouse = false
    var accessible = false
    var startPage = 1
    var once = false
    var reset = false
    var id: String?
    var showHelp = false
    var showVersion = false
    var locale: String?
    var watch = false
    var allowOutsideArt = false
    /// `tour check` or `tour render`; nil plays the tour.
    var command: Command?
    var format: String?
    var page: Int?
    var size: (width: Int, height: Int)?

    enum Command: String { case check, render }


    static let usage = """
        Usage: tour [options] [FILE]
               tour check FILE [--format text|json]
               tour render FILE --page N --size WxH [--format text|ansi|svg]

        Plays the onboarding tour in FILE (JSON, or Markdown for .md), or the built-in
        tour of tour itself. `check` lists every problem in FILE; `render` draws one page
        at a size, without a terminal.

        Options:
          --once          show only what this user has not seen: the welcome once,
                          then after an update only the pages new since their version
          --reset         forget that this tour was seen, then exit
          --id ID         the name the seen state is kept under (default: the tour's id)
          --plain         print every page as plain text, no full screen
          --watch         reload FILE whenever it (or its art) changes: a live preview
          --locale LL     use the translation FILE.LL.json (default: from LC_ALL,
                          LC_MESSAGES, LANG)
          --allow-outside-art  let heroFile name art outside the tour file's folder
          --no-color      no colors (also when NO_COLOR is set)
          --no-animation  no slides or reveals (also when TOUR_REDUCE_MOTION=1)
          --no-mouse      leave the mouse to the terminal (text selection)
          --accessible    one page at a time as text, with a prompt; for screen
                          readers (also when ACCESSIBLE=1)
          --page N        start on page N (counting from 1)
          -h, --help      show this help
          --version       show the version

        Keys: <- -> swipe, Enter next, q or Esc skip, 1-9 jump, Home/End, ? help, Ctrl-C quit.
        Exit codes: 0 completed, 1 skipped, 2 usage error, 65 bad tour file,
                    66 file not readable, 130 Ctrl-C, 143 SIGTERM, 129 SIGHUP.
        """

    static func parse(_ words: [String]) throws(TourError) -> Arguments {
        var arguments = Arguments()
        var index = 0
        var optionsEnded = false
        func value(for option: String) throws(TourError) -> String {
            index += 1
            guard index < words.count else { throw TourError.usage("tour: \(option) needs a value") }
            return words[index]
        }
        if let first = words.first, let command = Command(rawValue: first) {
            arguments.command = command
            index = 1
        }
        while index < words.count {
            let word = words[index]
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                guard arguments.file == nil else { throw TourError.usage("tour: one tour file at a time; got \(Quoted(arguments.file!)) and \(Quoted(word))") }
                arguments.file = word
            } else {
                var name = word
                var inlineValue: String? = nil
                if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                    name = String(word[..<equals])
                    inlineValue = String(word[word.index(after: equals)...])
                }
                switch name {
                case "--": optionsEnded = true
                case "-h", "--help": arguments.showHelp = true
                case "--version": arguments.showVersion = true
                case "--plain": arguments.plain = true
                case "--watch": arguments.watch = true
                case "--allow-outside-art": arguments.allowOutsideArt = true
                case "--locale":
                    if let inlineValue { arguments.locale = inlineValue } else { arguments.locale = try value(for: name) }
                case "--format":
                    let text: String
                    if let inlineValue { text = inlineValue } else { text = try value(for: name) }
                    arguments.format = text
                case "--size":
                    let text: String
                    if let inlineValue { text = inlineValue } else { text = try value(for: name) }
                    let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" }).compactMap { Int($0) }
                    guard parts.count == 2, (1...1000).contains(parts[0]), (1...1000).contains(parts[1]) else {
                        throw TourError.usage("tour: --size takes WIDTHxHEIGHT such as 80x24, not \(Quoted(text))")
                    }
                    arguments.size = (parts[0], parts[1])
                case "--once": arguments.once = true
                case "--reset": arguments.reset = true
                case "--id":
                    if let inlineValue { arguments.id = inlineValue } else { arguments.id = try value(for: name) }
                case "--no-color": arguments.noColor = true
                case "--no-animation": arguments.noAnimation = true
                case "--no-mouse": arguments.noMouse = true
                case "--accessible": arguments.accessible = true
                case "--page":
                    let text: String
                    if let inlineValue { text = inlineValue } else { text = try value(for: name) }
                    guard let page = Int(text), page >= 1 else { throw TourError.usage("tour: --page takes a page number from 1, not \(Quoted(text))") }
                    arguments.startPage = page
                    arguments.page = page
                default:
                    throw TourError.usage("tour: unknown option \(Quoted(word)); see tour --help")
                }
            }
            index += 1
        }
        switch arguments.command {
        case .check?:
            guard arguments.file != nil else { throw TourError.usage("tour: check needs a FILE") }
            guard ["text", "json"].contains(arguments.format ?? "text") else {
                throw TourError.usage("tour: check --format is text or json, not \(Quoted(arguments.format!))")
            }
        case .render?:
            guard arguments.file != nil else { throw TourError.usage("tour: render needs a FILE") }
            guard arguments.size != nil else { throw TourError.usage("tour: render needs --size WIDTHxHEIGHT") }
            guard ["text", "ansi", "svg"].contains(arguments.format ?? "text") else {
                throw TourError.usage("tour: render --format is text, ansi or svg, not \(Quoted(arguments.format!))")
            }
        case nil:
            if arguments.format != nil || arguments.size != nil {
                throw TourError.usage("tour: --format and --size go with check or render; see tour --help")
            }
            if arguments.watch && arguments.file == nil { throw TourError.usage("tour: --watch needs a FILE to watch") }
        }
        return arguments
    }
}
