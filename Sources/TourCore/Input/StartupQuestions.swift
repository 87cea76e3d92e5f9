/// What sits between tour and the terminal that draws it, as far as the start-up
/// questions go: a multiplexer answers the device attributes itself, and passes the
/// color questions on only when they are wrapped for it.
package enum Multiplexer: Equatable, Sendable {
    /// The terminal itself (or one that answers for the terminal, as tmux 3.4 does).
    case none
    /// tmux with `allow-passthrough` on: `DCS tmux; … ST`, every ESC inside doubled.
    case tmuxPassingThrough
    /// GNU screen, which hands a DCS's contents to the terminal it is attached to.
    case gnuScreen

    /// Who is there, from what the environment says: `TMUX` and `STY` name the
    /// multiplexer, and tmux says itself whether it passes sequences through. With both
    /// set, which is inside which cannot be told, so the questions are asked plainly.
    package static func detect(insideTmux: Bool, tmuxAllowsPassthrough: () -> Bool, insideGNUScreen: Bool) -> Multiplexer {
        switch (insideTmux, insideGNUScreen) {
        case (true, false): tmuxAllowsPassthrough() ? .tmuxPassingThrough : .none
        case (false, true): .gnuScreen
        default: .none
        }
    }

    /// Whether tmux has to be asked about passthrough at all: not when the pane says
    /// (`TERM_PROGRAM=tmux`, `TERM_PROGRAM_VERSION`) that it is tmux 3.4 or later, which
    /// answers the background question from the outer terminal itself.
    package static func tmuxNeedsAsking(termProgram: String?, version: String?) -> Bool {
        guard termProgram == "tmux", let version else { return true }
        // "3.3a", "3.4", "next-3.6": the first two numbers.
        let numbers = version.drop { !$0.isNumber }.split { !$0.isNumber }.prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return true }
        return (numbers[0], numbers[1]) < (3, 4)
    }

    /// tmux's answer to `display-message -p '#{allow-passthrough}'`: "0" is off; "1",
    /// "on" and "all" pass through. Before tmux 3.3 the option did not exist (the format
    /// is empty) and passthrough was always allowed.
    package static func tmuxAllowsPassthrough(answer: String) -> Bool {
        let value = tmuxAnswerParts(answer).passthrough.lowercased()
        return !["0", "off"].contains(value)
    }

    /// The terminal in front of tmux, as tmux's `#{client_termtype}` names it
    /// ("kitty(0.35.2)"), the second word of the answer; nil when tmux does not know.
    package static func tmuxOuterTerminal(answer: String) -> String? {
        let name = tmuxAnswerParts(answer).terminal
        return name.isEmpty ? nil : name
    }

    /// "1 kitty(0.35.2)": the passthrough option, then the client's terminal type (which
    /// tmux before 3.3 leaves out, as it does the option).
    private static func tmuxAnswerParts(_ answer: String) -> (passthrough: String, terminal: String) {
        let line = answer.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).map { $0.filter { !$0.isWhitespace } }
        return (parts.first ?? "", parts.count > 1 ? String(parts[1].filter { $0.isASCII && !$0.isNewline }.prefix(64)) : "")
    }
}

/// The questions tour asks the terminal at start, for its background: the color-scheme
/// report (`CSI ? 996 n`), the background color (`OSC 11 ; ?`), and the device
/// attributes (`CSI c`) as the fence every terminal answers after the others.
package struct StartupQuestions: Equatable, Sendable {
    /// What to write to the terminal.
    package let bytes: [UInt8]
    /// How many device-attribute answers will come: the fence of the terminal, and
    /// behind a multiplexer also the multiplexer's own. The background is known (or
    /// will not be told) once all have come.
    package let fences: Int

    /// One question, and the answer it brings (`TerminalReplies.note` reads them all).
    package enum Question: Equatable, Sendable {
        /// `CSI ? 996 n`: the color-scheme report, dark or light.
        case colorScheme
        /// `OSC 11 ; ?`: the background color.
        case backgroundColor
        /// kitty's graphics query: OK where kitty's pictures draw.
        case kittyGraphics
        /// `CSI 16 t`: one cell's size in pixels.
        case cellSize
        /// `CSI c`, DA1: every terminal answers it, after every earlier answer; sixel is
        /// read from it too.
        case deviceAttributes

        /// As written; `passedOn`: inside a DCS that a multiplexer hands on, where an OSC
        /// ends with BEL (an ST would end the DCS).
        func text(passedOn: Bool) -> String {
            switch self {
            case .colorScheme: "\u{1B}[?996n"
            case .backgroundColor: passedOn ? "\u{1B}]11;?\u{07}" : "\u{1B}]11;?\u{1B}\\"
            case .kittyGraphics: String(decoding: KittyGraphics.query, as: UTF8.self)
            case .cellSize: "\u{1B}[16t"
            case .deviceAttributes: StartupQuestions.fence
            }
        }
    }

    /// The device-attributes question (DA1): every terminal answers it.
    package static let fence = "\u{1B}[c"

    /// The questions about pixels, asked with the others when a page has a picture: the
    /// kitty graphics query (sixel is read from the device attributes, which are asked
    /// anyway), and the cell size in pixels (`CSI 16 t`) where the window size did not say.
    package struct GraphicsQuestions: Equatable, Sendable {
        package var cellSize: Bool

        package init(cellSize: Bool) {
            self.cellSize = cellSize
        }

        var questions: [Question] { cellSize ? [.kittyGraphics, .cellSize] : [.kittyGraphics] }
    }

    /// The questions, wrapped for `multiplexer`; `graphics` adds the questions about pixels
    /// (not behind GNU screen, where pictures stay in cells). Without `background` (the
    /// person gave it) only the pixel questions and the fence are asked.
    package init(through multiplexer: Multiplexer, background: Bool = true, graphics: GraphicsQuestions? = nil) {
        let colors: [Question] = background ? [.colorScheme, .backgroundColor] : []
        let pixels = multiplexer == .gnuScreen ? [] : graphics?.questions ?? []
        func written(_ questions: [Question], passedOn: Bool) -> String {
            questions.map { $0.text(passedOn: passedOn) }.joined()
        }
        let passedOn = written(colors + pixels + [.deviceAttributes], passedOn: true)
        switch multiplexer {
        case .none:
            bytes = Array(written(colors + pixels + [.deviceAttributes], passedOn: false).utf8)
            fences = 1
        case .tmuxPassingThrough:
            // The color questions are asked of tmux too: tmux 3.4 and later answer them
            // from the terminal outside. Every ESC passed on is doubled, by hand:
            // String.replacing would link the regex library (1.4 MB).
            let doubled = String(passedOn.flatMap { $0 == "\u{1B}" ? "\u{1B}\u{1B}" : String($0) })
            bytes = Array((written(colors, passedOn: false) + "\u{1B}Ptmux;" + doubled + "\u{1B}\\" + Self.fence).utf8)
            fences = 2
        case .gnuScreen:
            // No pixel questions: GNU screen passes no pictures on.
            bytes = Array(("\u{1B}P" + passedOn + "\u{1B}\\" + Self.fence).utf8)
            fences = 2
        }
    }
}

/// The fence the drain sends at exit and at Ctrl-Z: its answer must come after every mouse
/// report and answer the terminal sent before it. GNU screen passes the outer terminal's
/// mouse reports on but answers the device attributes itself, at once, ahead of a release
/// still on its way; so behind screen the outer terminal is asked too, inside a DCS, and
/// both answers are waited for. tmux keeps mouse reports to itself once a pane's mouse
/// mode is off, so its own answer is enough.
package struct ExitFence: Equatable, Sendable {
    package let bytes: [UInt8]
    package let fences: Int

    package init(through multiplexer: Multiplexer) {
        switch multiplexer {
        case .none, .tmuxPassingThrough:
            bytes = Array(StartupQuestions.fence.utf8)
            fences = 1
        case .gnuScreen:
            bytes = Array(("\u{1B}P" + StartupQuestions.fence + "\u{1B}\\" + StartupQuestions.fence).utf8)
            fences = 2
        }
    }
}

/// How the drain at exit (and at Ctrl-Z) goes: which fence it sends, if any, and how long
/// it waits for the answer. Decided from what the start-up questions showed of the link,
/// so that the fence's own answer never reaches the shell: it is not sent where it cannot
/// come back in time, and waited for as long as the link took to answer at start.
package struct ExitDrain: Equatable, Sendable {
    /// What the start-up questions showed.
    package struct Evidence: Equatable, Sendable {
        /// Device-attribute answers the start-up questions asked for, and those that came.
        package var fencesAsked: Int
        package var fencesAnswered: Int
        /// Seconds from asking to the last of them to come; nil when none came.
        package var slowestAnswer: Double?
        /// Seconds since the questions went out, and how long a late answer is waited for.
        package var secondsSinceAsked: Double
        package var lateLimit: Double

        package init(fencesAsked: Int, fencesAnswered: Int, slowestAnswer: Double?, secondsSinceAsked: Double, lateLimit: Double) {
            self.fencesAsked = fencesAsked
            self.fencesAnswered = fencesAnswered
            self.slowestAnswer = slowestAnswer
            self.secondsSinceAsked = secondsSinceAsked
            self.lateLimit = lateLimit
        }
    }

    /// The fence to send; nil: send none, only flush what came.
    package let fence: ExitFence?
    /// How long to wait for its answers.
    package let wait: Double

    /// The wait on a link that answered at once, or was not asked.
    package static let shortestWait = 0.5
    /// The longest exit tour makes: a link slower than this gets no fence.
    package static let longestWait = 3.0

    package init(fence: ExitFence?, wait: Double) {
        self.fence = fence
        self.wait = wait
    }

    /// The drain for `multiplexer`, from the start-up `evidence` (nil when the terminal
    /// was not asked, as with the background given).
    package static func plan(through multiplexer: Multiplexer, evidence: Evidence?) -> ExitDrain {
        guard let evidence else { return ExitDrain(fence: ExitFence(through: multiplexer), wait: shortestWait) }
        // Asked and never answered, long past any slow link: it answers no fence.
        if evidence.fencesAnswered == 0 {
            if evidence.secondsSinceAsked >= evidence.lateLimit { return ExitDrain(fence: nil, wait: 0) }
            return ExitDrain(fence: ExitFence(through: multiplexer), wait: shortestWait)
        }
        // STY set with no GNU screen in front (a window opened from inside screen): the
        // plain fence was answered and the one wrapped for screen never was.
        var through = multiplexer
        if multiplexer == .gnuScreen, evidence.fencesAnswered < evidence.fencesAsked, evidence.secondsSinceAsked >= evidence.lateLimit {
            through = .none
        }
        // Half again the round trip the start showed, and a little more: the answer to a
        // fence sent now comes back in about that time.
        let needed = (evidence.slowestAnswer ?? 0) * 1.5 + 0.1
        guard needed <= longestWait else { return ExitDrain(fence: nil, wait: 0) }
        return ExitDrain(fence: ExitFence(through: through), wait: max(shortestWait, needed))
    }
}
