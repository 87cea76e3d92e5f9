import Testing
@testable import TourCore

/// Pictures in pixels: which protocol a terminal gets, what the start-up answers say,
/// the encoders, the placeholder grid, and what is sent as pages come and go.
@Suite("Pictures in pixels")
struct PixelPictureTests {
    static let cell = (width: 10, height: 20)

    static func answers(kitty: Bool = false, sixel: Bool = false, version: String? = nil, cell: Bool = true) -> GraphicsAnswers {
        GraphicsAnswers(kitty: kitty, sixel: sixel, version: version, cellPixels: cell ? Self.cell : nil)
    }

    static func choose(_ answers: GraphicsAnswers, setting: PictureSetting = .auto, multiplexer: Multiplexer = .none, tmux: Bool = false,
                       term: String? = "xterm-256color", program: String? = nil) -> PixelProtocol? {
        PixelProtocol.choose(setting: setting, answers: answers, multiplexer: multiplexer, insideTmux: tmux, term: term, termProgram: program)
    }

    /// kitty, then sixel, then iTerm2 by name, then cells; cells as asked, without a cell
    /// size, behind GNU screen, and behind a tmux that does not pass through or whose
    /// terminal shows no placeholders (kitty before 0.28). `pixels` also trusts the name.
    @Test func theProtocolIsChosenInOrder() {
        #expect(Self.choose(Self.answers(kitty: true, sixel: true)) == .kitty)
        #expect(Self.choose(Self.answers(sixel: true)) == .sixel)
        #expect(Self.choose(Self.answers(), program: "iTerm.app") == .iterm2)
        #expect(Self.choose(Self.answers(), program: "WezTerm") == .iterm2)
        #expect(Self.choose(Self.answers()) == nil)
        #expect(Self.choose(Self.answers(kitty: true), setting: .cells) == nil)
        #expect(Self.choose(Self.answers(kitty: true, cell: false)) == nil)
        #expect(Self.choose(Self.answers(kitty: true), multiplexer: .gnuScreen) == nil)
        #expect(Self.choose(Self.answers(kitty: true, version: "kitty(0.35.2)"), multiplexer: .none, tmux: true) == nil)
        #expect(Self.choose(Self.answers(kitty: true, version: "kitty(0.26.5)"), multiplexer: .tmuxPassingThrough, tmux: true) == nil)
        #expect(Self.choose(Self.answers(kitty: true, version: "kitty(0.35.2)"), multiplexer: .tmuxPassingThrough, tmux: true) == .kittyPlaceholders)
        #expect(Self.choose(Self.answers(kitty: true, version: "ghostty 1.1.3"), multiplexer: .tmuxPassingThrough, tmux: true) == .kittyPlaceholders)
        #expect(Self.choose(Self.answers(sixel: true, version: "XTerm(379)"), multiplexer: .tmuxPassingThrough, tmux: true) == nil)
        #expect(Self.choose(Self.answers(), term: "xterm-kitty") == nil)
        #expect(Self.choose(Self.answers(), setting: .pixels, term: "xterm-kitty") == .kitty)
        #expect(Self.choose(Self.answers(), setting: .pixels, term: "foot") == .sixel)
        #expect(Self.choose(Self.answers(), setting: .pixels, term: "xterm-256color") == nil)
        #expect(PictureSetting(name: "Pixels") == .pixels && PictureSetting(name: "cell") == nil)
    }

    /// The answers are taken out of the input as replies, never keys: kitty's OK to tour's
    /// own query only, sixel from DA1's attributes (its class not counted), the cell size,
    /// and XTVERSION's name as printable ASCII.
    /// A cell size no real terminal has is not believed, and a picture is never drawn past
    /// four times its size, whatever box it is given (issue 64, item 3).
    @Test func theTerminalsClaimsAreBounded() {
        #expect(GraphicsAnswers(cellPixels: (10, 20)).cellPixels?.width == 10)
        for claim in [(2000, 1000), (99999, 99999), (0, 20), (101, 20), (10, 201)] {
            #expect(GraphicsAnswers(cellPixels: claim).cellPixels == nil, "\(claim)")
        }
        var answers = TerminalReplies()
        answers.note(.cellSize(width: 2000, height: 1000))
        #expect(answers.graphics.cellPixels == nil)
        let fitted = PixelImage.fit(width: 100, height: 50, into: (1_000_000, 1_000_000))
        #expect(fitted.width == 400 && fitted.height == 200)
        #expect(PixelImage.fit(width: 100, height: 50, into: (80, 80)) == (80, 40))
    }

    @Test func theAnswersAreRead() {
        func replies(_ text: String) -> ([Key], [TerminalReply]) {
            var decoder = KeyDecoder()
            let keys = decoder.feed(Array(text.utf8)) + decoder.flushPending()
            return (keys, decoder.takeReplies())
        }
        #expect(replies("\u{1B}_Gi=31;OK\u{1B}\\").1 == [.kittyGraphics])
        #expect(replies("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\").1 == [])
        #expect(replies("\u{1B}_Gi=7;OK\u{1B}\\").1 == [])
        #expect(replies("\u{1B}[?62;4;22c").1 == [.sixelGraphics, .deviceAttributes])
        #expect(replies("\u{1B}[?4;22c").1 == [.deviceAttributes])
        #expect(replies("\u{1B}[?64;1;2;6;9;15;18;21;22c").1 == [.deviceAttributes])
        #expect(replies("\u{1B}[6;20;10t").1 == [.cellSize(width: 10, height: 20)])
        #expect(replies("\u{1B}[6;0;10t").1 == [])
        #expect(replies("\u{1B}P>|kitty(0.35.2)\u{1B}\\").1 == [.terminalVersion("kitty(0.35.2)")])
        #expect(replies("\u{1B}P>|bad\u{1}name\u{1B}\\").1 == [])
        let (keys, all) = replies("\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[?62;4c")
        #expect(keys == [.character("q")] && all == [.kittyGraphics, .sixelGraphics, .deviceAttributes])
        var collected = TerminalReplies()
        for reply in all + [.cellSize(width: 9, height: 18), .terminalVersion("kitty(0.35.2)")] { collected.note(reply) }
        #expect(collected.graphics == GraphicsAnswers(kitty: true, sixel: true, version: "kitty(0.35.2)", cellPixels: (9, 18)))
        #expect(collected.fences == 1)
        #expect(Multiplexer.tmuxOuterTerminal(answer: "1 kitty(0.35.2)\n") == "kitty(0.35.2)")
        #expect(Multiplexer.tmuxOuterTerminal(answer: "1 \n") == nil && Multiplexer.tmuxAllowsPassthrough(answer: "1 kitty(0.35.2)\n"))
        #expect(!Multiplexer.tmuxAllowsPassthrough(answer: "0 kitty(0.35.2)\n"))
    }

    /// The pixel questions go before the fence, inside tmux's passthrough with their ESCs
    /// doubled, and never to GNU screen.
    @Test func thePixelQuestionsGoWithTheOthers() {
        let query = String(decoding: KittyGraphics.query, as: UTF8.self)
        let plain = String(decoding: StartupQuestions(through: .none, graphics: .init(cellSize: true)).bytes, as: UTF8.self)
        #expect(plain.hasSuffix(query + "\u{1B}[16t\u{1B}[c"))
        #expect(!String(decoding: StartupQuestions(through: .none, graphics: .init(cellSize: false)).bytes, as: UTF8.self).contains("[16t"))
        let tmux = String(decoding: StartupQuestions(through: .tmuxPassingThrough, graphics: .init(cellSize: false)).bytes, as: UTF8.self)
        #expect(tmux.contains("\u{1B}\u{1B}_Gi=31") && !tmux.contains("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"))
        let screen = String(decoding: StartupQuestions(through: .gnuScreen, graphics: .init(cellSize: true)).bytes, as: UTF8.self)
        #expect(!screen.contains("_G") && !screen.contains("[16t"))
        let given = String(decoding: StartupQuestions(through: .none, background: false, graphics: .init(cellSize: false)).bytes, as: UTF8.self)
        #expect(given == query + "\u{1B}[c")  // the background given: only pixels, and the fence
        var page = Tour.Page(title: "Logo")
        page.picture = Self.picture
        let tour = Tour(pages: [Tour.Page(title: "One"), page])
        #expect(tour.showsPicture(onPages: nil) && tour.showsPicture(onPages: [1]) && !tour.showsPicture(onPages: [0]) && !tour.showsPicture(onPages: [7]))
    }

    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> PixelImage {
        var rgba: [UInt8] = []
        for y in 0..<height { for x in 0..<width { rgba += pixel(x, y) } }
        return PixelImage(width: width, height: height, rgba: rgba)
    }

    /// A transmission is chunks of at most 4096 base64 characters, the first with the
    /// keys, every one but the last `m=1`; RGB when opaque. Decoded, it is the pixels.
    @Test func kittyTransmitsInChunks() {
        let opaque = Self.image(50, 40) { x, y in [UInt8(x), UInt8(y), 7, 255] }
        let text = String(decoding: KittyGraphics.transmit(opaque, id: 130), as: UTF8.self)
        let commands = text.split(separator: "\u{1B}\\").map { $0.dropFirst(3) }  // "ESC _ G"
        #expect(commands.first?.hasPrefix("a=t,f=24,s=50,v=40,i=130,q=2,m=1;") == true)
        #expect(commands.last?.hasPrefix("m=0;") == true && commands.dropFirst().dropLast().allSatisfy { $0.hasPrefix("m=1;") })
        let payload = commands.map { $0.split(separator: ";", maxSplits: 1).last! }.joined()
        #expect(commands.allSatisfy { $0.split(separator: ";", maxSplits: 1).last!.count <= KittyGraphics.chunkLength })
        #expect(payload == Base64.encode(opaque.rgb))
        let squeezed = String(decoding: KittyGraphics.transmit(opaque, id: 2, deflate: { _ in [1, 2, 3] }), as: UTF8.self)
        #expect(squeezed == "\u{1B}_Ga=t,f=24,o=z,s=50,v=40,i=2,q=2,m=0;AQID\u{1B}\\")
        let clear = Self.image(2, 1) { x, _ in [1, 2, 3, x == 0 ? 0 : 255] }
        #expect(String(decoding: KittyGraphics.transmit(clear, id: 1), as: UTF8.self).hasPrefix("\u{1B}_Ga=t,f=32,s=2,v=1,i=1,q=2,m=0;"))
        let wrapped = KittyGraphics.passedThroughTmux(KittyGraphics.delete(id: 5, forget: true))
        #expect(String(decoding: wrapped, as: UTF8.self) == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    /// Two runs behind one tmux pick different ids; a crash frees this run's picture, by id,
    /// and nothing of another's (issue 64, item 4).
    @Test func eachRunHasItsOwnIdsAndFreesOnlyItsOwn() {
        let run = PictureIDs(run: 7)
        #expect(run.id(page: 1) == 7 << 24 | 129 && PictureIDs(run: 8).id(page: 1) != run.id(page: 1))
        let runs = (0..<500).map { _ in PictureIDs.random(depth: .direct) }
        #expect(Set(runs.map(\.run)).count > 10 && runs.allSatisfy { (1..<64).contains($0.run) } && Set(runs.map(\.middle)).count > 100)
        #expect(PictureIDs.random(depth: .ansi256).middle == 0)
        let direct = KittyGraphics.placeholderArt(id: PictureIDs(run: 3, middle: 0x1234).id(page: 0), columns: 1, rows: 1, depth: .direct)
        #expect(direct.styles[0][0].foreground == .rgb(0x12, 0x34, 128))
        var overlay = PictureOverlay(pixelProtocol: .kittyPlaceholders, cell: Self.cell, ids: run)
        #expect(overlay.crashCleanup.isEmpty)
        _ = overlay.frame(showing: PicturePlacement(page: 1, box: Rect(x: 0, y: 0, width: 12, height: 6), picture: Self.picture))
        let cleanup = String(decoding: overlay.crashCleanup, as: UTF8.self)
        #expect(cleanup.contains("a=d,d=I,i=\(7 << 24 | 129),") && !cleanup.contains("d=A") && overlay.crashCleanup.count <= 64, "\(cleanup)")
        // The placeholder names the top byte with a third mark, the low one with its ink.
        let art = KittyGraphics.placeholderArt(id: run.id(page: 1), columns: 1, rows: 1, depth: .ansi256)
        #expect(art.lines[0].unicodeScalars.map(\.value) == [0x10EEEE, 0x0305, 0x0305, KittyGraphics.diacritics[7]])
        #expect(art.styles[0][0].foreground == .ansi(129))
    }

    /// Each placeholder is U+10EEEE with its row's and column's marks, one cell wide,
    /// inked in the color that names the picture at the terminal's depth.
    @Test func thePlaceholderGridNamesEachCell() {
        let art = KittyGraphics.placeholderArt(id: 131, columns: 3, rows: 2, depth: .direct)
        #expect(art.width == 3 && art.lines.count == 2)
        let second = Array(art.lines[1])
        #expect(second.count == 3)
        #expect(second[2].unicodeScalars.map(\.value) == [0x10EEEE, 0x030D, 0x030E])
        #expect(art.styles[0][0].foreground == .rgb(0, 0, 131))
        #expect(KittyGraphics.placeholderArt(id: 131, columns: 1, rows: 1, depth: .ansi256).styles[0][0].foreground == .ansi(131))
        #expect(KittyGraphics.placeholderArt(id: 1, columns: 500, rows: 500, depth: .direct).lines.count == KittyGraphics.largestGrid)
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.write(String(second[1]), x: 1, y: 0)
        #expect(canvas[1, 0].character == second[1] && canvas[2, 0].character == " ")
    }

    /// A sixel names each color used once and draws a band's pixels of one color as one
    /// row of characters; runs of four or more are counted. Transparent pixels are not drawn.
    @Test func sixelEncodesBands() {
        let red = Self.image(1, 6) { _, _ in [255, 0, 0, 255] }
        #expect(String(decoding: SixelEncoder.encode(red), as: UTF8.self) == "\u{1B}P0;1;0q\"1;1;1;6#180;2;100;0;0#180~\u{1B}\\")
        let stripe = Self.image(5, 7) { x, y in y == 6 || x == 4 ? [0, 0, 0, 0] : [0, 0, 255, 255] }
        let text = String(decoding: SixelEncoder.encode(stripe), as: UTF8.self)
        #expect(text == "\u{1B}P0;1;0q\"1;1;5;7#5;2;0;0;100#5!4~-\u{1B}\\")
        #expect(SixelEncoder.levels(registers: 256) == 6 && SixelEncoder.levels(registers: 16) == 2 && SixelEncoder.levels(registers: 64) == 4)
        let gray = Self.image(8, 8) { _, _ in [128, 128, 128, 255] }
        let shades = Set(SixelEncoder.quantize(gray, levels: 6))
        #expect(shades.count == 2)  // dithered between the two nearest grays
    }

    /// The PNG for iTerm2: signature, chunks with their CRCs, and the pixels in stored blocks.
    @Test func iTerm2CarriesAStoredPNG() {
        #expect(PNGEncoder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        let image = Self.image(2, 2) { x, y in [UInt8(x * 100), UInt8(y * 100), 0, 255] }
        let png = PNGEncoder.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.suffix(8) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        let big = PNGEncoder.zlibStored(Array(repeating: 1, count: 70_000))
        #expect(big.count == 2 + 5 + 65_535 + 5 + 4465 + 4 && big[2] == 0 && big[2 + 5 + 65_535] == 1)
        let text = String(decoding: ITerm2Image.inline(image), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=\(png.count);width=2px;height=2px;") && text.hasSuffix("\u{7}"))
        #expect(text.contains(":" + Base64.encode(png)))
    }

    /// Fitting keeps the shape; shrinking averages by alpha, so a transparent pixel's
    /// color never bleeds in.
    @Test func resamplingKeepsShapeAndColor() {
        #expect(PixelImage.fit(width: 64, height: 64, into: (300, 200)) == (200, 200))
        #expect(PixelImage.fit(width: 200, height: 100, into: (100, 100)) == (100, 50))
        #expect(PixelImage.fit(width: 1, height: 1000, into: (100, 10)) == (1, 10))
        let pixels: [UInt8] = [200, 0, 0, 255, 0, 200, 0, 0, 0, 0, 200, 255, 0, 0, 0, 255]
        let picture = Picture(width: 2, height: 2, pixels: pixels, drawer: nil)
        let one = PixelImage.resampled(picture, width: 1, height: 1)
        #expect(one.rgba == [66, 0, 66, 191])
        #expect(PixelImage.resampled(picture, width: 4, height: 4).rgba.count == 64)
    }

    static let picture = Picture(width: 64, height: 64, pixels: Array((0..<64 * 64).map { _ in [200, 100, 50, 255] }.joined()), drawer: nil)

    /// kitty: sent once a size, placed when its page settles, deleted when it goes, placed
    /// again without being sent, sent again at a new size, freed at exit.
    @Test func kittyPicturesComeAndGoWithTheirPage() {
        var overlay = PictureOverlay(pixelProtocol: .kitty, cell: Self.cell, ids: PictureIDs(run: 0))
        let placement = PicturePlacement(page: 4, box: Rect(x: 28, y: 3, width: 24, height: 12), picture: Self.picture)
        let first = String(decoding: overlay.frame(showing: placement).after, as: UTF8.self)
        #expect(first.hasPrefix("\u{1B}7\u{1B}_Ga=t,f=24,s=240,v=240,i=132,q=2,m=1;"))
        // 240×240 in a 240×240-pixel box: no offset; the cursor goes back.
        #expect(first.hasSuffix("\u{1B}[4;29H\u{1B}_Ga=p,i=132,p=1,X=0,Y=0,C=1,q=2\u{1B}\\\u{1B}8"))
        #expect(overlay.frame(showing: placement) == PictureOverlay.Commands())
        let gone = overlay.frame(showing: nil)
        #expect(String(decoding: gone.before, as: UTF8.self) == "\u{1B}_Ga=d,d=i,i=132,q=2\u{1B}\\" && gone.after.isEmpty)
        let back = String(decoding: overlay.frame(showing: placement).after, as: UTF8.self)
        #expect(!back.contains("a=t") && back.contains("a=p,i=132"))
        var wider = placement
        wider.box = Rect(x: 10, y: 2, width: 40, height: 13)
        let resized = String(decoding: overlay.frame(showing: wider).after, as: UTF8.self)
        // The box is 400×260 pixels; the picture grows to 4 times its 64 at most: 256×256,
        // 72 pixels in (7 cells and 2 pixels), 2 pixels down.
        #expect(resized.contains("a=t,f=24,s=256,v=256,i=132") && resized.contains("\u{1B}[3;18H\u{1B}_Ga=p,i=132,p=1,X=2,Y=2"), "\(resized)")
        let exit = String(decoding: overlay.finish(), as: UTF8.self)
        #expect(exit == "\u{1B}_Ga=d,d=i,i=132,q=2\u{1B}\\\u{1B}_Ga=d,d=I,i=132,q=2\u{1B}\\")
        #expect(String(decoding: overlay.frame(showing: wider).after, as: UTF8.self).contains("a=t,"))  // sent again after
        // Placed again: a crash now frees that picture, by its id, and nothing else.
        #expect(overlay.crashCleanup == Array("\u{1B}_Ga=d,d=I,i=132,q=2\u{1B}\\".utf8))
    }

    /// A sixel is drawn each time its page shows; taken away, its box's cells are erased
    /// row by row and written again.
    @Test func sixelPicturesAreErasedWithTheirCells() {
        var overlay = PictureOverlay(pixelProtocol: .sixel, cell: Self.cell, ids: PictureIDs(run: 0))
        let placement = PicturePlacement(page: 0, box: Rect(x: 2, y: 1, width: 3, height: 2), picture: Self.picture)
        let drawn = String(decoding: overlay.frame(showing: placement).after, as: UTF8.self)
        #expect(drawn.hasPrefix("\u{1B}7\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;30;30") && drawn.hasSuffix("\u{1B}\\\u{1B}8"))
        let gone = overlay.frame(showing: nil)
        #expect(String(decoding: gone.before, as: UTF8.self) == "\u{1B}7\u{1B}[2;3H\u{1B}[3X\u{1B}[3;3H\u{1B}[3X\u{1B}8")
        #expect(gone.repaint == 1..<3)
        #expect(String(decoding: overlay.frame(showing: placement).after, as: UTF8.self).contains("\u{1B}P0;1;0q"))
        #expect(overlay.crashCleanup.isEmpty)
    }

    /// Behind tmux every command is passed on, one DCS each, and the placement is virtual.
    @Test func placeholdersGoThroughTmux() {
        var overlay = PictureOverlay(pixelProtocol: .kittyPlaceholders, cell: Self.cell, ids: PictureIDs(run: 0))
        let placement = PicturePlacement(page: 1, box: Rect(x: 0, y: 0, width: 12, height: 6), picture: Self.picture)
        let text = String(decoding: overlay.frame(showing: placement).after, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,") && text.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=129,c=12,r=6,q=2\u{1B}\u{1B}\\\u{1B}\\"))
        #expect(!text.contains("\u{1B}7") && !text.contains("H\u{1B}"))
        #expect(overlay.crashCleanup.count <= 64)
    }

    /// TOUR_DEBUG's line says how the pictures were drawn and what was heard, or why the
    /// terminal was not asked.
    @Test func theDebugLineSaysWhy() {
        #expect(PixelExplanation.line(chosen: .kitty, setting: .auto, answers: Self.answers(kitty: true))
                == "tour: pictures in pixels, kitty graphics: heard the kitty graphics answer; 10×20-pixel cells\n")
        #expect(PixelExplanation.line(chosen: nil, setting: .auto, answers: Self.answers(cell: false))
                == "tour: pictures in cells: heard nothing about graphics; no cell size in pixels\n")
        #expect(PixelExplanation.line(chosen: nil, setting: .cells, answers: Self.answers(), asked: false).contains("as asked"))
        #expect(PixelExplanation.line(chosen: nil, setting: .auto, answers: Self.answers(), asked: false, insideGNUScreen: true)
                == "tour: pictures in cells: GNU screen passes no pictures on\n")
    }

    /// An answer after the first frame (a slow link) still brings the pictures in pixels,
    /// and one after a protocol is chosen changes nothing; a run that did not ask about
    /// pixels ignores them.
    @Test func aLateAnswerBringsPixels() {
        var settings = PagerModel.Settings.forTest(animation: false)
        settings.pixelChoice = PixelChoice(setting: .auto, multiplexer: .none, insideTmux: false, term: "xterm-256color", termProgram: nil,
                                           colorsNamePictures: true, answers: Self.answers())
        var pager = PagerModel(tour: Tour(pages: [Tour.Page(title: "One")]), size: Size(width: 40, height: 12), settings: settings)
        _ = pager.start(at: 0)
        #expect(pager.settings.pixels == nil)
        #expect(pager.update(.terminalReplied(.kittyGraphics), at: 0.3) == [.redrawAll])
        #expect(pager.settings.pixels == .kitty)
        #expect(pager.update(.terminalReplied(.sixelGraphics), at: 0.31).isEmpty && pager.settings.pixels == .kitty)
        var unasked = PagerModel(tour: Tour(pages: [Tour.Page(title: "One")]), size: Size(width: 40, height: 12), settings: .forTest(animation: false))
        _ = unasked.start(at: 0)
        #expect(unasked.update(.terminalReplied(.kittyGraphics), at: 0.3).isEmpty && unasked.settings.pixels == nil)
        var placeholders = settings.pixelChoice!
        (placeholders.insideTmux, placeholders.multiplexer, placeholders.colorsNamePictures) = (true, .tmuxPassingThrough, false)
        placeholders.answers = Self.answers(kitty: true, version: "kitty(0.35.2)")
        #expect(placeholders.chosen == nil)  // 16 colors cannot name the picture
    }

    /// The view leaves the picture's box blank (or fills it with placeholders) only when
    /// the page is settled: during a slide, and under the help, it draws cells.
    @Test func theViewHandsTheBoxToThePixelsWhenSettled() {
        var page = Tour.Page(title: "Logo", subtitle: "A picture.")
        page.picture = Picture(width: 64, height: 64, pixels: Array(repeating: 200, count: 64 * 64 * 4), drawer: FittingDrawer())
        let tour = Tour(pages: [Tour.Page(title: "First"), page])
        var settings = PagerModel.Settings.forTest(animation: false)
        settings.pixels = .kitty
        var pager = PagerModel(tour: tour, size: Size(width: 80, height: 24), startPosition: 1, settings: settings)
        _ = pager.start(at: 0)
        let frame = TourScreenView.render(pager)
        let placement = TourScreenView.pixelPicture(of: pager, layout: frame.layout)
        #expect(placement?.page == 1 && placement?.box == frame.layout.parts.hero)
        if let box = placement?.box {
            #expect(box.width == 20 && box.height == 10)
            #expect((box.y..<box.y + box.height).allSatisfy { y in (box.x..<box.x + box.width).allSatisfy { frame.canvas[$0, y].character == " " } })
        }
        // With the cell size known, the box is fitted to it, not by the drawer (libchafa):
        // the 13 rows the text leaves, of 20 pixels, hold 260, which 26 columns of 10 match.
        settings.pixelChoice = PixelChoice(setting: .auto, multiplexer: .none, insideTmux: false, term: nil, termProgram: nil,
                                           colorsNamePictures: true, answers: Self.answers(kitty: true))
        var fitted = PagerModel(tour: tour, size: Size(width: 80, height: 24), startPosition: 1, settings: settings)
        _ = fitted.start(at: 0)
        let inPixels = TourScreenView.render(fitted).layout.parts.hero
        #expect(inPixels?.width == 26 && inPixels?.height == 13)
        settings.pixelChoice = nil
        settings.pixels = .kittyPlaceholders
        var behindTmux = PagerModel(tour: tour, size: Size(width: 80, height: 24), startPosition: 1, settings: settings)
        _ = behindTmux.start(at: 0)
        let placeholders = TourScreenView.render(behindTmux)
        if let box = placeholders.layout.parts.hero {
            #expect(placeholders.canvas[box.x, box.y].character.unicodeScalars.first?.value == KittyGraphics.placeholder)
        }
        _ = behindTmux.update(.key(.character("?")), at: 1)
        #expect(behindTmux.isShowingHelp && TourScreenView.pixelPicture(of: behindTmux, layout: TourScreenView.render(behindTmux).layout) == nil)
        // A slide (and the reveal after it) shows cells; the picture is placed once it settles.
        settings.pixels = .kitty
        settings.animation = true
        var sliding = PagerModel(tour: tour, size: Size(width: 80, height: 24), startPosition: 0, settings: settings)
        _ = sliding.start(at: 0)
        _ = sliding.update(.key(.right), at: 1)
        #expect(sliding.animation != nil && TourScreenView.pixelPicture(of: sliding, layout: TourScreenView.render(sliding).layout) == nil)
        _ = sliding.update(.tick, at: 5)
        _ = sliding.update(.tick, at: 10)  // the slide, then the hero's reveal
        #expect(sliding.animation == nil && TourScreenView.pixelPicture(of: sliding, layout: TourScreenView.render(sliding).layout) != nil)
        settings.animation = false
        settings.pixels = nil
        var inCells = PagerModel(tour: tour, size: Size(width: 80, height: 24), startPosition: 1, settings: settings)
        _ = inCells.start(at: 0)
        #expect(TourScreenView.pixelPicture(of: inCells, layout: TourScreenView.render(inCells).layout) == nil)
        #expect(TourScreenView.render(inCells).canvas[frame.layout.parts.hero!.x, frame.layout.parts.hero!.y].character == "#")
    }
}

/// Fits a picture in a fixed 20×10 cells and draws it as `#`s: enough to tell cells from pixels.
private struct FittingDrawer: PictureDrawer {
    func fit(_ picture: Picture, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) { (min(20, maxColumns), min(10, maxRows)) }
    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, background: TerminalBackground, ascii: Bool) -> Tour.Art? {
        Tour.Art(lines: Array(repeating: String(repeating: "#", count: columns), count: rows), keepBlankRows: true)
    }
    var canDraw: Bool { true }
}
