import TourCore
import TourStore
import TourTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Shows a tour the way the options ask: decides whether to show it at all, chooses pages
/// from the seen state, plays them full screen or as text, and records the outcome.
enum TourRunner {
    static func run(_ tour: Tour, options: TourOptions) throws(TourError) -> TourOutcome {
        try CharacterLocale.withEnvironment { () throws(TourError) -> TourOutcome in
            try runInLocale(tour, options: options, environment: TerminalEnvironment.current())
        }
    }

    private static func runInLocale(_ tour: Tour, options: TourOptions, environment: TerminalEnvironment) throws(TourError) -> TourOutcome {
        var warning: String? = nil
        defer { if let warning { deliver(warning: warning, options: options) } }

        // Which pages: all of them, or with `once` what the state says is new.
        var shown = Array(tour.pages.indices)
        var once: (store: SeenStateStore, id: String)? = nil
        if options.once {
            if let reason = OncePolicy.reasonNotToShow(
                stdinIsTerminal: environment.stdinIsTerminal, stdoutIsTerminal: environment.stdoutIsTerminal,
                continuousIntegration: environment.continuousIntegration, disabledByUser: environment.disabledByUser,
                plainRequested: options.presentation == .plain) {
                if environment.debug { writeStandardError("tour: not shown: \(OncePolicy.explanation(reason))\n") }
                return .notShown(reason)
            }
            let id = storeID(tour, options: options)
            let store = store(options: options)
            var lastSeen: SeenState? = nil
            switch store?.load(id: id) {
            case .seen(let state)?: lastSeen = state
            case .unusable(let reason)?: warning = reason
            case .notSeen?: break
            case nil:
                let home = TourRunner.environment("HOME") ?? ""
                let why = home.isEmpty ? "HOME is not set" : "HOME is not an absolute path: \(Quoted(home))"
                warning = "no state directory (\(why)); the tour will show again next time"
            }
            shown = WhatsNew.pagesToShow(in: tour, lastSeen: lastSeen)
            if shown.isEmpty {
                if environment.debug { writeStandardError("tour: not shown: \(Quoted(id)) was seen at version \(lastSeen?.version ?? "-")\n") }
                return .alreadySeen
            }
            once = store.map { ($0, id) }
        }
        let outcome = try present(tour, pages: shown, options: options, environment: environment)

        // Only a choice counts as seen; Ctrl-C and signals leave the tour to show again.
        if let once {
            let seenOutcome: SeenState.Outcome? = switch outcome {
            case .completed: .completed
            case .skipped: .skipped
            default: nil
            }
            if let seenOutcome {
                let lastPage: Int = if case .skipped(let page) = outcome { page } else { shown.last ?? 0 }
                let state = SeenState(outcome: seenOutcome, version: tour.version, lastPage: lastPage, seenAt: SeenStateStore.timestamp())
                do {
                    try once.store.save(state, id: once.id)
                } catch {
                    warning = warning ?? "\(error.reason); the tour will show again next time"
                }
            }
        }
        return outcome
    }

    /// Forgets that the tour was seen; says whether there was anything to forget.
    static func reset(_ tour: Tour, options: TourOptions) throws(TourError) -> Bool {
        let id = storeID(tour, options: options)
        // No state directory: nothing is remembered, so there is nothing to forget.
        guard let store = store(options: options) else { return false }
        do throws(SeenStateStore.WriteFailure) {
            return try store.reset(id: id)
        } catch {
            throw TourError.unreadable(path: store.path(for: id), reason: error.reason)
        }
    }

    /// The name the seen state is kept under: the option, the tour's id, or "tour".
    static func storeID(_ tour: Tour, options: TourOptions) -> String {
        options.id ?? tour.id ?? "tour"
    }

    /// The store in the options' directory, or the XDG default; nil when there is neither.
    static func store(options: TourOptions) -> SeenStateStore? {
        (options.stateDirectory ?? SeenStateStore.defaultDirectory(environment: environment)).map(SeenStateStore.init)
    }

    /// Plays `pages` of `tour`; the outcome counts pages in the whole tour.
    private static func present(_ tour: Tour, pages shown: [Int], options: TourOptions, environment: TerminalEnvironment) throws(TourError) -> TourOutcome {
        var subset = tour
        subset.pages = shown.map { tour.pages[$0] }
        guard options.startPage >= 0, options.startPage < subset.pages.count else {
            throw TourError.usage("tour: the start page \(options.startPage + 1) is past the last page (\(subset.pages.count))")
        }
        let onPageChange = options.onPageChange.map { callback in { (from: Int, to: Int) in callback(shown[from], shown[to]) } }
        let outcome = try playSubset(subset, options: options, environment: environment, onPageChange: onPageChange)
        if case .skipped(let page) = outcome { return .skipped(atPage: shown[page]) }
        return outcome
    }

    private static func playSubset(_ tour: Tour, options: TourOptions, environment: TerminalEnvironment,
                                   onPageChange: ((Int, Int) -> Void)?) throws(TourError) -> TourOutcome {
        let glyphs: Glyphs = environment.localeIsUTF8 ? .unicode : .ascii
        // Outside a UTF-8 locale every output path is ASCII, as the pager is.
        let asciiOnly = !environment.localeIsUTF8
        func forTerminal(_ text: String) -> String { asciiOnly ? ASCIIText.transliterate(text) : text }
        if options.presentation == .accessible || (options.presentation == .automatic && environment.accessibleRequested) {
            var writeFailure: String? = nil
            let outcome = AccessibleTour.run(tour, startPage: options.startPage, bindings: options.keyBindings, glyphs: glyphs,
                                             write: { text in
                                                 if writeFailure == nil, !writeStandardOutput(forTerminal(text)) { writeFailure = FileSystem.describeErrno() }
                                             },
                                             readLine: { writeFailure == nil ? Swift.readLine(strippingNewline: true) : nil },
                                             onPageChange: onPageChange)
            if let writeFailure { throw TourError.output(reason: writeFailure) }
            return outcome
        }
        if options.presentation == .automatic && environment.canRunFullScreen {
            var pagerOptions = FullScreenPager.Options()
            pagerOptions.startPage = options.startPage
            pagerOptions.environment = environment
            pagerOptions.animation = options.animation && !environment.reduceMotion
            pagerOptions.mouse = options.mouse
            pagerOptions.bindings = options.keyBindings
            pagerOptions.colorMode = !options.color || environment.noColorRequested ? .never : .automatic
            pagerOptions.asciiOnly = !environment.localeIsUTF8
            if let delay = environment.escapeDelayMilliseconds { pagerOptions.escapeDelayMilliseconds = delay }
            pagerOptions.onPageChange = onPageChange
            if let path = options.watchedFile {
                let locale = options.locale
                let allowOutsideArt = options.allowOutsideArt
                // The art files of the last tour that loaded: a broken save must not stop the
                // watch on the art it will name again.
                let lastArt = ArtList()
                pagerOptions.watch = FullScreenPager.Watch(
                    files: {
                        let directory = FileSystem.directory(of: path)
                        if let tour = try? TourLoader.load(path: path, locale: locale, allowOutsideArt: allowOutsideArt) {
                            lastArt.paths = tour.pages.flatMap { [$0.heroFile, $0.heroImage].compactMap { $0 } }.map { FileSystem.join(directory, $0) }
                        }
                        return [path] + TourLoader.translationFiles(of: path, locale: locale) + lastArt.paths
                    },
                    reload: {
                        do throws(TourError) { return .success(try TourLoader.load(path: path, locale: locale, allowOutsideArt: allowOutsideArt)) } catch { return .failure(error) }
                    })
            }
            if let outcome = try? FullScreenPager.run(tour, options: pagerOptions) {
                return outcome
            }
            // No usable terminal after all (TERM unknown to terminfo): plain text still works.
        }
        // A tour that did not reach its reader (a full disk, a closed pipe) was not seen.
        guard writeStandardOutput(forTerminal(PlainText.tour(tour, glyphs: glyphs))) else { throw TourError.output(reason: FileSystem.describeErrno()) }
        return .completed
    }

    private static func deliver(warning: String, options: TourOptions) {
        if let onWarning = options.onWarning {
            onWarning(warning)
        } else {
            writeStandardError("tour: warning: \(warning)\n")
        }
    }

    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    @discardableResult
    static func writeStandardOutput(_ text: String) -> Bool {
        FileSystem.writeAll(Array(text.utf8), to: STDOUT_FILENO)
    }

    static func writeStandardError(_ text: String) {
        _ = FileSystem.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}

/// The art a watched tour named when it last loaded.
private final class ArtList {
    var paths: [String] = []
}

/// What the command's own output needs to know of the terminal.
package enum CommandOutput {
    /// `text` as the environment's locale can show it: itself in UTF-8, else ASCII.
    package static func forTerminal(_ text: String) -> String {
        CharacterLocale.adoptEnvironment()
        return TerminalEnvironment.current().localeIsUTF8 ? text : ASCIIText.transliterate(text)
    }
}

/// What the command's --version --verbose reports of the libraries it runs with.
package enum TourBuild {
    package static var ncursesVersion: String { NcursesLibrary.version }
}
