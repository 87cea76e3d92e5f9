import TourKit

#if canImport(Glibc)
import Glibc
#endif

var pageLog: [String] = []  // printed after the tour: the screen is the tour's until then
var options = TourOptions()
options.once = true         // the welcome once, then what's new; never in a pipe or CI
options.onPageChange = { from, to in pageLog.append("tour page \(from) -> \(to)") }

do {
    let tour = try Tour(jsonBytes: PackageResources.tour_json,
                        art: ["banner.txt": PackageResources.banner_txt],      // what heroFile names
                        translations: ["fr": PackageResources.tour_fr_json])   // chosen by the locale
    switch CommandLine.arguments.dropFirst().first {
    case "tour": try tour.resetSeenState(options: options)  // `mytool tour`: forget, so it shows again
    case "whats-new": try tour.whatsNew(); exit(0)          // every update's pages, again
    default: break
    }
    switch try tour.run(options: options) {
    case .completed, .alreadySeen, .notShown: break
    case .skipped(let page): print("skipped at page \(page); 'mytool tour' shows it again")
    case .interrupted(let signal): exit(128 + signal)      // Ctrl-C: it shows again next time
    }
    // The consent, whenever it is needed: no answer (never shown, skipped) is no.
    if tour.answers(options: options)["telemetry"] == "yes" { print("mytool: sharing anonymous usage counts") }
} catch {
    print("mytool: \(error)")  // FILE:LINE:COL: message
}
for line in pageLog { print(line) }
print("mytool: ready")
