import Testing
@testable import TourCore
@testable import TourKit

/// The accessible mode's two decisions: the prompt it says, and what a typed line asks
/// for. Both come from the key table and the tour's labels.
@Suite("AccessibleTour")
struct AccessibleTourTests {
    @Test func thePromptNamesTheKeysOfTheTable() {
        #expect(AccessibleTour.prompt(isLastPage: false, bindings: .standard) == "[Enter] next · b back · q skip")
        #expect(AccessibleTour.prompt(isLastPage: true, bindings: .standard) == "[Enter] finish · b back · q close")
        let moved = KeyBindings.standard.remapping(.skip, to: [.character("x")])
        #expect(AccessibleTour.prompt(isLastPage: false, bindings: moved) == "[Enter] next · b back · x skip")
        var french = Tour.Labels()
        french[.hintNext] = "suivant"
        french[.hintBack] = "retour"
        french[.hintSkip] = "passer"
        #expect(AccessibleTour.prompt(isLastPage: false, bindings: .standard, labels: french) == "[Enter] suivant · b retour · q passer")
    }

    @Test func aTypedLineIsACommandOrAPageOrNothing() {
        let action = { (line: String) in AccessibleTour.action(for: line, bindings: .standard) }
        #expect(action("") == .advance && action("  \r") == .advance)
        #expect(action("b") == .previous && action("back") == .previous && action(" BACK ") == .previous)
        #expect(action("q") == .skip && action("skip") == .skip && action("Q") == .skip)
        #expect(action("3") == .jump(to: 2) && action("l") == .next && action("G") == .last)
        #expect(action("?") == nil && action("what") == nil && action("jj") == nil)
        // The tour's own words for back and skip, as the prompt says them.
        var french = Tour.Labels()
        french[.hintBack] = "retour"
        french[.hintSkip] = "passer"
        #expect(AccessibleTour.action(for: "retour", bindings: .standard, labels: french) == .previous)
        #expect(AccessibleTour.action(for: "Passer", bindings: .standard, labels: french) == .skip)
        // A key the table moved elsewhere no longer skips.
        let moved = KeyBindings.standard.remapping(.skip, to: [.character("x")])
        #expect(AccessibleTour.action(for: "q", bindings: moved) == nil && AccessibleTour.action(for: "x", bindings: moved) == .skip)
    }

    /// `3`, then Enter, on a three-page tour asks page 2's consent first: the accessible
    /// mode stops a jump where the pager does (issue 64, item 17).
    @Test func aJumpStopsAtAQuestionWithNoAnswer() throws {
        let tour = try Tour(json: #"""
            {"pages": [{"title": "One"},
                       {"kind": "choice", "key": "telemetry", "title": "Share usage?", "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]},
                       {"title": "Three"}]}
            """#)
        var lines = ["3", "", "", "2", ""]
        var written = ""
        let (outcome, answers) = AccessibleTour.play(tour, plan: RunPlan(tour: tour, selection: .everyPage), startPosition: 0, bindings: .standard,
                                                     glyphs: .unicode, write: { written += $0 }, readLine: { lines.isEmpty ? nil : lines.removeFirst() },
                                                     onPageChange: nil)
        // 3 lands on the question; Enter with no default stays; Enter again stays; 2 answers "no"; Enter finishes.
        #expect(outcome == .completed && answers == ["telemetry": "no"], "\(outcome) \(answers)\n\(written)")
        let question = written.firstRange(of: "Share usage?"), three = written.firstRange(of: "Three")
        #expect(question != nil && three != nil && question!.lowerBound < three!.lowerBound, "\(written)")
    }
}
