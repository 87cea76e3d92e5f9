import Testing
@testable import TourCore

/// The first frame is composed from what no answer decides while the start-up questions
/// are out, and sent only when the answers decide a frame the same.
@Suite("Start-up answers: the composed first frame is kept only when the answers draw it")
struct StartupAnswersTests {
    static func replies(_ answers: TerminalReply...) -> TerminalReplies {
        var replies = TerminalReplies()
        for answer in answers { replies.note(answer) }
        return replies
    }

    static let pixels = PixelChoice(setting: .auto, multiplexer: .none, insideTmux: false, term: "xterm-256color", termProgram: nil,
                                    colorsNamePictures: true, answers: GraphicsAnswers())

    @Test func withNoAnswerTheEnvironmentDecides() {
        let answers = StartupAnswers(explicitBackground: nil, colorFGBG: "0;15", knownGraphics: GraphicsAnswers(), pixels: nil)
        #expect(answers.decide(TerminalReplies()).background == .light)
        let unknown = StartupAnswers(explicitBackground: nil, colorFGBG: nil, knownGraphics: GraphicsAnswers(), pixels: nil)
        #expect(unknown.decide(TerminalReplies()).background == TerminalBackground.from(colorFGBG: nil))
    }

    @Test func aFenceAloneDrawsTheFrameComposedWithoutAnswers() {
        let answers = StartupAnswers(explicitBackground: nil, colorFGBG: nil, knownGraphics: GraphicsAnswers(), pixels: Self.pixels)
        let provisional = answers.decide(TerminalReplies())
        let decided = answers.decide(Self.replies(.deviceAttributes))
        #expect(decided == provisional)
        #expect(decided.drawsTheSameFrame(as: provisional))
    }

    @Test func aBackgroundOtherThanTheGuessMeansTheFrameIsComposedAgain() {
        let answers = StartupAnswers(explicitBackground: nil, colorFGBG: nil, knownGraphics: GraphicsAnswers(), pixels: nil)
        let provisional = answers.decide(TerminalReplies())
        let light = answers.decide(Self.replies(.backgroundColor(red: 250, green: 250, blue: 245), .deviceAttributes))
        let dark = answers.decide(Self.replies(.backgroundColor(red: 10, green: 10, blue: 20), .deviceAttributes))
        #expect(light.background == .light && dark.background == .dark)
        #expect(light.drawsTheSameFrame(as: provisional) == (provisional.background == .light))
        #expect(dark.drawsTheSameFrame(as: provisional) == (provisional.background == .dark))
    }

    @Test func aGivenBackgroundIsNotChangedByAnAnswer() {
        let answers = StartupAnswers(explicitBackground: .light, colorFGBG: "15;0", knownGraphics: GraphicsAnswers(), pixels: nil)
        let decided = answers.decide(Self.replies(.backgroundColor(red: 0, green: 0, blue: 0), .deviceAttributes))
        #expect(decided.background == .light)
        #expect(decided.drawsTheSameFrame(as: answers.decide(TerminalReplies())))
    }

    /// Pixels change the frame; a cell size or a version that leaves the pictures in cells
    /// does not, and is kept for a late answer.
    @Test func pixelsChangeTheFrameACellSizeAloneDoesNot() {
        let answers = StartupAnswers(explicitBackground: nil, colorFGBG: nil, knownGraphics: GraphicsAnswers(), pixels: Self.pixels)
        let provisional = answers.decide(TerminalReplies())
        #expect(provisional.pixels == nil)
        let kitty = answers.decide(Self.replies(.kittyGraphics, .cellSize(width: 10, height: 20), .deviceAttributes))
        #expect(kitty.pixels == .kitty)
        #expect(!kitty.drawsTheSameFrame(as: provisional))
        let sized = answers.decide(Self.replies(.cellSize(width: 10, height: 20), .terminalVersion("xterm(390)"), .deviceAttributes))
        #expect(sized.pixels == nil)
        #expect(sized != provisional)
        #expect(sized.drawsTheSameFrame(as: provisional))
        var settings = PagerModel.Settings()
        sized.apply(to: &settings, depth: .ansi256)
        #expect(settings.pixelChoice?.answers.cellPixels?.width == 10 && settings.pixelChoice?.answers.version == "xterm(390)")
    }

    /// What the window size and tmux said stand beside the terminal's answers: the window
    /// size's cell size over an answer, tmux's name where the terminal gave none.
    @Test func whatWasKnownWithoutTheTerminalStands() {
        let known = GraphicsAnswers(version: "kitty(0.35.2)", cellPixels: (8, 16))
        let answers = StartupAnswers(explicitBackground: nil, colorFGBG: nil, knownGraphics: known, pixels: Self.pixels)
        let graphics = answers.graphics(Self.replies(.cellSize(width: 10, height: 20), .deviceAttributes))
        #expect(graphics.cellPixels?.width == 8 && graphics.cellPixels?.height == 16)
        #expect(graphics.version == "kitty(0.35.2)")
        #expect(answers.graphics(Self.replies(.terminalVersion("WezTerm 2024"))).version == "WezTerm 2024")
        #expect(answers.decide(TerminalReplies()).pixelChoice?.answers.cellPixels?.width == 8)
    }
}
