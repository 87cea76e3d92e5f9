/// How a run shows its pages: decided from what was asked and what the process is attached to.
package enum PresentationMode: Equatable, Sendable {
    /// The pager on the alternate screen.
    case fullScreen
    /// Every page printed as text, once.
    case plainText
    /// One page at a time as text, with a prompt read line by line: for screen readers.
    case accessible

    /// An explicit request wins; automatic is accessible when the person set ACCESSIBLE,
    /// full screen on a terminal that can address the screen, plain text anywhere else,
    /// except that pages asking a question on a terminal that cannot address the screen
    /// (TERM=dumb, as Emacs's shell sets it; unset; unknown to terminfo) are asked line by
    /// line, as the accessible mode asks: printed once, a question would go unanswered
    /// and the tour be recorded as seen.
    package static func choose(_ request: TourPresentation, accessibleRequested: Bool, canRunFullScreen: Bool,
                               asksQuestions: Bool = false, onTerminal: Bool = false) -> PresentationMode {
        switch request {
        case .plain: .plainText
        case .accessible: .accessible
        case .automatic: accessibleRequested ? .accessible : canRunFullScreen ? .fullScreen : fallback(asksQuestions: asksQuestions, onTerminal: onTerminal)
        }
    }

    /// What a run that cannot be full screen becomes: also when the full screen fails to
    /// start after all. `onTerminal`: both stdin and stdout are terminals.
    package static func fallback(asksQuestions: Bool, onTerminal: Bool) -> PresentationMode {
        asksQuestions && onTerminal ? .accessible : .plainText
    }
}

/// How a run is asked to show its tour (`TourOptions.presentation`, `--plain`, `--accessible`);
/// `PresentationMode.choose` decides what it becomes on this terminal.
public enum TourPresentation: Sendable, Equatable {
    /// Full screen on a terminal; plain text when output is not a terminal (without
    /// `once`: with `once` nothing at all is shown then). ACCESSIBLE=1 picks `.accessible`.
    case automatic
    /// Every page as plain text, even on a terminal. With `once` it is shown, and
    /// recorded, even when output is not a terminal: you asked for text.
    case plain
    /// For screen readers: each page as text, then a prompt read line by line from stdin.
    case accessible
}
