import TourCore

/// The one table of the command's options. The parser recognises only what is here, and
/// only with the subcommands each option lists; `--help`, the man page's OPTIONS section
/// and the bash, zsh and fish completions are all written from it, as the key hints are
/// written from the key table.
package struct Option: Sendable {
    /// Where the option goes in `Arguments`: the parser does what the row says.
    package enum Store: Sendable {
        /// A flag: it sets its field true. A closure, not a key path: the table is built at
        /// every start, and each key path was instantiated from its mangled name at run time.
        case flag(@Sendable (inout Arguments) -> Void)
        /// A value: read into the arguments, or refused with a usage error that names it.
        case value(@Sendable (inout Arguments, String) throws(TourError) -> Void)
    }

    /// What a value of the option is, for completion.
    package enum Value: Sendable {
        case none
        /// A free value, named so in the help: "N", "ID".
        case text(String)
        /// One of the output formats of the subcommand it is given to.
        case format
    }

    /// "--once", or "-h" and "--help".
    package var names: [String]
    package var store: Store
    package var value: Value = .none
    /// What it does, for the help and the man page; a sentence without its full stop.
    package var summary: String
    /// Where it belongs: playing (nil), `check`, `render`. The parser refuses it elsewhere.
    package var commands: [Subcommand?] = [nil]
    /// In --help, tour(1) and the completions; the generators of those are not.
    package var listed = true

    /// The longest name: what the man page and completions lead with.
    package var longName: String { names.last! }
    package var valueName: String? {
        switch value {
        case .none: nil
        case .text(let name): name
        case .format: "FORMAT"
        }
    }
}

/// What `check` and `render` write: the one list of formats, for the parser, the help,
/// the man page and the completions.
package enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, ansi, svg, html, cast

    /// The formats a subcommand writes, its default first.
    package static func formats(for command: Subcommand) -> [OutputFormat] {
        switch command {
        case .check: [.text, .json]
        case .render: [.text, .ansi, .svg, .html, .cast]
        case .tip, .tips, .whatsNew, .answers, .schema, .done, .checklist: []
        }
    }

    /// "text or json", "text, ansi or svg".
    package static func list(for command: Subcommand) -> String {
        // Appended by hand: the option table calls this at every start, and map with
        // joined is many times the cost.
        let formats = formats(for: command)
        var text = ""
        for (index, format) in formats.enumerated() {
            if index > 0 { text += index == formats.count - 1 ? " or " : ", " }
            text += format.rawValue
        }
        return text
    }
}

/// `tour check`, `tour render`, and the tips commands; playing has none.
package enum Subcommand: String, Sendable, CaseIterable {
    case check, render, tip, tips
    case whatsNew = "whats-new"
    case answers
    case schema
    case done
    case checklist

    package var summary: String {
        switch self {
        case .check: "list every problem in FILE (a tour and its translations, or a tips file), as FILE:LINE:COL: message"
        case .render: "draw one page of FILE (or of the built-in tour) at a size, without a terminal; or, with --format html, the whole tour as one web page that plays it"
        case .tip: "print the tip from the tips file FILE that is due, in place; at most once a day by default, and nothing in a pipe, in CI or when tips are off"
        case .tips: "show every tip in FILE as the pages of a tour"
        case .answers: "print the answers this user gave to the questions of FILE, as one JSON object ({} when none); shows nothing, works in a pipe and in CI"
        case .whatsNew: "play every page of FILE with a \"since\", newest version first (or those newer than --since); records nothing"
        case .schema: "print the JSON Schema of tour files, for editors: save it beside a tour and name it in its \"$schema\""
        case .done: "tick ITEM of the checklist of FILE for this user, when they really did it; prints nothing, writes nothing twice, and nothing when the tour was never shown; an unknown ITEM is a usage error that names the nearest"
        case .checklist: "print the checklist of FILE now, with what this user has done, whatever the interval; records nothing"
        }
    }
}

package enum OptionTable {
    package static let all: [Option] = [
        Option(names: ["--once"], store: .flag({ $0.once = true }),
               summary: "show only what this user has not seen: the welcome once, then after an update only the pages new since their version; nothing in a pipe, in CI or with TOUR_DISABLE=1"),
        Option(names: ["--reset"], store: .flag({ $0.reset = true }), summary: "forget that this tour was seen, then exit"),
        Option(names: ["--id"], store: .value({ $0.id = $1 }), value: .text("ID"),
               summary: "the name the state is kept under (default: the tour's id); tip --off and --on: the tips of ID, no FILE needed",
               commands: [nil, .tip]),
        Option(names: ["--plain"], store: .flag({ $0.plain = true }), summary: "print every page as plain text, no full screen", commands: [nil, .tips, .whatsNew]),
        Option(names: ["--accessible"], store: .flag({ $0.accessible = true }),
               summary: "one page at a time as text, with a prompt; for screen readers (also when ACCESSIBLE=1)", commands: [nil, .tips, .whatsNew]),
        Option(names: ["--watch"], store: .flag({ $0.watch = true }), summary: "reload FILE whenever it, its translation or its art changes: a live preview"),
        Option(names: ["--locale"], store: .value({ $0.locale = $1 }), value: .text("LL"),
               summary: "use the translation FILE.LL.json (default: from LC_ALL, LC_MESSAGES, LANG)", commands: [nil, .check, .render, .whatsNew]),
        Option(names: ["--allow-outside-art"], store: .flag({ $0.allowOutsideArt = true }),
               summary: "let heroFile name art outside the tour file's folder", commands: [nil, .check, .render]),
        Option(names: ["--no-color"], store: .flag({ $0.noColor = true }), summary: "no colors (also when NO_COLOR is set)", commands: [nil, .render, .tip, .tips, .whatsNew, .checklist]),
        Option(names: ["--colors"], store: .value(Arguments.readColors), value: .text("COLORS"),
               summary: "render: the colors to draw with, 2, 8, 16, 256 or 24bit (default 24bit; 2 with --no-color or NO_COLOR)",
               commands: [.render]),
        Option(names: ["--background"], store: .value(Arguments.readBackground), value: .text("BACKGROUND"),
               summary: "light or dark: what the terminal's background is, so every color reads on it (also TOUR_BACKGROUND; by default the terminal is asked)",
               commands: [nil, .render, .tips, .whatsNew]),
        Option(names: ["--pictures"], store: .value(Arguments.readPictures), value: .text("PICTURES"),
               summary: "auto, pixels or cells: draw pictures in pixels where the terminal can (auto), also where only its name says so (pixels), or always in character cells (also TOUR_PICTURES)",
               commands: [nil, .tips, .whatsNew]),
        Option(names: ["--no-animation"], store: .flag({ $0.noAnimation = true }), summary: "no slides or reveals (also when REDUCED_MOTION=1 or TOUR_REDUCE_MOTION=1)",
               commands: [nil, .tips, .whatsNew]),
        Option(names: ["--no-mouse"], store: .flag({ $0.noMouse = true }), summary: "leave the mouse to the terminal, for its text selection", commands: [nil, .tips, .whatsNew]),
        Option(names: ["--page"], store: .value(Arguments.readPage), value: .text("N"), summary: "start on page N, counting from 1 (render: the page to draw)",
               commands: [nil, .render]),
        Option(names: ["--size"], store: .value(Arguments.readSize), value: .text("WxH"), summary: "the size to draw at, such as 80x24", commands: [.render]),
        Option(names: ["--output"], store: .value({ $0.outputFile = $1 }), value: .text("FILE"),
               summary: "render: write to FILE (replaced whole, never half-written) instead of stdout", commands: [.render]),
        Option(names: ["--format"], store: .value(Arguments.readFormat), value: .format,
               summary: "check: \(OutputFormat.list(for: .check)); render: \(OutputFormat.list(for: .render))", commands: [.check, .render]),
        Option(names: ["--every"], store: .value(Arguments.readInterval), value: .text("DURATION"),
               summary: "tip, and --once with a tour's tips or checklist: the least time between two of them: 0, or a number and s, m, h, d or w (default 1d)",
               commands: [nil, .tip]),
        Option(names: ["--whats-new"], store: .value(Arguments.readWhatsNewStyle), value: .text("STYLE"),
               summary: "with --once, after an update: pager (full screen) or notice (printed in place, no key to press); default: the tour's \"whatsNew\", else pager"),
        Option(names: ["--at"], store: .value(Arguments.readMoment), value: .text("WHEN"),
               summary: "with --once, for a full-screen tool that calls twice: start (before it takes the screen: only the welcome or what's new in the pager) or exit (after: only a notice or a tip)"),
        Option(names: ["--set"], store: .value(Arguments.readValue), value: .text("NAME=VALUE"),
               summary: "a value for {NAME} in the tour's text and keys, over the default its \"values\" declares, such as --set search=/ (again for each)",
               commands: [nil, .render, .whatsNew]),
        Option(names: ["--answers"], store: .value({ $0.answersFile = $1 }), value: .text("PATH"),
               summary: "after the screen is restored, write the answers this run collected to PATH, as one JSON object (not written when nothing was answered)"),
        Option(names: ["--since"], store: .value(Arguments.readSince), value: .text("VERSION"), summary: "whats-new: only the pages newer than VERSION",
               commands: [.whatsNew]),
        Option(names: ["--off"], store: .flag({ $0.tipsOff = true }), summary: "tip: turn the tips of FILE (or of the id ID) off for this user, then exit", commands: [.tip]),
        Option(names: ["--on"], store: .flag({ $0.tipsOn = true }), summary: "tip: turn them on again, then exit", commands: [.tip]),
        Option(names: ["-h", "--help"], store: .flag({ $0.showHelp = true }), summary: "show this help", commands: [nil] + Subcommand.allCases.map(Optional.some)),
        Option(names: ["--version"], store: .flag({ $0.showVersion = true }), summary: "show the version (with --verbose: the Swift and ncurses it runs with)",
               commands: [nil] + Subcommand.allCases.map(Optional.some)),
        Option(names: ["--verbose"], store: .flag({ $0.verbose = true }), summary: "with --version, say more", commands: [nil] + Subcommand.allCases.map(Optional.some)),
        Option(names: ["--generate-completion-script"], store: .value({ $0.completionShell = $1 }), value: .text("SHELL"),
               summary: "write the bash, zsh or fish completion script", commands: [nil] + Subcommand.allCases.map(Optional.some), listed: false),
        Option(names: ["--generate-manual"], store: .flag({ $0.generateManual = true }), summary: "write tour(1) in mdoc",
               commands: [nil] + Subcommand.allCases.map(Optional.some), listed: false),
    ]

    package static func option(named name: String) -> Option? {
        all.first { $0.names.contains(name) }
    }

    /// The options --help, tour(1) and the completions list.
    package static var listed: [Option] { all.filter(\.listed) }

    /// The options a subcommand (or playing) takes, as listed.
    package static func options(for command: Subcommand?) -> [Option] {
        listed.filter { $0.commands.contains(command) }
    }

    /// `tour --help`.
    package static var help: String {
        var text = """
            Usage: tour [options] [FILE]
                   tour check FILE [--format \(OutputFormat.formats(for: .check).map(\.rawValue).joined(separator: "|"))]
                   tour render [FILE] --page N --size WxH [--format \(OutputFormat.formats(for: .render).filter { ![.html, .cast].contains($0) }.map(\.rawValue).joined(separator: "|"))]
                   tour render [FILE] --size WxH --format cast [--output FILE]
                   tour render [FILE] --format html [--output FILE]
                   tour tip FILE [--every DURATION] [--off|--on]
                   tour tips FILE
                   tour whats-new FILE [--since VERSION] [--plain]
                   tour answers FILE
                   tour schema
                   tour done FILE ITEM
                   tour checklist FILE

            Plays the onboarding tour in FILE (JSON, or Markdown for .md), or the built-in
            tour of tour itself.

            """
        let nameWidth = Subcommand.allCases.map(\.rawValue.count).max()! + 2
        for command in Subcommand.allCases {
            let lines = wrap(command.summary, width: 76 - nameWidth)
            let name = command.rawValue + String(repeating: " ", count: nameWidth - command.rawValue.count)
            text += "  \(name)\(lines[0])\n"
            for line in lines.dropFirst() { text += String(repeating: " ", count: 2 + nameWidth) + line + "\n" }
        }
        text += """

            Options:

            """
        for option in listed {
            var left = option.names.joined(separator: ", ")
            if let value = option.valueName { left += " \(value)" }
            let lines = wrap(option.summary, width: 54)
            let pad = left.count < 22 ? String(repeating: " ", count: 22 - left.count) : "\n" + String(repeating: " ", count: 24)
            text += "  \(left)\(pad)\(lines[0])\n"
            for line in lines.dropFirst() { text += String(repeating: " ", count: 24) + line + "\n" }
        }
        // The keys, from the key table, as the help overlay lists them: one a line.
        text += "\nKeys:\n"
        for binding in KeyBindings.standard.bindings {
            let keys = binding.command == .jumpToDigit ? "1-9" : binding.keys.map { $0.label(.ascii) }.joined(separator: " ")
            text += "  " + keys + String(repeating: " ", count: max(1, 20 - keys.count)) + binding.summary + "\n"
        }
        text += """

            Exit codes: 0 completed (or nothing to show), 1 skipped, 2 usage error,
                        65 bad tour file, 66 file not readable, 74 output failed,
                        130 Ctrl-C, 143 SIGTERM, 129 SIGHUP.
            """
        return text
    }

    /// Word-wraps plain ASCII help text.
    package static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines
    }
}
