/// Turns the bytes a terminal sends into keys.
///
/// Decoding is ours rather than ncurses' so that it is plain, testable and fuzzable, and
/// so that both cursor-key modes (`ESC [ C` and `ESC O C`) work whatever terminfo says.
/// A sequence may arrive split across reads. Bytes come with the time they arrived, and
/// what is pending is taken as it stands once `escapeDelay` has passed with nothing more
/// (`keysDue(at:)`): a lone ESC becomes the Escape key. The caller only supplies the time.
///
/// What the terminal answers (the device attributes, the color scheme, the background
/// color) is never a key: it is taken out as a `TerminalReply`, whenever it arrives, in
/// 7-bit or 8-bit form. While answers are awaited, a pending ESC or a half-read answer
/// waits for the rest instead of becoming keys; a string or sequence that never ends is
/// dropped, and what follows it is dropped only for a bounded time and length.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Seconds to wait after ESC for the rest of a sequence.
    package var escapeDelay: Double
    /// When the last bytes arrived.
    private var lastInput = 0.0
    /// The rest of a sequence or string that was cut off, being dropped.
    private var discard: Discard?
    /// What the terminal answered, in order, until taken.
    private var replies: [TerminalReply] = []
    /// Answers are on their way until this time (or until the device attributes come,
    /// which the terminal sends last): a pending ESC or half answer waits for them.
    package var awaitingRepliesUntil: Double?
    /// Longer "sequences" than this are garbage; drop them rather than grow without bound.
    /// Room for a device-attributes answer with many features: xterm 379 sends 36 bytes.
    package static let maximumSequenceLength = 128
    /// A string (an OSC answer) may be this long before it is dropped.
    package static let maximumStringLength = 512
    /// A cut-off string or sequence is dropped for at most this many more bytes, or
    /// this long: then bytes are keys again, so no answer can leave the keys dead.
    package static let maximumDiscardLength = 4096
    package static let maximumDiscardSeconds = 0.5

    private struct Discard: Sendable {
        var isString: Bool
        var startedAt: Double
        var count = 0
        /// In a string, the last byte was ESC: a backslash ends the string, anything else
        /// ends it and starts something new with that ESC.
        var afterEscape = false
    }

    package init(escapeDelay: Double = 0.025) {
        self.escapeDelay = escapeDelay
    }

    /// True while bytes wait for the rest of a sequence.
    package var hasPending: Bool { !pending.isEmpty }

    /// When what is pending will be taken as it stands; nil when nothing is pending.
    package var deadline: Double? {
        guard hasPending else { return nil }
        let delay = lastInput + escapeDelay
        guard let awaited = awaitingRepliesUntil else { return delay }
        return max(delay, awaited)
    }

    /// The terminal's answers decoded so far, once each.
    package mutating func takeReplies() -> [TerminalReply] {
        defer { replies.removeAll() }
        return replies
    }

    /// Decodes bytes that arrived at `time`.
    package mutating func feed(_ bytes: ArraySlice<UInt8>, at time: Double) -> [Key] {
        lastInput = time
        return feed(bytes)
    }

    package mutating func feed(_ bytes: [UInt8], at time: Double) -> [Key] {
        feed(bytes[...], at: time)
    }

    package mutating func feed(_ bytes: [UInt8]) -> [Key] {
        feed(bytes[...])
    }

    /// The keys whose wait is over at `time`: what is pending, once the escape delay has
    /// passed with nothing more; nothing before that.
    package mutating func keysDue(at time: Double) -> [Key] {
        guard let deadline, time >= deadline else { return [] }
        if let awaited = awaitingRepliesUntil, time >= awaited { awaitingRepliesUntil = nil }
        return flushPending()
    }

    /// Decodes what it can of `bytes` (and of bytes left over before); keeps an unfinished sequence for later.
    /// The bytes are a concrete type, not any Sequence: the terminal layer is another module,
    /// where a generic here ran unspecialized, and finding its iterator's type at run time
    /// made the first read of the terminal's reply slow.
    package mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes {
            if var dropping = discard {
                if dropping.count >= Self.maximumDiscardLength || lastInput - dropping.startedAt > Self.maximumDiscardSeconds {
                    discard = nil
                } else {
                    dropping.count += 1
                    discard = dropping
                    if dropping.isString {
                        // BEL, ST (ESC \ or 0x9C) ends it; an ESC before anything else ends it too,
                        // and starts what comes next.
                        if dropping.afterEscape {
                            discard = nil
                            if byte == UInt8(ascii: "\\") { continue }
                            pending.append(0x1B)
                        } else if byte == 0x07 || byte == 0x9C {
                            discard = nil
                            continue
                        } else {
                            discard?.afterEscape = byte == 0x1B
                            continue
                        }
                    } else {
                        if (0x20...0x3F).contains(byte) { continue }
                        discard = nil
                        if (0x40...0x7E).contains(byte) { continue }
                    }
                }
            }
            pending.append(byte)
            if isInsideString(after: byte) { continue }
            decodeComplete(into: &keys, final: false)
        }
        return keys
    }

    /// Whether the byte just added lands inside a string (an OSC, DCS, APC… answer) that it
    /// cannot end: not BEL, ST or ESC, nor the byte after an ESC. The string was still
    /// unfinished before it, so reading the whole string again from its start would only say
    /// so again: without this, every byte of an answer read the answer once more from its
    /// start, and a 512-byte string cost 130,000 steps.
    private func isInsideString(after byte: UInt8) -> Bool {
        guard byte != 0x07, byte != 0x9C, byte != 0x1B, pending.count <= Self.maximumStringLength,
              pending.count >= 2, pending[pending.count - 2] != 0x1B else { return false }
        guard let bodyStart = Self.stringBody(in: pending) else { return false }
        return pending.count > bodyStart
    }

    /// Where the body of the string `bytes` opens starts, when they open one: after ESC and
    /// an introducer, after an 8-bit introducer (DCS, SOS, OSC, PM, APC), or after one of
    /// those sent as UTF-8 (C2 9D …) by a terminal in UTF-8 mode.
    private static func stringBody(in bytes: [UInt8]) -> Int? {
        let c1Introducers: [UInt8] = [0x90, 0x98, 0x9D, 0x9E, 0x9F]
        switch bytes.first {
        case 0x1B where bytes.count >= 2 && stringIntroducers.contains(bytes[1]): return 2
        case let first? where c1Introducers.contains(first): return 1
        case 0xC2 where bytes.count >= 2 && c1Introducers.contains(bytes[1]): return 2
        default: return nil
        }
    }

    /// No more bytes came in time: whatever is pending is taken as it stands.
    package mutating func flushPending() -> [Key] {
        var keys: [Key] = []
        decodeComplete(into: &keys, final: true)
        return keys
    }

    private mutating func decodeComplete(into keys: inout [Key], final: Bool) {
        while !pending.isEmpty {
            switch decodeOne(pending, final: final) {
            case .needMore(let isString):
                if pending.count > (isString ? Self.maximumStringLength : Self.maximumSequenceLength) {
                    pending.removeAll()
                    discard = Discard(isString: isString, startedAt: lastInput)
                }
                return
            case .cutOff(let isString):
                // Its time is up half-read: an answer split by a slow link, never keys.
                // Cut right after an ESC, a string's next byte may be the backslash of its ST.
                let endsInEscape = pending.count > 2 && pending.last == 0x1B
                pending.removeAll()
                discard = Discard(isString: isString, startedAt: lastInput, afterEscape: isString && endsInEscape)
                return
            case let .decoded(key, length):
                pending.removeFirst(length)
                if let key { keys.append(key) }
            case let .reply(answers, length):
                pending.removeFirst(length)
                replies += answers
                // The device attributes come after every other answer.
                if answers.contains(.deviceAttributes) { awaitingRepliesUntil = nil }
            }
        }
    }

    private enum Step {
        case needMore(isString: Bool)
        /// A sequence or string with no end, at the deadline.
        case cutOff(isString: Bool)
        case decoded(Key?, length: Int)
        /// One answer; the device attributes also say sixel, ahead of the fence.
        case reply([TerminalReply], length: Int)
    }

    private func decodeOne(_ bytes: [UInt8], final: Bool) -> Step {
        // A string (a terminal's answer to OSC 11, say) is no key: swallowed whole.
        if let bodyStart = Self.stringBody(in: bytes) { return decodeString(bytes, from: bodyStart, final: final) }
        let first = bytes[0]
        switch first {
        case 0x1B:
            if bytes.count == 1 { return final ? .decoded(.escape, length: 1) : .needMore(isString: false) }
            let second = bytes[1]
            if second == UInt8(ascii: "[") { return decodeCSI(bytes, from: 2, final: final) }
            if second == UInt8(ascii: "O") {
                if bytes.count < 3 { return final ? .decoded(.escape, length: 1) : .needMore(isString: false) }
                return .decoded(ss3Key(bytes[2]), length: 3)
            }
            if second == 0x1B { return .decoded(.escape, length: 1) }
            // Alt+key: the key itself.
            return .decoded(nil, length: 1)
        // The 8-bit CSI (the strings are read above), and the same sent as UTF-8 (C2 9B …).
        case 0x9B: return decodeCSI(bytes, from: 1, final: final)
        case 0xC2 where bytes.count >= 2 && bytes[1] == 0x9B: return decodeCSI(bytes, from: 2, final: final)
        case 0x0D, 0x0A: return .decoded(.enter, length: 1)
        case 0x7F, 0x08: return .decoded(.backspace, length: 1)
        case 0x09: return .decoded(.tab, length: 1)
        case 0x03: return .decoded(.controlC, length: 1)
        // Ctrl and a letter, as the control character itself: a practice page may ask for it.
        case 0x01...0x1A: return .decoded(.character(Character(Unicode.Scalar(first))), length: 1)
        case 0x00..<0x20: return .decoded(nil, length: 1)
        case 0x20..<0x7F: return .decoded(.character(Character(Unicode.Scalar(first))), length: 1)
        default: return decodeUTF8(bytes, final: final)
        }
    }

    /// ESC ] (OSC), ESC P (DCS), ESC _ (APC), ESC ^ (PM), ESC X (SOS).
    static let stringIntroducers: [UInt8] = [0x5D, 0x50, 0x5F, 0x5E, 0x58]

    /// A string from `start` up to BEL or ST (ESC \, 0x9C, or C2 9C); an ESC before
    /// anything else ends it without being eaten. An OSC 11 answer is the background color.
    private func decodeString(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            var end: Int?
            if byte == 0x07 || byte == 0x9C {
                end = index + 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x9C {
                end = index + 2
            } else if byte == 0x1B {
                guard index + 1 < bytes.count else { break }
                end = bytes[index + 1] == UInt8(ascii: "\\") ? index + 2 : index
            }
            if let end {
                if let reply = Self.stringReply(introducer: bytes[start - 1], body: bytes[start..<index]) { return .reply([reply], length: end) }
                return .decoded(nil, length: end)
            }
            index += 1
        }
        return final ? .cutOff(isString: true) : .needMore(isString: true)
    }

    /// The answers that come as strings: OSC 11 (the background color), kitty's graphics
    /// answer in an APC (`G i=31 ; OK`) and XTVERSION's in a DCS (`> | name(version)`).
    private static func stringReply(introducer: UInt8, body: ArraySlice<UInt8>) -> TerminalReply? {
        switch introducer {
        case 0x5D, 0x9D: return backgroundColor(body)
        case 0x5F, 0x9F:
            // Only the answer to tour's own query (id 31) counts, and only an OK.
            return body.elementsEqual("Gi=31;OK".utf8) ? .kittyGraphics : nil
        case 0x50, 0x90:
            guard body.starts(with: Array(">|".utf8)) else { return nil }
            let text = body.dropFirst(2).prefix(64)
            guard !text.isEmpty, text.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            return .terminalVersion(String(decoding: text, as: UTF8.self))
        default: return nil
        }
    }

    /// "11;rgb:RRRR/GGGG/BBBB", the answer to OSC 11.
    private static func backgroundColor(_ body: ArraySlice<UInt8>) -> TerminalReply? {
        guard body.starts(with: Array("11;".utf8)) else { return nil }
        guard let (red, green, blue) = TerminalReplies.rgb(String(decoding: body.dropFirst(3), as: UTF8.self)) else { return nil }
        return .backgroundColor(red: red, green: green, blue: blue)
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

    private func decodeCSI(_ bytes: [UInt8], from start: Int, final: Bool) -> Step {
        // CSI parameters (0x30–0x3F) intermediates (0x20–0x2F) final (0x40–0x7E)
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1
            case 0x40...0x7E:
                let parameters = bytes[start..<index]
                if let answers = Self.replies(parameters: parameters, final: byte) { return .reply(answers, length: index + 1) }
                return .decoded(csiKey(parameters: parameters, final: byte), length: index + 1)
            default:
                // Not a CSI after all: drop the introducer and look again from the odd byte.
                return .decoded(nil, length: index)
            }
        }
        return final ? .cutOff(isString: false) : .needMore(isString: false)
    }

    /// The device attributes (`? … c`, with sixel before them when they list 4), the
    /// color-scheme report (`? 997 ; 1|2 n`) and the cell size (`6 ; height ; width t`).
    private static func replies(parameters: ArraySlice<UInt8>, final: UInt8) -> [TerminalReply]? {
        if final == UInt8(ascii: "t") {
            let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map(Self.number)
            guard numbers.count == 3, numbers[0] == 6, let height = numbers[1], let width = numbers[2], height > 0, width > 0 else { return nil }
            return [.cellSize(width: width, height: height)]
        }
        guard parameters.first == UInt8(ascii: "?") else { return nil }
        if final == UInt8(ascii: "c") {
            // The first number is the terminal's class; the attributes follow it.
            let attributes = parameters.dropFirst().split(separator: UInt8(ascii: ";")).dropFirst().map(Self.number)
            return attributes.contains(4) ? [.sixelGraphics, .deviceAttributes] : [.deviceAttributes]
        }
        guard final == UInt8(ascii: "n") else { return nil }
        if parameters.elementsEqual("?997;1".utf8) { return [.colorScheme(.dark)] }
        if parameters.elementsEqual("?997;2".utf8) { return [.colorScheme(.light)] }
        return nil
    }

    /// Decimal digits as a number up to 99,999; nil for anything else.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
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
        if bytes.count < length { return final ? .decoded(nil, length: 1) : .needMore(isString: false) }
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
