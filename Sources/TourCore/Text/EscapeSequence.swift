/// The one reader of terminal escape sequences in tour content. Sanitizing skips every
/// sequence whole; ANSI art also keeps what SGR (`ESC [ … m`) says about colors. Both ask
/// here, so they cannot disagree about where a sequence ends.
package enum EscapeSequence {
    /// ESC, and the C1 controls that open a sequence on an 8-bit terminal: CSI, OSC, DCS,
    /// SOS, PM and APC.
    package static func isIntroducer(_ value: UInt32) -> Bool {
        switch value {
        case 0x1B, 0x9B, 0x9D, 0x90, 0x98, 0x9E, 0x9F: true
        default: false
        }
    }

    /// Skips the sequence whose introducer is `scalars[start]`. Returns the index after it
    /// and, for SGR, where its parameters are (ASCII digits, ";" and ":"). A malformed
    /// sequence ends before the scalar that broke it, so the caller sees that scalar (a
    /// newline, another ESC) itself.
    package static func skip(_ scalars: [Unicode.Scalar], from start: Int) -> (next: Int, sgr: Range<Int>?) {
        var index = start + 1
        switch scalars[start].value {
        case 0x9B: return controlSequence(scalars, from: index)
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return (controlString(scalars, from: index), nil)
        default: break
        }
        guard index < scalars.count else { return (index, nil) }
        switch scalars[index] {
        case "[": return controlSequence(scalars, from: index + 1)
        case "]", "P", "X", "^", "_": return (controlString(scalars, from: index + 1), nil)
        case " "..."/":
            // nF escape: intermediates, then one final character.
            while index < scalars.count, (" "..."/").contains(scalars[index]) { index += 1 }
            guard index < scalars.count, scalars[index].value >= 0x30, scalars[index].value < 0x7F else { return (index, nil) }
            return (index + 1, nil)
        default:
            // A two-character escape (ESC c, ESC 7) takes its second character, unless that
            // is itself a control the caller must see.
            return (scalars[index].value < 0x20 ? index : index + 1, nil)
        }
    }

    /// CSI parameters (0x30–0x3F) and intermediates (0x20–0x2F), then a final character (0x40–0x7E).
    private static func controlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> (next: Int, sgr: Range<Int>?) {
        var index = start
        // Where the parameters are, not a copy: a String of them costs each sequence of
        // colored art an allocation.
        var onlySGRBytes = true
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) {
            onlySGRBytes = onlySGRBytes && (0x30...0x3B).contains(scalars[index].value)  // "0" to ";"
            index += 1
        }
        guard index < scalars.count, (0x40...0x7E).contains(scalars[index].value) else { return (index, nil) }
        return (index + 1, scalars[index] == "m" && onlySGRBytes ? start..<index : nil)
    }

    /// OSC, DCS, SOS, PM and APC strings end at BEL, ST (ESC \ or C1 ST). A newline ends
    /// one that was never closed, so it cannot swallow the rest of the text.
    private static func controlString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x1B: return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index + 1
            case 0x0A: return index
            default: index += 1
            }
        }
        return index
    }
}
