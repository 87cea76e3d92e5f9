import Testing
@testable import TourCore

/// Drives the pager the way the terminal layer does: each message goes to `update`, a
/// `.draw` is carried out by rendering the view, and the frame's layout is reported back.
struct PagerDriver {
    var pager: PagerModel
    var glyphs: Glyphs
    /// The last frame drawn.
    private(set) var screen: Canvas
    /// Every effect so far, in order.
    private(set) var effects: [PagerEffect] = []
    /// The clock the messages are stamped with; tests move it by hand.
    var now = 100.0

    init(tour: Tour, size: Size = Size(width: 80, height: 24), glyphs: Glyphs = .unicode, settings: PagerModel.Settings = PagerModel.Settings(animation: false)) {
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

    var layout: TourScreenView.Layout { pager.lastLayout ?? TourScreenView.Layout() }
    var page: Int { pager.paging.currentPage }
    var outcome: TourOutcome? { pager.paging.outcome }

    private mutating func carryOut(_ new: [PagerEffect]) {
        effects += new
        if new.contains(.draw) || new.contains(.redrawAll) {
            var frame = TourScreenView.render(pager, glyphs: glyphs)
            // As the terminal layer does: a frame that moves the list is laid out again.
            if pager.update(.drawn(frame.layout), at: now).contains(.draw) {
                frame = TourScreenView.render(pager, glyphs: glyphs)
                _ = pager.update(.drawn(frame.layout), at: now)
            }
            screen = frame.canvas
        }
    }
}

extension PagerDriver {
    /// The words on a canvas, as a person reads them.
    static func text(_ canvas: Canvas) -> String { ScreenExport.text(canvas) }
}
