// Drives TourKit the way a Swift tool would, for the end-to-end tests:
//   harness twice            run a tour twice in one process, printing after each, then
//                            whether the tool's signal handlers and locale are its own again
//   harness callbacks LOG    log page changes and the outcome to LOG
//   harness custom           a tour whose second page is a custom PageBody
//   harness crash            trap in a callback while the tour is on screen
//   harness picture PNG      picture pages from a file and from bytes, played as text
//   harness locale FILE      load FILE (its translation from the environment), play it as
//                            text, and print the tool's own locale before and after
//   harness tip STATE        "ready", then Tips.showOne from embedded bytes (every start),
//                            then the id it returned
import TourKit

#if canImport(Glibc)
import Glibc
#endif

let tour = Tour(id: "harness", version: "1.0", pages: [
    Tour.Page(title: "Harness one", subtitle: "First page."),
    Tour.Page(title: "Harness two", subtitle: "Second page."),
    Tour.Page(title: "Harness three"),
    Tour.Page(title: "Harness four"),
])

/// A custom page: a labelled progress bar drawn through the PageBody protocol.
struct ProgressBody: PageBody {
    var label: String
    var fraction: Double

    func preferredHeight(width: Int, context: PageContext) -> Int { 3 }

    func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        let barWidth = max(4, min(40, canvas.size.width - 4))
        let filled = Int(Double(barWidth - 2) * fraction)
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - 2 - filled) + "]"
        let top = max(0, (canvas.size.height - 3) / 2)
        var layout = PageBodyLayout()
        layout.title = [canvas.writeCentered(label, y: top, style: context.titleStyle, glyphs: context.glyphs)]
        canvas.writeCentered(bar, y: top + 2, glyphs: context.glyphs)
        return layout
    }

    func plainText(context: PageContext) -> String {
        "\(label): \(Int(fraction * 100))%"
    }
}

func describe(_ outcome: TourOutcome) -> String {
    switch outcome {
    case .completed: "completed"
    case .skipped(let page): "skipped(\(page))"
    case .interrupted: "interrupted"
    case .alreadySeen: "alreadySeen"
    case .notShown(let reason): "notShown(\(reason))"
    }
}

func currentHandler(_ signal: Int32) -> UInt {
    var action = sigaction()
    sigaction(signal, nil, &action)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: UInt.self)
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "twice":
    // A handler of the tool's own, which the tour must put back.
    signal(SIGINT) { _ in }
    let before = (currentHandler(SIGINT), currentHandler(SIGWINCH), currentHandler(SIGTSTP))
    let localeBefore = String(cString: setlocale(LC_ALL, nil))  // "C": the tool never set one
    for round in ["first", "second"] {
        let outcome = try tour.run()
        print("\(round): \(describe(outcome))")
        fflush(nil)
    }
    let after = (currentHandler(SIGINT), currentHandler(SIGWINCH), currentHandler(SIGTSTP))
    print(before == after ? "signal handlers restored" : "signal handlers changed")
    let localeAfter = String(cString: setlocale(LC_ALL, nil))
    print(localeAfter == localeBefore ? "locale kept" : "locale changed: \(localeAfter)")
    print("stdout works")
case "callbacks":
    let logPath = arguments[2]
    var lines: [String] = []
    var options = TourOptions()
    options.onPageChange = { from, to in lines.append("page \(from) -> \(to)") }
    let outcome = try tour.run(options: options)
    lines.append("returned \(describe(outcome))")
    let file = fopen(logPath, "w")
    fputs(lines.joined(separator: "\n") + "\n", file)
    fclose(file)
case "crash":
    // A Swift trap in the tool's own callback, while the tour owns the screen.
    var options = TourOptions()
    options.onPageChange = { _, _ in fatalError("the tool's callback crashed") }
    _ = try tour.run(options: options)
case "locale":
    // The tool runs in the C locale it never changed; the tour must leave it so.
    let before = String(cString: setlocale(LC_CTYPE, nil))
    let translated = try Tour(contentsOfFile: arguments[2])
    var options = TourOptions()
    options.presentation = .plain
    _ = try translated.run(options: options)
    print("locale before: \(before)")
    print("locale after: \(String(cString: setlocale(LC_CTYPE, nil)))")
case "picture":
    // A picture page from Swift, from a file and from bytes, played as text.
    let path = arguments[2]
    let fromFile = try Tour.Page(title: "From a file", heroImage: path, heroAlt: "A red disc.")
    var data = [UInt8](repeating: 0, count: 1 << 20)
    let file = fopen(path, "rb")
    let count = fread(&data, 1, data.count, file)
    fclose(file)
    let fromBytes = try Tour.Page(title: "From bytes", heroImageBytes: Array(data.prefix(count)), heroAlt: "The same disc.")
    var options = TourOptions()
    options.presentation = .plain
    print(describe(try Tour(pages: [fromFile, fromBytes]).run(options: options)))
    do {
        _ = try Tour.Page(title: "Bad", heroImageBytes: [1, 2, 3], heroAlt: "nothing")
    } catch {
        print(error)
    }
case "tip":
    // A Swift tool's start: its own output, then the tip that is due.
    print("ready")
    let tips = Tips(jsonBytes: Array(#"{"id": "harness-tips", "tips": [{"id": "first", "text": "The first tip."}, {"id": "second", "text": "The second."}]}"#.utf8))
    var options = TipOptions()
    options.interval = .zero
    options.stateDirectory = arguments[2]
    print("shown: \(try tips.showOne(options: options) ?? "none")")
case "custom":
    let custom = Tour(pages: [
        Tour.Page(title: "Before"),
        Tour.Page(title: "Syncing", body: ProgressBody(label: "Syncing your notes", fraction: 0.5)),
    ])
    print(describe(try custom.run()))
default:
    print("usage: harness twice | callbacks LOG | custom")
    exit(2)
}
