/// The web page's paging rules as data: for each page, where each move lands, each entry
/// worked out by `Navigation.go`, the rule the pager and the accessible mode follow, so
/// the page's script carries no rule of its own (issue 66, item 1). The script looks a
/// move up (`follow` is that lookup, in Swift, for the tests) and reads one thing of its
/// own state: which pages close the way on yet, questions with nothing selected and
/// practices not done (issue 67), which the table treats alike.
///
/// An answer state per page would be 2^questions entries, and a row per target of a jump
/// would be pages² of them; so an entry holds what does not depend on the answers, and
/// says where the answers come in: a way closed while this page's question has nothing
/// selected, and the pages whose unanswered question would stop the move.
package enum WebMoves {
    /// A move the page makes, by the name the script looks it up by: → or a swipe, ← or a
    /// swipe, Enter or the button, Home, End, Esc or q or Skip. Jumps (a digit, a dot) are
    /// looked up by the page asked, in `Row.jumps`.
    package enum Named: String, CaseIterable, Sendable {
        case next, previous, advance, first, last, skip

        /// What the pager asks of the paging machine for this move on `page`: on a question,
        /// q is "skip the question", as the pager's keys make it.
        func move(on page: Tour.Page) -> Paging.Move {
            switch self {
            case .next: .next
            case .previous: .previous
            case .advance: .advance
            case .first: .first
            case .last: .last
            case .skip: page.choice == nil ? .skip : .skipQuestion
            }
        }
    }

    /// How a move ends the tour.
    package enum Ending: String, Sendable {
        /// `tour:finish`, with the answers.
        case finish
        /// `tour:skip`, with the page.
        case skip
    }

    /// Where one move from one page goes.
    package struct Entry: Equatable, Sendable {
        /// The page it lands on, counted from 0; nil for a jump: the page asked.
        package var to: Int?
        /// Set when the move ends the tour instead (`to` is then the page it was on).
        package var ending: Ending?
        /// The way is closed while this page's question has nothing selected.
        package var closedWhileUnanswered = false
        /// Going this way makes this page's selection its answer (`tour:answer`).
        package var answers = false
        /// The first page from here up to where the move lands whose question has nothing
        /// selected stops it there; nil when no page on the way can.
        package var stopsFrom: Int?
    }

    /// One page's moves.
    package struct Row: Equatable, Sendable {
        package var named: [Named: Entry] = [:]
        /// A jump, by ranges of the page asked: each entry covers the pages asked after
        /// the previous range, up to and including `through`.
        package var jumps: [(through: Int, entry: Entry)] = []

        package static func == (left: Row, right: Row) -> Bool {
            left.named == right.named && left.jumps.elementsEqual(right.jumps) { $0.through == $1.through && $0.entry == $1.entry }
        }
    }

    /// Where a move leads once the answers are known: nil when the way is closed.
    package struct Outcome: Equatable, Sendable {
        package var page: Int
        package var ending: Ending?
        package var answers: Bool
    }

    /// Every page's moves, each from `Navigation.go`.
    package static func rows(_ tour: Tour) -> [Row] {
        let count = tour.pageCount
        return (0..<count).map { index in
            var row = Row()
            let page = tour.page(index)
            for name in Named.allCases { row.named[name] = entry(name.move(on: page), from: index, in: tour) }
            // Back, here, on: the three ranges a jump's entries differ by.
            if index > 0 { row.jumps.append((index - 1, entry(.jump(to: 0), from: index, in: tour, asked: 0))) }
            row.jumps.append((index, entry(.jump(to: index), from: index, in: tour)))
            if index < count - 1 { row.jumps.append((count - 1, entry(.jump(to: count - 1), from: index, in: tour, asked: count - 1))) }
            return row
        }
    }

    /// Stands for the pages a move passes: a question with nothing selected (or a practice
    /// not done, which closes the way alike), which would stop it.
    static let passedPage = Tour.Page(title: "", choice: Tour.Choice(key: "passed", options: [
        Tour.Choice.Option(value: "a", label: "a"), Tour.Choice.Option(value: "b", label: "b")]))

    /// One move from `position`. A move that passes pages (End, a jump on) is worked out on
    /// three: this page, `passedPage` for the pages between, and the page it lands on, so
    /// a row costs the same however long the tour (10,000 pages of End scanning every page
    /// between took minutes). `asked`: the page a jump asked, written as "the page asked".
    static func entry(_ move: Paging.Move, from position: Int, in tour: Tour, asked: Int? = nil) -> Entry {
        let target = Paging(pageCount: tour.pageCount, currentPage: position).reduce(move).currentPage
        guard target > position + 1 else {
            return entry(move, from: position, pageCount: tour.pageCount, page: { tour.page($0) }, concerned: [position, target], asked: asked)
        }
        let window = [tour.page(position), passedPage, tour.page(target)]
        var entry = entry(move == .last ? .last : .jump(to: 2), from: 0, pageCount: 3, page: { window[$0] },
                          concerned: [0, 1, 2], asked: asked == nil ? nil : 2)
        entry.to = entry.to.map { $0 == 2 ? target : position + $0 }
        entry.stopsFrom = entry.stopsFrom.map { position + $0 }
        return entry
    }

    /// One move from `position`, asked of `Navigation.go` three times: with the questions on
    /// the `concerned` pages selected (where it lands, whether it ends or answers), with none
    /// selected but this page's (whether a page on the way stops it), and with none
    /// (whether this page's own question closes it).
    static func entry(_ move: Paging.Move, from position: Int, pageCount: Int, page: (Int) -> Tour.Page,
                      concerned: [Int], asked: Int?) -> Entry {
        let state = Paging(pageCount: pageCount, currentPage: position)
        var clear = Answers()
        for index in concerned { settle(&clear, on: index, of: page(index)) }
        // Closed even then: a question with no option to select, which stays unanswered.
        guard let (_, next) = Navigation.go(move, from: state, answers: &clear, page: page) else {
            return Entry(to: position, closedWhileUnanswered: true)
        }
        var entry = Entry(to: next.currentPage == asked ? nil : next.currentPage)
        switch next.outcome {
        case .completed?: entry.ending = .finish
        case .skipped?: entry.ending = .skip
        default: break  // running, or interrupted, which no page move does
        }
        entry.answers = clear.answered.contains(position)
        var none = Answers()
        entry.closedWhileUnanswered = Navigation.go(move, from: state, answers: &none, page: page) == nil
        var onlyThis = Answers()
        settle(&onlyThis, on: position, of: page(position))
        if let (_, stopped) = Navigation.go(move, from: state, answers: &onlyThis, page: page), stopped != next {
            entry.stopsFrom = position + 1
        }
        return entry
    }

    /// Opens the way on from `position` as the person would: a question's first option
    /// selected, a practice done (its keys pressed, or its line typed, by its own rules).
    static func settle(_ answers: inout Answers, on position: Int, of page: Tour.Page) {
        answers.select(0, on: position, of: page)
        guard let practice = page.practice else { return }
        var progress = PracticeProgress()
        switch practice.expectation {
        case .keys(let keys): for key in keys { _ = progress.take(key, command: nil, for: practice) }
        case .line(let line): progress.take(line: line, for: practice)
        }
        answers.practice[position] = progress
    }

    /// The script's lookup: the entry for a move (a jump by the page asked; nil for a page
    /// out of range, which goes nowhere), then the answers read into it.
    package static func follow(_ row: Row, named: Named?, asked: Int = 0, from position: Int,
                               unanswered: (Int) -> Bool) -> Outcome? {
        let found = named.map { row.named[$0] } ?? row.jumps.first { asked <= $0.through }?.entry
        guard let entry = found else { return Outcome(page: position, ending: nil, answers: false) }
        if entry.closedWhileUnanswered && unanswered(position) { return nil }
        var landing = entry.to ?? asked
        if let from = entry.stopsFrom, let stop = (from..<max(from, landing)).first(where: unanswered) { landing = stop }
        return Outcome(page: entry.ending == nil ? landing : position, ending: entry.ending, answers: entry.answers)
    }

    /// The rows as JSON, for the script: an array of pages, each
    /// `{"next": entry, …, "jump": [[through, entry], …]}`, an entry
    /// `{"to": page or "asked", "ends": "finish" or "skip", "closedWhileUnanswered": true,
    /// "answers": true, "stopsFrom": page}`, each key only when it says something.
    package static func json(_ rows: [Row]) -> String {
        func text(_ entry: Entry) -> String {
            var fields: [String] = []
            if let ending = entry.ending {
                fields.append("\"ends\":\"\(ending.rawValue)\"")
            } else {
                fields.append("\"to\":" + (entry.to.map(String.init) ?? "\"asked\""))
            }
            if entry.closedWhileUnanswered { fields.append("\"closedWhileUnanswered\":true") }
            if entry.answers { fields.append("\"answers\":true") }
            if let from = entry.stopsFrom { fields.append("\"stopsFrom\":\(from)") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        var json = "["
        for (index, row) in rows.enumerated() {
            if index > 0 { json += ",\n" }
            json += "{"
            for name in Named.allCases { if let entry = row.named[name] { json += "\"\(name.rawValue)\":\(text(entry))," } }
            json += "\"jump\":[" + row.jumps.map { "[\($0.through),\(text($0.entry))]" }.joined(separator: ",") + "]}"
        }
        return json + "]"
    }
}
