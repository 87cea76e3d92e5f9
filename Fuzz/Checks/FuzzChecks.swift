#if canImport(TourCore)
import TourCore
#endif

/// What each fuzz target checks, shared by the libFuzzer binaries (`make fuzz`) and the
/// unit test that replays the corpus and every past finding. Each check returns what it
/// found broken: the fuzz targets trap on it (so libFuzzer saves the input), the unit
/// test reports the input and goes on.
public enum FuzzChecks {
    /// Broken invariants, in words.
    public struct Failures {
        public private(set) var messages: [String] = []
        mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String = "invariant broken") {
            if !condition { messages.append(message()) }
        }
    }

    /// The tour decoder and validator: any bytes either decode into a tour within the
    /// limits, with no unsafe character anywhere, or fail with a positioned error.
    public static func decoder(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        let decoder = TourDecoder(fileName: "fuzz.json") { (path: String) throws(TourError) -> [UInt8] in
            guard path.utf8.count < 64 else { throw TourError.unreadable(path: path, reason: "no such file") }
            return Array(path.utf8)  // art files "contain" their own name
        }
        do {
            let tour = try decoder.decode(bytes)
            // The head a `once` run decides from is the tour's own id and version.
            if case .found(let head) = TourHead.scan(bytes, markdown: false, defaultID: "fuzz") {
                failures.expect(head.id == (tour.id ?? "fuzz") && head.version == tour.version, "the head scan disagrees with the full load")
            } else {
                failures.expect(false, "a tour that loads has a head the scan cannot read")
            }
            failures.expect(!tour.pages.isEmpty && tour.pages.count <= TourDecoder.maximumPages)
            for page in tour.pages {
                for text in [page.title, page.subtitle, page.extra] + page.items.flatMap({ [$0.title, $0.text, $0.icon] }) {
                    failures.expect(!text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) && $0 != "\n" }, "unsafe text survived")
                }
                if let hero = page.hero {
                    failures.expect(hero.width <= TourDecoder.maximumArtColumns && hero.lines.count <= TourDecoder.maximumArtRows)
                    checkArt(hero, &failures)
                }
            }
        } catch {
            if case .content(_, let position?, _) = error {
                failures.expect(position.line >= 1 && position.column >= 1, "an error at line 0 or column 0")
            }
        }
        return failures.messages
    }

    /// Tips files, JSON and Markdown, through their one validator: any bytes give tips
    /// within the limits with nothing unsafe in them, or errors at real places; and the
    /// rotation always picks a tip that exists.
    public static func tips(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        for markdown in [false, true] {
            let (tips, diagnostics) = TipsDecoder.check(bytes, fileName: markdown ? "fuzz.md" : "fuzz.json", markdown: markdown)
            for diagnostic in diagnostics {
                if let position = diagnostic.position { failures.expect(position.line >= 1 && position.column >= 1, "an error at line or column 0") }
            }
            guard let tips, !diagnostics.contains(where: { $0.severity == .error }) else { continue }
            failures.expect(!tips.tips.isEmpty && tips.tips.count <= TipsDecoder.maximumTips, "tip count out of bounds")
            for tip in tips.tips {
                for text in [tip.text, tip.title ?? "", tip.icon ?? "", tip.key] {
                    failures.expect(!text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) && $0 != "\n" }, "unsafe text survived")
                }
            }
            for text in [tips.label, tips.offHint ?? "", tips.title ?? "", tips.icon ?? ""] {
                failures.expect(!text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) }, "unsafe text survived")
            }
            var state = TipsState()
            for second in 0..<3 {
                guard let index = TipRotation.next(in: tips, state: state), tips.tips.indices.contains(index) else {
                    failures.expect(false, "the rotation picked no tip")
                    break
                }
                state = TipRotation.recording(index, of: tips, in: state, at: second)
                let drawn = TipCard.canvas(index, of: tips, offLine: tips.offHint ?? "off", width: 40)
                failures.expect(drawn.size.height >= 2, "a tip drawn without its text or its last line")
            }
        }
        return failures.messages
    }

    /// The Markdown reader and the validator behind it: any bytes give a tour within the
    /// limits with nothing unsafe in it, or errors at real places.
    public static func markdown(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        let decoder = TourDecoder(fileName: "fuzz.md") { (path: String) throws(TourError) -> [UInt8] in
            throw TourError.unreadable(path: path, reason: "no such file")
        }
        let (tour, diagnostics) = decoder.checkMarkdown(bytes)
        if let tour, !diagnostics.contains(where: { $0.severity == .error }) {
            switch TourHead.scan(bytes, markdown: true, defaultID: "fuzz") {
            case .found(let head):
                failures.expect(head.id == (tour.id ?? "fuzz") && head.version == tour.version, "the front matter scan disagrees with the full load")
            case .needsMoreBytes, .undecided:
                // Only a file that is nothing but an unclosed first line can leave the scan short.
                failures.expect(!bytes.contains(UInt8(ascii: "\n")), "a tour that loads has front matter the scan cannot read")
            }
        }
        for diagnostic in diagnostics {
            if let position = diagnostic.position { failures.expect(position.line >= 1 && position.column >= 1, "an error at line or column 0") }
        }
        if let tour, !diagnostics.contains(where: { $0.severity == .error }) {
            failures.expect(!tour.pages.isEmpty && tour.pages.count <= TourDecoder.maximumPages, "page count out of bounds")
            for page in tour.pages {
                for text in [page.title, page.subtitle, page.extra] + page.items.flatMap({ [$0.title, $0.text, $0.icon] }) {
                    failures.expect(!text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) && $0 != "\n" }, "unsafe text survived")
                }
            }
        }
        return failures.messages
    }

    /// Error messages are content too: whatever the file holds, JSON or Markdown, no
    /// message that quotes it carries a control (newline aside), a C1 control or a bidi
    /// control, in text or in `check --format json`.
    public static func messages(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        let decoder = TourDecoder(fileName: "fuzz.json") { (path: String) throws(TourError) -> [UInt8] in
            throw TourError.unreadable(path: path, reason: "no such file")
        }
        let diagnostics = decoder.check(bytes).1 + decoder.checkMarkdown(bytes).1
        for diagnostic in diagnostics {
            for text in [diagnostic.description, diagnostic.json] {
                for scalar in text.unicodeScalars {
                    let value = scalar.value
                    failures.expect(!(value < 0x20 && value != 0x0A) && !(0x7F...0x9F).contains(value) && !TextSanitizer.isBidiControl(value),
                                    "a message carries U+\(String(value, radix: 16)): \(MessageText.visible(text, limit: 200))")
                }
            }
        }
        return failures.messages
    }

    /// The ANSI-art parser: styles line up with characters, and nothing unsafe is left.
    public static func ansiArt(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        checkArt(AnsiArt.parse(String(decoding: bytes, as: UTF8.self)), &failures)
        return failures.messages
    }

    static func checkArt(_ art: Tour.Art, _ failures: inout Failures) {
        failures.expect(art.styles.isEmpty || art.styles.count == art.lines.count)
        for (index, line) in art.lines.enumerated() {
            failures.expect(!line.unicodeScalars.contains(where: TextSanitizer.isUnsafe), "unsafe art survived")
            if !art.styles.isEmpty { failures.expect(art.styles[index].count == line.count, "styles out of step") }
            failures.expect(TextWidth.of(line) <= art.width)
        }
    }

    /// The key-sequence decoder: any bytes, in any split, never crash and never leave it unusable.
    public static func keyDecoder(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        var decoder = KeyDecoder()
        var index = 0
        while index < bytes.count {
            // The first byte of each chunk says how long the chunk is: the same bytes, split differently.
            let length = Int(bytes[index] % 16) + 1
            let end = min(bytes.count, index + 1 + length)
            _ = decoder.feed(bytes[min(index + 1, end)..<end])
            index = end
        }
        _ = decoder.flushPending()
        failures.expect(!decoder.hasPending)
        // The rest of a string or sequence cut off at the flush is dropped for a bounded
        // time (its bytes may still be on their way): past that, keys are keys again.
        failures.expect(decoder.feed([UInt8(ascii: "l")], at: KeyDecoder.maximumDiscardSeconds + 1) == [.character("l")], "the decoder is stuck")
        return failures.messages
    }

    /// Width, wrapping and cutting: no produced line is wider than asked.
    public static func wrap(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        guard let first = bytes.first else { return [] }
        let width = Int(first % 80) + 1
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        for line in TextWidth.wrap(text, width: width) {
            failures.expect(TextWidth.of(line) <= width, "wrapped line too wide")
        }
        failures.expect(TextWidth.of(TextWidth.truncate(text, to: width)) <= width, "cut text too wide")
        failures.expect(TextWidth.of(TextWidth.prefix(text, width: width)) <= width)
        // Written into a row, every cell holds a one- or two-cell character, and each two-cell
        // character is followed by its continuation: nothing spills over or is cut in half.
        var canvas = Canvas(size: Size(width: width, height: 1))
        canvas.write(text, x: 0, y: 0)
        for x in 0..<width {
            let cell = canvas[x, 0]
            if cell.isContinuation {
                failures.expect(x > 0 && TextWidth.of(canvas[x - 1, 0].character) == 2, "a continuation without its wide character")
            } else {
                let cells = TextWidth.of(cell.character)
                failures.expect(cells == 1 || cells == 2, "a cell with a character of width \(cells)")
                if cells == 2 { failures.expect(x + 1 < width && canvas[x + 1, 0].isContinuation, "half a wide character") }
            }
        }
        return failures.messages
    }

    /// Words an author's text becomes on the person's machine: a printed command's word
    /// (`ShellWord.quote`) and text in the web page (`WebPage.escaped`, `WebPage.inline`).
    /// The word holds nothing that joins, combines or hides, and reads back, by the shell's
    /// own quoting rules, as the text's bytes exactly; the HTML holds no markup character
    /// outside a reference, and reads back as the text.
    public static func words(_ bytes: [UInt8]) -> [String] {
        var failures = Failures()
        let text = String(decoding: bytes, as: UTF8.self)
        let word = ShellWord.quote(text)
        failures.expect(word.unicodeScalars.allSatisfy { $0 == "'" || $0 == "$" || ShellWord.standsAlone($0) },
                        "the word holds a scalar that joins or hides: \(Array(word.unicodeScalars).map { String($0.value, radix: 16) })")
        failures.expect(shellReadBack(word) == Array(text.utf8), "the word does not read back as the text: \(word.debugDescription)")
        let html = WebPage.escaped(text)
        failures.expect(!html.utf8.contains(where: { [0x3C, 0x3E, 0x22, 0x27].contains($0) }), "markup left in \(html.debugDescription)")
        failures.expect(htmlReadBack(html) == Array(text.utf8), "the HTML does not read back as the text")
        let inline = WebPage.inline(text)
        failures.expect(!inline.utf8.contains(where: { [0x22, 0x27].contains($0) }), "a quote left in inline text")
        return failures.messages
    }

    /// What a POSIX shell (with bash's `$'…'`) reads a word of ShellWord's three forms as.
    static func shellReadBack(_ word: String) -> [UInt8]? {
        let bytes = Array(word.utf8)
        var result: [UInt8] = [], index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < bytes.count {
            if bytes[index] == 0x24, index + 1 < bytes.count, bytes[index + 1] == 0x27 {  // $'
                index += 2
                while index < bytes.count, bytes[index] != 0x27 {
                    if bytes[index] == 0x5C {
                        guard index + 1 < bytes.count else { return nil }
                        let next = bytes[index + 1]
                        if next == 0x78 {  // \xHH
                            guard index + 3 < bytes.count, let high = hex(bytes[index + 2]), let low = hex(bytes[index + 3]) else { return nil }
                            result.append(high << 4 | low)
                            index += 4
                        } else {
                            guard next == 0x5C || next == 0x27 else { return nil }
                            result.append(next)
                            index += 2
                        }
                    } else {
                        result.append(bytes[index])
                        index += 1
                    }
                }
                guard index < bytes.count else { return nil }
                index += 1
            } else if bytes[index] == 0x27 {  // '…'
                index += 1
                while index < bytes.count, bytes[index] != 0x27 { result.append(bytes[index]); index += 1 }
                guard index < bytes.count else { return nil }
                index += 1
            } else if bytes[index] == 0x5C, index + 1 < bytes.count {  // \'
                result.append(bytes[index + 1])
                index += 2
            } else {
                // Unquoted: only what the shell takes as itself.
                guard bytes[index] >= 0x80 || "/._-+:@%~,".utf8.contains(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39)
                        || (bytes[index] | 0x20 >= 0x61 && bytes[index] | 0x20 <= 0x7A) else { return nil }
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// The text HTML with the five references read back, byte by byte (by Character, a
    /// prepended mark fused with `&` would hide the reference).
    static func htmlReadBack(_ html: String) -> [UInt8] {
        let bytes = Array(html.utf8)
        let references: [([UInt8], UInt8)] = [(Array("&lt;".utf8), 0x3C), (Array("&gt;".utf8), 0x3E), (Array("&quot;".utf8), 0x22),
                                              (Array("&#39;".utf8), 0x27), (Array("&amp;".utf8), 0x26)]
        var result: [UInt8] = [], index = 0
        scan: while index < bytes.count {
            if bytes[index] == 0x26 {
                for (reference, byte) in references where bytes[index...].starts(with: reference) {
                    result.append(byte)
                    index += reference.count
                    continue scan
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
