import TourCore
import TourStore
import TourTerminal

#if canImport(Glibc)
import Glibc
#endif

extension Tour {
    /// Ticks item `item` of the tour's `"checklist"` for this user: call it when the
    /// person really did the thing (your `login` succeeded, a `sync` ran). Idempotent,
    /// atomic and locked like every state write, and silent when the tour was never shown
    /// to this user (in CI, say): nothing is recorded then. Returns true when this call
    /// ticked it. Throws `TourError.usage`, naming the nearest item, for an item the list
    /// does not have; `TourError.content` when the tour has no checklist.
    @discardableResult
    public func done(_ item: String, options: TourOptions = TourOptions()) throws(TourError) -> Bool {
        try ChecklistRunner.tick(item, of: self, options: options, environment: TerminalEnvironment.current())
    }

    /// Prints the checklist now, whatever the interval and whether it was turned off, with
    /// what is done: for your tool's own `mytool checklist`. Plain text in a pipe. Records nothing.
    public func printChecklist(options: TourOptions = TourOptions()) throws(TourError) {
        try ChecklistRunner.print(self, options: options, environment: TerminalEnvironment.current())
    }
}

/// Carries out `done` and `printChecklist`: the decisions are `Checklist`'s (TourCore),
/// the state the tips' (`TipsStateStore`, under its lock), the card `ChecklistCard`'s.
enum ChecklistRunner {
    /// The checklist, or the error that the tour has none.
    static func checklist(of tour: Tour, options: TourOptions) throws(TourError) -> Checklist {
        guard let checklist = tour.checklist else {
            throw TourError.content(file: options.commandFile ?? "Tour", position: nil,
                                    message: "the tour has no \"checklist\"; add \"checklist\": {\"items\": [{\"id\": \"login\", \"title\": \"Log in\"}]}")
        }
        return checklist
    }

    static func tick(_ item: String, of tour: Tour, options: TourOptions, environment: TerminalEnvironment) throws(TourError) -> Bool {
        let checklist = try checklist(of: tour, options: options)
        let id = tour.stateID(options: options)
        // The item is checked first, shown or not: a typo shows up the first time the author runs it.
        if case .unknown(let nearest) = checklist.lookup(item) {
            let place = options.commandFile.map { MessageText.path($0) } ?? Quoted(id).description
            throw TourError.usage(checklist.unknownItemMessage(item, nearest: nearest, in: place))
        }
        guard let directory = TourRunner.stateDirectory(options.stateDirectory, environment: environment) else { return false }
        guard case .found = SeenStateStore(stateDirectory: directory).load(id: id) else {
            if environment.debug { StandardStreams.error("tour: not ticked: \(Quoted(id)) was never shown to this user\n") }
            return false
        }
        var ticked = false
        do throws(StateWriteFailure) {
            try TipsStateStore(stateDirectory: directory).update(id: id) { state in
                guard let changed = Checklist.ticking(item, in: state, at: Int(time(nil))) else { return false }
                state = changed
                ticked = true
                return true
            }
        } catch {
            throw TourError.output(reason: error.reason)
        }
        return ticked
    }

    static func print(_ tour: Tour, options: TourOptions, environment: TerminalEnvironment) throws(TourError) {
        let checklist = try checklist(of: tour, options: options)
        let id = tour.stateID(options: options)
        var state: TipsState? = nil
        if let directory = TourRunner.stateDirectory(options.stateDirectory, environment: environment),
           case .found(let found) = TipsStateStore(stateDirectory: directory).load(id: id) {
            state = found
        }
        var tipOptions = StartTip.options(options)
        tipOptions.color = options.color && environment.stdoutIsTerminal
        let set = tour.tipSet ?? TipSet(tips: [])
        try TourRunner.inDrawingLocale(environment) { (environment) throws(TourError) -> Void in
            let canvas = ChecklistCard.canvas(checklist, stage: checklist.stage(in: state) ?? .allDone, done: checklist.done(in: state),
                                              accent: set.accent, offLine: TipRunner.offLine(set, id: id, options: tipOptions, environment: environment),
                                              width: TerminalEnvironment.standardOutputColumns())
            // In a pipe, the words alone: no SGR, and ASCII outside a UTF-8 locale.
            let plain = ScreenExport.text(canvas)
            let printed = environment.stdoutIsTerminal
                ? TourRunner.printInPlace(canvas, color: tipOptions.color, background: options.background, environment: environment)
                : StandardStreams.output(environment.localeIsUTF8 ? plain : ASCIIText.transliterate(plain))
            guard printed else {
                throw TourError.output(reason: "cannot write the checklist: \(FileSystem.describeErrno())")
            }
        }
    }
}
