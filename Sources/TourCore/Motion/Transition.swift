/// Motion as pure functions of progress: given two screens and a fraction of the way
/// through, the screen to show. The run loop only decides when to ask.
package enum Motion {
    /// How long a swipe between pages takes.
    package static let slideDuration = 0.18
    /// How long a hero picture takes to reveal itself when its page first appears.
    package static let revealDuration = 0.24
    /// No more often than this (60 frames a second).
    package static let frameInterval = 1.0 / 60.0

    /// Fast start, gentle stop, like a swipe letting go.
    package static func easeOut(_ t: Double) -> Double {
        let clamped = max(0, min(1, t))
        let inverse = 1 - clamped
        return 1 - inverse * inverse * inverse
    }
}

/// The outgoing page slides out and the incoming one slides in, horizontally, in the
/// direction of the swipe. Rows outside `rows` (the dots, the button) are the incoming
/// page's at once, so only the page's own content moves.
package struct SlideTransition: Sendable {
    /// The page going out.
    package var from: Canvas
    /// The page coming in.
    package var to: Canvas
    /// True when moving to a later page: content moves left.
    package var forward: Bool
    /// The rows that slide.
    package var rows: Range<Int>

    /// A slide between two screens of the same size.
    package init(from: Canvas, to: Canvas, forward: Bool, rows: Range<Int>) {
        self.from = from
        self.to = to
        self.forward = forward
        self.rows = rows
    }

    /// The screen at `progress` from 0 (all old page) to 1 (all new page).
    package func frame(at progress: Double) -> Canvas {
        guard from.size == to.size else { return to }
        let width = to.size.width
        let offset = Int((Motion.easeOut(progress) * Double(width)).rounded())
        var result = to
        guard offset < width else { return to }
        for y in rows where y >= 0 && y < to.size.height {
            for x in 0..<width {
                if forward {
                    let source = x + offset
                    result[x, y] = source < width ? from[source, y] : to[source - width, y]
                } else {
                    let source = x - offset
                    result[x, y] = source >= 0 ? from[source, y] : to[source + width, y]
                }
            }
            result.repairWideCharacters(row: y)
        }
        return result
    }
}

/// The hero art grows out from its center when its page first appears: the terminal's
/// counterpart of a picture scaling in.
package struct HeroReveal: Sendable {
    /// The finished page.
    package var canvas: Canvas
    /// Where its hero is.
    package var hero: Rect

    /// A reveal of the hero on a finished page.
    package init(canvas: Canvas, hero: Rect) {
        self.canvas = canvas
        self.hero = hero
    }

    /// The page at `progress`: from 0 (no hero) to 1 (the whole hero).
    package func frame(at progress: Double) -> Canvas {
        var result = canvas
        let radius = Motion.easeOut(progress)
        guard radius < 1, hero.width > 0, hero.height > 0 else { return canvas }
        let centerX = Double(hero.x) + Double(hero.width - 1) / 2
        let centerY = Double(hero.y) + Double(hero.height - 1) / 2
        let halfWidth = max(1, Double(hero.width) / 2)
        let halfHeight = max(1, Double(hero.height) / 2)
        for y in hero.y..<min(hero.y + hero.height, canvas.size.height) {
            for x in hero.x..<min(hero.x + hero.width, canvas.size.width) {
                let dx = abs(Double(x) - centerX) / halfWidth
                let dy = abs(Double(y) - centerY) / halfHeight
                if max(dx, dy) > radius {
                    result[x, y] = Cell(" ", style: Style(background: canvas[x, y].style.background))
                }
            }
            result.repairWideCharacters(row: y)
        }
        return result
    }
}

extension Canvas {
    /// After cells were moved one by one, no half of a wide character may stand alone.
    mutating func repairWideCharacters(row y: Int) {
        let width = size.width
        for x in 0..<width {
            let cell = self[x, y]
            if cell.isContinuation {
                let lead = x > 0 ? self[x - 1, y] : nil
                if lead == nil || lead!.isContinuation || TextWidth.of(lead!.character) != 2 {
                    self[x, y] = Cell(" ", style: cell.style)
                }
            } else if TextWidth.of(cell.character) == 2, x + 1 >= width || !self[x + 1, y].isContinuation {
                self[x, y] = Cell(" ", style: cell.style)
            }
        }
    }
}
