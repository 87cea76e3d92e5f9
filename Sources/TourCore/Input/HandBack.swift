/// What tour writes on the way out, beyond ncurses' `endwin`, so the terminal is left as
/// it was found: what ncurses sets at start and never undoes. The terminal keeps these
/// across programs, so the shell and the tool would inherit them.
/// - The scroll margins: ncurses sets them for the entry's size (24 rows for most) before
///   it knows the window's, so a taller window would scroll only its first 24 rows.
///   DECSTBM with no rows is the whole window, whatever its size by then.
/// - The character sets G1 to G3: an entry's `enacs` or `is2` (GNU screen's and tmux's:
///   `ESC ) 0`) designates line drawing into G1; ASCII is put back.
package struct HandBack: Equatable, Sendable {
    /// The bytes, in the order they go: before leaving the alternate screen, as DECSTBM
    /// homes the cursor and leaving puts the shell's back.
    package let bytes: String

    /// - speaksECMA48: the entry's cursor addressing is CSI (a VT52 would show the bytes).
    /// - setsScrollRegion: the entry has `csr`.
    /// - initStrings: what ncurses sent of the entry at start (`enacs`, `is2`).
    package init(speaksECMA48: Bool, setsScrollRegion: Bool, initStrings: [String]) {
        guard speaksECMA48 else {
            bytes = ""
            return
        }
        var bytes = setsScrollRegion ? "\u{1B}[r" : ""
        for slot in Self.designatedSlots(in: initStrings) { bytes += "\u{1B}\(slot)B" }
        self.bytes = bytes
    }

    /// The slots ( ) * + (G0 to G3) that `strings` designate to anything but ASCII, in order, once each.
    static func designatedSlots(in strings: [String]) -> [Character] {
        var slots: [Character] = []
        for string in strings {
            let characters = Array(string)
            var index = 0
            while index + 2 < characters.count {
                defer { index += 1 }
                guard characters[index] == "\u{1B}", "()*+".contains(characters[index + 1]) else { continue }
                let slot = characters[index + 1]
                slots.removeAll { $0 == slot }
                if characters[index + 2] != "B" { slots.append(slot) }
            }
        }
        return slots
    }
}
