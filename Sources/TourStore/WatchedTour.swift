import TourCore

/// A tour file under `--watch`: what to watch, and the tour read again when it changes.
/// Each change reads the tour once; the list of files to watch comes from the tour that
/// loaded last, so asking for it reads nothing.
package final class WatchedTour {
    package let path: String
    private let read: () -> Result<Tour, TourError>
    private let translations: () -> [String]
    /// The art of the last tour that loaded: a broken save must not stop the watch on the
    /// art it will name again.
    private var artPaths: [String]

    /// The file at `path` (with its translation for `locale`), which loaded as `tour`,
    /// with the run's `values` put in.
    package convenience init(path: String, locale: String?, allowOutsideArt: Bool, values: [String: String] = [:], loaded tour: Tour) {
        self.init(path: path, loaded: tour,
                  read: { () -> Result<Tour, TourError> in
                      do throws(TourError) {
                          return .success(try TourLoader.load(path: path, locale: locale, allowOutsideArt: allowOutsideArt).filled(with: values))
                      } catch {
                          return .failure(error)
                      }
                  },
                  translations: { TourLoader.translationFiles(of: path, locale: locale) })
    }

    /// The same with the reading given: tests count the reads.
    package init(path: String, loaded tour: Tour, read: @escaping () -> Result<Tour, TourError>, translations: @escaping () -> [String]) {
        self.path = path
        self.read = read
        self.translations = translations
        self.artPaths = Self.art(of: tour, beside: path)
    }

    /// The files whose changes reload the tour: itself, its translation and its art.
    package var files: [String] {
        [path] + translations() + artPaths
    }

    /// Reads the tour again: the new tour, or what is wrong with it.
    package func reload() -> Result<Tour, TourError> {
        let result = read()
        if case .success(let tour) = result { artPaths = Self.art(of: tour, beside: path) }
        return result
    }

    private static func art(of tour: Tour, beside path: String) -> [String] {
        let directory = FileSystem.directory(of: path)
        return tour.pages.flatMap { [$0.heroFile, $0.heroImage].compactMap { $0 } + $0.smallerHeroFiles }.map { FileSystem.join(directory, $0) }
    }
}
