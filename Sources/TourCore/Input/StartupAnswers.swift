/// How the answers to the start-up questions decide what the first frame is drawn with:
/// the background its colors are kept readable on, and how pictures are drawn. Everything
/// else it rests on is known before the questions go out.
///
/// The session composes the first frame while the questions are out, from what no answer
/// decides (`decide(TerminalReplies())`), and sends it once the answers decide the same
/// (`drawsTheSameFrame`): the terminal's round trip and the frame's layout and draw
/// overlap instead of following each other.
package struct StartupAnswers: Sendable {
    /// `--background` or TOUR_BACKGROUND: no answer changes it.
    package var explicitBackground: TerminalBackground?
    /// COLORFGBG, where no answer says.
    package var colorFGBG: String?
    /// What is known of pixels without the terminal: the window size's cell size, and
    /// tmux's name for the terminal outside it.
    package var knownGraphics: GraphicsAnswers
    /// What the pixel choice rests on besides the answers (the setting, the multiplexer,
    /// the terminal's names), when pictures were asked about; nil: cells whatever comes.
    package var pixels: PixelChoice?

    package init(explicitBackground: TerminalBackground?, colorFGBG: String?, knownGraphics: GraphicsAnswers, pixels: PixelChoice?) {
        (self.explicitBackground, self.colorFGBG, self.knownGraphics, self.pixels) = (explicitBackground, colorFGBG, knownGraphics, pixels)
    }

    /// What the terminal said of pixels, with what was known without it: the window
    /// size's cell size stands (the terminal is asked only without one), tmux's name for
    /// the terminal outside stands where the terminal gave none.
    package func graphics(_ replies: TerminalReplies) -> GraphicsAnswers {
        var answers = replies.graphics
        if let cell = knownGraphics.cellPixels { answers.cellPixels = cell }
        if answers.version == nil { answers.version = knownGraphics.version }
        return answers
    }

    /// What these answers (none, or all that came by the deadline) decide.
    package func decide(_ replies: TerminalReplies) -> Decided {
        let background = TerminalBackground.choose(explicit: explicitBackground, answered: replies.answeredBackground, colorFGBG: colorFGBG)
        let choice = pixels.map { known in
            var choice = known
            choice.answers = graphics(replies)
            return choice
        }
        return Decided(background: background, pixelChoice: choice)
    }

    /// The background and the pixel choice, as the pager's settings take them.
    package struct Decided: Equatable, Sendable {
        package var background: TerminalBackground
        /// Kept by the pager: a late answer may still bring pixels.
        package var pixelChoice: PixelChoice?
        /// The protocol pictures are drawn in; nil: in cells.
        package var pixels: PixelProtocol? { pixelChoice?.chosen }

        /// A frame drawn with `other` is the frame these draw: the view reads the answers
        /// only through the background and the chosen protocol (the cell size only with
        /// pixels), so a cell size or a version that changes neither changes nothing drawn.
        package func drawsTheSameFrame(as other: Decided) -> Bool {
            guard background == other.background, pixels == other.pixels else { return false }
            return pixels == nil || pixelChoice?.answers.cellPixels.map({ [$0.width, $0.height] }) == other.pixelChoice?.answers.cellPixels.map({ [$0.width, $0.height] })
        }

        /// Puts them in the pager's settings, colors kept readable at `depth`.
        package func apply(to settings: inout PagerModel.Settings, depth: ColorDepth) {
            settings.contrast = (depth, background)
            if let pixelChoice {
                settings.pixelChoice = pixelChoice
                settings.pixels = pixels
            }
        }
    }
}
