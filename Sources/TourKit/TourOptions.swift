import TourCore
import TourTerminal

/// Everything the command-line flags control, for Swift callers. The callbacks run on the
/// caller's thread, inside `run`.
public struct TourOptions {
    /// Consult and update the seen-state store: show the welcome once, then only what is new.
    public var once = false
    /// Slide and reveal animations; off also with TOUR_REDUCE_MOTION=1.
    public var animation = true
    /// `.never` draws in monochrome; `.automatic` also honours NO_COLOR.
    public var color: ColorMode = .automatic
    /// Clicks on the button, dots and Skip, and the wheel.
    public var mouse = true
    /// The page to open on, counted from 0 among the pages shown.
    public var startPage = 0
    /// Where seen-state files live; nil means `$XDG_STATE_HOME/tour` or `~/.local/state/tour`.
    public var stateDirectory: String? = nil
    /// Overrides the tour's id in the seen-state store.
    public var id: String? = nil
    /// Print the pages as plain text even on a terminal.
    public var plain = false
    /// The linear mode for screen readers: each page as text, then a prompt read from
    /// stdin; also with ACCESSIBLE=1 in the environment.
    public var accessible = false
    /// Live preview: reload the tour from this file whenever it, or an art file it uses,
    /// changes on disk; a content error shows on screen until the next save fixes it.
    public var watchedFile: String? = nil
    /// Called on every page change with page indices counted from 0 in the whole tour.
    public var onPageChange: ((_ from: Int, _ to: Int) -> Void)? = nil
    /// Called once with the outcome, after the terminal is restored.
    public var onFinish: ((TourOutcome) -> Void)? = nil
    /// Receives the one warning a run may have (an unreadable state file, a full disk).
    /// By default it goes to stderr as `tour: warning: …`, after the terminal is restored.
    public var onWarning: ((String) -> Void)? = nil

    public init() {}
}

/// How a run of a tour ended.
public enum TourOutcome: Equatable, Sendable {
    /// The user pressed "Get started" on the last page (or the tour was printed as text).
    case completed
    /// The user skipped, on this page (counted from 0 in the whole tour).
    case skipped(atPage: Int)
    /// Ctrl-C or a signal: the user did not choose, and the tour will show again.
    case interrupted
    /// With `once`: nothing needed showing.
    case alreadySeen
}
