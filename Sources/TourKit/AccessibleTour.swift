import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// The tour for screen readers and braille displays: no full screen and no redraws, just
/// each page as text and a prompt read line by line from stdin. The words it accepts
/// and names come from the key table: Enter, and each command's first typed key.
enum AccessibleTour {
    static func prompt(isLastPage: Bool, bindings: KeyBindings, labels: Tour.Labels = Tour.Labels()) -> String {
        var parts = ["[Enter] \(labels[isLastPage ? .hintFinish : .hintNext])"]
        if let back = bindings.typedKey(for: .previous) { parts.append("\(back) \(labels[.hintBack])") }
        if let skip = bindings.typedKey(for: .skip) { parts.append("\(skip) \(labels[isLastPage ? .hintClose : .hintSkip])") }
        return parts.joined(separator: " · ")
    }

    /// What a typed line asks for: Enter advances, a command's key or its word does that
    /// command, a number jumps to that page. The words are English ("back", "skip") and
    /// the tour's own for them.
    static func action(for line: String, bindings: KeyBindings, labels: Tour.Labels = Tour.Labels()) -> Paging.Move? {
        let typed = line.trimmingSpaces
        let answer = typed.lowercased()
        if answer.isEmpty { return .advance }
        if answer == "back" || answer == labels[.hintBack].lowercased() { return .previous }
        if answer == "skip" || answer == labels[.hintSkip].lowercased() { return .skip }
        if let number = Int(answer) { return .jump(to: number - 1) }
        // A key as typed (G, last, is not g, first); else as lowercase (Q with caps lock).
        guard typed.count == 1, let command = (bindings.command(for: .character(typed.first!))
                                               ?? bindings.command(for: .character(answer.first!)))?.command else { return nil }
        switch command {
        case .next, .screenDown: return .next
        case .previous, .screenUp: return .previous
        case .advance: return .advance
        case .first: return .first
        case .last: return .last
        case .skip: return .skip
        case .quit, .help, .scrollUp, .scrollDown, .jumpToDigit: return nil
        }
    }

    /// A question's prompt: "Choose 1–3 (Enter: 2) · b back · q skip".
    static func questionPrompt(_ choice: Tour.Choice, bindings: KeyBindings, labels: Tour.Labels = Tour.Labels()) -> String {
        var ask = Tour.Label.fill(labels[.choosePrompt], with: ["{first}": "1", "{last}": String(choice.options.count)])
        if let index = choice.defaultIndex { ask += " ([Enter] \(index + 1))" }
        var parts = [ask + ":"]
        if let back = bindings.typedKey(for: .previous) { parts.append("\(back) \(labels[.hintBack])") }
        if let skip = bindings.typedKey(for: .skip) { parts.append("\(skip) \(labels[.hintSkip])") }
        return parts.joined(separator: " · ")
    }

    /// What a typed line does on a question: a number chooses that option and goes on,
    /// Enter takes the default; back and skip as anywhere (skip answers nothing, even on
    /// the last page). Nil for anything else, and for Enter with no default.
    static func questionAction(for line: String, choice: Tour.Choice, bindings: KeyBindings,
                               labels: Tour.Labels = Tour.Labels()) -> (option: Int?, action: Paging.Move)? {
        let typed = line.trimmingSpaces.lowercased()
        if typed.isEmpty { return choice.defaultIndex.map { ($0, .advance) } }
        if let number = Int(typed) { return (1...choice.options.count).contains(number) ? (number - 1, .advance) : nil }
        switch action(for: line, bindings: bindings, labels: labels) {
        case .previous?: return (nil, .previous)
        case .skip?: return (nil, .skipQuestion)
        default: return nil
        }
    }

    /// A practice's prompt: "Type it, then Enter · b back · q skip".
    static func practicePrompt(bindings: KeyBindings, labels: Tour.Labels = Tour.Labels()) -> String {
        var parts = [labels[.practicePrompt]]
        if let back = bindings.typedKey(for: .previous) { parts.append("\(back) \(labels[.hintBack])") }
        if let skip = bindings.typedKey(for: .skip) { parts.append("\(skip) \(labels[.hintSkip])") }
        return parts.joined(separator: " · ")
    }

    /// A line typed on a practice page not yet done: tried first as the practice (so a
    /// practice may ask for q or b), then as a way back or out, which the caller takes.
    /// Says what to write: the check mark and `done`, or a kind word; nil for a way out.
    static func practise(_ line: String, on position: Int, of page: Tour.Page, answers: inout Answers, bindings: KeyBindings,
                         glyphs: Glyphs, labels: Tour.Labels) -> String? {
        guard let practice = page.practice else { return nil }
        var progress = answers.practice[position] ?? PracticeProgress()
        progress.take(line: line, for: practice)
        if progress.isDone {
            answers.practice[position] = progress
            return "\(glyphs.check) " + (practice.done.isEmpty ? labels[.practiceDone] : practice.done)
        }
        switch action(for: line, bindings: bindings, labels: labels) {
        case .previous?, .skip?, .first?, .jump?: return nil
        default: break
        }
        answers.practice[position] = progress
        let tried = line.trimmingSpaces.isEmpty ? "Enter" : line.trimmingSpaces
        return Tour.Label.fill(labels[.practiceMissed], with: ["{tried}": tried]) + " "
            + PlainText.practiceInstruction(practice, glyphs: glyphs, labels: labels)
    }

    /// Plays the plan's pages of `tour` linearly, from `startPosition` among them; returns
    /// how it ended, with the answers of its question pages (only when it finished).
    /// Outcomes and page changes count pages in the tour as written; the numbers read and
    /// typed count the pages shown, as a person hears them.
    static func play(_ tour: Tour, plan: RunPlan, startPosition: Int, bindings: KeyBindings, glyphs: Glyphs, write: (String) -> Void,
                     readLine: () -> String?, onPageChange: ((Int, Int) -> Void)?) -> (outcome: TourOutcome, answers: [String: String]) {
        let shown = plan.shownTour(tour)
        var state = Paging(pageCount: shown.pageCount, currentPage: startPosition)
        var answers = Answers()
        var pageToPrint: Int? = state.currentPage
        while state.isRunning {
            let page = shown.page(state.currentPage)
            if let number = pageToPrint {
                write(PlainText.page(page, number: number + 1, of: shown.pageCount, glyphs: glyphs, spoken: true, labels: tour.labels))
                pageToPrint = nil
            }
            let practising = page.practice != nil && answers.practice[state.currentPage]?.isDone != true
            if let choice = page.choice {
                write(questionPrompt(choice, bindings: bindings, labels: tour.labels) + "\n")
            } else if practising {
                write(practicePrompt(bindings: bindings, labels: tour.labels) + "\n")
            } else {
                write(prompt(isLastPage: state.isLastPage, bindings: bindings, labels: tour.labels) + "\n")
            }
            guard let line = readLine() else {
                // Input ended: nobody is there to choose.
                state = state.reduce(.interrupt(signal: SIGHUP))
                break
            }
            if let choice = page.choice {
                guard let (option, questionAction) = questionAction(for: line, choice: choice, bindings: bindings, labels: tour.labels) else {
                    write(tour.labels[.notUnderstood] + "\n")
                    continue
                }
                if let option { answers.select(option, on: state.currentPage, of: page) }
                let before = state.currentPage
                guard let (_, next) = Navigation.go(questionAction, from: state, answers: &answers, page: { shown.page($0) }) else {
                    write(tour.labels[.notUnderstood] + "\n")
                    continue
                }
                state = next
                if state.isRunning, state.currentPage != before {
                    onPageChange?(plan.writtenPage(atPosition: before), plan.writtenPage(atPosition: state.currentPage))
                    pageToPrint = state.currentPage
                } else if state.isRunning {
                    write(tour.labels[.firstPage] + "\n")
                }
                continue
            }
            if practising, let said = practise(line, on: state.currentPage, of: page, answers: &answers, bindings: bindings,
                                               glyphs: glyphs, labels: tour.labels) {
                write(said + "\n")
                continue
            }
            guard let action = action(for: line, bindings: bindings, labels: tour.labels) else {
                // The prompt that follows lists what can be typed.
                write(tour.labels[.notUnderstood] + "\n")
                continue
            }
            let before = state.currentPage
            // As the pager goes: a jump past a question with no answer and no default lands on it.
            guard let (_, next) = Navigation.go(action, from: state, answers: &answers, page: { shown.page($0) }) else {
                write(tour.labels[.notUnderstood] + "\n")
                continue
            }
            state = next
            if state.currentPage != before {
                onPageChange?(plan.writtenPage(atPosition: before), plan.writtenPage(atPosition: state.currentPage))
                pageToPrint = state.currentPage
            } else if action == .jump(to: before) {
                // The number of the page it is on: read it again.
                pageToPrint = before
            } else if state.isRunning {
                write(tour.labels[action == .previous ? .firstPage : .noSuchPage] + "\n")
            }
        }
        let outcome = state.outcome ?? .interrupted(signal: SIGHUP)
        return (plan.writtenOutcome(outcome), outcome == .completed ? answers.collected(in: shown) : [:])
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
