/// The pager's keys and clicks: what each does, through the key table, on the page on
/// screen. Part of `PagerModel.update`.
extension PagerModel {
    /// A key, a click or a wheel turn.
    mutating func handle(_ key: Key) -> [PagerEffect] {
        let command = bindings.command(for: key)
        if contentError != nil {
            // While the file is broken, only the ways out work.
            switch command?.command {
            case .skip?: return apply(.skip)
            case .quit?: return apply(.controlC)
            default: return []
            }
        }
        if isShowingHelp {
            // Any key closes the help, and that key does nothing else (a mouse release is no key).
            if case .mouse(let event) = key, case .release = event.kind { return [] }
            isShowingHelp = false
            endAnimation()
            return [.draw]
        }
        if case .mouse(let event) = key { return click(event) }
        if let effects = onAPractice(key, command: command?.command) { return effects }
        guard let (command, digitPage) = command else { return [] }
        if tour.page(paging.currentPage).choice != nil, let effects = onAQuestion(command, digit: digitPage) { return effects }
        return perform(command, digit: digitPage)
    }

    /// A click or a wheel turn, by the layout of the frame on screen.
    mutating func click(_ event: MouseEvent) -> [PagerEffect] {
        guard settings.mouse else { return [] }
        let position = paging.currentPage
        let page = tour.page(position)
        let layout = settledLayout()
        // A click on an option chooses it.
        if page.choice != nil, case .press(0) = event.kind,
           let place = layout.parts.options.first(where: { $0.rect.contains(x: event.x, y: event.y) }) {
            answers.select(place.index, on: position, of: page)
            endAnimation()
            return [.draw]
        }
        // The wheel over a list that scrolls (anywhere on its rows) scrolls the list.
        if let list = layout.parts.list, (list.y..<list.y + list.height).contains(event.y), layout.scrollLimit > 0 {
            switch event.kind {
            case .wheelDown: return scroll(to: nextItem(after: scrollOffset, in: layout), within: layout)
            case .wheelUp: return scroll(to: previousItem(before: scrollOffset, in: layout), within: layout)
            default: break
            }
        }
        guard let action = mouseAction(event, on: layout) else { return [] }
        return swipe(action)
    }

    /// On a practice page not yet done: the key is tried against what the page asks for,
    /// unless it is a way out or back (`PracticeProgress.take`); nil when the pager acts on it.
    mutating func onAPractice(_ key: Key, command: KeyBindings.Command?) -> [PagerEffect]? {
        let position = paging.currentPage
        guard let practice = tour.page(position).practice else { return nil }
        var progress = answers.practice[position] ?? PracticeProgress()
        guard progress.take(key, command: command, for: practice) else { return nil }
        answers.practice[position] = progress
        endAnimation()
        return [.draw]
    }

    /// On a question: up and down move the choice, a digit chooses that option, q skips
    /// even on the last page; nil for the rest, which page as anywhere.
    mutating func onAQuestion(_ command: KeyBindings.Command, digit: Int?) -> [PagerEffect]? {
        let position = paging.currentPage
        let page = tour.page(position)
        switch command {
        case .scrollUp, .scrollDown:
            answers.move(by: command == .scrollUp ? -1 : 1, on: position, of: page)
            endAnimation()
            return [.draw]
        case .jumpToDigit:
            answers.select(digit ?? 0, on: position, of: page)
            endAnimation()
            return [.draw]
        case .skip: return apply(.skipQuestion)
        default: return nil
        }
    }

    /// What a command of the key table does on any page.
    mutating func perform(_ command: KeyBindings.Command, digit digitPage: Int?) -> [PagerEffect] {
        switch command {
        case .next: return swipe(.next)
        case .previous: return swipe(.previous)
        case .advance: return swipe(.advance)
        case .first: return swipe(.first)
        case .last: return swipe(.last)
        case .jumpToDigit: return swipe(.jump(to: digitPage ?? 0))
        case .skip: return apply(.skip)
        case .quit: return apply(.controlC)
        case .help:
            isShowingHelp = true
            endAnimation()
            return [.draw]
        case .scrollUp:
            let layout = settledLayout()
            return scroll(to: previousItem(before: scrollOffset, in: layout), within: layout)
        case .scrollDown:
            let layout = settledLayout()
            return scroll(to: nextItem(after: scrollOffset, in: layout), within: layout)
        case .screenDown:
            let layout = settledLayout()
            guard scrollOffset < layout.scrollLimit else { return swipe(.next) }
            let rows = max(1, layout.parts.list?.height ?? 1)
            // A screenful, ending on the start of an item so the next screen begins whole.
            let target = layout.parts.itemStarts.last { $0 > scrollOffset && $0 <= scrollOffset + rows } ?? scrollOffset + rows
            return scroll(to: target, within: layout)
        case .screenUp:
            guard scrollOffset > 0 else { return swipe(.previous) }
            let layout = settledLayout()
            let rows = max(1, layout.parts.list?.height ?? 1)
            let target = layout.parts.itemStarts.first { $0 >= scrollOffset - rows && $0 < scrollOffset } ?? scrollOffset - rows
            return scroll(to: target, within: layout)
        }
    }

    /// The start of the next item of the list on screen (or a row further, without items).
    func nextItem(after offset: Int, in layout: TourScreenView.Layout) -> Int {
        layout.parts.itemStarts.first { $0 > offset } ?? offset + 1
    }

    /// The start of the item before `offset`.
    func previousItem(before offset: Int, in layout: TourScreenView.Layout) -> Int {
        layout.parts.itemStarts.last { $0 < offset } ?? offset - 1
    }

    /// Scrolls the list to `offset`, within what the page's layout allows.
    mutating func scroll(to offset: Int, within layout: TourScreenView.Layout) -> [PagerEffect] {
        let clamped = max(0, min(offset, layout.scrollLimit))
        guard clamped != scrollOffset else { return [] }
        scrollOffset = clamped
        endAnimation()
        return [.draw]
    }

    /// What a click or the wheel does, by the layout of the frame on screen: the button
    /// advances, a dot jumps to its page, Skip skips, and the wheel turns pages.
    func mouseAction(_ event: MouseEvent, on layout: TourScreenView.Layout) -> Paging.Move? {
        switch event.kind {
        case .wheelUp: return .previous
        case .wheelDown: return .next
        case .release: return nil
        case .press(let button):
            guard button == 0 else { return nil }
            if let rect = layout.button, rect.contains(x: event.x, y: event.y) { return .advance }
            // A spot on the bar: the page at that fraction of the tour.
            if let bar = layout.bar, bar.contains(x: event.x, y: event.y) {
                return .jump(to: min(paging.pageCount - 1, (event.x - bar.x) * paging.pageCount / max(1, bar.width)))
            }
            if let rect = layout.skip, rect.contains(x: event.x, y: event.y) { return .skip }
            // Dots are one cell wide; accept the cell either side so they are easy to hit.
            for (index, dot) in layout.dots.enumerated() where event.y == dot.y && abs(event.x - dot.x) <= 1 {
                if abs(event.x - dot.x) == 1, layout.dots.contains(where: { $0.x == event.x }) { continue }
                return .jump(to: index)
            }
            return nil
        }
    }

    /// A paging action that may change the page: swipes slide, jumps cut. From a question,
    /// going on answers it, and with nothing chosen the way on is closed.
    mutating func swipe(_ asked: Paging.Move) -> [PagerEffect] {
        let before = paging.currentPage
        guard let (action, next) = Navigation.go(asked, from: paging, answers: &answers, page: { tour.page($0) }) else { return [] }
        let scrollBefore = scrollOffset
        endAnimation()
        var effects = apply(next)
        guard paging.isRunning, paging.currentPage != before else { return effects }
        // Swipes to a neighbour slide; jumps (Home, End, digits, dots) cut.
        let isSwipe = [Paging.Move.next, .previous, .advance].contains(action) && abs(paging.currentPage - before) == 1
        let slide = isSwipe ? Animation.Phase.slide(fromPage: before, fromScroll: scrollBefore, forward: paging.currentPage > before) : nil
        effects += present(slide: slide)
        return effects
    }

    /// Runs an action through the state machine; reports a page change or the end.
    mutating func apply(_ action: Paging.Move) -> [PagerEffect] {
        apply(paging.reduce(action))
    }

    /// Moves to `next`, the state an action led to; reports a page change or the end.
    mutating func apply(_ next: Paging) -> [PagerEffect] {
        let before = paging.currentPage
        paging = next
        if let outcome = paging.outcome {
            endAnimation()
            return [.finish(plan.writtenOutcome(outcome))]
        }
        guard paging.currentPage != before else { return [] }
        scrollOffset = 0
        return [.pageChanged(from: plan.writtenPage(atPosition: before), to: plan.writtenPage(atPosition: paging.currentPage))]
    }
}
