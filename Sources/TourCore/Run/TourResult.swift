/// What one run showed, how it ended and what was answered: `Tour.show(options:)` returns
/// it. `run(options:)` returns its `outcome` alone, so a `switch` over `TourOutcome`
/// written for 2.3 compiles as it did.
public struct TourResult: Hashable, Sendable {
    /// What the person saw. New cases may come: switch with a `default`.
    public enum Shown: Hashable, Sendable {
        /// Nothing: a pipe, CI, `TOUR_DISABLE`, or nothing new and no tip due.
        case nothing
        /// Every page (a run without `once`).
        case tour
        /// The welcome, on a first run with `once`.
        case welcome
        /// After an update, the new pages, full screen (or every page with `since`, by `whatsNew(since:)`).
        case whatsNew
        /// After an update, the new pages as a notice printed in place.
        case whatsNewNotice
        /// A tip, by its key (its `id`, or a hash of its text).
        case tip(id: String)
        /// The tour's getting-started checklist, in a tip's slot (or its "All done" line).
        case checklist
    }

    /// How the run ended, pages counted in the tour as written.
    public var outcome: TourOutcome
    public var shown: Shown
    /// The answers this run collected from question pages, by key; empty when none.
    public var answers: [String: String]

    public init(outcome: TourOutcome, shown: Shown, answers: [String: String] = [:]) {
        self.outcome = outcome
        self.shown = shown
        self.answers = answers
    }
}
