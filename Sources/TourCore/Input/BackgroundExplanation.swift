/// Why a run's colors were for the background they were: said under TOUR_DEBUG once the
/// screen is given back, so a wrong palette can be traced to its cause.
package enum BackgroundExplanation {
    /// One line, ending in a newline. `drawnFor` is what the run ended with, `firstChoice`
    /// what its first frame was drawn for (a late answer changes one, not the other);
    /// `replies` are the answers in by the first frame, `lateAnswerAfter` how long after
    /// it one came (nil when none did); `insideTmux` is TMUX being set, whether or not the
    /// questions were passed through it.
    package static func line(drawnFor: TerminalBackground, firstChoice: TerminalBackground, explicit: TerminalBackground?,
                             replies: TerminalReplies, lateAnswerAfter: Double? = nil, hasColorFGBG: Bool, multiplexer: Multiplexer,
                             insideTmux: Bool) -> String {
        let through = switch multiplexer {
        case .none: ""
        case .tmuxPassingThrough: ", through tmux's passthrough"
        case .gnuScreen: ", through GNU screen"
        }
        let reason = if explicit != nil {
            "as asked (--background or TOUR_BACKGROUND)"
        } else if let after = lateAnswerAfter {
            "the terminal's answer came \(Int((after * 1000).rounded())) ms after the first frame\(through), "
                + (drawnFor != firstChoice ? "and the colors changed to it" : "and agreed with what the first frame was drawn for")
        } else if drawnFor != firstChoice {
            "the terminal's answer came after the first frame\(through)"
        } else if replies.background != nil {
            "the terminal's background color\(through)"
        } else if replies.scheme != nil {
            "the terminal's color-scheme report\(through)"
        } else if hasColorFGBG {
            "COLORFGBG (the terminal did not answer)"
        } else if insideTmux && multiplexer == .none {
            "assumed: tmux did not pass the question on (set -g allow-passthrough on, or set TOUR_BACKGROUND)"
        } else {
            replies.fenced ? "assumed: the terminal does not say" : "assumed: the terminal did not answer in time"
        }
        return "tour: colors for a \(drawnFor == .light ? "light" : "dark") background: \(reason)\n"
    }
}
