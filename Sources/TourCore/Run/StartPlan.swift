/// What one start of a tool shows when it calls `tour --once` on every start: at most one
/// thing, in this order.
///
/// 1. The welcome, on a first run.
/// 2. What's new, after an update that added pages: full screen or as a notice in place.
/// 3. Else the tip that is due, by the rules and state of `tour tip`.
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
        case nothing(Quiet)
    }

    /// Why a start that found nothing new shows no tip either.
    package enum Quiet: Equatable, Sendable {
        /// The tour has no tips, or none was ever known for it: a start reads no further.
        case noTips
        /// Tips stay silent, as `tour tip` would.
        case tipSilenced(TipPolicy.Silence)
    }

    /// What to read first, from the seen state and the tour's head alone.
    package enum FirstStep: Equatable, Sendable {
        /// The whole tour: it may show the welcome or what's new.
        case readTheTour
        /// Nothing can be new: only a tip, if one is due.
        case tipIfDue
    }

    /// `headVersion` is the version the file's top gives; nil when there is no head to go by.
    package static func firstStep(lastSeen: SeenState?, headVersion: String??) -> FirstStep {
        guard lastSeen != nil, let headVersion else { return .readTheTour }
        return WhatsNew.nothingCanBeNew(tourVersion: headVersion, lastSeen: lastSeen) ? .tipIfDue : .readTheTour
    }

    /// What the tour shows once read, from its plan; nil when it shows nothing (nothing new)
    /// and a tip may come instead. An update that asks a question plays in the pager even
    /// under `"whatsNew": "notice"`: a notice prints and asks nothing, so the question
    /// would be recorded as seen and never asked.
    package static func surface(for plan: RunPlan, style: Tour.WhatsNewStyle) -> Surface? {
        guard !plan.isEmpty else { return nil }
        guard plan.selection.lastSeen != nil else { return .welcome }
        return .whatsNew(plan.asksQuestions ? .pager : style)
    }

    /// The tip that is due, or why none is.
    ///
    /// - `environmentSilence`: what `TipPolicy.environmentSilence` says (stderr, TOUR_NO_TIPS).
    /// - `tipsMayExist`: the tour was read, or a tips state exists for it. A tips state is
    ///   written when the welcome or what's new of a tour with tips is shown, so a start
    ///   that found nothing new, with no state, needs no read to know there is no tip.
    /// - `tips`: read only when a tip is due.
    package static func tip(environmentSilence: TipPolicy.Silence?, state: TipsState?, unreadable: Bool, tipsMayExist: Bool,
                            interval: Int, now: Int, tips: () -> TipSet?) -> Surface {
        if let silence = environmentSilence { return .nothing(.tipSilenced(silence)) }
        guard tipsMayExist || state != nil || unreadable else { return .nothing(.noTips) }
        if let silence = TipPolicy.stateSilence(state, unreadable: unreadable, interval: max(0, interval), now: now) {
            return .nothing(.tipSilenced(silence))
        }
        guard let set = tips(), let index = TipRotation.next(in: set, state: state ?? TipsState()) else { return .nothing(.noTips) }
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

    /// The whole decision at once, each input read only when the one before leaves it open:
    /// what the runner does step by step, for reading and for tests.
    package static func decide(lastSeen: SeenState?, headVersion: String??, plan: () -> RunPlan, style: Tour.WhatsNewStyle,
                               tipEnvironmentSilence: TipPolicy.Silence?, tipsState: TipsState?, tipsStateUnreadable: Bool = false,
                               interval: Int, now: Int, tips: () -> TipSet?) -> Surface {
        var tourWasRead = false
        if firstStep(lastSeen: lastSeen, headVersion: headVersion) == .readTheTour {
            tourWasRead = true
            if let surface = surface(for: plan(), style: style) { return surface }
        }
        return tip(environmentSilence: tipEnvironmentSilence, state: tipsState, unreadable: tipsStateUnreadable,
                   tipsMayExist: tourWasRead, interval: interval, now: now, tips: tips)
    }
}
