import TourCore
import TourStore
import TourTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Short hints about your tool, one at a time as it starts: `showOne()` after your own
/// start-up output prints a tip in place, at most once a day by default, a different
/// one each time, and never in a pipe, in CI or for someone who turned tips off.
/// `browse()` shows them all as pages. Nothing is read until a call needs it.
public struct Tips: Sendable {
    private enum Source: Sendable {
        case file(String)
        case bytes([UInt8], fileName: String, markdown: Bool)
    }

    private let source: Source

    /// Tips in a JSON file, or Markdown for `.md`. Read when a call needs them.
    public init(contentsOfFile path: String) {
        source = .file(path)
    }

    /// Tips from JSON bytes, as `embedInCode` gives them (`PackageResources.tips_json`).
    public init(jsonBytes: [UInt8], fileName: String = "tips.json") {
        source = .bytes(jsonBytes, fileName: fileName, markdown: false)
    }

    /// Tips from Markdown bytes.
    public init(markdownBytes: [UInt8], fileName: String = "tips.md") {
        source = .bytes(markdownBytes, fileName: fileName, markdown: true)
    }

    /// The file name errors and the default id go by.
    var fileName: String {
        switch source {
        case .file(let path): path
        case .bytes(_, let fileName, _): fileName
        }
    }

    /// The id the state is kept under, from the top of the file (or its name): the state
    /// is read before the tips, and a run with nothing due reads no tip.
    package func stateID() throws(TourError) -> String {
        let head: TourHead?
        switch source {
        case .file(let path): head = try TourLoader.head(path: path)
        case .bytes(let bytes, let fileName, let markdown): head = TourLoader.head(bytes: bytes, fileName: fileName, markdown: markdown)
        }
        if let id = head?.id { return id }
        // The top did not say: only the whole file can.
        return try load().id ?? TourLoader.defaultID(forPath: fileName)
    }

    /// Every tip, validated; the first error thrown as `FILE:LINE:COL: message`.
    package func load() throws(TourError) -> TipSet {
        switch source {
        case .file(let path):
            return try TourLoader.loadTips(path: path)
        case .bytes(let bytes, let fileName, let markdown):
            var tips = try TipsDecoder.decode(bytes, fileName: fileName, markdown: markdown)
            if tips.id == nil { tips.id = TourLoader.defaultID(forPath: fileName) }
            return tips
        }
    }

    /// Prints the tip that is due, in place, and records it. Returns its id (the tip's
    /// `id`, or a key made from its text), or nil when no tip was shown: not on a
    /// terminal, `CI` set, `TOUR_DISABLE` or `TOUR_NO_TIPS` set, tips turned off, or one
    /// shown less than `options.interval` ago. Throws the file's errors when a tip is due.
    @discardableResult
    public func showOne(options: TipOptions = TipOptions()) throws(TourError) -> String? {
        try CharacterLocale.withEnvironment { () throws(TourError) -> String? in
            try TipRunner.showOne(self, options: options, environment: TerminalEnvironment.current())
        }
    }

    /// Turns these tips off for this user, for good (until `turnOn`).
    public func turnOff(options: TipOptions = TipOptions()) throws(TourError) {
        try TipRunner.setOff(true, tips: self, options: options)
    }

    /// Turns them on again.
    public func turnOn(options: TipOptions = TipOptions()) throws(TourError) {
        try TipRunner.setOff(false, tips: self, options: options)
    }

    /// Turns the tips kept under `id` off or on, with no file to read: what `tour tip
    /// --off ID` does, as the default hint under a tip says.
    package static func setOff(_ off: Bool, id: String, options: TipOptions = TipOptions()) throws(TourError) {
        try TipRunner.setOff(off, id: id, options: options)
    }

    /// Every tip as a page of the full-screen pager, with the same keys; reading them
    /// counts as having seen them. Plain text when output is not a terminal.
    @discardableResult
    public func browse(options: TourOptions = TourOptions(), tipOptions: TipOptions = TipOptions()) throws(TourError) -> TourOutcome {
        try TipRunner.browse(self, options: options, tipOptions: tipOptions)
    }
}

/// How tips are shown.
public struct TipOptions: Sendable {
    /// The least time between two tips; one day by default. Zero shows one on every start.
    public var interval: Duration = .seconds(TipInterval.standard)
    /// Where the state lives; nil means `$XDG_STATE_HOME/tour` or `~/.local/state/tour`.
    public var stateDirectory: String? = nil
    /// Colors; off also when NO_COLOR is set.
    public var color = true
    /// How a person turns your tips off, said in the dim last line when the file gives no
    /// `off` of its own. By default: the variable that silences every tool's tips.
    public var offHint: String? = nil

    /// The clock, in seconds since 1970; tests set it.
    package var now: (@Sendable () -> Int)? = nil
    /// The `tour` command's hint names the tips' id: `tour tip --off kettle`, which works
    /// from anywhere, however deep the tool's files are installed.
    package var offCommandNamesTheID = false

    public init() {}
}

/// Carries out `Tips`: reads the environment and the state, decides with `TipPolicy` and
/// `TipRotation` (TourCore), prints with `TipCard`, records.
enum TipRunner {
    static func store(_ options: TipOptions) -> TipsStateStore? {
        TourRunner.stateDirectory(options.stateDirectory).map { TipsStateStore(stateDirectory: $0) }
    }

    static func now(_ options: TipOptions) -> Int {
        options.now?() ?? Int(time(nil))
    }

    static func showOne(_ tips: Tips, options: TipOptions, environment: TerminalEnvironment) throws(TourError) -> String? {
        func silent(_ why: String) -> String? {
            if environment.debugLines { StandardStreams.error("tour: no tip: \(why)\n") }
            return nil
        }
        if let silence = environmentSilence(environment) { return silent(TipPolicy.explanation(silence)) }
        guard let store = store(options) else { return silent("no state directory (HOME is not set), so tips could not take turns") }
        let id = try tips.stateID()
        let shown = try showDue(id: id, store: store, tipsMayExist: true, options: options, environment: environment,
                                warn: { StandardStreams.error("tour: warning: \($0)\n") }) { () throws(TourError) -> TipSet? in
            try tips.load()
        }
        if case .tip(let key) = shown { return key }
        return nil
    }

    /// What the environment says of tips: stdout and stderr, CI, TOUR_DISABLE, TOUR_NO_TIPS,
    /// a background job.
    static func environmentSilence(_ environment: TerminalEnvironment) -> TipPolicy.Silence? {
        TipPolicy.environmentSilence(
            stdoutIsTerminal: environment.stdoutIsTerminal, stderrIsTerminal: environment.stderrIsTerminal,
            continuousIntegration: environment.continuousIntegration, disabledByUser: environment.disabledByUser,
            tipsDisabledByUser: environment.tipsDisabledByUser, inForeground: environment.inForeground)
    }

    /// Reads the state, decides with `StartPlan.tip`, prints the tip that is due from
    /// `load` and records it, all under the state's lock: of starts at once, one shows.
    /// What `tour tip` and a `once` start share. Returns what was shown: a tip by its key,
    /// the checklist (which takes the tip's slot while it has anything to say), or nothing.
    /// `warn` takes what went wrong with the state: the command prints it, a `once` start
    /// gives it with its others, after the run.
    static func showDue(id: String, store: TipsStateStore, tipsMayExist: Bool, options: TipOptions, environment: TerminalEnvironment,
                        warn: (String) -> Void, load: () throws(TourError) -> TipSet?) throws(TourError) -> TourResult.Shown {
        func silent(_ why: String) -> TourResult.Shown {
            if environment.debugLines { StandardStreams.error("tour: no tip: \(why)\n") }
            return .nothing
        }
        // One locked change of the tips state: of starts at once, one shows.
        let changed = try store.changing(id: id, timeout: 1.0) { (loaded, write) throws(TourError) -> TourResult.Shown in
            var state: TipsState? = nil
            var unreadable = false
            switch loaded {
            case .found(let found): state = found
            case .unusable(let reason):
                unreadable = true
                if environment.debug { StandardStreams.error("tour: \(reason)\n") }
            case .missing: break
            }
            let now = now(options)
            var loadError: TourError? = nil
            var set: TipSet? = nil
            let surface = StartPlan.tip(state: state, unreadable: unreadable, tipsMayExist: tipsMayExist,
                                        interval: Int(options.interval.components.seconds), now: now) {
                do throws(TourError) { set = try load() } catch { loadError = error }
                return set
            }
            if let loadError { throw loadError }
            if case .nothing(.tipSilenced(let silence)) = surface { return silent(TipPolicy.explanation(silence)) }
            guard let set else { return silent("there are no tips") }
            let offLine = Self.offLine(set, id: id, options: options, environment: environment)
            let width = TerminalEnvironment.standardOutputColumns()
            switch surface {
            case .tip(let index):
                let canvas = TipCard.canvas(index, of: set, offLine: offLine, width: width)
                // A tip that did not reach the person (a closed terminal) was not seen.
                guard TourRunner.printInPlace(canvas, color: options.color, environment: environment) else { return .nothing }
                write = TipRotation.recording(index, of: set, in: state ?? TipsState(), at: now)
                return .tip(id: set.tips[index].key)
            case .checklist(let stage):
                guard let checklist = set.checklist else { return .nothing }
                let canvas = ChecklistCard.canvas(checklist, stage: stage, done: checklist.done(in: state), accent: set.accent,
                                                  offLine: offLine, width: width)
                guard TourRunner.printInPlace(canvas, color: options.color, environment: environment) else { return .nothing }
                write = Checklist.recording(stage, in: state, at: now)
                return .checklist
            case .welcome, .whatsNew, .nothing:
                return silent("there are no tips")
            }
        }
        guard let changed else { return silent("another start held the tips state for a second") }
        if let failure = changed.writeFailure { warn("\(failure.reason); the same \(changed.result == .checklist ? "checklist" : "tip") will show again") }
        return changed.result
    }

    /// The dim last line of a tip or the checklist: how to turn them off.
    static func offLine(_ set: TipSet, id: String, options: TipOptions, environment: TerminalEnvironment) -> String {
        TipCard.offLine(file: set.offHint, tool: options.offHint,
                        command: options.offCommandNamesTheID ? TipCard.offCommand(id: id, tour: FileSystem.tourCommandName(searchPath: environment.variable("PATH"))) : nil,
                        width: TerminalEnvironment.standardOutputColumns())
    }

    static func setOff(_ off: Bool, tips: Tips, options: TipOptions) throws(TourError) {
        try setOff(off, id: try tips.stateID(), options: options)
    }

    static func setOff(_ off: Bool, id: String, options: TipOptions) throws(TourError) {
        guard let store = store(options) else { throw TourError.output(reason: "no state directory: HOME is not set") }
        do throws(StateWriteFailure) {
            try store.update(id: id) { state in
                state = state ?? TipsState()
                state?.off = off
                return true
            }
        } catch {
            throw TourError.output(reason: error.reason)
        }
    }

    static func browse(_ tips: Tips, options: TourOptions, tipOptions: TipOptions) throws(TourError) -> TourOutcome {
        let set = try tips.load()
        // A tour with a checklist and no tips: nothing to page through.
        guard !set.tips.isEmpty else {
            throw TourError.content(file: tips.fileName, position: nil, message: "the tour has no \"tips\"; add \"tips\": [{\"text\": \"…\"}]")
        }
        var options = options
        options.once = false
        let outcome = try set.browsingTour.run(options: options)
        guard let store = store(tipOptions), let id = set.id else { return outcome }
        do throws(StateWriteFailure) {
            try store.update(id: id) { state in
                guard let recorded = TipRotation.afterBrowsing(outcome, of: set, in: state ?? TipsState(), at: now(tipOptions)) else { return false }
                state = recorded
                return true
            }
        } catch {
            StandardStreams.error("tour: warning: \(error.reason); the tips read will come round again\n")
        }
        return outcome
    }
}

/// The tip of a `once` start that shows neither the welcome nor what's new: a tour's own
/// `"tips"`, under the tour's id, by the rules and the state of `tour tip`.
enum StartTip {
    static func options(_ options: TourOptions) -> TipOptions {
        var tipOptions = TipOptions()
        tipOptions.interval = options.tipInterval
        tipOptions.stateDirectory = options.stateDirectory
        tipOptions.color = options.color
        tipOptions.offCommandNamesTheID = options.commandFile != nil
        return tipOptions
    }

    /// Shows the tip that is due, if any, from `readTips`. `tipsMayExist`: the tour was
    /// read and has tips; else only a tips state, written when the welcome or what's new
    /// of a tour with tips showed, makes the start read the tour's tips.
    static func showIfDue(id: String, tipsMayExist: Bool, options: TourOptions, environment: TerminalEnvironment,
                          warnings: inout RunWarnings, readTips: () throws(TourError) -> TipSet?) throws(TourError) -> TourResult.Shown {
        let tipOptions = Self.options(options)
        guard let store = TipRunner.store(tipOptions) else { return .nothing }
        // Unread, with no tips state: no tips were ever known for it, so nothing to say;
        // `StartPlan.tip` says the same, but here no lock is taken for it.
        if !tipsMayExist, !store.holdsFile(id: id) { return .nothing }
        if let silence = TipRunner.environmentSilence(environment) {
            if environment.debugLines { StandardStreams.error("tour: no tip: \(TipPolicy.explanation(silence))\n") }
            return .nothing
        }
        // The locale only for a tip that may be shown (TourRunner.inDrawingLocale).
        return try TourRunner.inDrawingLocale(environment) { (environment) throws(TourError) -> TourResult.Shown in
            try TipRunner.showDue(id: id, store: store, tipsMayExist: tipsMayExist, options: tipOptions, environment: environment,
                                  warn: { warnings.state($0) }, load: readTips)
        }
    }

    /// After the welcome or what's new of a tour with tips: the tips' interval counts from now.
    static func countFromNow(_ tour: Tour, id: String, options: TourOptions, warnings: inout RunWarnings) {
        guard tour.tipSet != nil else { return }
        let tipOptions = Self.options(options)
        guard let store = TipRunner.store(tipOptions) else { return }
        do throws(StateWriteFailure) {
            try store.update(id: id) { state in
                state = StartPlan.tipsState(afterTourShowing: state, at: TipRunner.now(tipOptions))
                return true
            }
        } catch {
            warnings.state("\(error.reason); a tip may come sooner than its interval")
        }
    }
}
