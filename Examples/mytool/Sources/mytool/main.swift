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

// The five lines: a tour, shown once per user, on the first run.
let tour = Tour(id: "mytool", version: "2.1.0", pages: [
    Tour.Page(title: "Welcome to mytool", subtitle: "Sync notes from the terminal.", hero: "  [=]  \n [===] "),
    Tour.Page(title: "Everything offline", subtitle: "Works without a network."),
])
var options = TourOptions()
options.once = true
if CommandLine.arguments.contains("--log-pages") {
    options.onPageChange = { from, to in pageLog.append("tour page \(from) -> \(to)") }
}
do {
    switch try tour.run(options: options) {
    case .completed: break
    case .skipped(let atPage): print("skipped at page \(atPage)")
    case .interrupted: exit(130)
    case .alreadySeen: break
    }
} catch {
    print("mytool: \(error)")
}
for line in pageLog { print("mytool: \(line)") }
syncNotes()
