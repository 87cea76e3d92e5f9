// In-process micro-benchmarks for `make bench`: laying a page out and rendering it into
// the cell grid, and the terminal-free parts of a page change. Built in release mode.
// Prints one JSON object; bench/bench.py puts it in the table.
import TourCore
import TourKit
import TourStore

#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Median microseconds per call over `samples` samples of `batch` calls each.
func measure(samples: Int, batch: Int, _ body: () -> Void) -> (median: Double, low: Double, high: Double) {
    for _ in 0..<batch { body() }  // warm up
    var times: [Double] = []
    for _ in 0..<samples {
        let start = now()
        for _ in 0..<batch { body() }
        times.append((now() - start) / Double(batch) * 1e6)
    }
    times.sort()
    return (times[times.count / 2], times[times.count / 10], times[times.count * 9 / 10])
}

let arguments = CommandLine.arguments
// `TourBenchmarks --profile-load FILE N`: load FILE N times and nothing else, to run under
// `perf record` when the load is what is being made faster.
if arguments.count > 3, arguments[1] == "--profile-load" {
    var pages = 0
    for _ in 0..<(Int(arguments[3]) ?? 1) { pages &+= (try? TourLoader.load(path: arguments[2]))?.pageCount ?? 0 }
    print(pages)
    exit(0)
}
let tourPath = arguments.count > 1 ? arguments[1] : "Resources/welcome.json"
let samples = arguments.count > 2 ? Int(arguments[2]) ?? 101 : 101
let tour: Tour
do {
    tour = try TourLoader.load(path: tourPath)
} catch {
    print("{\"error\": \"\(error)\"}")
    exit(1)
}

var sink = 0
var results: [String] = []
for size in [Size(width: 80, height: 24), Size(width: 200, height: 60)] {
    var page = 0
    let render = measure(samples: samples, batch: 20) {
        let view = PageView(tour: tour, state: Paging(pageCount: tour.pageCount, currentPage: page))
        let canvas = view.render(size: size)
        sink &+= canvas.cells.count
        page = (page + 1) % tour.pageCount
    }
    results.append("\"render_\(size.width)x\(size.height)\": {\"median_us\": \(render.median), \"p10_us\": \(render.low), \"p90_us\": \(render.high)}")
    // Without animation: the update function and one view of the result, as a cut.
    var still = PagerModel.Settings()
    still.animation = false
    var pager = PagerModel(tour: tour, size: size, settings: still)
    let change = measure(samples: samples, batch: 20) {
        _ = pager.update(.key(pager.paging.isLastPage ? .home : .right), at: 0)
        sink &+= TourScreenView.render(pager).canvas.cells.count
    }
    results.append("\"key_to_canvas_\(size.width)x\(size.height)\": {\"median_us\": \(change.median), \"p10_us\": \(change.low), \"p90_us\": \(change.high)}")
}
let load = measure(samples: max(5, samples / 10), batch: 1) {
    sink &+= (try? TourLoader.load(path: tourPath))?.pageCount ?? 0
}
results.append("\"load_us\": {\"median_us\": \(load.median), \"p10_us\": \(load.low), \"p90_us\": \(load.high)}")
// Where a large tour's start-up goes (the third argument, bench's 1,000-page tour):
// reading the file, the JSON token tape alone, and the whole load (the tape and every
// check; pages are built when shown), so the table can say which part grows with the pages.
if arguments.count > 3 {
    let largePath = arguments[3]
    let read = measure(samples: max(5, samples / 10), batch: 1) {
        sink &+= (try? FileSystem.read(largePath, limit: 1 << 23))?.count ?? 0
    }
    let bytes = (try? FileSystem.read(largePath, limit: 1 << 23)) ?? []
    let parse = measure(samples: max(5, samples / 10), batch: 1) {
        if let tape = try? JSONParser.parseTape(bytes) { sink &+= tape.count(JSONTape.root) }
    }
    let whole = measure(samples: max(5, samples / 10), batch: 1) {
        sink &+= (try? TourLoader.load(path: largePath))?.pageCount ?? 0
    }
    for (name, figure) in [("large_read_us", read), ("large_parse_us", parse), ("large_load_us", whole)] {
        results.append("\"\(name)\": {\"median_us\": \(figure.median), \"p10_us\": \(figure.low), \"p90_us\": \(figure.high)}")
    }
}
// The call a Swift tool makes on every start: `Tour(jsonBytes:)` on its embedded tour, then
// `run` with `once`, when the person saw this version. 3 pages against about 3,600 with art.
func embeddedTour(pages: Int) -> [UInt8] {
    let art = (0..<14).map { row in "\"" + String(repeating: row % 2 == 0 ? "#*+=-. " : ". -=+*#", count: 8) + "\"" }.joined(separator: ", ")
    let page = (1...pages).map { "{\"title\": \"Page \($0)\", \"subtitle\": \"What this page is about.\", \"hero\": [\(art)]}" }
    return Array("{\"id\": \"bench-embedded-\(pages)\", \"version\": \"1.0\", \"pages\": [\(page.joined(separator: ",\n"))]}".utf8)
}
let stateDirectory = "/tmp/tour-bench-state-\(getpid())"
for pages in [3, 3600] {
    let bytes = embeddedTour(pages: pages)
    let store = SeenStateStore(directory: stateDirectory)
    try? store.save(SeenState(outcome: .completed, version: "1.0", lastPage: 0, seenAt: "2026-01-01T00:00:00Z"), id: "bench-embedded-\(pages)")
    var options = TourOptions()
    options.once = true
    options.presentation = .plain  // no terminal here: plain lifts the terminal check, as --plain does
    options.stateDirectory = stateDirectory
    var outcomes: [TourOutcome] = []
    let figure = measure(samples: max(5, samples / 4), batch: 5) {
        let outcome = (try? Tour(jsonBytes: bytes, fileName: "tour.json").run(options: options)) ?? .interrupted(signal: 0)
        if outcomes.isEmpty { outcomes.append(outcome) }
    }
    guard outcomes == [.alreadySeen] else {
        print("{\"error\": \"the embedded seen tour of \(pages) pages was not already seen: \(outcomes)\"}")
        exit(1)
    }
    results.append("\"embedded_seen_\(pages)_us\": {\"median_us\": \(figure.median), \"p10_us\": \(figure.low), \"p90_us\": \(figure.high), \"bytes\": \(bytes.count)}")
    _ = try? store.reset(id: "bench-embedded-\(pages)")
}
rmdir(stateDirectory)
print("{" + results.joined(separator: ", ") + ", \"samples\": \(samples), \"sink\": \(sink)}")
