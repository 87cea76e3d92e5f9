/// What a terminal answers when asked about its colors, read from the bytes it sends:
/// the color-scheme report (`CSI ? 997 ; 1 n` dark, `; 2 n` light), the background color
/// (`OSC 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST), and the device attributes
/// (`CSI ? … c`), which every terminal sends and which come last: the fence. Any other
/// byte (a key pressed meanwhile) is kept, in order, for the key decoder.
package struct TerminalReplies: Equatable, Sendable {
    /// The color scheme the terminal reported.
    package private(set) var scheme: TerminalBackground?
    /// The background color it reported, as 8-bit RGB.
    package private(set) var background: (UInt8, UInt8, UInt8)? {
        get { backgroundValue.map { ($0[0], $0[1], $0[2]) } }
        set { backgroundValue = newValue.map { [$0.0, $0.1, $0.2] } }
    }
    private var backgroundValue: [UInt8]?
    /// The device attributes came: every answer that will come has come.
    package private(set) var fenced = false
    /// Bytes that are no answer, for the key decoder.
    package private(set) var other: [UInt8] = []
    private var pending: [UInt8] = []

    package init() {}

    /// Reads what arrived.
    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        while !pending.isEmpty {
            guard let consumed = consumeOne() else { return }  // an answer half-read: wait for the rest
            pending.removeFirst(consumed)
        }
    }

    /// At the deadline: what is still half-read is no answer.
    package mutating func finish() {
        other += pending
        pending.removeAll()
    }

    /// The background the answers show: the color when there is one (it is what the
    /// terminal draws), else the reported scheme.
    package var answeredBackground: TerminalBackground? {
        if let rgb = background { return TerminalBackground.of(rgb) }
        return scheme
    }

    /// How many bytes of `pending` one answer or one other byte takes; nil: need more.
    private mutating func consumeOne() -> Int? {
        guard pending[0] == 0x1B else {
            other.append(pending[0])
            return 1
        }
        guard pending.count >= 2 else { return nil }
        if pending[1] == UInt8(ascii: "[") {
            // CSI: parameters and intermediates, then a final byte.
            var index = 2
            while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
            guard index < pending.count else { return pending.count > 64 ? notAnAnswer() : nil }
            let parameters = pending[2..<index]
            let final = pending[index]
            if parameters.first == UInt8(ascii: "?"), final == UInt8(ascii: "c") {
                fenced = true
            } else if final == UInt8(ascii: "n"), Array(parameters) == Array("?997;1".utf8) {
                scheme = .dark
            } else if final == UInt8(ascii: "n"), Array(parameters) == Array("?997;2".utf8) {
                scheme = .light
            } else {
                other += pending[0...index]  // a key (an arrow, say): the key decoder's
            }
            return index + 1
        }
        if pending[1] == UInt8(ascii: "]") {
            // OSC, to BEL or ESC \.
            var index = 2
            while index < pending.count {
                if pending[index] == 0x07 { break }
                if pending[index] == 0x1B, index + 1 < pending.count { break }
                index += 1
            }
            guard index < pending.count else { return pending.count > 256 ? notAnAnswer() : nil }
            let body = String(decoding: pending[2..<index], as: UTF8.self)
            if body.hasPrefix("11;") { background = Self.rgb(String(body.dropFirst(3))) }
            return pending[index] == 0x07 ? index + 1 : index + 2
        }
        // Anything else starting with ESC (Esc, an SS3 arrow) is the key decoder's.
        other.append(pending[0])
        return 1
    }

    private mutating func notAnAnswer() -> Int {
        other += pending
        return pending.count
    }

    /// "rgb:ffff/ffff/ffff" (1 to 4 hex digits a channel) as 8-bit channels.
    static func rgb(_ text: String) -> (UInt8, UInt8, UInt8)? {
        guard text.hasPrefix("rgb:") else { return nil }
        let channels = text.dropFirst(4).split(separator: "/")
        guard channels.count == 3 else { return nil }
        var values: [UInt8] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = UInt32(channel, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(channel.count))) - 1
            values.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return (values[0], values[1], values[2])
    }

    package static func == (left: TerminalReplies, right: TerminalReplies) -> Bool {
        left.scheme == right.scheme && left.backgroundValue == right.backgroundValue && left.fenced == right.fenced && left.other == right.other
    }
}
