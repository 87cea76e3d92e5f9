import Testing
@testable import TourCore

/// Drives the pager the way the terminal layer does: each message goes to `update`, a
/// `.draw` is carried out by rendering the view, once.
struct PagerDriver {
    var pager: PagerModel
    var glyphs: Glyphs
    /// The last frame drawn.
    private(set) var screen: Canvas
    /// Every effect so far, in order.
    private(set) var effects: [PagerEffect] = []
    /// The clock the messages are stamped with; tests move it by hand.
    var now = 100.0

    init(tour: Tour, size: Size = Size(width: 80, height: 24), glyphs: Glyphs = .unicode, settings: PagerModel.Settings = PagerModel.Settings.forTest(animation: false)) {
        var settings = settings
        settings.glyphs = glyphs
        pager = PagerModel(tour: tour, size: size, settings: settings)
        self.glyphs = glyphs
        screen = Canvas(size: size)
        carryOut(pager.start(at: now))
    }

    @discardableResult
    mutating func send(_ message: PagerMessage) -> [PagerEffect] {
        let result = pager.update(message, at: now)
        carryOut(result)
        return result
    }

    @discardableResult
    mutating func press(_ keys: Key...) -> [PagerEffect] {
        keys.flatMap { send(.key($0)) }
    }

    mutating func click(_ rect: Rect?) {
        guard let rect else { Issue.record("nothing to click"); return }
        send(.key(.mouse(MouseEvent(kind: .press(button: 0), x: rect.x, y: rect.y))))
        send(.key(.mouse(MouseEvent(kind: .release(button: 0), x: rect.x, y: rect.y))))
    }

    var layout: TourScreenView.Layout { pager.laidOut() }
    var page: Int { pager.paging.currentPage }
    var outcome: TourOutcome? { pager.paging.outcome }

    private mutating func carryOut(_ new: [PagerEffect]) {
        effects += new
        if new.contains(.draw) || new.contains(.redrawAll) {
            // As the terminal layer does: one render per frame, from the model alone.
            screen = TourScreenView.render(pager).canvas
        }
    }
}

extension PagerDriver {
    /// The words on a canvas, as a person reads them.
    static func text(_ canvas: Canvas) -> String { ScreenExport.text(canvas) }
}

extension PagerModel.Settings {
    /// A test's settings: no motion unless asked, every other default.
    static func forTest(animation: Bool = false, mouse: Bool = true, bindings: KeyBindings = .standard,
                        contrast: (depth: ColorDepth, background: TerminalBackground)? = nil, backgroundFromTerminal: Bool = false) -> Self {
        var settings = Self()
        (settings.animation, settings.mouse, settings.bindings) = (animation, mouse, bindings)
        (settings.contrast, settings.backgroundFromTerminal) = (contrast, backgroundFromTerminal)
        return settings
    }
}
