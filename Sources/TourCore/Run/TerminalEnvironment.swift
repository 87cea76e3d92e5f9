/// What the process is attached to, read once at start (by `TerminalEnvironment.current()`
/// in TourTerminal, the one reader), and what it decides: full screen or plain text, what
/// to ask the terminal, true color. A value: tests make any environment.
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

    /// What every reader of the environment gives; the rest keep their defaults until set.
    package init(stdinIsTerminal: Bool, stdoutIsTerminal: Bool, term: String?, localeIsUTF8: Bool, noColorRequested: Bool,
                 escapeDelayMilliseconds: Int32?, wantsTrueColor: Bool, reduceMotion: Bool, accessibleRequested: Bool) {
        // The memberwise initializer, which other modules cannot see.
        (self.stdinIsTerminal, self.stdoutIsTerminal, self.term, self.localeIsUTF8) = (stdinIsTerminal, stdoutIsTerminal, term, localeIsUTF8)
        (self.noColorRequested, self.escapeDelayMilliseconds, self.wantsTrueColor) = (noColorRequested, escapeDelayMilliseconds, wantsTrueColor)
        (self.reduceMotion, self.accessibleRequested) = (reduceMotion, accessibleRequested)
    }

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
    package static let tmuxVariableNames = ["TMUX", "TMUX_TMPDIR", "PATH", "HOME", "USER", "LANG", "LC_ALL", "LC_CTYPE"]

    /// A variable of the snapshot: one of `variableNames` or `trueColorTerminalVariables`,
    /// as it was when this was taken.
    package func variable(_ name: String) -> String? { variables[name] }

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

        package init(background: Bool, pixels: Bool, tmux: Bool) {
            self.background = background
            self.pixels = pixels
            self.tmux = tmux
        }
    }

    package func startupAsking(explicitBackground: TerminalBackground?, showsPictures: Bool, pictures: PictureSetting) -> StartupAsking {
        let background = shouldAskBackground(explicit: explicitBackground)
        let pixels = showsPictures && pictures != .cells && !insideGNUScreen && canRunFullScreen
        // tmux 3.4 answers the background itself; pixels need to know what is beyond it.
        let tmux = (background && shouldAskTmuxAboutPassthrough) || (pixels && insideTmux)
        return StartupAsking(background: background, pixels: pixels, tmux: tmux)
    }

    /// The terminfo entry for the same terminal with direct (24-bit) color, when `installed`
    /// says it exists: xterm-256color → xterm-direct. kitty's xterm-kitty has no -direct
    /// entry in Debian: a terminal known to mean COLORTERM=truecolor is drawn through
    /// xterm's, whose sequences they all read.
    package func directColorTerminalName(installed: (String) -> Bool) -> String? {
        guard let term, !term.isEmpty, !term.hasSuffix("-direct") else { return nil }
        var base = Substring(term)
        for suffix in ["-256color", "-88color", "-color"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
        }
        let name = String(base + "-direct")
        if installed(name) { return name }
        return meansTrueColor ? "xterm-direct" : nil
    }

    /// The terminal is one of those whose COLORTERM=truecolor is known to be true: kitty,
    /// WezTerm, iTerm2, foot, konsole, alacritty and the VTE terminals (GNOME Terminal,
    /// Tilix, Terminator), told by what each sets in the environment.
    package var meansTrueColor: Bool {
        Self.meansTrueColor(term: term, termProgram: termProgram, set: { variables[$0] != nil })
    }

    package static let trueColorTerminalVariables = ["KITTY_WINDOW_ID", "VTE_VERSION", "KONSOLE_VERSION", "WEZTERM_EXECUTABLE",
                                             "ALACRITTY_WINDOW_ID", "ALACRITTY_SOCKET"]

    package static func meansTrueColor(term: String?, termProgram: String?, set: (String) -> Bool) -> Bool {
        if ["WezTerm", "iTerm.app"].contains(termProgram ?? "") { return true }
        if let term, ["xterm-kitty", "foot", "alacritty", "wezterm"].contains(where: { term == $0 || term.hasPrefix($0 + "-") }) { return true }
        return trueColorTerminalVariables.contains(where: set)
    }

    /// Full screen needs a terminal on both ends and a TERM that can address the screen.
    package var canRunFullScreen: Bool {
        guard stdinIsTerminal, stdoutIsTerminal, let term, !term.isEmpty else { return false }
        return term != "dumb"
    }
}
