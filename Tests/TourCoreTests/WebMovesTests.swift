import Testing
@testable import TourCore

/// The web page's table of moves (`WebMoves`), read as its script reads it, goes where
/// `Navigation.go` goes: every page, every move, every jump, every state of the answers
/// (issue 66, item 1). Tests/Web plays the page in Chromium.
@Suite("Web page: the table of moves is Navigation's")
struct WebMovesTests {
    static let options = [Tour.Choice.Option(value: "yes", label: "Yes"), Tour.Choice.Option(value: "no", label: "No")]
    static func question(_ key: String, default value: String? = nil) -> Tour.Choice {
        Tour.Choice(key: key, options: options, default: value)
    }

    static func practice(_ title: String, _ keys: String) -> Tour.Page {
        Tour.Page(title: title, practice: Tour.Practice(keys: keys)!)
    }

    /// Questions with no default (consent), with one, side by side, and last; practices
    /// (issue 67) among them, side by side, and last.
    static let tours = [
        Tour(pages: [Tour.Page(title: "Welcome"), Tour.Page(title: "Share?", choice: question("telemetry")), Tour.Page(title: "More"),
                     Tour.Page(title: "Theme?", choice: question("theme", default: "yes")), Tour.Page(title: "Crash reports?", choice: question("crash")),
                     Tour.Page(title: "Done")]),
        Tour(pages: [Tour.Page(title: "Welcome"), Tour.Page(title: "One?", choice: question("one")), Tour.Page(title: "Two?", choice: question("two")),
                     Tour.Page(title: "Last?", choice: question("last"))]),
        Tour(pages: [Tour.Page(title: "Only?", choice: question("only"))]),
        Tour(pages: [Tour.Page(title: "One"), Tour.Page(title: "Two")]),
        Tour(pages: [Tour.Page(title: "Welcome"), practice("Search", "/"), Tour.Page(title: "More"), Tour.Page(title: "Share?", choice: question("telemetry")),
                     Tour.Page(title: "Sync", practice: Tour.Practice(line: "notes sync")!), practice("Top", "g g"), Tour.Page(title: "Done")]),
        Tour(pages: [practice("Quit", "q"), Tour.Page(title: "Theme?", choice: question("theme", default: "no")), practice("Enter", "enter")]),
    ]

    /// The person opens the way on from `position`: selects the second option, or does
    /// the practice (typed, as the accessible mode takes it).
    static func open(_ answers: inout Answers, on position: Int, of page: Tour.Page) {
        if let practice = page.practice {
            var progress = PracticeProgress()
            progress.take(line: practice.named(.ascii), for: practice)
            answers.practice[position] = progress
        } else {
            answers.select(1, on: position, of: page)
        }
    }

    /// What the script does, in Swift: `WebMoves.follow` on the emitted rows.
    static func expected(_ move: Paging.Move, from position: Int, tour: Tour, answers: Answers) -> WebMoves.Outcome? {
        var after = answers
        guard let (_, next) = Navigation.go(move, from: Paging(pageCount: tour.pageCount, currentPage: position),
                                            answers: &after, page: { tour.page($0) }) else { return nil }
        let ending: WebMoves.Ending? = switch next.outcome {
        case .completed?: .finish
        case .skipped?: .skip
        default: nil
        }
        return WebMoves.Outcome(page: ending == nil ? next.currentPage : position, ending: ending,
                                answers: after.answered.contains(position) && !answers.answered.contains(position))
    }

    @Test func everyMoveOnEveryPageInEveryStateOfTheAnswersIsNavigations() {
        for tour in Self.tours {
            let rows = WebMoves.rows(tour)
            let open = (0..<tour.pageCount).filter { Answers().blocksForward(on: $0, of: tour.page($0)) }
            for selectedSet in 0..<(1 << open.count) {
                var answers = Answers()
                for (bit, position) in open.enumerated() where selectedSet & (1 << bit) != 0 {
                    Self.open(&answers, on: position, of: tour.page(position))
                    #expect(!answers.blocksForward(on: position, of: tour.page(position)))
                }
                let unanswered = { answers.blocksForward(on: $0, of: tour.page($0)) }
                for position in 0..<tour.pageCount {
                    for name in WebMoves.Named.allCases {
                        let found = WebMoves.follow(rows[position], named: name, from: position, unanswered: unanswered)
                        let wanted = Self.expected(name.move(on: tour.page(position)), from: position, tour: tour, answers: answers)
                        #expect(found == wanted, "\(name) from page \(position + 1), selected \(selectedSet)")
                    }
                    for asked in 0...tour.pageCount + 1 {
                        let found = WebMoves.follow(rows[position], named: nil, asked: asked, from: position, unanswered: unanswered)
                        let wanted = Self.expected(.jump(to: asked), from: position, tour: tour, answers: answers)
                        #expect(found == wanted, "jump to page \(asked + 1) from page \(position + 1), selected \(selectedSet)")
                    }
                }
            }
        }
    }

    /// What the script reads: from the welcome, End may be stopped from page 2 on; from the
    /// consent, going on is closed until it is answered, and answers it.
    @Test func theJSONSaysWhereTheAnswersComeIn() {
        let json = WebMoves.json(WebMoves.rows(Self.tours[0]))
        let rows = json.split(separator: "\n")
        #expect(rows.count == 6)
        #expect(rows[0].hasPrefix(#"[{"next":{"to":1},"previous":{"to":0},"advance":{"to":1},"first":{"to":0},"last":{"to":5,"stopsFrom":1},"skip":{"ends":"skip"},"#))
        #expect(rows[0].hasSuffix(#""jump":[[0,{"to":0}],[5,{"to":"asked","stopsFrom":1}]]},"#))
        #expect(rows[1].contains(#""advance":{"to":2,"closedWhileUnanswered":true,"answers":true}"#))
        #expect(rows[5].contains(#""advance":{"ends":"finish"}"#) && rows[5].contains(#""skip":{"ends":"finish"}"#))
        #expect(!json.contains("<") && !json.contains("&"), "nothing in it to escape in HTML")
    }

    /// A practice not done closes the way on and stops End, as an unanswered question does.
    @Test func aPracticeNotDoneIsInTheJSONAsAQuestion() {
        let rows = WebMoves.json(WebMoves.rows(Self.tours[4])).split(separator: "\n")
        #expect(rows[0].contains(#""last":{"to":6,"stopsFrom":1}"#))
        #expect(rows[1].contains(#""advance":{"to":2,"closedWhileUnanswered":true}"#) && rows[1].contains(#""next":{"to":2,"closedWhileUnanswered":true}"#))
        #expect(rows[1].contains(#""previous":{"to":0}"#) && rows[1].contains(#""skip":{"ends":"skip"}"#))
    }

    @Test func thePageCarriesTheTableForItsScript() {
        let html = WebPage.html([WebPage.Edition(language: nil, tour: Self.tours[0]) { _ in nil }])
        #expect(html.contains("<div class=\"moves\" hidden>" + WebMoves.json(WebMoves.rows(Self.tours[0])) + "</div>"))
    }
}
