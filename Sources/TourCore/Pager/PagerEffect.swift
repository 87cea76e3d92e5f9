/// What the update function asks the terminal layer to do. Effects are values; the
/// terminal layer carries them out and reports back with messages.
package enum PagerEffect: Equatable, Sendable {
    /// Draw the view of the pager as it is now.
    case draw
    /// The terminal's contents are unknown (resumed, resized): repaint every cell.
    case redrawAll
    /// An animation runs: send `.tick` once per frame interval.
    case startClock
    /// No animation: stop the ticks and sleep until something happens.
    case stopClock
    /// Read the watched tour again and answer with `.reloaded`.
    case reload
    /// Send `.timer` at this time (the pager's clock), in place of any earlier request.
    case wake(at: Double)
    /// Ctrl-Z: give the terminal back, stop, and answer `.resumed` once continued.
    case suspend
    /// The page changed (pages counted from 0 in the tour as written).
    case pageChanged(from: Int, to: Int)
    /// The tour is over; restore the terminal and return this.
    case finish(TourOutcome)
}
