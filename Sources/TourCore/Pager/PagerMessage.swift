/// Everything that can happen to a running pager, as the terminal layer reports it.
/// The update function is the only place any of it changes the pager.
package enum PagerMessage: Sendable {
    /// A key, or a click or wheel turn (`Key.mouse`).
    case key(Key)
    /// The window has a new size.
    case resized(Size)
    /// The animation clock: time for the next frame.
    case tick
    /// A watched file changed on disk.
    case fileChanged
    /// The time a `.wake(at:)` asked for has come.
    case timer
    /// The watched tour was read again: the new tour, or the error to show until it is fixed.
    case reloaded(Result<Tour, TourError>)
    /// A signal arrived: SIGINT, SIGTERM and SIGHUP end the tour, SIGTSTP suspends it.
    case signal(Int32)
    /// Back from a suspend (SIGCONT), in a window of this size (it may have changed while
    /// stopped): the screen must be drawn again in full.
    case resumed(Size)
    /// stdin closed or the terminal hung up: nobody is there to choose.
    case inputClosed
    /// The terminal answered one of the start-up questions, late or on time.
    case terminalReplied(TerminalReply)
}
