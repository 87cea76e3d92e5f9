import Testing
@testable import TourCore

/// `tour render --format cast`: the pager's own frames, timed as a person reads.
@Suite("The tour as an asciicast")
struct AsciicastTests {
    static let tour = Tour(pages: [Tour.Page(title: "One", subtitle: "The first page, with some words to read."),
                                   Tour.Page(title: "Two", subtitle: "Short."), Tour.Page(title: "Three")])

    static func settings(animation: Bool = true) -> PagerModel.Settings {
        var settings = PagerModel.Settings()
        settings.animation = animation
        settings.mouse = false
        return settings
    }

    @Test func everyPageIsShownAndTheRecordingEnds() {
        let frames = Asciicast.frames(of: Self.tour, size: Size(width: 60, height: 16), settings: Self.settings(), depth: .ansi256)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.time <= $1.time })
        for title in ["One", "Two", "Three"] { #expect(frames.contains { $0.output.contains(title) }, "\(title)") }
        #expect(frames.first?.output.contains("\u{1B}[?25l") == true && frames.last?.output == "\u{1B}[0m\u{1B}[?25h",
                "the recording ends on the last page, not on a cleared screen")
        // Read, then a slide frame by frame: gaps of a reading and of a sixtieth of a second.
        let gaps = zip(frames, frames.dropFirst()).map { $1.time - $0.time }
        #expect(gaps.contains { $0 >= 1 } && gaps.contains { $0 > 0 && $0 < 0.05 })
    }

    @Test func aLongerPageIsReadLonger() {
        var short = Canvas(size: Size(width: 40, height: 4)), long = short
        short.write("Two words", x: 0, y: 0, style: .plain)
        long.write("Many more words on this page to read first", x: 0, y: 0, style: .plain)
        let reading = Asciicast.Reading()
        #expect(reading.seconds(for: long) > reading.seconds(for: short) && reading.seconds(for: short) >= reading.moment)
        var wall = Canvas(size: Size(width: 200, height: 60))
        for y in 0..<60 { wall.write(String(repeating: "word ", count: 40), x: 0, y: y, style: .plain) }
        #expect(reading.seconds(for: wall) == reading.longest)
    }

    @Test func withoutAnimationEachPageIsOneFrame() {
        let frames = Asciicast.frames(of: Self.tour, size: Size(width: 60, height: 16), settings: Self.settings(animation: false), depth: .ansi256)
        #expect(frames.count == 2 + 3, "\(frames.map(\.time))")  // clear, three pages, restore
    }

    /// A practice page goes on once done: the recording presses its keys, or types its line,
    /// shows the check mark, then goes on to the end.
    @Test func practicePagesAreDoneAsAPersonWould() throws {
        var keys = Tour.Page(title: "Search"), line = Tour.Page(title: "Sync")
        keys.practice = try #require(Tour.Practice(keys: "g g", done: "Top."))
        line.practice = try #require(Tour.Practice(line: "notes sync", done: "Synced."))
        let tour = Tour(pages: [keys, line, Tour.Page(title: "End")])
        let frames = Asciicast.frames(of: tour, size: Size(width: 60, height: 16), settings: Self.settings(animation: false), depth: .ansi256)
        let shown = frames.map(\.output).joined()
        for words in ["✓ Top.", "✓ Synced.", "End"] { #expect(shown.contains(words), "\(words)") }
        #expect(!shown.contains("Not quite"))
        #expect(frames.last?.output == "\u{1B}[0m\u{1B}[?25h" && frames.last!.time < 60, "\(frames.map(\.time))")
    }

    @Test func theFileIsAHeaderAndOneEventALine() {
        let text = Asciicast.recording(of: Self.tour, size: Size(width: 60, height: 16), settings: Self.settings(), depth: .direct)
        let lines = text.split(separator: "\n")
        #expect(lines.first == #"{"version": 2, "width": 60, "height": 16, "title": "One", "env": {"TERM": "xterm-256color"}}"#)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("[") && $0.contains(#", "o", ""#) && $0.hasSuffix("\"]") })
        #expect(!text.contains("\u{1B}"), "escapes are written as \\u001b in the JSON")
        #expect(Asciicast.seconds(1.5) == "1.500" && Asciicast.seconds(0.0166) == "0.017" && Asciicast.seconds(12.05) == "12.050")
    }
}
