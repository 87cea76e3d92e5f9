import TourCore
import TourStore
import TourTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Shows a tour the way the options ask. What a run shows, how its pages are numbered
/// and what it records are the `RunPlan`'s (TourCore); how it is shown is
/// `PresentationMode`'s. This carries them out: it reads the environment and the seen
/// state, plays, and writes the record.
enum TourRunner {
    static func run(_ unread: UnreadTour, options: TourOptions) throws(TourError) -> TourResult {
        var warnings = RunWarnings()
        // After the tour, once the terminal is the tool's again.
        defer { for warning in warnings.delivered { deliver(warning: warning, options: options) } }
        return try decideAndShow(unread, options: options, environment: TerminalEnvironment.current(), warnings: &warnings)
    }

    /// Runs `show` with LC_CTYPE from the environment (`CharacterLocale`) and the
    /// environment as that locale draws. Only what shows something takes the locale: a
    /// `once` start with nothing new (a tool's every start) loads no locale files.
    static func inDrawingLocale<T>(_ environment: TerminalEnvironment,
                                           _ show: (TerminalEnvironment) throws(TourError) -> T) throws(TourError) -> T {
        try CharacterLocale.withEnvironment { () throws(TourError) -> T in
            var drawing = environment
            drawing.localeIsUTF8 = TerminalEnvironment.localeIsUTF8()
            return try show(drawing)
        }
    }

    /// A tour read whole: checked for what a tour built in Swift may lack, its values put
    /// in (the tool's over the file's), its warnings noted.
    private static func loaded(_ unread: UnreadTour, values: [String: String], warnings: inout RunWarnings) throws(TourError) -> Tour {
        let tour = try unread.load().filled(with: values)
        if let problem = tour.problemForRun { throw problem }
        warnings.fromTour = tour.loadWarnings
        return tour
    }

    /// Where a `once` start stands before the tour is read: the id and store the state is
    /// kept in, and what the store held, read once.
    private struct OnceStart {
        var id: String
        var store: SeenStateStore?
        var loaded: StoredState<SeenState> = .missing
        /// Why nothing can be recorded, found when no state could be read.
        var writeProblem: String?
        var lastSeen: SeenState? {
            if case .found(let state) = loaded { return state }
            return nil
        }
        /// Where this start's record goes.
        var record: SeenRecord? { store.map { SeenRecord(store: $0, id: id) } }
    }

    /// A seen state's store and id.
    private struct SeenRecord {
        var store: SeenStateStore
        var id: String
    }

    private static func decideAndShow(_ unread: UnreadTour, options: TourOptions, environment: TerminalEnvironment,
                                      warnings: inout RunWarnings) throws(TourError) -> TourResult {
        guard options.once else {
            let tour = try loaded(unread, values: options.values, warnings: &warnings)
            let selection = options.selection ?? .everyPage
            let plan = RunPlan(tour: tour, selection: selection)
            // Release notes of a tour with no page newer: nothing to play.
            if plan.isEmpty { return TourResult(outcome: .alreadySeen, shown: .nothing) }
            return try inDrawingLocale(environment) { (environment) throws(TourError) -> TourResult in
                try play(tour, plan: plan, record: nil, options: options, environment: environment, warnings: &warnings)
            }
        }
        if let reason = OncePolicy.reasonNotToShow(
            stdinIsTerminal: environment.stdinIsTerminal, stdoutIsTerminal: environment.stdoutIsTerminal,
            continuousIntegration: environment.continuousIntegration, disabledByUser: environment.disabledByUser,
            plainRequested: options.presentation == .plain, inForeground: environment.inForeground) {
            if environment.debugLines {
                StandardStreams.error("tour: not shown: \(OncePolicy.explanation(reason, forCommand: options.isCommand))\n")
            }
            return TourResult(outcome: .notShown(reason.outcome), shown: .nothing)
        }
        // A tour in hand, or one whose id the file's top did not give, is read whole before
        // the state: its problems stop the run first.
        let tourInHand = unread.head == nil ? try loaded(unread, values: options.values, warnings: &warnings) : nil
        let start = onceStart(id: storeID(tourID: unread.head?.id ?? tourInHand?.id, options: options), options: options,
                              environment: environment, warnings: &warnings)
        let record = start.record
        // What would show must be recorded, or it shows on every start.
        func notRecordable() -> TourResult? {
            guard let reason = OncePolicy.reasonNotToShow(writeProblem: start.writeProblem ?? record.flatMap { $0.store.writeProblem(id: $0.id) })
            else { return nil }
            if case .stateNotWritable(let problem) = reason { warnings.state(OncePolicy.unwritableWarning(problem)) }
            if environment.debugLines {
                StandardStreams.error("tour: not shown: \(OncePolicy.explanation(reason, forCommand: options.isCommand))\n")
            }
            return TourResult(outcome: .notShown(reason.outcome), shown: .nothing)
        }
        let next = try StartPlan.start(lastSeen: start.lastSeen, head: unread.head.map { .read(version: $0.version) } ?? .notRead, tourInHand: tourInHand,
                                       readTour: { () throws(TourError) -> Tour in try loaded(unread, values: options.values, warnings: &warnings) },
                                       style: { options.whatsNew ?? $0.whatsNew })
        switch next {
        case .tipIfDue(let read, let recordOfNothingNew):
            // Updated, with no page new since: remember the new version, so the next start
            // decides from the file's top alone.
            if let record, let state = recordOfNothingNew {
                warnings.state(save(state, to: record, else: "the next start reads the whole tour again"))
            }
            if environment.debug { StandardStreams.error("tour: not shown: \(seenMessage(id: start.id, lastSeen: start.lastSeen))\n") }
            guard StartPlan.tipShows(at: options.moment) else {
                if environment.debug { StandardStreams.error("tour: no tip: \(StartPlan.waiting(.tip(index: 0), at: options.moment))\n") }
                return TourResult(outcome: .alreadySeen, shown: .nothing)
            }
            // Read, and with no tips: nothing to show. Unread: the tips state says.
            if let read, read.tipSet == nil { return TourResult(outcome: .alreadySeen, shown: .nothing) }
            let shown = try StartTip.showIfDue(id: start.id, tipsMayExist: read != nil, options: options, environment: environment,
                                               warnings: &warnings) { () throws(TourError) -> TipSet? in
                if let read { return read.tipSet }
                return try unread.tips()
            }
            return TourResult(outcome: .alreadySeen, shown: shown)
        case .tour(let surface, let whole, let plan):
            guard StartPlan.shows(surface, at: options.moment) else {
                if environment.debugLines { StandardStreams.error("tour: not shown: \(StartPlan.waiting(surface, at: options.moment))\n") }
                return TourResult(outcome: .alreadySeen, shown: .nothing)
            }
            if let refused = notRecordable() { return refused }
            guard surface == .whatsNew(.notice), let lastSeen = start.lastSeen else {
                return try inDrawingLocale(environment) { (environment) throws(TourError) -> TourResult in
                    try play(whole, plan: plan, record: record, options: options, environment: environment, warnings: &warnings)
                }
            }
            let outcome = try inDrawingLocale(environment) { (environment) throws(TourError) -> TourOutcome in
                try printNotice(whole, plan: plan, lastSeen: lastSeen, options: options, environment: environment)
            }
            if let record, let state = plan.record(outcome, at: SeenStateStore.timestamp()) {
                warnings.state(save(state, to: record))
                StartTip.countFromNow(whole, id: record.id, options: options, warnings: &warnings)
            }
            return TourResult(outcome: outcome, shown: .whatsNewNotice)
        }
    }

    /// The seen state of a `once` start, and the warning to give when it cannot be kept.
    private static func onceStart(id: String, options: TourOptions, environment: TerminalEnvironment, warnings: inout RunWarnings) -> OnceStart {
        let store = store(options: options, environment: environment)
        var start = OnceStart(id: id, store: store)
        guard let store else {
            start.writeProblem = RunWarnings.noStateDirectory(home: environment.variable("HOME"))
            return start
        }
        start.loaded = store.load(id: id)
        // No state to go by: a folder that cannot be written (a read-only HOME, a HOME that
        // is a file) is the reason, and the warning names that write, not the read.
        if case .found = start.loaded {} else if let problem = store.writeProblem(id: id) {
            start.writeProblem = problem
            return start
        }
        if case .unusable(let reason) = start.loaded { warnings.state(reason) }
        return start
    }

    /// Plays the plan full screen or as text, then keeps the answers and the record.
    private static func play(_ tour: Tour, plan: RunPlan, record: SeenRecord?, options: TourOptions,
                             environment: TerminalEnvironment, warnings: inout RunWarnings) throws(TourError) -> TourResult {
        let startPosition: Int
        switch plan.startPosition(forWrittenPage: options.startPage) {
        case .success(let position): startPosition = position
        case .failure(.pastTheLastPage(let page, let pageCount)):
            throw TourError.usage("the start page \(page + 1) is past the last page (\(pageCount))")
        }
        if environment.debug, let drawer = tour.pages.lazy.compactMap({ $0.picture?.drawer }).first, !drawer.canDraw {
            StandardStreams.error("tour: pictures cannot be drawn here (libchafa 1.8 or later is not installed); their pages show their heroAlt words\n")
        }
        // Where --answers goes is settled before the screen is taken: a path that cannot
        // take the answers is a usage error now, not a lost answer after the question.
        var destination: AnswersDestination? = nil
        if let path = options.answersFile, plan.asksQuestions {
            switch AnswersDestination.prepare(path) {
            case .success(let prepared): destination = prepared
            case .failure(let refusal): throw TourError.usage("--answers \(MessageText.path(path)): \(refusal.reason)")
            }
        }
        let ending = try present(tour, plan: plan, startPosition: startPosition, options: options, environment: environment)
        // The answers first: when --answers cannot be written the run fails with 74, and
        // as for any output failure nothing is recorded, so the question is asked again.
        // The same when the kept answers cannot be written: a tour is recorded as seen
        // only once its answers are kept.
        if !ending.answers.isEmpty {
            guard try keep(ending.answers, of: tour, to: destination, options: options, warnings: &warnings) else { return ending.result }
        }
        if let record, let state = ending.plan.record(ending.outcome, at: SeenStateStore.timestamp()) {
            warnings.state(save(state, to: record))
            StartTip.countFromNow(tour, id: record.id, options: options, warnings: &warnings)
        }
        return ending.result
    }

    /// A finished run's answers: written to `--answers PATH` now that the terminal is the
    /// tool's again, then laid over the kept ones (not for a `--watch` preview). False when
    /// the kept ones could not be written, with the warning noted.
    private static func keep(_ answers: [String: String], of tour: Tour, to destination: AnswersDestination?, options: TourOptions,
                             warnings: inout RunWarnings) throws(TourError) -> Bool {
        if let destination, let failure = destination.write(AnswerRecord.object(answers)) {
            throw TourError.output(reason: failure)
        }
        guard options.watchedFile == nil, let store = answersStore(options: options) else { return true }
        do throws(StateWriteFailure) {
            try store.record(answers, version: tour.version, id: storeID(tour, options: options))
            return true
        } catch {
            warnings.state("\(error.reason); the answers were not kept, so the tour will show again next time")
            return false
        }
    }

    /// The answers kept for this tour's id, in the options' state directory.
    static func answersStore(options: TourOptions) -> AnswersStore? {
        stateDirectory(options.stateDirectory).map { AnswersStore(stateDirectory: $0) }
    }

    /// Saves a record; the warning to give when it could not be saved, `consequence` its end.
    private static func save(_ state: SeenState, to record: SeenRecord,
                             else consequence: String = "the tour will show again next time") -> String? {
        do {
            // Under the lock, as every change of a state file is.
            try record.store.update(id: record.id) { stored in
                stored = state
                return true
            }
            return nil
        } catch {
            return "\(error.reason); \(consequence)"
        }
    }

    /// Prints what's new in place (`WhatsNewNotice`) and returns at once: the notice asks
    /// for no key, so it ends as finished.
    private static func printNotice(_ tour: Tour, plan: RunPlan, lastSeen: SeenState, options: TourOptions,
                                    environment: TerminalEnvironment) throws(TourError) -> TourOutcome {
        let command = options.commandFile.map { FileSystem.tourCommandName(searchPath: environment.variable("PATH")) + " whats-new " + ShellWord.operand($0) }
        let width = TerminalEnvironment.standardOutputColumns()
        let lastLine = WhatsNewNotice.lastLine(hint: tour.whatsNewHint, command: command, labels: tour.labels, width: width)
        let canvas = WhatsNewNotice.canvas(tour, pages: plan.pages, name: storeID(tour, options: options), fromVersion: lastSeen.version,
                                           lastLine: lastLine, width: width)
        // A notice that did not reach the person (a closed terminal) was not seen.
        guard printInPlace(canvas, color: options.color, background: options.background, environment: environment) else {
            throw TourError.output(reason: "cannot write the notice: \(FileSystem.describeErrno())")
        }
        return .completed
    }

    /// Prints a tip or the notice below the prompt: SGR for the terminal's colors (none for
    /// TERM=dumb, no color for NO_COLOR), ASCII outside a UTF-8 locale, every color made
    /// readable as on the pages, on the background `--background`, TOUR_BACKGROUND or
    /// COLORFGBG says. Where none says (nothing in place asks the terminal), in the
    /// terminal's own ink, bold or underlined (`Contrast.inkForUnknownBackground`). False
    /// when it did not reach the terminal.
    static func printInPlace(_ canvas: Canvas, color: Bool, background: TerminalBackground? = nil, environment: TerminalEnvironment) -> Bool {
        let depth = ColorDepth.forEscapes(term: environment.term, colorTerm: environment.variable("COLORTERM"),
                                          noColor: !color || environment.noColorRequested)
        var canvas = canvas
        if let depth {
            if let behind = TerminalBackground.stated(explicit: background ?? environment.backgroundRequested, colorFGBG: environment.colorFGBG) {
                Contrast.enforce(on: &canvas, depth: depth, background: behind)
            } else if depth != .monochrome {  // NO_COLOR: no color is drawn, and none is replaced
                Contrast.inkForUnknownBackground(on: &canvas)
            }
        }
        let text = TipCard.text(canvas, depth: depth)
        return StandardStreams.output(environment.localeIsUTF8 ? text : ASCIIText.transliterate(text))
    }

    /// Where the state files live: the options' directory, or the XDG default; nil when
    /// there is neither (HOME unset).
    static func stateDirectory(_ directory: String?, environment: TerminalEnvironment? = nil) -> String? {
        directory ?? SeenStateStore.defaultDirectory(environment: environment?.variable ?? TerminalEnvironment.variable)
    }
    /// What TOUR_DEBUG=1 says of a tour with nothing new.
    private static func seenMessage(id: String, lastSeen: SeenState?) -> String {
        "\(Quoted(id)) was seen at version \(lastSeen?.version.map { Quoted($0).description } ?? "-")"
    }

    /// Forgets that the tour was seen; says whether there was anything to forget.
    static func reset(_ tour: Tour, options: TourOptions) throws(TourError) -> Bool {
        let id = storeID(tour, options: options)
        // No state directory: nothing is remembered, so there is nothing to forget.
        guard let store = store(options: options) else { return false }
        do throws(StateWriteFailure) {
            let forgotAnswers = try answersStore(options: options)?.reset(id: id) ?? false
            return try store.reset(id: id) || forgotAnswers
        } catch {
            // The state file could not be changed: an output failure (74), not unreadable input.
            throw TourError.output(reason: error.reason)
        }
    }

    /// The name the seen state is kept under: the option, the tour's id, or "tour".
    static func storeID(_ tour: Tour, options: TourOptions) -> String {
        storeID(tourID: tour.id, options: options)
    }

    /// The same from the id alone, for a tour whose top was read and the rest not yet.
    static func storeID(tourID: String?, options: TourOptions) -> String {
        options.id ?? tourID ?? "tour"
    }

    /// The store in the options' directory, or the XDG default; nil when there is neither.
    static func store(options: TourOptions, environment: TerminalEnvironment? = nil) -> SeenStateStore? {
        stateDirectory(options.stateDirectory, environment: environment).map { SeenStateStore(stateDirectory: $0) }
    }

    /// Plays the plan's pages of `tour` as the options and the terminal allow.
    private static func present(_ tour: Tour, plan: RunPlan, startPosition: Int, options: TourOptions,
                                environment: TerminalEnvironment) throws(TourError) -> RunEnding {
        let settings = PlaySettings.resolve(options, environment: environment, asksQuestions: plan.asksQuestions)
        let glyphs = settings.glyphs
        func forTerminal(_ text: String) -> String { settings.asciiOnly ? ASCIIText.transliterate(text) : text }
        func accessibly() throws(TourError) -> RunEnding {
            var writeFailure: String? = nil
            let input = LineReader(descriptor: STDIN_FILENO)
            let (outcome, answers) = AccessibleTour.play(tour, plan: plan, startPosition: startPosition, bindings: options.keyBindings, glyphs: glyphs,
                                             write: { text in
                                                 if writeFailure == nil, !StandardStreams.output(forTerminal(text)) { writeFailure = FileSystem.describeErrno() }
                                             },
                                             readLine: { writeFailure == nil ? input.readLine() : nil },
                                             onPageChange: options.onPageChange)
            if let writeFailure { throw TourError.output(reason: "cannot write the tour: \(writeFailure)") }
            return RunEnding(outcome: outcome, plan: plan, answers: answers)
        }
        if settings.mode == .accessible { return try accessibly() }
        if settings.mode == .fullScreen {
            var pagerOptions = FullScreenSession.Options(environment: environment)
            pagerOptions.plan = plan
            pagerOptions.startPosition = startPosition
            pagerOptions.pager = settings.pager(mouse: options.mouse, bindings: options.keyBindings)
            pagerOptions.colorMode = settings.colorMode
            if let delay = environment.escapeDelayMilliseconds { pagerOptions.escapeDelayMilliseconds = delay }
            pagerOptions.onPageChange = options.onPageChange
            pagerOptions.background = options.background
            pagerOptions.pictures = settings.pictures
            pagerOptions.watch = options.watchedFile.map {
                WatchedTour(path: $0, locale: options.locale, allowOutsideArt: options.allowOutsideArt, values: options.values, loaded: tour)
            }
            do throws(TerminalUnavailable) {
                return try FullScreenSession.play(tour, options: pagerOptions)
            } catch {
                // No usable terminal after all (TERM unknown to terminfo): plain text still
                // works, and a question is asked line by line.
                if environment.debug { StandardStreams.error(PlaySettings.fallbackExplanation(error)) }
                if PresentationMode.fallback(asksQuestions: plan.asksQuestions, onTerminal: true) == .accessible { return try accessibly() }
            }
        }
        // A tour that did not reach its reader (a full disk, a closed pipe) was not seen.
        guard StandardStreams.output(forTerminal(PlainText.tour(plan.shownTour(tour), glyphs: glyphs))) else {
            throw TourError.output(reason: "cannot write the tour: \(FileSystem.describeErrno())")
        }
        return RunEnding(outcome: .completed, plan: plan)
    }

    private static func deliver(warning: String, options: TourOptions) {
        if let onWarning = options.onWarning {
            onWarning(warning)
        } else {
            StandardStreams.error("tour: warning: \(warning)\n")
        }
    }
}
