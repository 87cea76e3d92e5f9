import TourKit

/// The parsed command line.
struct Arguments: Equatable {
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

    static let usage = """
        Usage: tour [options] [FILE]

        Plays the onboarding tour in FILE (JSON), or the built-in tour of tour itself.

        Options:
          --once          show only what this user has not seen: the welcome once,
                          then after an update only the pages new since their version
          --reset         forget that this tour was seen, then exit
          --id ID         the name the seen state is kept under (default: the tour's id)
          --plain         print every page as plain text, no full screen
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
        while index < words.count {
            let word = words[index]
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                guard arguments.file == nil else { throw TourError.usage("tour: one tour file at a time; got '\(arguments.file!)' and '\(word)'") }
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
                    guard let page = Int(text), page >= 1 else { throw TourError.usage("tour: --page takes a page number from 1, not '\(text)'") }
                    arguments.startPage = page
                default:
                    throw TourError.usage("tour: unknown option '\(word)'; see tour --help")
                }
            }
            index += 1
        }
        return arguments
    }
}
