#if canImport(Glibc)
import Glibc
#endif

/// The whole state of a running pager, and the one function that changes it.
///
/// `update(_:at:)` takes a message (a key, a click, a resize, a clock tick, a file change,
/// a signal) and returns effects as values. It never draws and never calls the view: the
/// view reads this model, and clicks are hit-tested against `layout`, which the model lays
/// out as the view does: nothing drawn is fed back.
package struct PagerModel: Sendable {
    /// What can be set before the pager starts.
    package struct Settings: Sendable {
        /// Slide between pages and reveal hero art; off for reduced motion.
        package var animation = true
        /// Clicks and the wheel mean something.
        package var mouse = true
        /// The key table.
        package var bindings = KeyBindings.standard
        /// What the terminal shows, so colors can be kept readable on it; nil leaves them.
        package var contrast: (depth: ColorDepth, background: TerminalBackground)? = nil
        /// The background was asked of the terminal (not given by the person): an answer
        /// that arrives once the tour is up changes it.
        package var backgroundFromTerminal = false
        /// The characters the frame is drawn in: ASCII outside a UTF-8 locale.
        package var glyphs = Glyphs.unicode
        /// How the terminal draws pictures in pixels; nil: in cells.
        package var pixels: PixelProtocol? = nil
        /// What that was chosen from, when the terminal was asked: a late answer may bring pixels.
        package var pixelChoice: PixelChoice? = nil
        /// This run's kitty image ids (`PictureOverlay` uses the same).
        package var pictureIDs = PictureIDs(run: 1)

        /// Every default; callers set what they change.
        package init() {}
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

    /// The pages on screen: the plan's pages of the tour (replaced when a watched file reloads).
    package private(set) var tour: Tour
    /// Which pages of the tour as written this run shows, and how their numbers map.
    /// Effects and outcomes count written pages; `paging` counts positions among the pages shown.
    package private(set) var plan: RunPlan
    /// The paging state machine, over the pages shown.
    package internal(set) var paging: Paging
    package private(set) var settings: Settings
    /// The answers that came after the first frame: once a color came, a scheme report
    /// no longer counts.
    private var lateReplies = TerminalReplies()
    /// When an answer about the background came after the first frame, how long after it:
    /// what TOUR_DEBUG says of the colors, whether or not they changed.
    package private(set) var lateAnswerAfter: Double?
    /// When the first frame was drawn.
    private var startedAt: Double = 0
    /// The window.
    package private(set) var size: Size
    /// How far a long feature list is scrolled; back to the top on every page change.
    package internal(set) var scrollOffset = 0
    /// The `?` overlay is up; the next key closes it and does nothing else.
    package internal(set) var isShowingHelp = false
    /// While a watched file is broken: its error, shown in place of the page.
    package private(set) var contentError: String?
    /// Pages whose hero has been revealed: it reveals only the first time.
    package private(set) var revealed: Set<Int> = []
    /// The animation under way, if any.
    package private(set) var animation: Animation?
    /// A watched file changed and is read again at this time, once it has been left alone
    /// for `reloadQuiet`: a file written in many pieces is read once, when it is whole.
    package private(set) var reloadDue: Double?
    /// How long a watched file must be quiet before it is read again.
    package static let reloadQuiet = 0.2
    /// The time of the last message: the view draws animations as of this moment.
    package private(set) var now: Double = 0
    /// When the page on screen came on screen.
    private var pageShownAt: Double = 0
    /// The terminal layer's animation clock runs, as the effects so far have said.
    private var clockRunning = false
    /// Where things are in the frame this model shows: what clicks are tested against and
    /// scrolling stays within. Laid out here, as the view lays it out (it draws the page
    /// to know: a function, not a stored value), never reported back by the terminal
    /// layer: a frame is drawn once, from the model alone.
    package func laidOut() -> TourScreenView.Layout { TourScreenView.layout(of: self) }

    /// What the layout the model works by depends on: not the scroll offset, since the
    /// list's item starts, its scroll limit and every rectangle hit-tested stay put as
    /// the list scrolls. A key that scrolls a long list lays it out once per page, not
    /// once per key.
    private struct LayoutKey: Equatable {
        var page: Int
        var size: Size
        var tourGeneration: Int
        var showsError: Bool
        var selection: Int?
    }
    /// The tour was read again this many times: a reloaded page lays out anew.
    private var tourGeneration = 0
    private var layoutCache: (key: LayoutKey, layout: TourScreenView.Layout)?

    /// `laidOut()`, kept while what it depends on stays the same.
    mutating func settledLayout() -> TourScreenView.Layout {
        let page = paging.currentPage
        let key = LayoutKey(page: page, size: size, tourGeneration: tourGeneration, showsError: contentError != nil,
                            selection: answers.selection(on: page, of: tour.page(page)))
        if let cached = layoutCache, cached.key == key { return cached.layout }
        let fresh = laidOut()
        layoutCache = (key, fresh)
        return fresh
    }
    /// What was chosen on question pages.
    package internal(set) var answers = Answers()

    /// The answers of a finished run, by key; none for a run skipped, interrupted or still going.
    package var collectedAnswers: [String: String] {
        paging.outcome == .completed ? answers.collected(in: tour) : [:]
    }

    /// A pager over the pages of `tour` that `plan` shows (every page by default), opening
    /// on the page shown at `startPosition` (clamped). The plan must show at least one page.
    package init(tour: Tour, plan: RunPlan? = nil, size: Size, startPosition: Int = 0, settings: Settings = Settings()) {
        let plan = plan ?? RunPlan(tour: tour, selection: .everyPage)
        self.plan = plan
        self.tour = plan.shownTour(tour)
        self.size = size
        self.settings = settings
        self.paging = Paging(pageCount: self.tour.pageCount, currentPage: startPosition)
    }

    package var bindings: KeyBindings { settings.bindings }

    /// The first frame: shown at once, or with the first page's hero revealing itself.
    /// The start-up answers, when they draw the frame this pager was started with
    /// (`StartupAnswers.Decided.drawsTheSameFrame`): kept, so that a late answer builds on
    /// what came.
    package mutating func keep(_ answers: StartupAnswers.Decided) {
        answers.apply(to: &settings, depth: settings.contrast?.depth ?? .monochrome)
    }

    package mutating func start(at time: Double) -> [PagerEffect] {
        now = time
        startedAt = time
        return keepingTheClock(present(slide: nil))
    }

    /// Applies one message; returns what the terminal layer must do.
    package mutating func update(_ message: PagerMessage, at time: Double) -> [PagerEffect] {
        now = time
        guard paging.isRunning else { return [] }
        return keepingTheClock(effects(of: message))
    }

    /// Seconds the page on screen has been there: the time a moving body draws at. 0
    /// under reduced motion, where nothing moves.
    package var pageTime: Double { settings.animation ? max(0, now - pageShownAt) : 0 }

    /// The page on screen has a body that moves by itself, and motion is on. Only a body
    /// of the caller's own can: built-in kinds are still, and no body is built to ask.
    private var pageMoves: Bool {
        guard settings.animation, contentError == nil, !isShowingHelp,
              let body = tour.page(paging.currentPage).customBody else { return false }
        return body.animates
    }

    /// The clock runs while an animation does or the page moves. Nothing else names it:
    /// this adds `.startClock` or `.stopClock` when that changes, and only then.
    private mutating func keepingTheClock(_ effects: [PagerEffect]) -> [PagerEffect] {
        var effects = effects
        let wanted = paging.isRunning && (animation != nil || pageMoves)
        if wanted != clockRunning { effects.append(wanted ? .startClock : .stopClock) }
        clockRunning = wanted
        return effects
    }

    private mutating func effects(of message: PagerMessage) -> [PagerEffect] {
        switch message {
        case .key(let key):
            return handle(key)
        case .resized(let newSize), .resumed(let newSize):
            // A list wraps anew at another width: the item at the top now stays at the top,
            // heading and all; a smaller window can leave the list scrolled past what it
            // now draws, so the offset keeps within what the new size allows.
            let topItem = scrollOffset > 0 ? settledLayout().parts.itemStarts.lastIndex(where: { $0 <= scrollOffset }) : nil
            size = newSize
            if scrollOffset > 0 { keepScroll(onItem: topItem) }
            // The terminal's contents are unknown after either: repaint every cell.
            endAnimation()
            return [.redrawAll]
        case .tick:
            if animation == nil, pageMoves { return [.draw] }
            return advanceAnimation()
        case .fileChanged:
            // Each change starts the wait again: a file still being written is not read yet.
            let due = now + Self.reloadQuiet
            reloadDue = due
            return [.wake(at: due)]
        case .timer:
            guard let due = reloadDue else { return [] }
            guard now >= due else { return [.wake(at: due)] }
            reloadDue = nil
            return [.reload]
        case .reloaded(.success(let writtenTour)):
            // The same written page stays on screen, or the next one this run shows.
            let (newPlan, position) = plan.reloaded(with: writtenTour, onWrittenPage: plan.writtenPage(atPosition: paging.currentPage))
            plan = newPlan
            tour = newPlan.shownTour(writtenTour)
            tourGeneration += 1
            paging = paging.resized(to: tour.pageCount, currentPage: position)
            scrollOffset = 0
            contentError = nil
            // Positions may name other pages now; a preview's choices start over.
            answers = Answers()
            // A reload is an edit, not a first appearance: no reveal.
            revealed.insert(paging.currentPage)
            endAnimation()
            return [.draw]
        case .reloaded(.failure(let error)):
            contentError = error.description
            endAnimation()
            return [.draw]
        case .signal(let signal):
            switch signal {
            case SIGINT, SIGTERM, SIGHUP: return apply(.interrupt(signal: signal))
            case SIGTSTP:
                endAnimation()
                return [.suspend]
            default: return []
            }
        case .inputClosed:
            return apply(.interrupt(signal: SIGHUP))
        case .terminalReplied(let reply):
            return takeIn(reply)
        }
    }

    /// After a resize: the item that was at the top starts the list again, within the
    /// scroll the page now has.
    private mutating func keepScroll(onItem item: Int?) {
        let layout = settledLayout()
        var offset = min(scrollOffset, layout.scrollLimit)
        let starts = layout.parts.itemStarts
        if let item, item < starts.count, let start = starts.last(where: { $0 <= min(starts[item], layout.scrollLimit) }) { offset = start }
        scrollOffset = offset
    }

    /// An answer to the start-up questions that came after the first frame (a slow link,
    /// a busy terminal): the colors follow the background it reports, and pictures drawn
    /// in cells come in pixels once the answers allow it.
    private mutating func takeIn(_ reply: TerminalReply) -> [PagerEffect] {
        let graphics = takeInGraphics(reply)
        let before = lateReplies
        lateReplies.note(reply)
        guard settings.backgroundFromTerminal, let contrast = settings.contrast, lateReplies.sayMoreOfTheBackground(than: before),
              let reported = lateReplies.answeredBackground else { return graphics }
        if lateAnswerAfter == nil { lateAnswerAfter = max(0, now - startedAt) }
        guard reported != contrast.background else { return graphics }
        settings.contrast = (contrast.depth, reported)
        return [.redrawAll]
    }

    /// A protocol already drawing is kept (kitty's answer comes before the device
    /// attributes that say sixel, so nothing better can follow).
    private mutating func takeInGraphics(_ reply: TerminalReply) -> [PagerEffect] {
        guard var choice = settings.pixelChoice else { return [] }
        var replies = TerminalReplies(known: choice.answers)
        replies.note(reply)
        choice.answers = replies.graphics
        settings.pixelChoice = choice
        guard settings.pixels == nil, let chosen = choice.chosen else { return [] }
        settings.pixels = chosen
        return [.redrawAll]
    }

    // MARK: - Motion

    /// Shows the current page: at once, or sliding in as `slide` says, with its hero
    /// revealing itself the first time the page appears.
    mutating func present(slide: Animation.Phase?) -> [PagerEffect] {
        animation = nil
        let page = paging.currentPage
        pageShownAt = now
        var phases: [Animation.Phase] = []
        if settings.animation {
            if let slide { phases.append(slide) }
            if !revealed.contains(page), tour.page(page).hasHero { phases.append(.reveal) }
        }
        revealed.insert(page)
        if !phases.isEmpty { animation = Animation(phases: phases, phaseStart: now) }
        return [.draw]
    }

    /// The next frame of the animation, the next phase when one ends, or none after the last.
    private mutating func advanceAnimation() -> [PagerEffect] {
        guard var current = animation else { return [] }
        if now - current.phaseStart < current.duration { return [.draw] }
        current.phases.removeFirst()
        current.phaseStart = now
        animation = current.phases.isEmpty ? nil : current
        return [.draw]
    }

    /// A key or a resize during an animation ends it at once.
    mutating func endAnimation() {
        animation = nil
    }

    /// How far into the current animation phase, from 0 to 1.
    package var animationProgress: Double {
        guard let animation, animation.duration > 0 else { return 1 }
        return max(0, min(1, (now - animation.phaseStart) / animation.duration))
    }
}
