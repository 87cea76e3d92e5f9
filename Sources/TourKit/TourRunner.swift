import TourCore
import TourTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Shows a tour the way the options ask: chooses pages from the seen state, plays them
/// full screen or as text, records the outcome, and reports what happened.
public enum TourRunner {
    /// What a run did, in more detail than `TourOutcome`: the command needs the signal number.
    public struct Report: Equatable, Sendable {
        /// nil when `once` found nothing to show.
        public var outcome: PagerOutcome?
        /// The last page on screen, counted from 0 in the whole tour.
        public var lastPage: Int
        /// The one warning of the run, if any (already delivered to `onWarning` or stderr).
        public var warning: String?

        /// The outcome in the terms of the public API.
        public var tourOutcome: TourOutcome {
            switch outcome {
            case nil: .alreadySeen
            case .completed?, .running?: .completed
            case .skipped?: .skipped(atPage: lastPage)
            case .interrupted?: .interrupted
            }
        }
    }

    /// Shows `tour` as `options` say and reports how it ended.
    public static func run(_ tour: Tour, options: TourOptions) throws(TourError) -> Report {
        let id = try storeID(tour, options: options)
        let environment = TerminalEnvironment.current()
        var warning: String? = nil
        let store = store(options: options)

        // Which pages: all of them, or with `once` what the state says is new.
        var shown = Array(tour.pages.indices)
        if options.once {
            var lastSeen: SeenState? = nil
            switch store?.load(id: id) {
            case .seen(let state)?: lastSeen = state
            case .unusable(let reason)?: warning = reason
            case .notSeen?: break
            case nil: warning = "no state directory (HOME is not set); the tour will show again next time"
            }
            shown = WhatsNew.pagesToShow(in: tour, lastSeen: lastSeen)
            if shown.isEmpty {
                let report = Report(outcome: nil, lastPage: 0, warning: warning)
                finish(report, options: options)
                return report
            }
        }
        var subset = tour
        subset.pages = shown.map { tour.pages[$0] }
        guard options.startPage >= 0, options.startPage < subset.pages.count else {
            throw TourError.usage("tour: the start page \(options.startPage + 1) is past the last page (\(subset.pages.count))")
        }

        let (outcome, lastShownPage) = present(subset, shown: shown, options: options, environment: environment)
        let lastPage = shown[lastShownPage]

        // Only a choice counts as seen; Ctrl-C and signals leave the tour to show again.
        if options.once, let store {
            let seenOutcome: SeenState.Outcome? = switch outcome {
            case .completed: .completed
            case .skipped: .skipped
            default: nil
            }
            if let seenOutcome {
                let state = SeenState(outcome: seenOutcome, version: tour.version, lastPage: lastPage, seenAt: SeenStateStore.timestamp())
                do {
                    try store.save(state, id: id)
                } catch {
                    warning = warning ?? "\(error.reason); the tour will show again next time"
                }
            }
        }
        let report = Report(outcome: outcome, lastPage: lastPage, warning: warning)
        finish(report, options: options)
        return report
    }

    /// Forgets that the tour was seen, so the next `once` run shows it again.
    public static func reset(_ tour: Tour, options: TourOptions) throws(TourError) {
        let id = try storeID(tour, options: options)
        // No state directory: nothing is remembered, so there is nothing to forget.
        guard let store = store(options: options) else { return }
        do throws(SeenStateStore.WriteFailure) {
            try store.reset(id: id)
        } catch {
            throw TourError.unreadable(path: store.path(for: id), reason: error.reason)
        }
    }

    /// The id the seen state is kept under: the option, the tour's, or "tour"; checked to be a plain file name.
    static func storeID(_ tour: Tour, options: TourOptions) throws(TourError) -> String {
        let id = options.id ?? tour.id ?? "tour"
        guard SeenStateStore.isValidID(id) else {
            throw TourError.usage("tour: invalid id \"\(id)\": use letters, digits, '.', '_' and '-', not starting with '.'")
        }
        return id
    }

    /// The store in the options' directory, or the XDG default; nil when there is neither.
    static func store(options: TourOptions) -> SeenStateStore? {
        (options.stateDirectory ?? SeenStateStore.defaultDirectory(environment: Self.environment)).map(SeenStateStore.init)
    }

    private static func present(_ tour: Tour, shown: [Int], options: TourOptions, environment: TerminalEnvironment) -> (PagerOutcome, Int) {
        let onPageChange = options.onPageChange.map { callback in { (from: Int, to: Int) in callback(shown[from], shown[to]) } }
        if options.accessible || environment.accessibleRequested {
            return AccessibleTour.run(tour, startPage: options.startPage, write: writeStandardOutput,
                                      readLine: { Swift.readLine(strippingNewline: true) }, onPageChange: onPageChange)
        }
        if !options.plain && environment.canRunFullScreen {
            var pagerOptions = FullScreenPager.Options()
            pagerOptions.startPage = options.startPage
            pagerOptions.environment = environment
            pagerOptions.animation = options.animation && !environment.reduceMotion
            pagerOptions.mouse = options.mouse
            pagerOptions.colorMode = options.color == .never || environment.noColorRequested ? .never : .automatic
            pagerOptions.asciiOnly = !environment.localeIsUTF8
            if let delay = environment.escapeDelayMilliseconds { pagerOptions.escapeDelayMilliseconds = delay }
            pagerOptions.onPageChange = onPageChange
            if let path = options.watchedFile {
                pagerOptions.watch = FullScreenPager.Watch(
                    files: {
                        let directory = FileSystem.directory(of: path)
                        let art = (try? TourLoader.load(path: path))?.pages.compactMap(\.heroFile) ?? []
                        return [path] + art.map { FileSystem.join(directory, $0) }
                    },
                    reload: {
                        do throws(TourError) { return .success(try TourLoader.load(path: path)) } catch { return .failure(error) }
                    })
            }
            if let result = try? FullScreenPager.run(tour, options: pagerOptions) {
                return result
            }
            // No usable terminal after all (TERM unknown to terminfo): plain text still works.
        }
        writeStandardOutput(PlainText.tour(tour))
        return (.completed, tour.pages.count - 1)
    }

    private static func finish(_ report: Report, options: TourOptions) {
        if let warning = report.warning {
            if let onWarning = options.onWarning {
                onWarning(warning)
            } else {
                writeStandardError("tour: warning: \(warning)\n")
            }
        }
        options.onFinish?(report.tourOutcome)
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    static func writeStandardOutput(_ text: String) {
        write(all: Array(text.utf8), to: STDOUT_FILENO)
    }

    static func writeStandardError(_ text: String) {
        write(all: Array(text.utf8), to: STDERR_FILENO)
    }

    private static func write(all bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            offset += count
        }
    }
}

extension Tour {
    /// Loads a tour from a JSON file; `heroFile` paths are relative to it.
    public init(contentsOfFile path: String) throws(TourError) {
        self = try TourLoader.load(path: path)
    }

    /// Forgets that this tour was seen: the "show the tour again" button.
    public func resetSeenState(options: TourOptions = TourOptions()) throws(TourError) {
        try TourRunner.reset(self, options: options)
    }

    /// Shows the tour: full screen on a terminal, plain text otherwise. With default
    /// options every page plays; with `once` only what the user has not seen.
    @discardableResult
    public func run(options: TourOptions = TourOptions()) throws(TourError) -> TourOutcome {
        try TourRunner.run(self, options: options).tourOutcome
    }
}
