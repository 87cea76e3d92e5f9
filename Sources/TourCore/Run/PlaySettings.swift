/// What a run's options and the terminal's environment settle about how it plays: the
/// way it is shown, motion, color and the characters it may use. Pure policy, decided
/// here in one place with tests; TourKit builds the `Asked` from its public options, and
/// the runner carries the settings out.
package struct PlaySettings: Equatable, Sendable {
    /// What the caller asked for, from `TourOptions`: the part of them this decision reads.
    package struct Asked: Equatable, Sendable {
        package var presentation: TourPresentation
        package var animation: Bool
        package var color: Bool
        /// nil: the caller left it to the person (TOUR_PICTURES), else auto.
        package var pictures: PictureSetting?

        package init(presentation: TourPresentation = .automatic, animation: Bool = true, color: Bool = true,
                     pictures: PictureSetting? = nil) {
            self.presentation = presentation
            self.animation = animation
            self.color = color
            self.pictures = pictures
        }
    }

    package var mode: PresentationMode
    /// Slides and reveals: asked for, and not turned off by the person (TOUR_REDUCE_MOTION).
    package var animation: Bool
    /// Color, unless the caller or the person (NO_COLOR) turned it off.
    package var color: Bool
    /// Outside a UTF-8 locale every output path is ASCII, as the pager is.
    package var asciiOnly: Bool
    /// Pictures in pixels or cells: the caller's (`--pictures`), else the person's
    /// (TOUR_PICTURES), else auto. NO_COLOR does not change it: it is about text.
    package var pictures: PictureSetting = .auto

    package init(mode: PresentationMode, animation: Bool, color: Bool, asciiOnly: Bool, pictures: PictureSetting = .auto) {
        self.mode = mode
        self.animation = animation
        self.color = color
        self.asciiOnly = asciiOnly
        self.pictures = pictures
    }

    package var glyphs: Glyphs { asciiOnly ? .ascii : .unicode }

    /// What the full-screen pager is handed, with the run's own mouse and key table.
    package func pager(mouse: Bool, bindings: KeyBindings) -> PagerModel.Settings {
        var pager = PagerModel.Settings()
        pager.animation = animation
        pager.mouse = mouse
        pager.bindings = bindings
        pager.glyphs = glyphs
        return pager
    }

    /// The caller's request first where it is explicit, then the person's environment,
    /// then the terminal: a question on a terminal that cannot be full screen is asked
    /// line by line (`PresentationMode.choose`).
    package static func resolve(_ asked: Asked, environment: TerminalEnvironment, asksQuestions: Bool = false) -> PlaySettings {
        PlaySettings(
            mode: PresentationMode.choose(asked.presentation, accessibleRequested: environment.accessibleRequested,
                                          canRunFullScreen: environment.canRunFullScreen, asksQuestions: asksQuestions,
                                          onTerminal: environment.stdinIsTerminal && environment.stdoutIsTerminal),
            animation: asked.animation && !environment.reduceMotion,
            color: asked.color && !environment.noColorRequested,
            asciiOnly: !environment.localeIsUTF8,
            pictures: asked.pictures ?? environment.picturesRequested ?? .auto)
    }
}
