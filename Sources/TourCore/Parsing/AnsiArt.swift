/// Reads colored art, as `chafa`, `jp2a --colors` or `toilet --gay` write it, into styled
/// characters. Only SGR (`ESC [ … m`) colors and attributes are understood; every other
/// escape sequence and control character is dropped, so the art's bytes never reach the
/// terminal as anything but text.
package enum AnsiArt {
    /// True when text carries SGR sequences worth parsing (ESC [ or the C1 CSI).
    package static func looksColored(_ text: String) -> Bool {
        // On the bytes (U+009B is C2 9B in UTF-8): decoding every scalar of every art file
        // at each start was the larger cost.
        var text = text
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x1B || (byte == 0x9B && previous == 0xC2) { return true }
                previous = byte
            }
            return false
        }
    }

    /// Art with the colors and attributes its SGR sequences gave each character.
    package static func parse(_ text: String) -> Tour.Art {
        var art = StyledLines()
        var scalars = Self.scalars(of: text)
        scalars.append("\n")
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x0A:
                art.endLine()
            case _ where EscapeSequence.isIntroducer(scalar.value):
                art.flushCharacter()
                let (next, sgr) = EscapeSequence.skip(scalars, from: index - 1)
                if let sgr { applySGR(scalars[sgr], to: &art.style) }
                index = next
            case 0x09:
                art.flushCharacter()
                for _ in 0..<4 { art.append(" ") }
            default:
                if !TextSanitizer.isUnsafe(scalar) { art.add(scalar) }
            }
        }
        return Tour.Art(lines: art.lines, styles: art.styles)
    }

    /// The text's scalars, decoded from its bytes in place (a String's UTF-8 is always
    /// valid): through `unicodeScalars` is several times the cost a byte.
    private static func scalars(of text: String) -> [Unicode.Scalar] {
        var text = text
        return text.withUTF8 { bytes in
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(bytes.count + 1)  // no more scalars than bytes
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                var value: UInt32, length: Int
                switch lead {
                case ..<0x80: (value, length) = (UInt32(lead), 1)
                case ..<0xE0: (value, length) = (UInt32(lead & 0x1F), 2)
                case ..<0xF0: (value, length) = (UInt32(lead & 0x0F), 3)
                default: (value, length) = (UInt32(lead & 0x07), 4)
                }
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                index += length
            }
            return scalars
        }
    }

    /// The lines of colored art as they are read: characters, each with the style in force
    /// when it began. A line is kept as UTF-8 with one style per piece (a scalar and the
    /// marks that join it), not as Characters: building a Character or a String per scalar
    /// was the largest cost of a start of a tour with colored art.
    private struct StyledLines {
        var lines: [String] = []
        var styles: [[Style]] = []
        var style = Style.plain
        private var lineBytes: [UInt8] = []
        /// Per piece, its style and how many scalars it holds. An ASCII line's pieces are
        /// one scalar each, so their counts are only written once a line has more.
        private var pieceStyles: [Style] = []
        private var pieceScalars: [Int] = []
        /// A piece is open: a mark that follows joins it.
        private var pieceOpen = false
        // Printable ASCII never joins its neighbours (CR, which joins LF, is dropped), so a
        // line of it needs no segmentation: the common case, kept cheap.
        private var lineIsASCII = true

        mutating func append(_ character: Character) {
            flushCharacter()
            for scalar in character.unicodeScalars { add(scalar) }
            flushCharacter()
        }

        /// A scalar of text: combining marks join the character before them, under the
        /// style it had.
        @inline(__always)
        mutating func add(_ scalar: Unicode.Scalar) {
            if scalar.value < 0x80 {  // ASCII joins nothing before it: a piece of its own
                pieceStyles.append(style)
                if !lineIsASCII { pieceScalars.append(1) }
                pieceOpen = true
                lineBytes.append(UInt8(truncatingIfNeeded: scalar.value))
                return
            }
            addNonASCII(scalar)
        }

        private mutating func addNonASCII(_ scalar: Unicode.Scalar) {
            if lineIsASCII {
                // Every piece so far was one ASCII scalar.
                pieceScalars = Array(repeating: 1, count: pieceStyles.count)
                lineIsASCII = false
            }
            let joins = pieceOpen && (scalar.value == 0x200D || scalar.value == 0xFE0F || Self.mayBeMark(scalar)
                && scalar.properties.generalCategory == .nonspacingMark)
            if joins {
                pieceScalars[pieceScalars.count - 1] += 1
            } else {
                pieceStyles.append(style)
                pieceScalars.append(1)
                pieceOpen = true
            }
            lineBytes.append(contentsOf: UTF8.encode(scalar)!)
        }

        /// Whether the scalar's category needs looking up: no nonspacing mark comes before
        /// U+0300, nor in U+2100–U+2CEE (letterlike symbols to Coptic: the box drawing, block
        /// and braille characters that art is made of).
        private static func mayBeMark(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x300 && !(0x2100..<0x2CEF).contains(scalar.value)
        }

        /// Ends the piece being read: what follows starts a character of its own.
        mutating func flushCharacter() {
            pieceOpen = false
        }

        /// Characters written apart can join into one on screen (a mark after an escape
        /// sequence, a prepended sign before a tab): the finished line is segmented, and each
        /// character takes the style of the piece its first scalar came from.
        mutating func endLine() {
            flushCharacter()
            let text = String(decoding: lineBytes, as: UTF8.self)
            lines.append(text)
            if lineIsASCII {
                styles.append(pieceStyles)
            } else {
                var joinedStyles: [Style] = []
                var piece = 0, scalarsLeftInPiece = pieceScalars.first ?? 0
                for character in text {
                    joinedStyles.append(pieceStyles[min(piece, pieceStyles.count - 1)])
                    for _ in character.unicodeScalars {
                        scalarsLeftInPiece -= 1
                        while scalarsLeftInPiece <= 0, piece + 1 < pieceScalars.count {
                            piece += 1
                            scalarsLeftInPiece += pieceScalars[piece]
                        }
                    }
                }
                styles.append(joinedStyles)
            }
            lineBytes.removeAll(keepingCapacity: true)
            // The next line is likely as long: its styles do not grow the array step by step.
            let length = pieceStyles.count
            pieceStyles = []
            pieceStyles.reserveCapacity(length)
            pieceScalars.removeAll(keepingCapacity: true)
            lineIsASCII = true
        }
    }

    /// The numbers of an SGR sequence's fields, read from its bytes: a field is its first
    /// non-empty ":"-separated piece (the rest are sub-parameters), and a piece that is not
    /// all digits, or too large, is 0, as is an empty field. The parser itself reads the
    /// fields onto the stack (`applySGR`); this list of them is for the tests.
    static func sgrCodes(_ parameters: String) -> [Int] {
        var codes: [Int] = []
        forEachSGRCode(parameters.utf8) { codes.append($0) }
        return codes
    }

    /// The SGR whose parameters are `scalars` (ASCII digits, ";" and ":", as
    /// `EscapeSequence.skip` found them) applied to the style. Its codes are read onto the
    /// stack: an array for each sequence is an allocation at every start.
    static func applySGR(_ scalars: ArraySlice<Unicode.Scalar>, to style: inout Style) {
        let fields = scalars.reduce(1) { $1 == ";" ? $0 + 1 : $0 }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: fields) { codes in
            var count = 0
            forEachSGRCode(scalars.lazy.map { UInt8(truncatingIfNeeded: $0.value) }) { code in
                codes[count] = code
                count += 1
            }
            applySGR(codes: UnsafeBufferPointer(rebasing: codes[..<count]), to: &style)
        }
    }

    /// Calls `body` with each field's number, in order: one call per field, so a list of
    /// `n` semicolons gives `n + 1`.
    @inline(__always)
    private static func forEachSGRCode<Bytes: Sequence<UInt8>>(_ parameters: Bytes, _ body: (Int) -> Void) {
        var value = 0, valid = false, pieceStarted = false, inSubParameter = false
        for byte in parameters {
            switch byte {
            case UInt8(ascii: ";"):
                body(valid ? value : 0)
                value = 0; valid = false; pieceStarted = false; inSubParameter = false
            case _ where inSubParameter:
                continue
            case UInt8(ascii: ":"):
                inSubParameter = pieceStarted  // leading empty pieces are skipped
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                pieceStarted = true
                if value >= 0 {
                    let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                    value = overflow || overflow2 ? -1 : sum  // -1: too large, read as 0
                }
                valid = value >= 0
            default:
                pieceStarted = true
                value = -1; valid = false
            }
        }
        body(valid ? value : 0)
    }

    /// An SGR's codes applied to the style (`ESC [ m` reads as the one code 0, a reset).
    private static func applySGR(codes: UnsafeBufferPointer<Int>, to style: inout Style) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37: style.foreground = .ansi(UInt8(code - 30))
            case 39: style.foreground = .default
            case 40...47: style.background = .ansi(UInt8(code - 40))
            case 49: style.background = .default
            case 90...97: style.foreground = .ansi(UInt8(code - 90 + 8))
            case 100...107: style.background = .ansi(UInt8(code - 100 + 8))
            case 38, 48:
                var color: Color? = nil
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    color = .ansi(UInt8(max(0, min(255, codes[index + 2]))))
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    func channel(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
                    color = .rgb(channel(codes[index + 2]), channel(codes[index + 3]), channel(codes[index + 4]))
                    index += 4
                }
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break
            }
            index += 1
        }
    }
}
