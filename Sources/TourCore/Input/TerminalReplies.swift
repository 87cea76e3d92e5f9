/// One answer from the terminal, as `KeyDecoder` takes it out of the input.
package enum TerminalReply: Equatable, Sendable {
    /// The device attributes (`CSI ? … c`): every terminal sends them, after every
    /// earlier answer, so they are the fence.
    case deviceAttributes
    /// The color-scheme report, `CSI ? 997 ; 1 n` (dark) or `; 2 n` (light).
    case colorScheme(TerminalBackground)
    /// The background color, `OSC 11 ; rgb:RRRR/GGGG/BBBB`, as 8-bit channels.
    case backgroundColor(red: UInt8, green: UInt8, blue: UInt8)
    /// The kitty graphics query answered OK (`APC G i=31 ; OK ST`): kitty's pictures draw.
    case kittyGraphics
    /// The device attributes list 4: sixel graphics. Taken out just before the fence
    /// they came in, which still counts as `deviceAttributes`.
    case sixelGraphics
    /// XTVERSION's answer (`DCS > | kitty(0.35.2) ST`): the name and version, printable ASCII.
    case terminalVersion(String)
    /// One cell's size in pixels, from the answer to `CSI 16 t` (`CSI 6 ; height ; width t`).
    case cellSize(width: Int, height: Int)
}

/// What the terminal has answered so far: its colors, what it draws pictures with, and
/// how many fences came. `note` is the one place an answer is read; adding a question
/// means a `TerminalReply` case, its line in `note`, its line in `StartupQuestions.Question`,
/// and a test.
package struct TerminalReplies: Equatable, Sendable {
    /// The color scheme the terminal reported.
    package private(set) var scheme: TerminalBackground?
    /// The background color it reported, as 8-bit RGB.
    package private(set) var background: (UInt8, UInt8, UInt8)? {
        get { backgroundValue.map { ($0[0], $0[1], $0[2]) } }
        set { backgroundValue = newValue.map { [$0.0, $0.1, $0.2] } }
    }
    private var backgroundValue: [UInt8]?
    /// How many device-attribute answers came: once as many as `StartupQuestions.fences`
    /// have, every answer that will come has come.
    package private(set) var fences = 0
    /// What the answers said about drawing pixels.
    package private(set) var graphics = GraphicsAnswers()
    /// At least one fence came: the terminal (or the multiplexer in front of it) answers.
    package var fenced: Bool { fences > 0 }

    /// Nothing answered yet; `known` is what is known of pixels without the terminal (a
    /// cell size known stands against the terminal's; a version the terminal gives replaces it).
    package init(known: GraphicsAnswers = GraphicsAnswers()) {
        graphics = known
    }

    /// Takes in one answer.
    package mutating func note(_ reply: TerminalReply) {
        switch reply {
        case .deviceAttributes: fences += 1
        case .colorScheme(let reported): scheme = reported
        case let .backgroundColor(red, green, blue): background = (red, green, blue)
        case .kittyGraphics: graphics.kitty = true
        case .sixelGraphics: graphics.sixel = true
        case .terminalVersion(let text): graphics.version = text
        case let .cellSize(width, height): if graphics.cellPixels == nil { graphics.cellPixels = (width, height) }
        }
    }

    /// Whether these answers say something of the background that `earlier` did not.
    package func sayMoreOfTheBackground(than earlier: TerminalReplies) -> Bool {
        scheme != earlier.scheme || backgroundValue != earlier.backgroundValue
    }

    /// The background the answers show: the color when there is one (it is what the
    /// terminal draws), else the reported scheme.
    package var answeredBackground: TerminalBackground? {
        if let rgb = background { return TerminalBackground.of(rgb) }
        return scheme
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
        left.scheme == right.scheme && left.backgroundValue == right.backgroundValue && left.fences == right.fences && left.graphics == right.graphics
    }
}
