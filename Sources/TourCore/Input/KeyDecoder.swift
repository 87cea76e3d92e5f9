/// Turns the bytes a terminal sends into keys.
///
/// Decoding is ours rather than ncurses' so that it is plain, testable and fuzzable, and
/// so that both cursor-key modes (`ESC [ C` and `ESC O C`) work whatever terminfo says.
/// A sequence may arrive split across reads. Bytes come with the time they arrived, and
/// what is pending is taken as it stands once `escapeDelay` has passed with nothing more
/// (`keysDue(at:)`): a lone ESC becomes the Escape key. The caller only supplies the time.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Seconds to wait after ESC for the rest of a sequence.
    package var escapeDelay: Double
    /// When the last bytes arrived.
    private var lastInput = 0.0
    /// After an overlong sequence: drop its remaining parameter bytes up to its final byte.
    private var discardingSequence = false
    /// Inside an overlong string (OSC, DCS, APC, PM, SOS): drop bytes up to its terminator.
    private var discardingString = false
    /// In such a string, the last byte was ESC: a backslash ends the string.
    private var stringEscape = false
    /// Longer "sequences" than this are garbage; drop them rather than grow without bound.
    package static let maximumSequenceLength = 32

    package init(escapeDelay: Double = 0.025) {
        self.escapeDelay = escapeDelay
    }

    /// True while bytes wait for the rest of a sequence.
    package var hasPending: Bool { !pending.isEmpty }

    /// When what is pending will be taken as it stands; nil when nothing is pending.
    package var deadline: Double? { hasPending ? lastInput + escapeDelay : nil }

    /// Decodes bytes that arrived at `time`.
    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes, at time: Double) -> [Key] where Bytes.Element == UInt8 {
        lastInput = time
        return feed(bytes)
    }

    /// The keys whose wait is over at `time`: what is pending, once the escape delay has
    /// passed with nothing more; nothing before that.
    package mutating func keysDue(at time: Double) -> [Key] {
        guard let deadline, time >= deadline else { return [] }
        return flushPending()
    }

    /// Decodes what it can of `bytes` (and of bytes left over before); keeps an unfinished sequence for later.
    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        var keys: [Key] = []
        for byte in bytes {
            if discardingString {
                // BEL or ESC \ ends it; ESC and anything else ends it too, and that byte counts anew.
                if stringEscape {
                    stringEscape = false
                    discardingString = false
                    if byte == UInt8(ascii: "\\") { continue }
                } else if byte == 0x07 {
                    discardingString = false
                    continue
                } else if byte == 0x1B {
                    stringEscape = true
                    continue
                } else {
                    continue
                }
            }
            if discardingSequence {
                if (0x20...0x3F).contains(byte) { continue }
                discardingSequence = false
                if (0x40...0x7E).contains(byte) { continue }
            }
            pending.append(byte)
            decodeComplete(into: &keys, final: false)
        }
        return keys
    }

    /// No more bytes came in time: whatever is pending is taken as it stands.
    package mutating func flushPending() -> [Key] {
        discardingSequence = false
        discardingString = false
        stringEscape = false
        var keys: [Key] = []
        decodeComplete(into: &keys, final: true)
        return keys
    }

    private mutating func decodeComplete(into keys: inout [Key], final: Bool) {
        while !pending.isEmpty {
            switch decodeOne(pending, final: final) {
            case .needMore:
                if pending.count > Self.maximumSequenceLength {
                    let isString = pending.count > 1 && Self.stringIntroducers.contains(pending[1])
                    pending.removeAll()
                    if isString { discardingString = true } else { discardingSequence = true }
                }
                return
            case let .decoded(key, length):
                pending.removeFirst(length)
                if let key { keys.append(key) }
            }
        }
    }

    private enum Step {
        case needMore
        case decoded(Key?, length: Int)
    }

    private func decodeOne(_ bytes: [UInt8], final: Bool) -> Step {
        let first = bytes[0]
        switch first {
        case 0x1B:
            if bytes.count == 1 { return final ? .decoded(.escape, length: 1) : .needMore }
            let second = bytes[1]
            if second == UInt8(ascii: "[") { return decodeCSI(bytes, final: final) }
            // A string (a terminal's answer to OSC 11, say) is no key: swallowed whole.
            if Self.stringIntroducers.contains(second) { return decodeString(bytes, final: final) }
            if second == UInt8(ascii: "O") {
                if bytes.count < 3 { return final ? .decoded(.escape, length: 1) : .needMore }
                return .decoded(ss3Key(bytes[2]), length: 3)
            }
            if second == 0x1B { return .decoded(.escape, length: 1) }
            // Alt+key: the key itself.
            return .decoded(nil, length: 1)
        case 0x0D, 0x0A: return .decoded(.enter, length: 1)
        case 0x7F, 0x08: return .decoded(.backspace, length: 1)
        case 0x09: return .decoded(.tab, length: 1)
        case 0x03: return .decoded(.controlC, length: 1)
        case 0x00..<0x20: return .decoded(nil, length: 1)
        case 0x20..<0x7F: return .decoded(.character(Character(Unicode.Scalar(first))), length: 1)
        default: return decodeUTF8(bytes, final: final)
        }
    }

    /// ESC ] (OSC), ESC P (DCS), ESC _ (APC), ESC ^ (PM), ESC X (SOS).
    static let stringIntroducers: [UInt8] = [0x5D, 0x50, 0x5F, 0x5E, 0x58]

    /// A string up to BEL or ESC \; incomplete, it waits for more (or is dropped at the delay).
    private func decodeString(_ bytes: [UInt8], final: Bool) -> Step {
        var index = 2
        while index < bytes.count {
            if bytes[index] == 0x07 { return .decoded(nil, length: index + 1) }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.count else { break }
                return .decoded(nil, length: bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : index)
            }
            index += 1
        }
        return final ? .decoded(nil, length: bytes.count) : .needMore
    }

    private func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "M"): .enter  // keypad Enter in application mode
        default: nil
        }
    }

    private func decodeCSI(_ bytes: [UInt8], final: Bool) -> Step {
        // ESC [ parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E)
        var index = 2
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1
            case 0x40...0x7E:
                let parameters = bytes[2..<index]
                return .decoded(csiKey(parameters: parameters, final: byte), length: index + 1)
            default:
                // Not a CSI after all: drop the introducer and look again from the odd byte.
                return .decoded(nil, length: index)
            }
        }
        return final ? .decoded(nil, length: bytes.count) : .needMore
    }

    private func csiKey(parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
        if parameters.first == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            return mouseEvent(parameters.dropFirst(), pressed: final == UInt8(ascii: "M"))
        }
        let firstNumber = parameters.prefix { $0 >= 0x30 && $0 <= 0x39 }.reduce(0) { min($0 * 10 + Int($1 - 0x30), 10_000) }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch firstNumber {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// SGR mouse: `ESC [ < button ; column ; row M` (press) or `m` (release), counted from 1.
    private func mouseEvent(_ parameters: ArraySlice<UInt8>, pressed: Bool) -> Key? {
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { digits in
            digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && !digits.isEmpty && digits.count < 6
                ? digits.reduce(0) { $0 * 10 + Int($1 - 0x30) } : nil
        }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2], column >= 1, row >= 1 else {
            return nil
        }
        guard code & 32 == 0 else { return nil }  // motion with a button held: not a click
        let button = code & 0b11
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            guard pressed else { return nil }
            switch button {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil
            }
        } else {
            kind = pressed ? .press(button: button) : .release(button: button)
        }
        return .mouse(MouseEvent(kind: kind, x: column - 1, y: row - 1))
    }

    private func decodeUTF8(_ bytes: [UInt8], final: Bool) -> Step {
        let lead = bytes[0]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .decoded(nil, length: 1)
        }
        if bytes.count < length { return final ? .decoded(nil, length: 1) : .needMore }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let byte = bytes[offset]
            guard byte & 0xC0 == 0x80 else { return .decoded(nil, length: offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), value >= 0x80 else { return .decoded(nil, length: length) }
        // C1 controls arrive as UTF-8 too; they are not keys.
        if (0x80...0x9F).contains(value) { return .decoded(nil, length: length) }
        return .decoded(.character(Character(scalar)), length: length)
    }
}
