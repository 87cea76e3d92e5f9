import TourCore

/// Everything the command-line flags control, for Swift callers. The callbacks run on the
/// caller's thread, inside `run`.
public struct TourOptions {
    /// How the tour is shown: `.automatic`, `.plain` or `.accessible`.
    public typealias Presentation = TourPresentation
    /// How hero pictures are drawn: `.auto`, `.pixels` or `.cells`.
    public typealias Pictures = PictureSetting

    /// Consult and update the seen-state store: show the welcome once, then only what is
    /// new. Never shown, and nothing recorded, when stdin or stdout is not a terminal, when
    /// `CI` is set, or when the person set `TOUR_DISABLE=1`.
    public var once = false
    /// How what's new appears after an update: nil keeps the tour's choice (`"whatsNew"`,
    /// the pager by default); `.notice` prints it in place, with no key to press.
    public var whatsNew: Tour.WhatsNewStyle? = nil
    /// With `once`, for a full-screen tool that calls twice (`--at`): `.start` shows only
    /// what is full screen, `.exit` only what is printed in place.
    package var moment: StartPlan.Moment = .any
    /// With `once`, on a start that shows neither the welcome nor what's new: the least
    /// time between two of the tour's tips; one day by default, zero shows one every start.
    public var tipInterval: Duration = .seconds(TipInterval.standard)
    /// Full screen, plain text or the accessible mode.
    public var presentation = Presentation.automatic
    /// Slide and reveal animations; off also with TOUR_REDUCE_MOTION=1.
    public var animation = true
    /// Pictures in pixels where the terminal draws them (kitty graphics, sixel, iTerm2),
    /// else in character cells; nil takes TOUR_PICTURES, else `.auto`. NO_COLOR keeps them.
    public var pictures: Pictures? = nil
    /// Colors; off also when NO_COLOR is set.
    public var color = true
    /// Clicks on the button, dots and Skip, and the wheel.
    public var mouse = true
    /// The keys; every hint on screen follows it ("Skip (x)" when skip is on x).
    public var keyBindings: KeyBindings {
        get { chosenKeyBindings ?? .standard }
        set { chosenKeyBindings = newValue }
    }
    /// Set only when the caller chose keys: the standard table is built when a run reads
    /// it, not by every `--once` start that shows nothing.
    private var chosenKeyBindings: KeyBindings? = nil
    /// The page to open on, counted from 0 in the tour as written. When this run does not
    /// show that page (with `once`, after an update), it opens on the next page it shows.
    public var startPage = 0
    /// Values for the tour's `{name}`s, over the defaults its `"values"` declares: the
    /// person's own keys (`["search": "?"]`) or the tool's name. Names the tour does not
    /// declare are left out.
    public var values: [String: String] = [:]
    /// Where seen-state files live; nil means `$XDG_STATE_HOME/tour` or `~/.local/state/tour`.
    public var stateDirectory: String? = nil
    /// Overrides the tour's id in the seen-state store.
    public var id: String? = nil
    /// Called on every page change with pages counted from 0 in the tour as written.
    /// Anything it prints lands on the tour's screen: collect, and print after `run`.
    public var onPageChange: ((_ from: Int, _ to: Int) -> Void)? = nil
    /// Receives the one warning a run may have (an unreadable state file, a full disk).
    /// By default it goes to stderr as `tour: warning: …`, after the terminal is restored.
    public var onWarning: ((String) -> Void)? = nil

    /// Live preview: reload the tour from this file whenever it, or an art file it uses,
    /// changes on disk; a content error shows on screen until the next save fixes it.
    package var watchedFile: String? = nil
    /// The locale a watched file's translation is chosen by.
    package var locale: String? = nil
    /// The `tour` command runs this: messages may name its flags.
    package var isCommand = false
    /// The pages a run without `once` plays: every page (nil), or for `whatsNew(since:)`
    /// `.releaseNotes(newerThan:)`, the pages with a `since`, newest first.
    package var selection: RunPlan.Selection? = nil
    /// `--answers PATH`: where a run that answered questions writes them, as one JSON object.
    package var answersFile: String? = nil
    /// The file the `tour` command plays: the notice's and the tip's last lines name it.
    package var commandFile: String? = nil
    /// A watched file may name art outside its folder.
    package var allowOutsideArt = false
    /// The terminal's background, as `--background` gives it; nil asks the terminal
    /// (TOUR_BACKGROUND, which a Swift tool's users can set, wins over the answer).
    package var background: TerminalBackground? = nil

    /// The defaults: every page, full screen when there is a terminal.
    public init() {}
}
