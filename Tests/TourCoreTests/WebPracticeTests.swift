import Testing
@testable import TourCore

/// The data a practice page's script plays it by (`WebPractice`) says what the pager's
/// rules say (`PracticeProgress`, `KeyName`, `KeyBindings`): the browser's name for every
/// key a practice may ask for, the steps of a sequence, the ways out, the words (issue 67).
/// Tests/Web plays it in Chromium with real keys.
@Suite("Web page: a practice's data is the pager's rules")
struct WebPracticeTests {
    /// `KeyboardEvent.key` for every name `"expect"` takes, written out by hand.
    static let browserNames: [String: String] = [
        "enter": "Enter", "tab": "Tab", "esc": "Escape", "backspace": "Backspace", "space": " ",
        "up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight",
        "home": "Home", "end": "End", "pgup": "PageUp", "pgdn": "PageDown",
    ]

    @Test func everyKeyNameHasTheBrowsersName() throws {
        for name in KeyName.all {
            let key = try #require(KeyName.key(name), "\(name)")
            let wanted = name.hasPrefix("ctrl-") ? "Ctrl+" + name.dropFirst(5) : Self.browserNames[name]
            #expect(wanted != nil, "\(name): a new key name needs its browser name here")
            #expect(WebPractice.id(of: key) == wanted, "\(name)")
        }
        // One printable character is itself, as KeyboardEvent.key gives it with Shift.
        for character in ["/", "?", "g", "G", "1", "q", "é", "€", "{"] {
            #expect(WebPractice.id(of: try #require(KeyName.key(character))) == character)
        }
        #expect(WebPractice.id(of: .controlC) == nil)
    }

    /// The names the hint uses are the terminal's, for every key but Tab, which the web
    /// page leaves to the focus; each id once.
    @Test func theHintNamesKeysAsTheTerminalDoes() {
        let names = WebPractice.names
        #expect(Set(names.map(\.id)).count == names.count)
        for name in KeyName.all where name != "tab" {
            let key = KeyName.key(name)!
            #expect(names.first { $0.id == WebPractice.id(of: key) }?.label == key.label(.unicode), "\(name)")
        }
        #expect(!names.contains { $0.id == "Tab" })
        #expect(names.first { $0.id == "Ctrl+r" }?.label == "Ctrl-R" && names.first { $0.id == " " }?.label == "Space")
    }

    /// Each of the page's own keys makes the move the pager's key table makes with it, and
    /// the ways out are the pager's.
    @Test func thePagesKeysAndWaysOutAreThePagers() {
        for (key, move) in WebPractice.moveKeys {
            #expect(KeyBindings.standard.command(for: key)?.command == move.command, "\(key)")
        }
        for move in WebMoves.Named.allCases {
            #expect(WebPractice.waysOut.contains(move.rawValue) == PracticeProgress.waysOut.contains(move.command), "\(move)")
        }
        #expect(WebPractice.waysOut.contains("jump") == PracticeProgress.waysOut.contains(.jumpToDigit))
        #expect(WebPractice.moveKeysJSON == #"{"ArrowRight":"next","ArrowLeft":"previous","Enter":"advance","Escape":"skip","q":"skip","Home":"first","End":"last"}"#)
    }

    static let practices = ["/", "g g", "g h g", "a b a b", "ctrl-x ctrl-e", "q", "enter", "right", "space"].map { Tour.Practice(keys: $0)! }

    /// What the script does with a key on a practice of keys not done, in Swift: nil when it
    /// lets the key through (a way out, not asked), else the keys matched after it and
    /// whether the hint shows.
    static func script(_ key: Key, matched: Int, practice: Tour.Practice) -> WebPractice.Step? {
        let id = WebPractice.id(of: key)!
        let asked = WebPractice.asked(practice).compactMap(WebPractice.id(of:))
        let move = WebPractice.moveKeys.first { $0.key == key }?.move.rawValue ?? (id.count == 1 && id >= "1" && id <= "9" ? "jump" : nil)
        if !asked.contains(id), let move, WebPractice.waysOut.contains(move) { return nil }
        let index = asked.firstIndex(of: id) ?? asked.count
        return WebPractice.steps(practice)[matched][index]
    }

    /// Every sequence of four keys, from the keys asked, another, and the page's own keys:
    /// the script's steps and ways out go where `PracticeProgress.take` goes, key by key.
    @Test func theStepsAreThePracticesOwn() {
        let others: [Key] = [.right, .left, .enter, .escape, .character("q"), .character("3"), .up, .character("x")]
        for practice in Self.practices {
            let asked = WebPractice.asked(practice), count = WebPractice.steps(practice).count
            let alphabet = asked + others.filter { !asked.contains($0) }
            var sequences: [[Key]] = [[]]
            for _ in 0..<4 { sequences = sequences.flatMap { sequence in alphabet.map { sequence + [$0] } } }
            var differing: [[Key]] = []
            for sequence in sequences {
                var progress = PracticeProgress(), matched = 0
                for key in sequence where !progress.isDone {
                    let before = progress
                    let taken = progress.take(key, command: KeyBindings.standard.command(for: key)?.command, for: practice)
                    let step = Self.script(key, matched: matched, practice: practice)
                    matched = step?.matched ?? matched
                    let same = step.map { progress.matched == $0.matched && (progress.missed != nil) == $0.missed
                        && progress.isDone == ($0.matched == count) } ?? (!taken && progress == before)
                    if !same { differing.append(sequence); break }
                }
            }
            #expect(differing.isEmpty, "\(practice.named(.unicode)): \(differing.prefix(3)) of \(sequences.count)")
        }
    }

    @Test func theDataIsWhatTheScriptReads() {
        let labels = Tour.Labels()
        #expect(WebPractice.json(Tour.Practice(keys: "/", done: "That is search.")!, labels: labels)
                == #"{"keys":["/"],"steps":[[[1,0],[0,1]]],"missed":["Not quite: that was ",". Try again."],"empty":"Enter","done":"✓ That is search."}"#)
        #expect(WebPractice.json(Tour.Practice(keys: "g g")!, labels: labels)
                == #"{"keys":["g"],"steps":[[[1,0],[0,1]],[[2,0],[0,1]]],"missed":["Not quite: that was ",". Try again."],"empty":"Enter","done":"✓ Done"}"#)
        #expect(WebPractice.json(Tour.Practice(line: "notes   sync")!, labels: labels)
                == #"{"line":"notes sync","most":240,"missed":["Not quite: that was ",". Try again."],"empty":"Enter","done":"✓ Done"}"#)
        #expect(WebPractice.json(Tour.Practice(keys: "ctrl-r enter")!, labels: labels).hasPrefix(#"{"keys":["Ctrl+r","Enter"],"#))
        #expect(WebPractice.askHTML(Tour.Practice(keys: "g g")!, labels: labels) == "Press <kbd>g</kbd> <kbd>g</kbd>")
        #expect(WebPractice.askHTML(Tour.Practice(keys: "<")!, labels: labels) == "Press <kbd>&lt;</kbd>")
        #expect(WebPractice.askHTML(Tour.Practice(line: "a <b>")!, labels: labels) == "Type <kbd>a &lt;b&gt;</kbd> and press Enter")
        // A translation's label places the keys where it will, or twice, as Label.fill does.
        #expect(WebPractice.pieces("{tried}? Nein: {tried}.", around: "{tried}") == ["", "? Nein: ", "."])
        #expect(WebPractice.pieces("Nein.", around: "{tried}") == ["Nein."])
    }

    @Test func aPracticePageCarriesItsDataAndOnlyThen() {
        let tour = Tour(pages: [Tour.Page(title: "Welcome"), Tour.Page(title: "Search", subtitle: "Press / to search.", practice: Tour.Practice(keys: "/")!),
                                Tour.Page(title: "Sync", practice: Tour.Practice(line: "notes sync")!)])
        let html = WebPage.html([WebPage.Edition(language: nil, tour: tour) { _ in nil }])
        let data = WebPage.escaped(WebPractice.json(tour.page(1).practice!, labels: tour.labels))
        #expect(html.contains("<div class=\"practice\" data-practice=\"\(data)\">\n<p class=\"ask\" id=\"t0-1-ask\">Press <kbd>/</kbd></p>\n<p class=\"said\" aria-live=\"polite\"></p>\n</div>"))
        #expect(html.contains("<input type=\"text\" class=\"typed\" aria-labelledby=\"t0-2-ask\" maxlength=\"240\""))
        #expect(html.contains("<div class=\"practice-keys\" hidden>\(WebPage.escaped(WebPractice.sharedJSON))</div>"))
        let plain = WebPage.html([WebPage.Edition(language: nil, tour: Tour(pages: [Tour.Page(title: "One")])) { _ in nil }])
        #expect(!plain.contains("<div class=\"practice-keys\"") && !plain.contains("data-practice=\""))
    }
}
