// A command-line tool that greets its new users with a tour, through TourKit.
// Its tour and art are embedded in the binary (Package.swift: embedInCode), so the
// installed tool finds them wherever it runs from.
import TourKit

#if canImport(Glibc)
import Glibc
#endif

/// mytool's own job; the tour only comes first.
func syncNotes() {
    print("mytool: 3 notes synced")
}

/// Page changes, printed once the tour has handed the screen back.
var pageLog: [String] = []

var options = TourOptions()
options.once = true
if CommandLine.arguments.contains("--log-pages") {
    options.onPageChange = { from, to in pageLog.append("tour page \(from) -> \(to)") }
}
do {
    let tour = try Tour(jsonBytes: PackageResources.tour_json, art: ["logo.txt": PackageResources.logo_txt])
    switch try tour.run(options: options) {
    case .completed, .alreadySeen, .notShown: break
    case .skipped(let atPage): print("skipped at page \(atPage)")
    case .interrupted(let signal): exit(128 + signal)
    }
} catch {
    print("mytool: \(error)")
}
for line in pageLog { print("mytool: \(line)") }
syncNotes()
