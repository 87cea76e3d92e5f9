/// A getting-started checklist: a few things a person does to learn a tool (log in, sync,
/// search), each ticked by the tool itself when the person really does it (`tour done FILE
/// ITEM`), and shown in place, in the slot a tip would take, until every item is done.
/// Read from a tour's `"checklist"` by `ChecklistDecoder`; every text in it is cleaned of
/// controls and escape sequences, as a tour's is.
package struct Checklist: Sendable, Equatable {
    /// One item, at most seven: a list a person reads at a glance, not a manual.
    package static let maximumItems = 7
    /// The heading when the file gives none.
    package static let defaultTitle = "Getting started"
    /// A title or an item's title is one line.
    package static let maximumTitleCharacters = 80
    /// A hint is one line: the command to try next.
    package static let maximumHintCharacters = 200

    /// The heading, as "Getting started".
    package var title: String
    /// The items, in the order the author wants them done.
    package var items: [Item]

    package init(title: String = Checklist.defaultTitle, items: [Item]) {
        self.title = title
        self.items = items
    }

    /// One thing to do.
    package struct Item: Sendable, Equatable {
        /// What the tool ticks it by (`tour done FILE login`): a short plain word.
        package var id: String
        /// What the person reads: "Log in".
        package var title: String
        /// How to do it, shown under the list while it is the next item: "`mytool login`".
        package var hint: String?

        package init(id: String, title: String, hint: String? = nil) {
            self.id = id
            self.title = title
            self.hint = hint
        }
    }

    /// What an item id names.
    package enum Lookup: Equatable, Sendable {
        /// The item at this index.
        case found(Int)
        /// No item has this id; `nearest` is the id a typo of it would be (as "did you
        /// mean" finds keys), nil when none is that close.
        case unknown(nearest: String?)
    }

    /// The item `id` names, exactly; else the id it is a typo of, if any.
    package func lookup(_ id: String) -> Lookup {
        if let index = items.firstIndex(where: { $0.id == id }) { return .found(index) }
        return .unknown(nearest: KeySuggestion.closest(to: id, among: items.map(\.id)))
    }

    /// What `tour done` says of an item id the list does not have: the id it is a typo of,
    /// then every id, so a typo and a forgotten name both come back with the answer.
    /// `place` names the tour (its file, or its id); what was typed is quoted, cleaned.
    package func unknownItemMessage(_ typed: String, nearest: String?, in place: String) -> String {
        "the checklist of \(place) has no item \(Quoted(typed))" + (nearest.map { "; did you mean \(Quoted($0))?" } ?? "")
            + " (its items: \(items.map(\.id).joined(separator: ", ")))"
    }

    /// Which items are done, in order, by what `state` recorded: an id the file no longer
    /// has is left alone, and an item the file added since starts undone.
    package func done(in state: TipsState?) -> [Bool] {
        items.map { state?.checked[$0.id] != nil }
    }

    /// What a start may show of the list.
    package enum Stage: Equatable, Sendable {
        /// The list: `done` of the items ticked.
        case progress(done: Int)
        /// Every item is ticked and that was not said yet: one "All done" line.
        case allDone
    }

    /// What of the list is due, by `state`: the list while an item is left, "All done"
    /// once when none is, then nil (nothing, ever again: a tip may take the slot).
    package func stage(in state: TipsState?) -> Stage? {
        if state?.checklistFinishedAt != nil { return nil }
        let count = done(in: state).filter { $0 }.count
        return count == items.count ? .allDone : .progress(done: count)
    }

    /// The index of the item to do next: the first undone one, in the author's order.
    package func next(in state: TipsState?) -> Int? {
        done(in: state).firstIndex(of: false)
    }

    /// The state after item `id` was done at `now`; nil when it was ticked already, so a
    /// tool that ticks on every `sync` writes nothing after the first.
    package static func ticking(_ id: String, in state: TipsState?, at now: Int) -> TipsState? {
        var state = state ?? TipsState()
        guard state.checked[id] == nil else { return nil }
        state.checked[id] = now
        return state
    }

    /// The state after a start showed `stage` at `now`: the interval counts from it, as
    /// from a tip, and "All done" is said once.
    package static func recording(_ stage: Stage, in state: TipsState?, at now: Int) -> TipsState {
        var state = state ?? TipsState()
        state.lastShownAt = now
        if stage == .allDone { state.checklistFinishedAt = now }
        return state
    }
}

extension Tour {
    /// The tour's getting-started checklist; nil when it has none.
    package var checklist: Checklist? {
        get { tipSet?.checklist }
        set {
            var set = tipSet ?? TipSet(id: id, version: version, tips: tips)
            set.checklist = newValue
            tipSet = set
        }
    }
}
