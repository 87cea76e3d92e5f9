/// When the shell took the terminal back before tour's last bytes reached it (the tool
/// that started tour died, and the shell printed its prompt at once), that prompt went to
/// the alternate screen, and leaving it hid the prompt. The shell is asked to draw it again
/// as it would after a resize: the window is made a row shorter, and put back once the
/// shell has had time to see it. A resize's signal with the size unchanged is not enough:
/// readline 8.2 (bash 5.2) redraws only when the size changed.
package struct PromptRedraw: Equatable, Sendable {
    /// The size the window is given for a moment: a row fewer, or one more when it has one.
    package let nudgedRows: Int
    package let columns: Int
    /// How long the shell is given to see the nudged size before it is put back. Sent
    /// both sizes at once, the shell would see only the last one (signals are not queued),
    /// the same size as before, and draw nothing. Nobody waits for tour by then.
    package static let settleSeconds = 0.1

    /// nil for a window whose size the terminal does not give (0 rows or columns), and
    /// off a pseudo-terminal (`/dev/pts/N`): a Linux console's size is its real screen,
    /// which setting it would resize.
    package init?(rows: Int, columns: Int, terminalPath: String?) {
        guard rows > 0, columns > 0, terminalPath?.hasPrefix("/dev/pts/") == true else { return nil }
        nudgedRows = rows > 1 ? rows - 1 : rows + 1
        self.columns = columns
    }

    /// Puts the size back only while it is still the nudged one: a real resize meanwhile wins.
    package func putsBack(seenRows: Int, seenColumns: Int) -> Bool {
        seenRows == nudgedRows && seenColumns == columns
    }
}
