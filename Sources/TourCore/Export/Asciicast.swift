/// The tour played through, as an asciicast v2 recording (`tour render --format cast`): the
/// format asciinema plays, and agg (GIF) and svg-term (animated SVG) convert, so a README
/// animation comes from one command.
///
/// The frames are the pager's own: `PagerModel` is fed what a person would send (Enter
/// after reading each page) and the clock's ticks while a slide runs, and every frame that
/// changed is `TourScreenView`'s, painted in full. No second renderer, no terminal.
package enum Asciicast {
    /// How long a person looks at a settled page before pressing Enter: a moment, plus a
    /// quarter second a word on the screen (240 words a minute), within limits.
    package struct Reading: Sendable {
        package var moment = 1.0
        package var perWord = 0.25
        package var longest = 7.0
        /// Between the keys of a practice's sequence or line: quicker than a page is read.
        package var keystroke = 0.2

        package init() {}

        package func seconds(for canvas: Canvas) -> Double {
            let words = ScreenExport.text(canvas).split(whereSeparator: { $0 == " " || $0 == "\n" }).count
            return min(longest, moment + perWord * Double(words))
        }
    }

    /// The recording, header and events, as the file holds it (one JSON value a line).
    package static func recording(of tour: Tour, size: Size, settings: PagerModel.Settings, depth: ColorDepth,
                                  reading: Reading = Reading()) -> String {
        var lines = [header(size: size, title: tour.pages.first?.title)]
        for (time, output) in frames(of: tour, size: size, settings: settings, depth: depth, reading: reading) {
            lines.append("[\(seconds(time)), \"o\", \(JSONText.quote(output))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every frame that changed, at the time it was drawn: what the terminal was sent.
    package static func frames(of tour: Tour, size: Size, settings: PagerModel.Settings, depth: ColorDepth,
                               reading: Reading = Reading()) -> [(time: Double, output: String)] {
        var pager = PagerModel(tour: tour, size: size, settings: settings)
        var time = 0.0, clockRunning = false, finished = false
        var frames: [(time: Double, output: String)] = [(0, "\u{1B}[?25l\u{1B}[H\u{1B}[2J")]
        var shown: Canvas? = nil
        func carryOut(_ effects: [PagerEffect]) {
            for effect in effects {
                switch effect {
                case .startClock: clockRunning = true
                case .stopClock: clockRunning = false
                case .finish: finished = true
                case .draw, .redrawAll, .reload, .wake, .suspend, .pageChanged: break
                }
            }
            guard effects.contains(.draw) || effects.contains(.redrawAll) else { return }
            let canvas = TourScreenView.render(pager).canvas
            if canvas != shown { frames.append((time, paint(canvas, depth: depth))) }
            shown = canvas
        }
        carryOut(pager.start(at: time))
        // Bounded whatever the tour: each page is read once, and a slide is a few frames.
        var steps = 0
        let limit = (tour.pages.count + 2) * 200
        while !finished && steps < limit {
            steps += 1
            if clockRunning {
                time += Motion.frameInterval
                carryOut(pager.update(.tick, at: time))
                continue
            }
            time += shown.map { reading.seconds(for: $0) } ?? reading.moment
            let position = pager.paging.currentPage
            if let practice = pager.tour.page(position).practice, pager.answers.practice[position]?.isDone != true {
                // A practice page goes on once it is done: what it asks for is pressed (or
                // typed, a key a moment), and the check mark read before Enter.
                for (index, key) in practice.keysToDoIt.enumerated() {
                    if index > 0 { time += reading.keystroke }
                    carryOut(pager.update(.key(key), at: time))
                }
                continue
            }
            carryOut(pager.update(.key(.enter), at: time))
        }
        // The last page stays on screen (a GIF made of the recording ends on it), held a
        // moment; then the cursor comes back.
        frames.append((time + 1.5, "\u{1B}[0m\u{1B}[?25h"))
        return frames
    }

    /// A whole frame: each row from its first column, cleared to its end, so nothing of the
    /// frame before is left.
    static func paint(_ canvas: Canvas, depth: ColorDepth) -> String {
        var output = ""
        for (row, line) in ScreenExport.ansi(canvas, depth: depth).split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(canvas.size.height).enumerated() {
            output += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
        }
        return output
    }

    static func header(size: Size, title: String?) -> String {
        var fields = ["\"version\": 2", "\"width\": \(size.width)", "\"height\": \(size.height)"]
        if let title { fields.append("\"title\": \(JSONText.quote(title))") }
        fields.append("\"env\": {\"TERM\": \"xterm-256color\"}")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Seconds with millisecond precision, as asciinema writes them.
    static func seconds(_ time: Double) -> String {
        let milliseconds = Int((time * 1000).rounded())
        let fraction = milliseconds % 1000
        return "\(milliseconds / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
    }
}
