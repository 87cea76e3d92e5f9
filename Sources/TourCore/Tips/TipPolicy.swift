/// When `tour tip` stays silent. It runs on every start of its tool, so it must never
/// land in a pipe, a log or CI, never on someone who turned tips off, and not more often
/// than the interval. A silent run records nothing: the next visible run shows the tip due.
package enum TipPolicy {
    package enum Silence: Equatable, Sendable {
        case notATerminal
        /// A background job: a tip would be printed into whatever the person is typing.
        case backgroundJob
        case continuousIntegration
        case disabledByUser
        case tipsDisabledByUser
        case turnedOff
        /// The state is there but cannot be read: whether tips were turned off is unknown,
        /// and showing one would overwrite a person's `--off`.
        case unreadableState
        /// A tip was shown `elapsed` seconds ago; the interval is `interval`.
        case tooSoon(elapsed: Int, interval: Int)
    }

    /// Why not to show a tip now, or nil to show one. What the environment says comes
    /// first, so a silent run does not even read the state.
    package static func environmentSilence(stdoutIsTerminal: Bool, stderrIsTerminal: Bool, continuousIntegration: Bool,
                                           disabledByUser: Bool, tipsDisabledByUser: Bool, inForeground: Bool = true) -> Silence? {
        if disabledByUser { return .disabledByUser }
        if tipsDisabledByUser { return .tipsDisabledByUser }
        if continuousIntegration { return .continuousIntegration }
        if !(stdoutIsTerminal && stderrIsTerminal) { return .notATerminal }
        if !inForeground { return .backgroundJob }
        return nil
    }

    /// Then the state: unreadable, off, or a tip shown less than `interval` seconds ago. A
    /// clock set back (a tip "in the future") does not silence tips until it catches up.
    package static func stateSilence(_ state: TipsState?, unreadable: Bool = false, interval: Int, now: Int) -> Silence? {
        if unreadable { return .unreadableState }
        guard let state else { return nil }
        if state.off { return .turnedOff }
        if let last = state.lastShownAt, now >= last, now - last < interval {
            return .tooSoon(elapsed: now - last, interval: interval)
        }
        return nil
    }

    /// The line TOUR_DEBUG=1 prints.
    package static func explanation(_ silence: Silence) -> String {
        switch silence {
        case .notATerminal: "stdout or stderr is not a terminal"
        case .backgroundJob: "running as a background job: the terminal belongs to another process group"
        case .continuousIntegration: "CI is set in the environment"
        case .disabledByUser: "TOUR_DISABLE is set in the environment"
        case .tipsDisabledByUser: "TOUR_NO_TIPS is set in the environment"
        case .turnedOff: "tips are turned off (tour tip --on --id ID turns them on)"
        case .unreadableState: "the tips state cannot be read, so whether tips are off is not known (tour tip --on or --off writes it anew)"
        case let .tooSoon(elapsed, interval):
            "a tip was shown \(TipInterval.describe(elapsed)) ago; the next is due after \(TipInterval.describe(interval))"
        }
    }
}

/// `--every`: how long between two tips. `0`, or a number with `s`, `m`, `h`, `d` or `w`.
package enum TipInterval {
    /// One day: a tip a day is a hint, a tip a start is noise.
    package static let standard = 86_400

    /// Seconds, or nil when the text is not an interval.
    package static func parse(_ text: String) -> Int? {
        if text == "0" { return 0 }
        guard let unit = text.last, let number = Int(text.dropLast()), number >= 0, number <= 1_000_000 else { return nil }
        switch unit {
        case "s": return number
        case "m": return number * 60
        case "h": return number * 3_600
        case "d": return number * 86_400
        case "w": return number * 604_800
        default: return nil
        }
    }

    /// "3h", "1d 2h", "45s": the largest unit or two.
    package static func describe(_ seconds: Int) -> String {
        let units: [(Int, String)] = [(604_800, "w"), (86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")]
        var parts: [String] = []
        var rest = max(0, seconds)
        for (size, name) in units where rest >= size && parts.count < 2 {
            parts.append("\(rest / size)\(name)")
            rest %= size
        }
        return parts.isEmpty ? "0s" : parts.joined(separator: " ")
    }
}
