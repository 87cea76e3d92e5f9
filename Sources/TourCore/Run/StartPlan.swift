/// What one start of a tool shows when it calls `tour --once` on every start: at most one
/// thing, in this order.
///
/// 1. The welcome, on a first run.
/// 2. What's new, after an update that added pages: full screen or as a notice in place.
/// 3. Else the tip that is due, by the rules and state of `tour tip`; while the tour's
///    checklist has items left (or its "All done" is still to say), the checklist, in the
///    tip's slot, by the same rules and state.
///
/// A start that showed the welcome or what's new shows no tip, and the tips' interval
/// counts from it. A value decided from the seen state, the tour's head, its plan, the
/// tips state and the clock; the runner reads them and carries the decision out.
package enum StartPlan {
    /// What a start shows.
    package enum Surface: Equatable, Sendable {
        case welcome
        case whatsNew(Tour.WhatsNewStyle)
        /// The tip at this index of the tips.
        case tip(index: Int)
        /// The checklist, in the tip's slot.
        case checklist(Checklist.Stage)
        case nothing(Quiet)
    }

    /// Why a start that found nothing new shows no tip either.
    package enum Quiet: Equatable, Sendable {
        /// The tour has no tips, or none was ever known for it: a start reads no further.
        case noTips
        /// Tips stay silent, as `tour tip` would.
        case tipSilenced(TipPolicy.Silence)
    }

    /// When a full-screen tool (curses, Textual) calls: what it prints in place before it
    /// takes the screen would be covered until it exits, so such a tool calls twice.
    package enum Moment: String, Equatable, Sendable, CaseIterable {
        /// One call at start that shows whatever is due: most tools.
        case any
        /// Before the tool takes the screen: only what is full screen (the welcome, what's
        /// new in the pager); a notice or a tip waits for the call at exit.
        case start
        /// After the tool gave the screen back: only what is printed in place (what's new
        /// as a notice, a tip); the full-screen ones wait for the next start.
        case exit
    }

    /// Whether `surface` shows at `moment`; what does not is neither shown nor recorded,
    /// so the other call shows it.
    package static func shows(_ surface: Surface, at moment: Moment) -> Bool {
        switch (surface, moment) {
        case (_, .any), (.nothing, _): true
        case (.welcome, .start), (.whatsNew(.pager), .start): true
        case (.whatsNew(.notice), .exit), (.tip, .exit), (.checklist, .exit): true
        case (.welcome, .exit), (.whatsNew(.pager), .exit), (.whatsNew(.notice), .start), (.tip, .start), (.checklist, .start): false
        }
    }

    /// Whether a tip may come at `moment`.
    package static func tipShows(at moment: Moment) -> Bool { shows(.tip(index: 0), at: moment) }

    /// What TOUR_DEBUG says of a surface that waits for the other call.
    package static func waiting(_ surface: Surface, at moment: Moment) -> String {
        let what = switch surface {
        case .welcome: "the welcome"
        case .whatsNew(.pager): "what's new, full screen,"
        case .whatsNew(.notice): "what's new, printed in place,"
        case .tip, .checklist, .nothing: "a tip"
        }
        return "\(what) waits for the call \(moment == .start ? "at exit (--at exit)" : "at start (--at start)")"
    }

    /// What to read first, from the seen state and the tour's head alone.
    enum FirstStep: Equatable, Sendable {
        /// The whole tour: it may show the welcome or what's new.
        case readTheTour
        /// Nothing can be new: only a tip, if one is due.
        case tipIfDue
    }

    /// Where a `once` start goes once the tour's part is settled.
    package enum Start: Equatable, Sendable {
        /// The tour's pages: `.welcome` or `.whatsNew(style)`, of the tour read, by the plan.
        case tour(Surface, Tour, RunPlan)
        /// Nothing is new: a tip, if one is due. `tour` is the tour when it was read (nil
        /// when its head settled it); `record` the new version to remember, so that the
        /// next start decides from the head alone.
        case tipIfDue(tour: Tour?, record: SeenState?)
    }

    /// The tour's part of a `once` start, each input read only when the one before leaves
    /// it open: the seen state and the head first, then the whole tour (`tourInHand`, or
    /// `readTour`), then its plan. The runner carries the result out; the tip, if one may
    /// come, is decided by `tip` under the tips state's lock.
    package static func start<Failure: Error>(lastSeen: SeenState?, head: Head, tourInHand: Tour?,
                                             readTour: () throws(Failure) -> Tour,
                                             style: (Tour) -> Tour.WhatsNewStyle) throws(Failure) -> Start {
        if tourInHand == nil, firstStep(lastSeen: lastSeen, head: head) == .tipIfDue {
            return .tipIfDue(tour: nil, record: nil)
        }
        let tour: Tour
        if let tourInHand { tour = tourInHand } else { tour = try readTour() }
        let plan = RunPlan(tour: tour, selection: .whatsNew(lastSeen: lastSeen))
        guard let surface = surface(for: plan, style: style(tour)) else { return .tipIfDue(tour: tour, record: plan.recordOfNothingNew) }
        return .tour(surface, tour, plan)
    }

    /// What the top of the tour file said before the rest was read.
    package enum Head: Equatable, Sendable {
        /// Nothing to go by: the tour is in hand, or its top did not settle its id.
        case notRead
        /// Its top-level `version`, nil when the tour has none.
        case read(version: String?)
    }

    static func firstStep(lastSeen: SeenState?, head: Head) -> FirstStep {
        guard lastSeen != nil, case .read(let version) = head else { return .readTheTour }
        return WhatsNew.nothingCanBeNew(tourVersion: version, lastSeen: lastSeen) ? .tipIfDue : .readTheTour
    }

    /// What the tour shows once read, from its plan; nil when it shows nothing (nothing new)
    /// and a tip may come instead. An update that asks a question plays in the pager even
    /// under `"whatsNew": "notice"`: a notice prints and asks nothing, so the question
    /// would be recorded as seen and never asked.
    static func surface(for plan: RunPlan, style: Tour.WhatsNewStyle) -> Surface? {
        guard !plan.isEmpty else { return nil }
        guard plan.selection.lastSeen != nil else { return .welcome }
        return .whatsNew(plan.asksQuestions ? .pager : style)
    }

    /// The tip that is due (or the checklist, which comes first while it has anything to
    /// say), or why none is, once the environment allows tips
    /// (`TipPolicy.environmentSilence`, asked first, before the state is touched).
    ///
    /// - `tipsMayExist`: the tour was read, or a tips state exists for it. A tips state is
    ///   written when the welcome or what's new of a tour with tips is shown, so a start
    ///   that found nothing new, with no state, needs no read to know there is no tip.
    /// - `tips`: read only when a tip is due.
    package static func tip(state: TipsState?, unreadable: Bool, tipsMayExist: Bool,
                            interval: Int, now: Int, tips: () -> TipSet?) -> Surface {
        guard tipsMayExist || state != nil || unreadable else { return .nothing(.noTips) }
        if let silence = TipPolicy.stateSilence(state, unreadable: unreadable, interval: max(0, interval), now: now) {
            return .nothing(.tipSilenced(silence))
        }
        guard let set = tips() else { return .nothing(.noTips) }
        if let stage = set.checklist?.stage(in: state) { return .checklist(stage) }
        guard let index = TipRotation.next(in: set, state: state ?? TipsState()) else { return .nothing(.noTips) }
        return .tip(index: index)
    }

    /// The tips state after a start that showed the welcome or what's new of a tour with
    /// tips: the interval counts from it, and the state says the tour has tips. Its version
    /// stays, so the next tip still knows which tips the update brought.
    package static func tipsState(afterTourShowing state: TipsState?, at now: Int) -> TipsState {
        var updated = state ?? TipsState()
        updated.lastShownAt = now
        return updated
    }
}
