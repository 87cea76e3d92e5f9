import TourCore

/// tour(1) in mdoc, written by `tour --generate-manual`. The OPTIONS section comes from the
/// option table and KEYS from the key table, so the page cannot fall behind the command;
/// the rest is written here by hand. The file format is tour(5), docs/man/tour.5.
package enum ManualPage {
    /// Dates the page; mdoc wants one.
    package static let date = "November 29, 2026"

    /// Text safe inside an mdoc line: a leading dot or quote, and backslashes, escaped.
    package static func escape(_ text: String) -> String {
        var escaped = text.replacingBackslashes()
        // A leading dot or quote would start a request; a lone delimiter would be taken as punctuation.
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") || [".", ",", ":", ";", "(", ")", "[", "]", "?", "!"].contains(escaped) {
            escaped = "\\&" + escaped
        }
        return escaped
    }

    /// `.Fl -once` for "--once", `.Fl h` for "-h".
    package static func flag(_ name: String) -> String {
        "Fl " + String(name.dropFirst())
    }

    package static var options: String {
        OptionTable.listed.map { option in
            var item = ".It " + option.names.map(flag).joined(separator: " , ")
            if let value = option.valueName { item += " Ar \(value)" }
            return item + "\n" + OptionTable.wrap(escape(sentence(option.summary)), width: 72).joined(separator: "\n") + "\n"
        }.joined()
    }

    /// How the man page names a key: words, in ASCII.
    package static func keyName(_ key: Key) -> String {
        switch key {
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        default: key.label(.ascii)
        }
    }

    package static var keys: String {
        KeyBindings.standard.bindings.map { binding in
            let names = binding.command == .jumpToDigit ? "1 No \\(en 9" : binding.keys.map { "Cm " + escape(keyName($0)) }.joined(separator: " , ")
            let item = binding.command == .jumpToDigit ? ".It Cm 1 Ns \\(en Ns Cm 9" : ".It " + names
            return item + "\n" + escape(sentence(binding.summary)) + "\n"
        }.joined()
    }

    /// First letter up, full stop after.
    package static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + "."
    }

    package static var tour1: String {
        """
        .Dd \(date)
        .Dt TOUR 1
        .Os
        .Sh NAME
        .Nm tour
        .Nd a first-run tour for command-line tools, in the terminal
        .Sh SYNOPSIS
        .Nm
        .Op Ar options
        .Op Ar file
        .Nm
        .Cm check
        .Op Fl -format Ar text | json
        .Ar file
        .Nm
        .Cm render
        .Fl -page Ar N
        .Fl -size Ar WxH
        .Op Fl -format Ar text | ansi | svg
        .Op Ar file
        .Nm
        .Cm render
        .Fl -size Ar WxH
        .Fl -format Ar cast
        .Op Ar file
        .Nm
        .Cm render
        .Fl -format Ar html
        .Op Fl -output Ar file
        .Op Ar file
        .Nm
        .Cm tip
        .Op Fl -every Ar duration
        .Op Fl -off | -on
        .Ar tipsfile
        .Nm
        .Cm tips
        .Ar tipsfile
        .Nm
        .Cm whats-new
        .Op Fl -since Ar version
        .Op Fl -plain
        .Ar file
        .Nm
        .Cm answers
        .Ar file
        .Nm
        .Cm schema
        .Nm
        .Cm done
        .Ar file item
        .Nm
        .Cm checklist
        .Ar file
        .Sh DESCRIPTION
        .Nm
        greets the new user of a command-line tool with a short tour of pages,
        as phone apps do: each page has a picture, a title and a line of text,
        dots show where you are, and a Next button becomes Get started on the
        last page.
        It plays the tour in
        .Ar file ,
        JSON or Markdown (see
        .Xr tour 5 ) ,
        or without one the built-in tour of
        .Nm
        itself.
        .Pp
        A tool calls
        .Nm
        .Fl -once Ar mytool.json
        every time it starts and reads the exit status: the welcome shows once,
        after an update only the pages new since the user's version (full screen,
        or as a notice printed in place with
        .Fl -whats-new Ar notice ) ,
        on any other start the tip that is due when the tour holds tips, and nothing
        at all when stdin or stdout is not a terminal, when
        .Ev CI
        is set, or when the person set
        .Ev TOUR_DISABLE .
        .Pp
        The file is read and checked completely before the screen is taken
        over; every problem is reported as
        .Ar file : Ns Ar line : Ns Ar column : message .
        .Bl -tag -width Ds
        .It Cm check
        \(escape(sentence(Subcommand.check.summary)))
        Warnings do not change the exit status.
        .It Cm render
        \(escape(sentence(Subcommand.render.summary)))
        .It Cm tip
        \(escape(sentence(Subcommand.tip.summary)))
        The tip is printed in place (no alternate screen): a label, the text wrapped
        to the terminal (at most 80 columns) and a dim line that says how to turn
        tips off.
        Tips not yet seen come first, in file order; after an update, those whose
        .Ar since
        is newer than the version seen last come before them; then the least
        recently shown, never the one shown last time.
        A run that shows nothing records nothing.
        The exit status is 0 whether or not a tip was shown.
        .It Cm tips
        \(escape(sentence(Subcommand.tips.summary)))
        Reading them counts as having seen them.
        .It Cm whats-new
        \(escape(sentence(Subcommand.whatsNew.summary)))
        With
        .Fl -plain
        it prints them.
        .It Cm answers
        \(escape(sentence(Subcommand.answers.summary)))
        .It Cm schema
        \(escape(sentence(Subcommand.schema.summary)))
        .It Cm done
        \(escape(sentence(Subcommand.done.summary)))
        A start then shows the checklist in a tip's place, at most once a day, with
        what is done, until every item is done (one
        .Dq all done
        line, once) or tips are turned off.
        .It Cm checklist
        \(escape(sentence(Subcommand.checklist.summary)))
        .El
        .Sh OPTIONS
        .Bl -tag -width Ds
        \(options).El
        .Sh KEYS
        .Bl -tag -width Ds
        \(keys).El
        .Pp
        A click on the button, a dot or Skip acts on it, and the wheel turns
        pages, unless
        .Fl -no-mouse
        is given.
        .Sh ENVIRONMENT
        .Bl -tag -width Ds
        .It Ev CI
        Set to anything but empty, 0 or false:
        .Fl -once
        shows nothing and records nothing.
        .It Ev TOUR_DISABLE
        Set to 1: the person's own opt-out;
        .Fl -once
        shows nothing and records nothing.
        .It Ev TOUR_NO_TIPS
        Set to anything but empty, 0 or false:
        .Nm
        .Cm tip
        prints nothing, for every tool.
        .It Ev TOUR_DEBUG
        Set to 1: say on standard error why a
        .Fl -once
        run showed nothing.
        .It Ev NO_COLOR
        Set to anything: no colors; pictures stay pictures.
        .It Ev TOUR_PICTURES
        auto, pixels or cells, as
        .Fl -pictures
        takes them.
        .It Ev TOUR_REDUCE_MOTION
        Set to 1: no slides or reveals.
        .It Ev ACCESSIBLE
        Set to 1: the accessible mode, as with
        .Fl -accessible .
        .It Ev ESCDELAY
        Milliseconds to wait after Esc for the rest of a key's bytes;
        25 by default.
        .It Ev COLORTERM
        truecolor or 24bit: 24-bit color, where the terminal's -direct terminfo
        entry is installed.
        .It Ev TERM
        The terminal; unset, dumb or unknown to terminfo gives plain text.
        .It Ev XDG_STATE_HOME , HOME
        Where the seen state is kept; see
        .Sx FILES .
        .It Ev LC_ALL , LC_CTYPE , LANG
        The character set: UTF-8, or ASCII everywhere.
        .It Ev LC_ALL , LC_MESSAGES , LANG
        The translation chosen, by its name, as with
        .Fl -locale .
        .El
        .Sh FILES
        .Bl -tag -width Ds
        .It Pa $XDG_STATE_HOME/tour/ Ns Ar id Ns Pa .json
        What this user has seen of the tour named
        .Ar id ,
        by default under
        .Pa ~/.local/state/tour/ .
        Written atomically; a file written by a newer
        .Nm
        is never overwritten.
        .It Ar file Ns Pa . Ns Ar LL Ns Pa .json
        The translation of
        .Ar file
        into language
        .Ar LL :
        its texts only, laid over the base tour.
        .El
        .Sh EXIT STATUS
        .Bl -tag -width Ds
        .It 0
        Completed, printed as text, or with
        .Fl -once
        nothing to show.
        .It 1
        Skipped.
        .It 2
        A usage error.
        .It 65
        The tour file is malformed.
        .It 66
        A file is missing, unreadable or not a regular file.
        .It 74
        The tour could not be written out; nothing was recorded.
        .It 128 + Ar n
        Ended by signal
        .Ar n ,
        after the terminal was restored: 130 for Ctrl-C, 143 for SIGTERM,
        129 for a hang-up.
        .El
        .Sh EXAMPLES
        Show a tool's tour once, on every start:
        .Bd -literal -offset indent
        tour --once /usr/local/share/mytool/tour.json
        case $? in
          1) echo "run 'mytool tour' to see it again" ;;
        esac
        .Ed
        .Pp
        Check a tour, and draw its first page as a picture:
        .Bd -literal -offset indent
        tour check mytool.json
        tour render mytool.json --page 1 --size 80x24 --format svg > page1.svg
        .Ed
        .Pp
        Watch a tour while writing it:
        .Dl tour --watch mytool.json
        .Sh SEE ALSO
        .Xr dialog 1 ,
        .Xr tour 5

        """
    }
}

private extension String {
    func replacingBackslashes() -> String {
        var result = ""
        for character in self {
            if character == "\\" { result += "\\e" } else { result.append(character) }
        }
        return result
    }
}
