import TourCore
import TourTerminal

/// What a run's options and the terminal's environment settle about how it plays: the
/// way it is shown, motion, color and the characters it may use. Decided here, in one
/// place with tests; the runner carries it out.
struct PlaySettings: Equatable {
    var mode: PresentationMode
    /// Slides and reveals: asked for, and not turned off by the person (TOUR_REDUCE_MOTION).
    var animation: Bool
    /// No color when the caller or the person (NO_COLOR) said so.
    var colorMode: ColorMode
    /// Outside a UTF-8 locale every output path is ASCII, as the pager is.
    var asciiOnly: Bool
    /// Pictures in pixels or cells: the caller's (`--pictures`), else the person's
    /// (TOUR_PICTURES), else auto. NO_COLOR does not change it: it is about text.
    var pictures: PictureSetting = .auto

    var glyphs: Glyphs { asciiOnly ? .ascii : .unicode }

    /// What the full-screen pager is handed, with the run's own mouse and key table.
    func pager(mouse: Bool, bindings: KeyBindings) -> PagerModel.Settings {
        var pager = PagerModel.Settings()
        pager.animation = animation
        pager.mouse = mouse
        pager.bindings = bindings
        pager.glyphs = glyphs
        return pager
    }

    static func resolve(_ options: TourOptions, environment: TerminalEnvironment, asksQuestions: Bool = false) -> PlaySettings {
        PlaySettings(
            mode: PresentationMode.choose(options.presentation, accessibleRequested: environment.accessibleRequested,
                                          canRunFullScreen: environment.canRunFullScreen, asksQuestions: asksQuestions,
                                          onTerminal: environment.stdinIsTerminal && environment.stdoutIsTerminal),
            animation: options.animation && !environment.reduceMotion,
            colorMode: !options.color || environment.noColorRequested ? .never : .automatic,
            asciiOnly: !environment.localeIsUTF8,
            pictures: options.pictures ?? environment.picturesRequested ?? .auto)
    }

    /// What a full-screen run does when the terminal cannot be set up after all (TERM
    /// unknown to terminfo, no tty to open): plain text still reaches the person. What
    /// TOUR_DEBUG says of it.
    static func fallbackExplanation(_ unavailable: TerminalUnavailable) -> String {
        "tour: the full screen could not start (\(MessageText.visible(unavailable.reason, limit: 200))); printing the tour as text\n"
    }
}
