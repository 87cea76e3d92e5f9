/// A practice page on the web (issue 67): what the script needs to play it with real keys,
/// written by Swift from the rules the pager follows (`PracticeProgress`), so the script
/// carries no rule of its own. It looks up, never decides:
/// - which key the person pressed, as the browser names it (`KeyboardEvent.key`, with
///   "Ctrl+" before a letter held with Ctrl): `id(of:)`;
/// - for keys, a table of steps: from each number of keys matched so far, where each key
///   the practice asks for leads, and any other key, and whether that was a miss;
/// - which of the page's moves stay open while it is not done (`waysOut`);
/// - the words: what to press, the hint after a miss (around the key it names), the line
///   shown once it is done.
/// Where the moves go, and that a practice not done closes the way on, is the table of
/// moves (`WebMoves`), which settles a practice as it selects a question.
package enum WebPractice {
    /// The key as the script names it: `KeyboardEvent.key` ("/", "Enter", "ArrowUp", " "),
    /// or "Ctrl+" and the lowercase letter for a letter held with Ctrl; nil for a key no
    /// practice can ask for (Ctrl-C, the mouse).
    package static func id(of key: Key) -> String? {
        switch key {
        case .character(let character):
            guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 0x20 else {
                return String(character)
            }
            // A control character is Ctrl and its letter: 0x12 is Ctrl-R.
            return "Ctrl+" + String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x60)))
        case .left: return "ArrowLeft"
        case .right: return "ArrowRight"
        case .up: return "ArrowUp"
        case .down: return "ArrowDown"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Escape"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .controlC, .mouse: return nil
        }
    }

    /// The keys the script knows beyond one typed character, by id, and how a hint names
    /// each ("↑", "Ctrl-R", "Space"): every named key and Ctrl letter a practice may ask for.
    /// A key not here and not one character is the browser's (Shift alone, F5, a dead key,
    /// Ctrl-C). Tab is left out: on the web it moves the focus, and a page that took it
    /// would trap it; a practice that asks for Tab still has it.
    package static var names: [(id: String, label: String)] {
        let keys = KeyName.named.map(\.key) + KeyName.controlLetters.compactMap { KeyName.key("ctrl-\($0)") }
        return keys.filter { $0 != .tab }.compactMap { key in id(of: key).map { ($0, key.label(.unicode)) } }
    }

    /// The page's moves a key still makes on a practice not done when the practice does
    /// not ask for that key: the ways back and out (`PracticeProgress.waysOut`). Any other
    /// key is the practice's, a miss. By the names the script looks moves up by; "jump"
    /// is a digit's.
    package static var waysOut: [String] {
        WebMoves.Named.allCases.filter { PracticeProgress.waysOut.contains($0.command) }.map(\.rawValue)
            + (PracticeProgress.waysOut.contains(.jumpToDigit) ? ["jump"] : [])
    }

    /// The page's own keys and the move each makes (besides 1–9, a jump): each one of the
    /// pager's keys for the same command, as WebPracticeTests checks. The script reads it
    /// (`moveKeysJSON`) for every page, and on a practice to tell a way out from a miss.
    package static let moveKeys: [(key: Key, move: WebMoves.Named)] = [
        (.right, .next), (.left, .previous), (.enter, .advance), (.escape, .skip), (.character("q"), .skip),
        (.home, .first), (.end, .last),
    ]

    /// `moveKeys` as JSON: `{"ArrowRight": "next", …}`.
    package static var moveKeysJSON: String {
        "{" + moveKeys.compactMap { entry in id(of: entry.key).map { JSONText.quote($0) + ":\"\(entry.move.rawValue)\"" } }
            .joined(separator: ",") + "}"
    }

    /// The keys `practice` asks for, each once, in order: the columns of its steps, and
    /// (by their ids) the script's `"keys"`.
    package static func asked(_ practice: Tour.Practice) -> [Key] {
        guard case .keys(let keys) = practice.expectation else { return [] }
        return keys.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// One step: the keys matched after it, and whether it was a miss (the hint shows).
    package struct Step: Equatable, Sendable {
        package var matched: Int
        package var missed: Bool
    }

    /// For each number of keys matched so far (0 up to one short of all), where each key
    /// of `asked` leads and, last, any other key: each worked out by `PracticeProgress.take`.
    package static func steps(_ practice: Tour.Practice) -> [[Step]] {
        guard case .keys(let keys) = practice.expectation else { return [] }
        // A key this practice does not ask for: one of five, as it asks for four at most.
        let other = "vwxyz".map { Key.character($0) }.first { !keys.contains($0) } ?? .tab
        return (0..<keys.count).map { matched in
            (asked(practice) + [other]).map { key in
                var progress = PracticeProgress()
                for earlier in keys.prefix(matched) { _ = progress.take(earlier, command: nil, for: practice) }
                _ = progress.take(key, command: nil, for: practice)
                return Step(matched: progress.matched, missed: progress.missed != nil)
            }
        }
    }

    /// The label's words around its one placeholder, which the caller fills with markup
    /// (`Tour.Label.fill` itself places it, so a label with it twice, or none, reads alike).
    package static func pieces(_ label: String, around placeholder: String) -> [String] {
        Tour.Label.fill(label, with: [placeholder: "\u{1}"]).split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
    }

    /// What to press or type, in `<kbd>`: "Press <kbd>g</kbd> <kbd>g</kbd>".
    package static func askHTML(_ practice: Tour.Practice, labels: Tour.Labels) -> String {
        let kbd: String
        switch practice.expectation {
        case .keys(let keys):
            kbd = keys.map { "<kbd>\(WebPage.escaped($0.label(.unicode)))</kbd>" }.joined(separator: " ")
            return pieces(labels[.practicePress], around: "{keys}").map(WebPage.escaped).joined(separator: kbd)
        case .line(let line):
            kbd = "<kbd>\(WebPage.escaped(line))</kbd>"
            return pieces(labels[.practiceType], around: "{line}").map(WebPage.escaped).joined(separator: kbd)
        }
    }

    /// The line shown once it is done: the check mark and `done`, or the label.
    package static func doneLine(_ practice: Tour.Practice, labels: Tour.Labels) -> String {
        "\(Glyphs.unicode.check) " + (practice.done.isEmpty ? labels[.practiceDone] : practice.done)
    }

    /// The script's data for one practice page, as JSON: `{"keys": [id, …], "steps":
    /// [[[matched, missed], …], …]}` for keys, or `{"line": …, "most": longest typed}`;
    /// and for both `"missed"`, the hint's words around the key or line it names,
    /// `"empty"`, how it names an empty line, and `"done"`, the line shown once it is done.
    package static func json(_ practice: Tour.Practice, labels: Tour.Labels) -> String {
        var fields: [String] = []
        switch practice.expectation {
        case .keys:
            fields.append("\"keys\":[" + asked(practice).compactMap { id(of: $0).map(JSONText.quote) }.joined(separator: ",") + "]")
            let rows = steps(practice).map { row in "[" + row.map { "[\($0.matched),\($0.missed ? 1 : 0)]" }.joined(separator: ",") + "]" }
            fields.append("\"steps\":[" + rows.joined(separator: ",") + "]")
        case .line(let line):
            fields.append("\"line\":" + JSONText.quote(line))
            fields.append("\"most\":\(Tour.Practice.maximumLineLength * 2)")
        }
        fields.append("\"missed\":[" + pieces(labels[.practiceMissed], around: "{tried}").map(JSONText.quote).joined(separator: ",") + "]")
        // How the terminal names a line tried empty.
        fields.append("\"empty\":" + JSONText.quote(Key.enter.label(.unicode)))
        fields.append("\"done\":" + JSONText.quote(doneLine(practice, labels: labels)))
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The data every practice page of an edition shares, as JSON: `{"names": {id: label,
    /// …}, "waysOut": [move, …]}`.
    package static var sharedJSON: String {
        let names = names.map { JSONText.quote($0.id) + ":" + JSONText.quote($0.label) }.joined(separator: ",")
        return "{\"names\":{\(names)},\"waysOut\":[" + waysOut.map(JSONText.quote).joined(separator: ",") + "]}"
    }

    /// A practice page's form: the subtitle, what to press or type, for a line a field to
    /// type it in, and a polite live line for the hint and the done line.
    static func form(_ page: Tour.Page, slide: WebSlide) -> String {
        var html = WebPage.subtitle(page)
        guard let practice = page.practice else { return html }
        let labels = slide.tour.labels
        let askID = slide.titleID + "-ask"
        html += "<div class=\"practice\" data-practice=\"\(WebPage.escaped(json(practice, labels: labels)))\">\n"
        html += "<p class=\"ask\" id=\"\(askID)\">\(askHTML(practice, labels: labels))</p>\n"
        if case .line = practice.expectation {
            html += "<input type=\"text\" class=\"typed\" aria-labelledby=\"\(askID)\" maxlength=\"\(Tour.Practice.maximumLineLength * 2)\""
            html += " autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\">\n"
        }
        return html + "<p class=\"said\" aria-live=\"polite\"></p>\n</div>\n"
    }
}

extension WebMoves.Named {
    /// The pager's command for the same move.
    var command: KeyBindings.Command { Self.commands[self]! }

    private static let commands: [Self: KeyBindings.Command] = [
        .next: .next, .previous: .previous, .advance: .advance, .first: .first, .last: .last, .skip: .skip,
    ]
}
