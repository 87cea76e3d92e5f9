import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// Reading the environment: the one place that calls getenv, isatty and the terminal's
/// ioctls for it. What the values decide is `TerminalEnvironment`'s, in TourCore.
extension TerminalEnvironment {
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

    /// A variable of the process's environment as it is now: the one place outside the
    /// snapshot where TourKit and the command read the environment.
    package static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The columns of the terminal on stdout, or COLUMNS, or 80: for text printed in place
    /// (a tip), which wraps to the window without taking the screen.
    package static func standardOutputColumns() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return variable("COLUMNS").flatMap { Int($0) }.map { max(1, $0) } ?? 80
    }

    /// The terminfo entry for the same terminal with direct (24-bit) color, when one is
    /// installed (Debian's ncurses-term has them) or built in: xterm-256color → xterm-direct.
    package var directColorTerminalName: String? {
        directColorTerminalName { name in
            for directory in ["/usr/share/terminfo", "/lib/terminfo", "/etc/terminfo"] where access("\(directory)/\(name.first!)/\(name)", R_OK) == 0 {
                return true
            }
            return BuiltInTerminfo.base64Entry(named: name) != nil
        }
    }
}
