import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// What the process is attached to, read once at start: decides full screen or plain text.
package struct TerminalEnvironment: Sendable {
    /// Keys can be read.
    package var stdinIsTerminal: Bool
    /// The screen can be drawn.
    package var stdoutIsTerminal: Bool
    /// Messages reach the person (a tip needs both ends on the terminal).
    package var stderrIsTerminal = false
    /// A background job would be stopped by writing to its terminal (`stty tostop`): then
    /// not even TOUR_DEBUG's line is written.
    package var backgroundWritesStop = false
    /// TOUR_DEBUG's lines may be written: it is set, and writing would not stop the job.
    package var debugLines: Bool { debug && !backgroundWritesStop }
    /// TOUR_HOST_PID: the tool that runs tour, which tour follows out when it dies.
    package var hostProcess: Int?
    /// This process's group is the terminal's foreground group, or the terminal is not its
    /// controlling one (no job control to step on): false for `mytool &`.
    package var inForeground = true
    /// TERM, as set.
    package var term: String?
    /// The locale's character set is UTF-8 (otherwise draw ASCII only).
    package var localeIsUTF8: Bool
    /// NO_COLOR is set to anything.
    package var noColorRequested: Bool
    /// ESCDELAY from the environment, when the user set one.
    package var escapeDelayMilliseconds: Int32?
    /// COLORTERM says the terminal shows 24-bit color.
    package var wantsTrueColor: Bool
    /// TOUR_REDUCE_MOTION=1: no animation.
    package var reduceMotion: Bool
    /// ACCESSIBLE set: the linear, screen-reader-friendly mode.
    package var accessibleRequested: Bool
    /// CI set to anything but empty, 0 or false: a build machine, nobody to greet.
    package var continuousIntegration: Bool = false
    /// TOUR_DISABLE set (not empty, 0 or false): the person's own opt-out from every tour.
    package var disabledByUser: Bool = false
    /// TOUR_NO_TIPS set (not empty, 0 or false): the person's opt-out from every tool's tips.
    package var tipsDisabledByUser: Bool = false
    /// TOUR_DEBUG set: say on stderr why a tour was not shown.
    package var debug: Bool = false
    /// TOUR_BACKGROUND=light or dark: the person says what their terminal's background is.
    package var backgroundRequested: TerminalBackground? = nil
    /// TOUR_PICTURES=auto, pixels or cells: how the person wants pictures drawn.
    package var picturesRequested: PictureSetting? = nil
    /// COLORFGBG, the cheap hint some terminals set.
    package var colorFGBG: String? = nil
    /// STY is set: GNU Screen, which passes the color questions on inside a DCS.
    package var insideGNUScreen = false
    /// TMUX is set: a tmux pane, which passes them on only when `allow-passthrough` is on.
    package var insideTmux = false
    /// TMUX_PANE: which pane tmux is asked about.
    package var tmuxPane: String? = nil
    /// TERM_PROGRAM and TERM_PROGRAM_VERSION, which tmux sets in its panes.
    package var termProgram: String? = nil
    package var termProgramVersion: String? = nil

    /// Inside a tmux that may need to be asked whether it passes the questions on.
    package var shouldAskTmuxAboutPassthrough: Bool {
        insideTmux && !insideGNUScreen && Multiplexer.tmuxNeedsAsking(termProgram: termProgram, version: termProgramVersion)
    }
    /// The other variables a run reads (`variableNames`), as they were when this was taken.
    package var variables: [String: String] = [:]

    /// Where the state lives (XDG_STATE_HOME, HOME), how a tip's colors are chosen
    /// (COLORTERM), which translation is read (LC_ALL, LC_MESSAGES, LANG), and what the
    /// printed hints call tour by (PATH, `CommandName`).
    package static let variableNames = ["HOME", "XDG_STATE_HOME", "COLORTERM", "LC_ALL", "LC_MESSAGES", "LANG", "PATH"]

    /// What `tmux display-message` is started with, from this snapshot: what it needs to
    /// find its server and run, and nothing else of the process's environment.
    package var tmuxEnvironment: [String] = []
    static let tmuxVariableNames = ["TMUX", "TMUX_TMPDIR", "PATH", "HOME", "USER", "LANG", "LC_ALL", "LC_CTYPE"]

    /// A variable of the snapshot: one of `variableNames` or `trueColorTerminalVariables`,
    /// as it was when this was taken.
    package func variable(_ name: String) -> String? { variables[name] }

    /// A variable of the process's environment as it is now: the one place outside the
    /// snapshot where TourKit and the command read the environment.
    package static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether to ask the terminal for its background: only on a terminal that can answer
    /// and where the answer is needed (no choice given).
    package func shouldAskBackground(explicit: TerminalBackground?) -> Bool {
        explicit == nil && canRunFullScreen
    }

    /// What a full-screen run asks at start: the background when it is not given; about
    /// pixels for a tour that shows a picture, unless pictures are cells or GNU screen is
    /// in front (it passes none on); and tmux first, whether it passes sequences through,
    /// when either question must go through it.
    package struct StartupAsking: Equatable, Sendable {
        package var background: Bool
        package var pixels: Bool
        package var tmux: Bool
        /// The terminal is asked anything at all.
        package var any: Bool { background || pixels }
    }

    package func startupAsking(explicitBackground: TerminalBackground?, showsPictures: Bool, pictures: PictureSetting) -> StartupAsking {
        let background = shouldAskBackground(explicit: explicitBackground)
        let pixels = showsPictures && pictures != .cells && !insideGNUScreen && canRunFullScreen
        // tmux 3.4 answers the background itself; pixels need to know what is beyond it.
        let tmux = (background && shouldAskTmuxAboutPassthrough) || (pixels && insideTmux)
        return StartupAsking(background: background, pixels: pixels, tmux: tmux)
    }

    /// The environment of this process. `localeIsUTF8` is the locale's at the call: call it
    /// inside `CharacterLocale.withEnvironment`, or set it there, for the one drawing uses.
    package static func current() -> TerminalEnvironment {
        let environment = variable
        let isSet = { (name: String) -> Bool in EnvironmentFlag.isOn(environment(name)) }
        var result = TerminalEnvironment(
            stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            term: environment("TERM"),
            localeIsUTF8: localeIsUTF8(),
            noColorRequested: !(environment("NO_COLOR") ?? "").isEmpty,
            escapeDelayMilliseconds: environment("ESCDELAY").flatMap { Int32($0) }.map { max(0, min($0, 10_000)) },
            wantsTrueColor: ["truecolor", "24bit"].contains((environment("COLORTERM") ?? "").lowercased()),
            // REDUCED_MOTION is the convention several tools share; TOUR_REDUCE_MOTION is ours.
            reduceMotion: isSet("TOUR_REDUCE_MOTION") || isSet("REDUCED_MOTION"),
            accessibleRequested: isSet("ACCESSIBLE"))
        result.continuousIntegration = isSet("CI")
        result.disabledByUser = isSet("TOUR_DISABLE")
        result.tipsDisabledByUser = isSet("TOUR_NO_TIPS")
        result.stderrIsTerminal = isatty(STDERR_FILENO) == 1
        result.inForeground = inForegroundJob()
        if !result.inForeground, result.stderrIsTerminal {
            var modes = termios()
            result.backgroundWritesStop = tcgetattr(STDERR_FILENO, &modes) == 0 && modes.c_lflag & tcflag_t(TOSTOP) != 0
        }
        result.hostProcess = environment("TOUR_HOST_PID").flatMap { Int($0) }
        result.debug = isSet("TOUR_DEBUG")
        result.backgroundRequested = environment("TOUR_BACKGROUND").flatMap(TerminalBackground.init(name:))
        result.picturesRequested = environment("TOUR_PICTURES").flatMap(PictureSetting.init(name:))
        result.colorFGBG = environment("COLORFGBG")
        result.insideGNUScreen = !(environment("STY") ?? "").isEmpty
        result.insideTmux = !(environment("TMUX") ?? "").isEmpty
        result.tmuxPane = environment("TMUX_PANE").flatMap { $0.isEmpty ? nil : $0 }
        result.termProgram = environment("TERM_PROGRAM")
        result.termProgramVersion = environment("TERM_PROGRAM_VERSION")
        for name in variableNames + trueColorTerminalVariables {
            if let value = environment(name) { result.variables[name] = value }
        }
        if result.insideTmux {
            result.tmuxEnvironment = tmuxVariableNames.compactMap { name in environment(name).map { "\(name)=\($0)" } }
        }
        return result
    }

    /// Whether the terminal on stdout (else stdin, else stderr) has this process's group in
    /// front. tcgetpgrp fails where the terminal is not the controlling one: no job there.
    static func inForegroundJob() -> Bool {
        for descriptor in [STDOUT_FILENO, STDIN_FILENO, STDERR_FILENO] where isatty(descriptor) == 1 {
            let foreground = tcgetpgrp(descriptor)
            return foreground < 0 || foreground == getpgrp()
        }
        return true
    }

    /// The character set of LC_CTYPE as it is set now is UTF-8.
    package static func localeIsUTF8() -> Bool {
        let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? ""
        return codeset.uppercased().filter { $0 != "-" } == "UTF8"
    }

    /// The terminfo entry for the same terminal with direct (24-bit) color, when one is
    /// installed (Debian's ncurses-term has them) or built in: xterm-256color → xterm-direct.
    package var directColorTerminalName: String? {
        guard let term, !term.isEmpty, !term.hasSuffix("-direct") else { return nil }
        var base = Substring(term)
        for suffix in ["-256color", "-88color", "-color"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        func installed(_ name: String) -> Bool {
            for directory in ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"] where access("\(directory)/\(name.first!)/\(name)", R_OK) == 0 {
                return true
            }
            return BuiltInTerminfo.base64Entry(named: name) != nil
        }
        let name = String(base + "-direct")
        if installed(name) { return name }
        // kitty's xterm-kitty has no -direct entry in Debian: a terminal known to mean
        // COLORTERM=truecolor is drawn through xterm's, whose sequences they all read.
        return meansTrueColor ? "xterm-direct" : nil
    }

    /// The terminal is one of those whose COLORTERM=truecolor is known to be true: kitty,
    /// WezTerm, iTerm2, foot, konsole, alacritty and the VTE terminals (GNOME Terminal,
    /// Tilix, Terminator), told by what each sets in the environment.
    package var meansTrueColor: Bool {
        Self.meansTrueColor(term: term, termProgram: termProgram, set: { variables[$0] != nil })
    }

    static let trueColorTerminalVariables = ["KITTY_WINDOW_ID", "VTE_VERSION", "KONSOLE_VERSION", "WEZTERM_EXECUTABLE",
                                             "ALACRITTY_WINDOW_ID", "ALACRITTY_SOCKET"]

    static func meansTrueColor(term: String?, termProgram: String?, set: (String) -> Bool) -> Bool {
        if ["WezTerm", "iTerm.app"].contains(termProgram ?? "") { return true }
        if let term, ["xterm-kitty", "foot", "alacritty", "wezterm"].contains(where: { term == $0 || term.hasPrefix($0 + "-") }) { return true }
        return trueColorTerminalVariables.contains(where: set)
    }

    /// The columns of the terminal on stdout, or COLUMNS, or 80: for text printed in place
    /// (a tip), which wraps to the window without taking the screen.
    package static func standardOutputColumns() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return variable("COLUMNS").flatMap { Int($0) }.map { max(1, $0) } ?? 80
    }

    /// Full screen needs a terminal on both ends and a TERM that can address the screen.
    package var canRunFullScreen: Bool {
        guard stdinIsTerminal, stdoutIsTerminal, let term, !term.isEmpty else { return false }
        return term != "dumb"
    }
}
