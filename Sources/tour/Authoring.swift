import TourCommand
import TourCore
import TourKit
import TourStore

#if canImport(Glibc)
import Glibc
#endif

/// `tour check` and `tour render`: the tools for writing a tour, without a terminal.
enum Authoring {
    /// Every problem in FILE and in its translations (or in a tips file), one per line, as
    /// `FILE:LINE:COLUMN: error: message`, or as JSON.
    static func check(path: String, json: Bool, allowOutsideArt: Bool) -> Int32 {
        var diagnostics: [Diagnostic]
        do throws(TourError) {
            if TourLoader.isTipsFile(path: path) {
                diagnostics = try TourLoader.checkTips(path: path).1
            } else {
                let result = try TourLoader.check(path: path, allowOutsideArt: allowOutsideArt)
                diagnostics = result.diagnostics
                if let tour = result.tour, !diagnostics.contains(where: { $0.severity == .error }) {
                    diagnostics += TourLoader.translationProblems(base: tour, path: path, allowOutside: allowOutsideArt)
                }
            }
        } catch {
            printError(error)
            return ExitCode.unreadable.rawValue
        }
        let report = json ? "[" + diagnostics.map(\.json).joined(separator: ",\n ") + "]\n"
            : diagnostics.map { $0.description + "\n" }.joined()
        guard writeOut(report) else { return ExitCode.writeFailed.rawValue }
        guard let error = Diagnostic.error(from: diagnostics) else { return ExitCode.completed.rawValue }
        return ExitCode.forError(error)
    }

    /// One page drawn as the pager would, at a size, as text, ANSI or SVG.
    static func render(_ tour: Tour, page: Int, size: (width: Int, height: Int), format: OutputFormat, background: TerminalBackground,
                       depth: ColorDepth = .direct, output: String? = nil, tourFile: String? = nil,
                       pictureFile: (Tour.Page) -> [UInt8]? = { _ in nil }) -> Int32 {
        guard page <= tour.pageCount else {
            printError("tour: --page \(page) is past the last page (\(tour.pageCount))")
            return ExitCode.usage.rawValue
        }
        // Text and ANSI outside a UTF-8 locale are drawn with the pager's ASCII glyphs there
        // (an icon falls back to "*", not "?"); SVG is UTF-8 whatever the locale.
        let glyphs: Glyphs = format == .svg || CommandOutput.takeLocaleIsUTF8() ? .unicode : .ascii
        var view = PageView(tour: tour, state: Paging(pageCount: tour.pageCount, currentPage: page - 1), glyphs: glyphs)
        // Drawn as on a terminal of that depth (24-bit by default) with a dark background (or
        // the one asked for), as the SVG shows it.
        view.contrast = (depth, background)
        var canvas = Canvas(size: Size(width: size.width, height: size.height))
        let layout = view.draw(into: &canvas)
        // SVG is XML, UTF-8 by definition; text and ANSI go to a terminal, as its locale allows.
        let drawn = switch format {
        case .ansi: CommandOutput.forTerminal(ScreenExport.ansi(canvas, depth: depth))
        case .svg: ScreenExport.svg(ScreenExport.reduced(canvas, to: depth), theme: ScreenExport.Theme(for: background),
                                    picture: ScreenExport.Picture(page: tour.pages[page - 1], box: layout.parts.hero, file: pictureFile(tour.pages[page - 1])))
        case .text, .json, .html, .cast: CommandOutput.forTerminal(ScreenExport.text(canvas))
        }
        return deliver(drawn, to: output, tourFile: tourFile)
    }

    /// The whole tour played through as an asciicast v2 recording (`Asciicast`): Enter after
    /// each page has been read, the slides as the pager draws them.
    static func cast(_ tour: Tour, size: (width: Int, height: Int), background: TerminalBackground, depth: ColorDepth,
                     animation: Bool, output: String?, tourFile: String?) -> Int32 {
        var settings = PagerModel.Settings()
        settings.contrast = (depth, background)
        settings.animation = animation
        settings.mouse = false
        let recording = Asciicast.recording(of: tour, size: Size(width: size.width, height: size.height), settings: settings, depth: depth)
        return deliver(recording, to: output, tourFile: tourFile)
    }

    /// The bytes of a page's picture file, for the formats that embed the picture itself: the
    /// file was read and checked when the tour loaded, and is read again for its bytes.
    static func pictureFiles(path: String?, allowOutsideArt: Bool) -> (Tour.Page) -> [UInt8]? {
        guard let path else { return { page in page.heroImage.flatMap(BuiltInTour.art) } }
        let readArt = TourLoader.artReader(for: path, allowOutside: allowOutsideArt)
        return { page in page.heroImage.flatMap { name in try? readArt(name) } }
    }

    /// The whole tour as one web page (`WebPage`): the base and, beside a file, each of its
    /// translations, or with `--locale` that one language alone; every picture inline at
    /// full resolution.
    static func webPage(path: String?, locale: String?, allowOutsideArt: Bool, values: [String: String] = [:]) throws(TourError) -> String {
        let pictureFile = pictureFiles(path: path, allowOutsideArt: allowOutsideArt)
        guard let path else {
            return WebPage.html([WebPage.Edition(language: nil, tour: try BuiltInTour.load().filled(with: values), pictureFile: pictureFile)])
        }
        if let locale {
            let tour = try TourLoader.load(path: path, locale: locale, allowOutsideArt: allowOutsideArt).filled(with: values)
            for warning in tour.loadWarnings { printError("tour: warning: \(warning)") }
            return WebPage.html([WebPage.Edition(language: locale, tour: tour, pictureFile: pictureFile)])
        }
        let (base, translations) = try TourLoader.loadWithTranslations(path: path, allowOutsideArt: allowOutsideArt)
        let filledBase = base.filled(with: values)
        for warning in filledBase.loadWarnings { printError("tour: warning: \(warning)") }
        var editions = [WebPage.Edition(language: nil, tour: filledBase, pictureFile: pictureFile)]
        for translation in translations {
            editions.append(WebPage.Edition(language: translation.language, tour: translation.tour.filled(with: values), pictureFile: pictureFile))
        }
        return WebPage.html(editions)
    }

    /// `text` to `--output FILE`, replaced whole (never half-written, never the tour file
    /// itself), or to stdout.
    static func deliver(_ text: String, to output: String?, tourFile: String?) -> Int32 {
        guard let output else { return writeOut(text) ? ExitCode.completed.rawValue : ExitCode.writeFailed.rawValue }
        if let tourFile, let tourPath = FileSystem.realPath(tourFile), FileSystem.realPath(output) == tourPath {
            printError("tour: --output \(MessageText.path(output)) is the tour file itself; name another file")
            return ExitCode.usage.rawValue
        }
        // Renamed over, /dev/null would become a file (as root, for everyone): a device or a
        // pipe is stdout's business.
        if FileSystem.isSpecial(output) {
            printError("tour: --output \(MessageText.path(output)) is not a regular file; leave --output out to write to stdout")
            return ExitCode.usage.rawValue
        }
        if let failure = FileSystem.writeAtomically(text, to: output, mode: 0o666) {
            printError("tour: " + failure)
            return ExitCode.writeFailed.rawValue
        }
        return ExitCode.completed.rawValue
    }

    /// All of `text` to stdout, or a message and false (a full disk, a closed pipe).
    static func writeOut(_ text: String) -> Bool {
        if StandardStreams.output(text) { return true }
        printError("tour: cannot write the output: \(FileSystem.describeErrno())")
        return false
    }
}
