import TourCore
import TourStore

/// `tour check` and `tour render`: the tools for writing a tour, without a terminal.
enum Authoring {
    /// Every problem in FILE and in its translations, one per line, as
    /// `FILE:LINE:COLUMN: error: message`, or as JSON.
    static func check(path: String, locale: String?, json: Bool) -> Int32 {
        let result: (tour: Tour?, diagnostics: [Diagnostic])
        do throws(TourError) {
            result = try TourLoader.check(path: path)
        } catch {
            printError(error.description)
            return ExitCode.unreadable.rawValue
        }
        var diagnostics = result.diagnostics
        if let tour = result.tour, !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics += TourLoader.translationProblems(base: tour, path: path)
        }
        if json {
            print("[" + diagnostics.map(\.json).joined(separator: ",\n ") + "]")
        } else {
            for diagnostic in diagnostics { print(diagnostic.description) }
        }
        return diagnostics.contains { $0.severity == .error } ? ExitCode.badContent.rawValue : ExitCode.completed.rawValue
    }

    /// One page drawn as the pager would, at a size, as text, ANSI or SVG.
    static func render(_ tour: Tour, page: Int, size: (width: Int, height: Int), format: String) -> Int32 {
        guard page <= tour.pages.count else {
            printError("tour: --page \(page) is past the last page (\(tour.pages.count))")
            return ExitCode.usage.rawValue
        }
        let view = PageView(tour: tour, state: PagerState(pageCount: tour.pages.count, currentPage: page - 1))
        let canvas = view.render(size: Size(width: size.width, height: size.height))
        switch format {
        case "ansi": print(ScreenExport.ansi(canvas), terminator: "")
        case "svg": print(ScreenExport.svg(canvas), terminator: "")
        default: print(ScreenExport.text(canvas), terminator: "")
        }
        return ExitCode.completed.rawValue
    }
}
