import CNcurses
import TourCore

/// Whether the tour may use color at all.
package enum ColorMode: Sendable, Equatable {
    /// Color when the terminal has it and NO_COLOR is not set.
    case automatic
    /// Monochrome: bold, dim and reverse only.
    case never
}

/// Maps the canvas' colors onto what the terminal can show, and allocates color pairs.
final class ColorSupport {
    let depth: ColorDepth

    init(mode: ColorMode) {
        guard mode == .automatic, has_colors() else {
            depth = .monochrome
            return
        }
        start_color()
        // Made once, right after newterm, with nothing on the screen yet: the first update
        // clears it whatever this says. Said here, it spares use_default_colors a pass over
        // every cell of curscr to mark the ones in pair 0 for redrawing, at every start.
        clearok(tour_curscr(), true)
        use_default_colors()  // keep the user's own background and foreground
        let count = Int(tour_colors())
        depth = count >= 1 << 24 ? .direct : count >= 256 ? .ansi256 : count >= 8 ? .ansi8 : .monochrome
    }

    /// The color pair for a foreground/background, or 0 (the terminal's defaults).
    func pair(foreground: Color, background: Color) -> Int32 {
        guard depth != .monochrome, foreground != .default || background != .default else { return 0 }
        // Neighbouring cells mostly share their colors: the last answer is kept. Nothing
        // else allocates pairs, so the pair cannot have been given to other colors since.
        if let last = lastPair, last.foreground == foreground, last.background == background { return last.pair }
        let allocated = alloc_pair(depth.terminalColor(foreground) ?? -1, depth.terminalColor(background) ?? -1)
        let pair = allocated < 0 ? 0 : allocated
        lastPair = (foreground, background, pair)
        return pair
    }

    private var lastPair: (foreground: Color, background: Color, pair: Int32)?
}
