import Testing
@testable import TourCore

/// The one rule of where a move goes, which the pager and the accessible mode both follow.
@Suite("Navigation: where a move goes")
struct NavigationTests {
    static let consent = Tour.Choice(key: "telemetry", options: [Tour.Choice.Option(value: "yes", label: "Yes"),
                                                                  Tour.Choice.Option(value: "no", label: "No")])
    /// Welcome, a question with no default, a question with a default, the end.
    static let pages = [Tour.Page(title: "Welcome"), Tour.Page(title: "Share?", choice: consent),
                        Tour.Page(title: "Theme?", choice: Tour.Choice(key: "theme", options: consent.options, default: "yes")),
                        Tour.Page(title: "Done")]
    static func page(_ index: Int) -> Tour.Page { pages[index] }

    @Test func aJumpPastAnOpenQuestionLandsOnIt() throws {
        var answers = Answers()
        let start = Paging(pageCount: 4, currentPage: 0)
        for move in [Paging.Move.last, .jump(to: 3), .jump(to: 2)] {
            let (taken, next) = try #require(Navigation.go(move, from: start, answers: &answers, page: Self.page))
            #expect(taken == .jump(to: 1) && next.currentPage == 1, "\(move)")
        }
        // The next page is no jump past it.
        #expect(Navigation.go(.next, from: start, answers: &answers, page: Self.page)?.next.currentPage == 1)
    }

    @Test func aQuestionWithNothingChosenClosesTheWayOn() throws {
        var answers = Answers()
        let onQuestion = Paging(pageCount: 4, currentPage: 1)
        #expect(Navigation.go(.advance, from: onQuestion, answers: &answers, page: Self.page) == nil)
        #expect(Navigation.go(.last, from: onQuestion, answers: &answers, page: Self.page) == nil)
        // Back stays open; so does skipping the question.
        #expect(Navigation.go(.previous, from: onQuestion, answers: &answers, page: Self.page)?.next.currentPage == 0)
        #expect(Navigation.go(.skipQuestion, from: onQuestion, answers: &answers, page: Self.page)?.next.outcome == .skipped(atPage: 1))
        // Chosen, it goes on, and the choice is the answer.
        answers.select(1, on: 1, of: Self.page(1))
        let (_, next) = try #require(Navigation.go(.last, from: onQuestion, answers: &answers, page: Self.page))
        #expect(next.currentPage == 3)
        #expect(answers.collected(in: Tour(pages: Self.pages)) == ["telemetry": "no"])
    }

    /// The question with a default (page 3 here) does not stop a jump.
    @Test func aQuestionWithADefaultIsPassed() throws {
        var answers = Answers()
        answers.select(0, on: 1, of: Self.page(1))
        let afterFirst = try #require(Navigation.go(.advance, from: Paging(pageCount: 4, currentPage: 1), answers: &answers, page: Self.page)).next
        let (taken, next) = try #require(Navigation.go(.last, from: afterFirst, answers: &answers, page: Self.page))
        #expect(taken == .last && next.currentPage == 3)
    }
}
