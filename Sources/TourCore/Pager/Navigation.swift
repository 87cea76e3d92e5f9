/// Where a move goes: the one rule every front end follows, the pager and the accessible
/// mode alike (and the tests that drive them), so that no mode lets a move pass a question
/// the others would stop at.
///
/// The paging machine says where a move leads; the questions then have their say:
/// - a jump forward (End, a digit, a dot, a number typed) past a question with no answer
///   and no default lands on that question instead;
/// - going on from a question (forward, or finishing) takes its selection as the answer,
///   and with nothing selected the way on is closed.
package enum Navigation {
    /// The move taken (`asked`, or the jump to the question it stopped at) and the state it
    /// leads to; nil when the way on is closed. `answers` takes the answer of a question
    /// gone on from.
    package static func go(_ asked: Paging.Move, from state: Paging, answers: inout Answers,
                           page: (Int) -> Tour.Page) -> (move: Paging.Move, next: Paging)? {
        let before = state.currentPage
        var move = asked, next = state.reduce(asked)
        if let open = answers.openQuestion(from: before, to: next.currentPage, page: page) {
            move = .jump(to: open)
            next = state.reduce(move)
        }
        guard answers.goOn(from: before, of: page(before), to: next) else { return nil }
        return (move, next)
    }
}
