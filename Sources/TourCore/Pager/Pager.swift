#if canImport(Glibc)
import Glibc
#endif

/// The whole state of a running pager, and the one function that changes it.
///
/// `update(_:at:)` takes a message (a key, a click, a resize, a clock tick, a file change,
/// a signal) and returns effects as values. It never draws and never calls the view: the
/// view reads this model, and clicks are hit-tested against the layout of the last frame
/// drawn, which arrives as a `.drawn` message.
package struct Pager: Sendable {
    /// What can be set before the pager starts.
    package struct Settings: Sendable {
        /// Slide between pages and reveal hero art; off for reduced motion.
        package var animation = true
        /// Clicks and the wheel mean something.
        package var mouse = true
        /// The key table.
        package var bindings = KeyBindings.standard

        package init(animation: Bool = true, mouse: Bool = true, bindings: KeyBindings = .standard) {
            self.animation = animation
            self.mouse = mouse
            self.bindings = bindings
        }
    }

    /// A running animation: one or more phases, each a function of its progress.
    package struct Animation: Sendable, Equatable {
        package enum Phase: Sendable, Equatable {
            /// The page slides in from the side; the old page was `fromPage`, scrolled by `fromScroll`.
            case slide(fromPage: Int, fromScroll: Int, forward: Bool)
            /// The hero grows out from its centre on the page's first appearance.
            case reveal
        }
        package var phases: [Phase]
        /// When the first phase began.
        package var phaseStart: Double

        package var duration: Double {
            switch phases.first {
            case .slide?: Motion.slideDuration
            case .reveal?: Motion.revealDuration
            case nil: 0
            }
        }
    }

    /// The tour on screen (replaced when a watched file reloads).
    package private(set) var tour: Tour
    /// The paging state machine.
    package private(set) var paging: PagerState
    package let settings: Settings
    /// The window.
    package private(set) var size: Size
    /// How far a long feature list is scrolled; back to the top on every page change.
    package private(set) var scrollOffset = 0
    /// The `?` overlay is up; the next key closes it and does nothing else.
    package private(set) var isShowingHelp = false
    /// While a watched file is broken: its error, shown in place of the page.
    package private(set) var contentError: String?
    /// Pages whose hero has been revealed: it reveals only the first time.
    package private(set) var revealed: Set<Int> = []
    /// The animation under way, if any.
    package private(set) var animation: Animation?
    /// The time of the last message: the view draws animations as of this moment.
    package private(set) var now: Double = 0
    /// Where things were in the last frame drawn: what clicks are tested against.
    package private(set) var lastLayout: PagerView.Layout?

    /// A pager on `startPage` (clamped to the tour).
    package init(tour: Tour, size: Size, startPage: Int = 0, settings: Settings = Settings()) {
        self.tour = tour
        self.size = size
        self.settings = settings
        self.paging = PagerState(pageCount: tour.pages.count, currentPage: startPage)
    }

    package var bindings: KeyBindings { settings.bindings }

    /// The first frame: shown at once, or with the first page's hero revealing itself.
    package mutating func start(at time: Double) -> [PagerEffect] {
        now = time
        return present(slide: nil)
    }

    /// Applies one message; returns what the terminal layer must do.
    package mutating func update(_ message: PagerMessage, at time: Double) -> [PagerEffect] {
        now = time
        guard paging.isRunning else { return [] }
        switch message {
        case .key(let key):
            return handle(key)
        case .resized(let newSize):
            size = newSize
            return endAnimation() + [.redrawAll]
        case .tick:
            return advanceAnimation()
        case .fileChanged:
            return [.reload]
        case .reloaded(.success(let newTour)):
            tour = newTour
            paging = paging.resized(to: newTour.pages.count)
            scrollOffset = 0
            contentError = nil
            // A reload is an edit, not a first appearance: no reveal.
            revealed.insert(paging.currentPage)
            return endAnimation() + [.draw]
        case .reloaded(.failure(let error)):
            contentError = error.description
            return endAnimation() + [.draw]
        case .signal(let signal):
            switch signal {
            case SIGINT, SIGTERM, SIGHUP: return apply(.interrupt(signal: signal))
            case SIGTSTP: return endAnimation() + [.suspend]
            default: return []
            }
        case .resumed:
            return endAnimation() + [.redrawAll]
        case .inputClosed:
            return apply(.interrupt(signal: SIGHUP))
        case .drawn(let layout):
            lastLayout = layout
            return []
        }
    }

    // MARK: - Keys and clicks

    private mutating func handle(_ key: Key) -> [PagerEffect] {
        let command = bindings.command(for: key)
        if contentError != nil {
            // While the file is broken, only the ways out work.
            switch command?.command {
            case .skip?: return apply(.skip)
            case .quit?: return apply(.interrupt)
            default: return []
            }
        }
        if isShowingHelp {
            // Any key closes the help, and that key does nothing else (a mouse release is no key).
            if case .mouse(let event) = key, case .release = event.kind { return [] }
            isShowingHelp = false
            return endAnimation() + [.draw]
        }
        if case .mouse(let event) = key {
            guard settings.mouse, let action = mouseAction(event) else { return [] }
            return swipe(action)
        }
        guard let (command, page) = command else { return [] }
        switch command {
        case .next: return swipe(.next)
        case .previous: return swipe(.previous)
        case .advance: return swipe(.advance)
        case .first: return swipe(.first)
        case .last: return swipe(.last)
        case .jumpToDigit: return swipe(.jump(to: page ?? 0))
        case .skip: return apply(.skip)
        case .quit: return apply(.interrupt)
        case .help:
            isShowingHelp = true
            return endAnimation() + [.draw]
        case .scrollUp, .scrollDown:
            let limit = lastLayout?.scrollLimit ?? 0
            let offset = max(0, min(scrollOffset + (command == .scrollUp ? -1 : 1), limit))
            guard offset != scrollOffset else { return [] }
            scrollOffset = offset
            return endAnimation() + [.draw]
        }
    }

    /// What a click or the wheel does, by the layout of the frame on screen: the button
    /// advances, a dot jumps to its page, Skip skips, and the wheel turns pages.
    private func mouseAction(_ event: MouseEvent) -> PagerAction? {
        switch event.kind {
        case .wheelUp: return .previous
        case .wheelDown: return .next
        case .release: return nil
        case .press(let button):
            guard button == 0, let layout = lastLayout else { return nil }
            if let rect = layout.button, rect.contains(x: event.x, y: event.y) { return .advance }
            if let rect = layout.skip, rect.contains(x: event.x, y: event.y) { return .skip }
            // Dots are one cell wide; accept the cell either side so they are easy to hit.
            for (index, dot) in layout.dots.enumerated() where event.y == dot.y && abs(event.x - dot.x) <= 1 {
                if abs(event.x - dot.x) == 1, layout.dots.contains(where: { $0.x == event.x }) { continue }
                return .jump(to: index)
            }
            return nil
        }
    }

    /// A paging action that may change the page: swipes slide, jumps cut.
    private mutating func swipe(_ action: PagerAction) -> [PagerEffect] {
        let before = paging.currentPage
        let scrollBefore = scrollOffset
        var effects = endAnimation() + apply(action)
        guard paging.isRunning, paging.currentPage != before else { return effects }
        // Swipes to a neighbour slide; jumps (Home, End, digits, dots) cut.
        let isSwipe = [PagerAction.next, .previous, .advance].contains(action) && abs(paging.currentPage - before) == 1
        let slide = isSwipe ? Animation.Phase.slide(fromPage: before, fromScroll: scrollBefore, forward: paging.currentPage > before) : nil
        effects += present(slide: slide)
        return effects
    }

    /// Runs an action through the state machine; reports a page change or the end.
    private mutating func apply(_ action: PagerAction) -> [PagerEffect] {
        let before = paging.currentPage
        paging = paging.reduce(action)
        if let outcome = paging.outcome { return endAnimation() + [.finish(outcome)] }
        guard paging.currentPage != before else { return [] }
        scrollOffset = 0
        return [.pageChanged(from: before, to: paging.currentPage)]
    }

    // MARK: - Motion

    /// Shows the current page: at once, or sliding in as `slide` says, with its hero
    /// revealing itself the first time the page appears.
    private mutating func present(slide: Animation.Phase?) -> [PagerEffect] {
        let hadAnimation = animation != nil
        animation = nil
        let page = paging.currentPage
        var phases: [Animation.Phase] = []
        if settings.animation {
            if let slide { phases.append(slide) }
            if !revealed.contains(page), tour.pages[page].hasHero { phases.append(.reveal) }
        }
        revealed.insert(page)
        guard !phases.isEmpty else { return (hadAnimation ? [.stopClock] : []) + [.draw] }
        animation = Animation(phases: phases, phaseStart: now)
        return [.draw, .startClock]
    }

    private mutating func advanceAnimation() -> [PagerEffect] {
        guard var current = animation else { return [.stopClock] }
        if now - current.phaseStart < current.duration { return [.draw] }
        current.phases.removeFirst()
        current.phaseStart = now
        guard !current.phases.isEmpty else {
            animation = nil
            return [.draw, .stopClock]
        }
        animation = current
        return [.draw]
    }

    /// A key or a resize during an animation ends it at once.
    private mutating func endAnimation() -> [PagerEffect] {
        guard animation != nil else { return [] }
        animation = nil
        return [.stopClock]
    }

    /// How far into the current animation phase, from 0 to 1.
    package var animationProgress: Double {
        guard let animation, animation.duration > 0 else { return 1 }
        return max(0, min(1, (now - animation.phaseStart) / animation.duration))
    }
}
