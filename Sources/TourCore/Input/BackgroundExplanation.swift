/// Why a run's colors were chosen for the background they were: said under TOUR_DEBUG
/// once the screen is given back, so a wrong palette can be traced to its cause.
package struct BackgroundExplanation: Equatable, Sendable {
    /// What the run drew with at the end (a late answer may have changed the first choice).
    package var drawnFor: TerminalBackground
    /// What the first frame was drawn for.
    package var firstChoice: TerminalBackground
    /// The person's choice (`--background`, TOUR_BACKGROUND), if any.
    package var explicit: TerminalBackground?
    /// What the terminal had answered by the first frame.
    package var replies: TerminalReplies
    /// COLORFGBG was set.
    package var hasColorFGBG: Bool
    /// What the questions went through.
    package var multiplexer: Multiplexer
    /// TMUX was set (the questions may have gone to tmux alone).
    package var insideTmux: Bool

    package init(drawnFor: TerminalBackground, firstChoice: TerminalBackground, explicit: TerminalBackground?,
                 replies: TerminalReplies, hasColorFGBG: Bool, multiplexer: Multiplexer, insideTmux: Bool) {
        self.drawnFor = drawnFor
        self.firstChoice = firstChoice
        self.explicit = explicit
        self.replies = replies
        self.hasColorFGBG = hasColorFGBG
        self.multiplexer = multiplexer
        self.insideTmux = insideTmux
    }

    /// One line, ending in a newline.
    package var text: String {
        "tour: colors for a \(drawnFor == .light ? "light" : "dark") background: \(reason)\n"
    }

    private var reason: String {
        let through = switch multiplexer {
        case .none: ""
        case .tmuxPassingThrough: ", through tmux's passthrough"
        case .gnuScreen: ", through GNU screen"
        }
        if explicit != nil { return "as asked (--background or TOUR_BACKGROUND)" }
        if drawnFor != firstChoice { return "the terminal's answer came after the first frame\(through)" }
        if replies.background != nil { return "the terminal's background color\(through)" }
        if replies.scheme != nil { return "the terminal's color-scheme report\(through)" }
        if hasColorFGBG { return "COLORFGBG (the terminal did not answer)" }
        if insideTmux && multiplexer == .none {
            return "assumed: tmux did not pass the question on (set -g allow-passthrough on, or set TOUR_BACKGROUND)"
        }
        return replies.fenced ? "assumed: the terminal does not say" : "assumed: the terminal did not answer in time"
    }
}
