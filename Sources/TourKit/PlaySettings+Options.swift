import TourCore
import TourTerminal

/// The decision itself is `PlaySettings.resolve` in TourCore; here, what TourKit adds:
/// the public options read into what it asks, and the terminal's names for the result.
extension PlaySettings {
    static func resolve(_ options: TourOptions, environment: TerminalEnvironment, asksQuestions: Bool = false) -> PlaySettings {
        let asked = Asked(presentation: options.presentation, animation: options.animation, color: options.color, pictures: options.pictures)
        return resolve(asked, environment: environment, asksQuestions: asksQuestions)
    }

    /// No color when the caller or the person (NO_COLOR) said so.
    var colorMode: ColorMode { color ? .automatic : .never }

    /// What a full-screen run does when the terminal cannot be set up after all (TERM
    /// unknown to terminfo, no tty to open): plain text still reaches the person. What
    /// TOUR_DEBUG says of it.
    static func fallbackExplanation(_ unavailable: TerminalUnavailable) -> String {
        "tour: the full screen could not start (\(MessageText.visible(unavailable.reason, limit: 200))); printing the tour as text\n"
    }
}
