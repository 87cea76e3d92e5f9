/// 24-bit color in the form every truecolor terminal reads.
///
/// The `-direct` terminfo entries that ncurses uses for 24-bit color write the ISO 8613-6
/// colon form, `ESC[38:2::R:G:Bm`. Many emulators know only the semicolon form that
/// lipgloss, crossterm and notcurses send, `ESC[38;2;R;G;Bm`, and show the colon form as
/// text (pyte prints "2::0:0:8m" across the page). Frames are rewritten to it on the way out.
package enum TruecolorForm {
    /// `bytes` with every `ESC[38:2::R:G:Bm` and `ESC[48:2::R:G:Bm` in the semicolon form;
    /// everything else untouched. One pass, no allocation when there is nothing to change.
    package static func semicolons(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: ":")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let (rewritten, next) = rewrite(bytes, at: index) {
                output += rewritten
                index = next
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// At `start`, "ESC [ 3|4 8 : 2 : : digits : digits : digits m", rewritten; or nil.
    private static func rewrite(_ bytes: [UInt8], at start: Int) -> ([UInt8], Int)? {
        let prefixLength = 8  // ESC [ 3 8 : 2 : :
        guard start + prefixLength < bytes.count, bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "["),
              bytes[start + 2] == UInt8(ascii: "3") || bytes[start + 2] == UInt8(ascii: "4"),
              bytes[start + 3] == UInt8(ascii: "8"), bytes[start + 4] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: "2"),
              bytes[start + 6] == UInt8(ascii: ":"), bytes[start + 7] == UInt8(ascii: ":") else { return nil }
        var index = start + prefixLength
        var channels: [[UInt8]] = [[]]
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                channels[channels.count - 1].append(byte)
            } else if byte == UInt8(ascii: ":") && channels.count < 3 {
                channels.append([])
            } else if byte == UInt8(ascii: "m") && channels.count == 3 && channels.allSatisfy({ !$0.isEmpty }) {
                let semicolon = UInt8(ascii: ";")
                var out: [UInt8] = [0x1B, UInt8(ascii: "["), bytes[start + 2], UInt8(ascii: "8"), semicolon, UInt8(ascii: "2")]
                for channel in channels { out.append(semicolon); out += channel }
                out.append(UInt8(ascii: "m"))
                return (out, index + 1)
            } else {
                return nil
            }
            index += 1
        }
        return nil
    }
}
