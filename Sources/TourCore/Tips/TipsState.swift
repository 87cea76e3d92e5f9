/// What the store remembers of one tips file for one user: whether tips are off, which
/// tips were shown and in what order, and when the last one was.
package struct TipsState: Equatable, Sendable {
    /// The layout of the state file; a larger number was written by a newer `tour`.
    package static let currentFormat = 1

    package var format = TipsState.currentFormat
    /// The person turned these tips off (`tour tip --off`).
    package var off = false
    /// The file's version when a tip was last shown.
    package var version: String?
    /// The version before the last update this person ran: tips `since` newer than it are new.
    package var updatedFrom: String?
    /// When the last tip was shown, in seconds since 1970.
    package var lastShownAt: Int?
    /// How many tips were ever shown: the clock that orders them.
    package var shownCount = 0
    /// Each tip shown, by key, with the value of `shownCount` when it was shown last.
    package var shown: [String: Int] = [:]
    /// The key of the tip shown last.
    package var last: String?
    /// The checklist's items done (`tour done`), by id, with when each was ticked.
    package var checked: [String: Int] = [:]
    /// When the checklist's "All done" was shown: after it, the list shows no more.
    package var checklistFinishedAt: Int?

    package init() {}

    /// The state file's text: small, stable JSON a person can read.
    package var json: String {
        var fields = ["  \"format\": \(format)", "  \"off\": \(off)"]
        if let version { fields.append("  \"version\": \(JSONText.quote(version))") }
        if let updatedFrom { fields.append("  \"updatedFrom\": \(JSONText.quote(updatedFrom))") }
        if let lastShownAt { fields.append("  \"lastShownAt\": \(lastShownAt)") }
        fields.append("  \"shownCount\": \(shownCount)")
        if let last { fields.append("  \"last\": \(JSONText.quote(last))") }
        let shownList = shown.sorted { $0.value < $1.value }.map { "    \(JSONText.quote($0.key)): \($0.value)" }
        fields.append(shownList.isEmpty ? "  \"shown\": {}" : "  \"shown\": {\n" + shownList.joined(separator: ",\n") + "\n  }")
        // Only once there is a checklist to speak of: a tips state without one reads as before.
        if !checked.isEmpty {
            let list = checked.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map { "    \(JSONText.quote($0.key)): \($0.value)" }
            fields.append("  \"checked\": {\n" + list.joined(separator: ",\n") + "\n  }")
        }
        if let checklistFinishedAt { fields.append("  \"checklistFinishedAt\": \(checklistFinishedAt)") }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }

    /// Reads a state file; nil when it is not one.
    package static func parse(_ bytes: [UInt8]) -> TipsState? {
        guard let file = StateFileObject(bytes) else { return nil }
        var state = TipsState()
        state.format = file.format
        state.off = file.bool("off") ?? false
        state.version = file.string("version")
        state.updatedFrom = file.string("updatedFrom")
        state.lastShownAt = file.count("lastShownAt")
        state.shownCount = file.count("shownCount") ?? 0
        state.last = file.string("last")
        for member in file.object("shown") ?? [] {
            if case .number(let value) = member.node.value, value >= 0, value < 1e15 { state.shown[member.key] = Int(value) }
        }
        for member in file.object("checked") ?? [] {
            if case .number(let value) = member.node.value, value >= 0, value < 1e15 { state.checked[member.key] = Int(value) }
        }
        state.checklistFinishedAt = file.count("checklistFinishedAt")
        return state
    }
}

/// Which tip comes next, and what showing it records.
package enum TipRotation {
    /// The index of the tip to show next:
    /// 1. after an update, tips not yet seen whose `since` is newer than the version the
    ///    person had, in file order;
    /// 2. tips not yet seen, in file order (an author orders them by importance);
    /// 3. the least recently shown, never the one shown last time (unless it is the only one).
    package static func next(in tips: TipSet, state: TipsState) -> Int? {
        guard !tips.tips.isEmpty else { return nil }
        let unseen = tips.tips.indices.filter { state.shown[tips.tips[$0].key] == nil }
        if let before = versionBeforeUpdate(tips, state: state).flatMap(Version.init) {
            if let new = unseen.first(where: { tips.tips[$0].since.map { before < $0 } ?? false }) { return new }
        }
        if let first = unseen.first { return first }
        let candidates = tips.tips.indices.filter { tips.tips.count == 1 || tips.tips[$0].key != state.last }
        return candidates.min { (state.shown[tips.tips[$0].key] ?? 0) < (state.shown[tips.tips[$1].key] ?? 0) }
    }

    /// The state after tip `index` was shown at `now`.
    package static func recording(_ index: Int, of tips: TipSet, in state: TipsState, at now: Int) -> TipsState {
        var state = state
        state.updatedFrom = versionBeforeUpdate(tips, state: state)
        state.version = tips.version
        state.shownCount += 1
        state.shown[tips.tips[index].key] = state.shownCount
        state.last = tips.tips[index].key
        state.lastShownAt = now
        return state
    }

    /// What browsing the tips as pages (`tour tips`, `Tips.browse`) records: finishing or
    /// skipping counts every tip as seen, in file order; a signal, or a run that showed
    /// nothing, records nothing (nil).
    package static func afterBrowsing(_ outcome: TourOutcome, of tips: TipSet, in state: TipsState, at now: Int) -> TipsState? {
        switch outcome {
        case .completed, .skipped: recordingAll(of: tips, in: state, at: now)
        case .alreadySeen, .notShown, .interrupted: nil
        }
    }

    /// The state after every tip was read (`tour tips`): all of them count as seen, in file order.
    package static func recordingAll(of tips: TipSet, in state: TipsState, at now: Int) -> TipsState {
        var state = state
        for index in tips.tips.indices { state = recording(index, of: tips, in: state, at: now) }
        return state
    }

    /// The version the person had before the update they are now on; nil on a first
    /// run (a fresh install sees no "new"), and unchanged while the version stays.
    private static func versionBeforeUpdate(_ tips: TipSet, state: TipsState) -> String? {
        guard let seen = state.version else { return state.updatedFrom }
        guard let current = tips.version, Version(current) != Version(seen) else { return state.updatedFrom }
        return seen
    }
}
