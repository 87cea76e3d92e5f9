/// What the person chose on the question pages of one run: the option selected on each,
/// and which they answered; and how far they came on each practice page. A value the
/// pager and the accessible mode keep; positions count the pages shown. A question counts as answered once the person goes on from it
/// (Enter, a swipe, the button) or finishes on it with an option selected; Skip, Ctrl-C
/// or a closed terminal answer nothing (`collected` is asked only of a finished run).
package struct Answers: Equatable, Sendable {
    /// Options chosen by the person, by page; a page not here has its default, if any.
    package private(set) var chosen: [Int: Int] = [:]
    /// The question pages answered.
    package private(set) var answered: Set<Int> = []
    /// The practice pages tried, by position: what was pressed or typed, and whether it is done.
    package var practice: [Int: PracticeProgress] = [:]

    package init() {}

    /// The option selected on `page` at `position`: the person's, else the default.
    package func selection(on position: Int, of page: Tour.Page) -> Int? {
        guard let choice = page.choice else { return nil }
        return chosen[position] ?? choice.defaultIndex
    }

    /// Moves the selection by `delta` options, clamped to the list; from nothing selected,
    /// down selects the first and up the last.
    package mutating func move(by delta: Int, on position: Int, of page: Tour.Page) {
        guard let count = page.choice?.options.count, count > 0 else { return }
        let current = selection(on: position, of: page) ?? (delta > 0 ? -1 : count)
        chosen[position] = min(max(0, current + delta), count - 1)
    }

    /// Selects option `index` (ignored when there is no such option).
    package mutating func select(_ index: Int, on position: Int, of page: Tour.Page) {
        guard let count = page.choice?.options.count, (0..<count).contains(index) else { return }
        chosen[position] = index
    }

    /// The way forward is closed: a question with nothing selected, or a practice not yet done.
    package func blocksForward(on position: Int, of page: Tour.Page) -> Bool {
        if page.practice != nil { return practice[position]?.isDone != true }
        return page.choice != nil && selection(on: position, of: page) == nil
    }

    /// Where a move forward from `before` to `target` must stop instead: the first question
    /// between them with no answer and no default, or practice not done (`Navigation` asks it for every mode, so
    /// no mode lets a jump pass a consent unasked).
    package func openQuestion(from before: Int, to target: Int, page: (Int) -> Tour.Page) -> Int? {
        guard target > before + 1 else { return nil }
        return (before + 1..<target).first { blocksForward(on: $0, of: page($0)) }
    }

    /// The person went on from `position`: its selection, if any, is their answer.
    package mutating func answer(on position: Int, of page: Tour.Page) {
        if selection(on: position, of: page) != nil { answered.insert(position) }
    }

    /// Whether the person may go from `position` to where `next` stands; when they go on
    /// (forward, or finishing), the selection on `position` becomes its answer; with nothing
    /// selected, the way on is closed (`Navigation` asks it for every mode).
    package mutating func goOn(from position: Int, of page: Tour.Page, to next: Paging) -> Bool {
        guard next.outcome == .completed || next.currentPage > position else { return true }
        if blocksForward(on: position, of: page) { return false }
        answer(on: position, of: page)
        return true
    }

    /// Each answered question's key and chosen value, from the pages shown.
    package func collected(in tour: Tour) -> [String: String] {
        var result: [String: String] = [:]
        for position in answered where position < tour.pageCount {
            let page = tour.page(position)
            guard let choice = page.choice, let index = selection(on: position, of: page) else { continue }
            result[choice.key] = choice.options[index].value
        }
        return result
    }
}
