import Testing
@testable import TourCore
@testable import TourStore

/// Pictures: decoded once with libpng or libjpeg-turbo, drawn by libchafa into cells.
@Suite("Picture heroes")
struct PictureTests {
    static let folder = PackagePaths.root + "/Tests/Fixtures/pictures"

    func decode(_ name: String) throws -> Result<Picture, ImageCodec.Failure> {
        ImageCodec.decode(Array(try FileSystem.read(Self.folder + "/" + name, limit: 1 << 20)))
    }

    @Test func aPNGAndAJPEGDecodeAndALargeOneIsKeptSmall() throws {
        let png = try decode("red-disc.png").get()
        #expect(png.width == 200 && png.height == 200 && png.pixels.count == 200 * 200 * 4)
        let jpeg = try decode("red-disc.jpg").get()
        #expect(jpeg.width == 120 && jpeg.height == 120)
        let large = try decode("large-disc.png").get()
        #expect(large.width == 512 && large.height == 512)  // 2000x2000, kept at 512 a side
    }

    @Test(arguments: [
        ("corrupt.png", "[00][01][02][03]: invalid chunk type", false),
        ("truncated.jpg", "Premature end of JPEG file", false),
        ("huge-header.png", "the picture is 100000x100000; the limit is 4096x4096", true),
        ("not-a-picture.png", "not a PNG or JPEG image", false),
    ])
    func badPicturesAreRefusedWithTheDecodersReason(name: String, reason: String, tooLarge: Bool) throws {
        guard case .failure(let failure) = try decode(name) else { Issue.record("\(name) decoded"); return }
        #expect(failure.reason == reason)
        #expect(failure.isTooLarge == tooLarge)
    }

    /// A red disc on white reads back as red cells in the middle and light cells at the
    /// corners, at 24-bit and at 256 colors.
    @Test(arguments: [ColorDepth.direct, .ansi256, .ansi8])
    func theCellsCarryThePicturesColors(depth: ColorDepth) throws {
        let picture = try decode("red-disc.png").get()
        let drawer = try #require(picture.drawer)
        let (columns, rows) = drawer.fit(picture, maxColumns: 40, maxRows: 12)
        #expect(rows == 12 && (22...26).contains(columns))  // square pixels in cells twice as tall as wide
        let art = try #require(drawer.art(picture, columns: columns, rows: rows, depth: depth, background: .dark, ascii: false))
        #expect(art.lines.count == rows && art.width == columns)
        func rgb(_ color: Color) -> (UInt8, UInt8, UInt8)? { Contrast.shown(color, depth: depth) }
        let middle = art.styles[rows / 2][columns / 2]
        let corner = art.styles[0][0]
        let red = [middle.foreground, middle.background].compactMap(rgb).contains { $0.0 > 150 && $0.1 < 90 && $0.2 < 90 }
        let light = [corner.foreground, corner.background].compactMap(rgb).allSatisfy { $0.0 > 180 && $0.1 > 180 && $0.2 > 180 }
        #expect(red, "\(depth): the middle is \(middle)")
        #expect(light && corner.background != .default, "\(depth): the corner is \(corner)")
        // ASCII symbols for a terminal that is not UTF-8.
        let ascii = try #require(drawer.art(picture, columns: columns, rows: rows, depth: depth, background: .dark, ascii: true))
        #expect(ascii.lines.allSatisfy { $0.unicodeScalars.allSatisfy { $0.value < 0x80 } })
    }

    /// A picture's own backdrop of the terminal's background color (a white JPEG on a
    /// white terminal, at 8 colors) takes the terminal's background, not a solid block of
    /// the nearest other color (it was cyan); the disc keeps its red (issue 49, item 10).
    @Test func aWhiteBackdropOnWhiteIsTheTerminalsBackground() throws {
        guard case .success(let picture) = try decode("red-disc.jpg") else { Issue.record("red-disc.jpg did not decode"); return }
        let drawer = try #require(picture.drawer)
        let art = try #require(drawer.art(picture, columns: 24, rows: 12, depth: .ansi8, background: .light, ascii: false))
        let styles = art.styles.flatMap { $0 }
        #expect(!styles.contains { $0.background == .ansi(6) }, "a cyan block")
        for corner in [art.styles[0][0], art.styles[0][23], art.styles[11][0], art.styles[11][23]] {
            #expect(corner.background == .default)
        }
        #expect(styles.contains { $0.foreground == .ansi(1) || $0.background == .ansi(1) }, "the disc lost its red")
        // On black the same white backdrop is a shape's color and stays visible.
        let dark = try #require(drawer.art(picture, columns: 24, rows: 12, depth: .ansi8, background: .dark, ascii: false))
        #expect(dark.styles[0][0].background != .default)
    }

    /// At 8 colors no cell of a picture takes the background's own color (the built-in
    /// logo's dark blue half was black on black); in monochrome the shapes are drawn as
    /// ink, in no color (they were 14 blank rows).
    @Test(arguments: [TerminalBackground.dark, .light])
    func picturesKeepTheirShapesAtEveryDepth(background: TerminalBackground) throws {
        let tour = try TourLoader.load(path: PackagePaths.root + "/Resources/welcome.json")
        let logo = try #require(tour.pages.last?.picture)
        let drawer = try #require(logo.drawer)
        let (columns, rows) = drawer.fit(logo, maxColumns: 40, maxRows: 12)
        let eight = try #require(drawer.art(logo, columns: columns, rows: rows, depth: .ansi8, background: background, ascii: false))
        let hidden: Color = .ansi(background == .dark ? 0 : 7)
        let colors = eight.styles.flatMap { $0 }.flatMap { [$0.foreground, $0.background] }
        #expect(!colors.contains(hidden), "\(background): a cell in the background's own color")
        #expect(Set(colors.map { "\($0)" }).count >= 3, "\(background): the picture kept its colors")
        let plain = try #require(drawer.art(logo, columns: columns, rows: rows, depth: .monochrome, background: background, ascii: false))
        let inked = plain.lines.joined().unicodeScalars.filter { $0 != " " }.count
        #expect(inked >= columns * rows / 10, "\(background): \(inked) cells of ink\n\(plain.lines.joined(separator: "\n"))")
        #expect(plain.styles.flatMap { $0 }.allSatisfy { $0.foreground == .default && $0.background == .default })
        #expect(Palette.nearestVisible(red: 0, green: 0, blue: 90, on: .dark) == 4)
        #expect(Palette.nearestVisible(red: 240, green: 240, blue: 240, on: .light) != 7)
    }

    @Test func aPictureGivesWayLikeArtAndItsWordsStandInForItInText() throws {
        let tour = try TourLoader.load(path: PackagePaths.root + "/Resources/welcome.json")
        let last = tour.pages.count - 1
        var roomy = Canvas(size: Size(width: 80, height: 24))
        let drawn = PageView(tour: tour, state: Paging(pageCount: tour.pages.count, currentPage: last)).draw(into: &roomy)
        #expect(drawn.parts.hero != nil && (drawn.parts.hero?.height ?? 0) >= 3)
        var short = Canvas(size: Size(width: 80, height: 14))
        let squeezed = PageView(tour: tour, state: Paging(pageCount: tour.pages.count, currentPage: last)).draw(into: &short)
        #expect(squeezed.parts.hero == nil && squeezed.parts.subtitle.count >= 1)
        let text = PlainText.page(tour.pages[last], number: 5, of: 5)
        #expect(text.contains("Picture: The tour logo") && !text.contains("▀"))
    }
}

extension PictureTests {
    /// The image fuzz target's corpus and findings, through the Swift side too: each either
    /// decodes and draws within its bounds, or fails with a reason.
    @Test func theFuzzCorpusDecodesOrFailsWithAReason() throws {
        let drawer = ImageCodec.drawer
        var files: [String] = []
        for folder in ["Corpus", "Regressions"] {
            let directory = PackagePaths.root + "/Fuzz/\(folder)/image"
            files += FileSystem.list(directory).sorted().map { directory + "/" + $0 }
        }
        #expect(files.count >= 5)
        for file in files {
            switch ImageCodec.decode(Array(try FileSystem.read(file, limit: 1 << 20))) {
            case .success(let picture):
                #expect(picture.width <= 512 && picture.height <= 512)
                let (columns, rows) = drawer.fit(picture, maxColumns: 20, maxRows: 6)
                #expect(columns <= 20 && rows <= 6)
                #expect(drawer.art(picture, columns: columns, rows: rows, depth: .ansi256, background: .dark, ascii: false)?.lines.count == rows)
            case .failure(let failure):
                #expect(!failure.reason.isEmpty, "\(file)")
            }
        }
    }
}

/// The built-in tour ships its logo decoded (Resources/art/logo.rgba), so that starting it
/// loads no image library: those pixels must be what libpng reads from logo.png.
@Suite("The built-in tour's logo")
struct BuiltInLogoTests {
    @Test func theShippedPixelsAreWhatLibpngDecodes() throws {
        let art = PackagePaths.root + "/Resources/art/"
        let decoded = try ImageCodec.decode(Array(try FileSystem.read(art + "logo.png", limit: 1 << 20))).get()
        let shipped = Array(try FileSystem.read(art + "logo.rgba", limit: 1 << 20))
        #expect(decoded.width == 64 && decoded.height == 64)
        #expect(decoded.pixels == shipped)
    }

    /// A picture is drawn at most at the size it can use: a column a pixel, a row per two,
    /// and 160 × 80 cells, whatever the window (a 1×1 PNG filled 1000×666 cells).
    @Test func aPictureIsNeverDrawnLargerThanItsPixels() {
        func cells(_ width: Int, _ height: Int) -> [Int] {
            let limit = Picture(width: width, height: height, pixels: [], drawer: nil).largestCells
            return [limit.columns, limit.rows]
        }
        #expect(cells(1, 1) == [1, 1])
        #expect(cells(64, 64) == [64, 32])
        #expect(cells(512, 512) == [160, 80])
        #expect(cells(512, 3) == [160, 2])
    }
}

/// A drawer on a machine without libchafa: it fits, but draws nothing.
private struct MachineWithoutChafa: PictureDrawer {
    func fit(_ picture: Picture, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) { (maxColumns, maxRows) }
    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, background: TerminalBackground, ascii: Bool) -> Tour.Art? { nil }
    var canDraw: Bool { false }
}

/// A drawer on a machine with libchafa, as far as an SVG needs to know.
private struct MachineWithChafa: PictureDrawer {
    func fit(_ picture: Picture, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) { (maxColumns, maxRows) }
    func art(_ picture: Picture, columns: Int, rows: Int, depth: ColorDepth, background: TerminalBackground, ascii: Bool) -> Tour.Art? { nil }
    var canDraw: Bool { true }
}

@Suite("A picture this machine cannot draw")
struct UndrawablePictureTests {
    /// Its words stand where it would be, dim and bracketed; without words, nothing does.
    /// An SVG embeds a picture where its cells were drawn; here they were its words, so the
    /// SVG keeps them. A file that is not PNG or JPEG is never embedded.
    @Test func anSVGEmbedsOnlyAPictureDrawnInCells() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]
        let box = Rect(x: 1, y: 1, width: 4, height: 2)
        var page = Tour.Page(title: "Logo")
        page.picture = Picture(width: 10, height: 10, pixels: Array(repeating: 255, count: 400), drawer: MachineWithoutChafa())
        #expect(ScreenExport.Picture(page: page, box: box, file: png) == nil)
        page.picture = Picture(width: 10, height: 10, pixels: Array(repeating: 255, count: 400), drawer: MachineWithChafa())
        #expect(ScreenExport.Picture(page: page, box: box, file: png)?.mediaType == "image/png")
        #expect(ScreenExport.Picture(page: page, box: box, file: [0xFF, 0xD8, 0xFF, 0])?.mediaType == "image/jpeg")
        #expect(ScreenExport.Picture(page: page, box: box, file: Array("GIF89a".utf8)) == nil)
        #expect(ScreenExport.Picture(page: page, box: nil, file: png) == nil && ScreenExport.Picture(page: page, box: box, file: nil) == nil)
        #expect(ScreenExport.Picture(page: Tour.Page(title: "Art"), box: box, file: png) == nil)
    }

    @Test func theWordsStandInItsPlace() {
        let picture = Picture(width: 10, height: 10, pixels: Array(repeating: 255, count: 400), drawer: MachineWithoutChafa())
        var page = Tour.Page(title: "Logo", subtitle: "The tour logo.")
        page.picture = picture
        page.heroAlt = "A terminal window with a tour in it"
        let tour = Tour(pages: [page])
        let screen = ScreenExport.text(PageView(tour: tour, state: Paging(pageCount: 1)).render(size: Size(width: 60, height: 20)))
        #expect(screen.contains("[ A terminal window with a tour in it ]"), "\(screen)")
        let narrow = ScreenExport.text(PageView(tour: tour, state: Paging(pageCount: 1)).render(size: Size(width: 24, height: 20)))
        #expect(narrow.contains("[ A terminal") && narrow.contains("… ]"), "\(narrow)")
        page.heroAlt = nil
        let silent = ScreenExport.text(PageView(tour: Tour(pages: [page]), state: Paging(pageCount: 1)).render(size: Size(width: 60, height: 20)))
        #expect(!silent.contains("[ A") && silent.contains("Logo"))
    }

    /// `tour check` (and only it) warns, at the heroImage, that this machine cannot draw
    /// pictures; playing the same file says nothing.
    @Test func checkSaysThisMachineCannotDrawPictures() {
        func diagnostics(checking: Bool) -> [String] {
            var decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [0x89] }
            decoder.readPicture = { _ in .success(Picture(width: 2, height: 2, pixels: Array(repeating: 255, count: 16), drawer: MachineWithoutChafa())) }
            decoder.warnsOfThisMachine = checking
            return decoder.check(Array(#"{"pages": [{"title": "P", "heroImage": "p.png", "heroAlt": "A disc"}]}"#.utf8)).1.map(\.description)
        }
        #expect(diagnostics(checking: true) == ["t.json:1:27: warning: this machine cannot draw pictures (libchafa 1.8 or later is not installed): here page 1 shows its \"heroAlt\" in the picture's place; machines with libchafa draw it"])
        #expect(diagnostics(checking: false).isEmpty)
    }
}


/// chafa's cells as hero art, rule by rule, with no libchafa: the decisions are TourCore's.
@Suite("A picture's cells as art")
struct PictureCellsTests {
    static let white: Int32 = 0xFFFFFF, red: Int32 = 0xDD1111
    /// 3×2 cells: a white backdrop, a red block in the middle of the top row, and below it
    /// an upper half block inked white over red (the disc's lower edge).
    static let cells = PictureCells(columns: 3, rows: 2, characters: [0x20, 0x2588, 0x20, 0x20, 0x2580, 0x20],
                                    foregrounds: [-1, red, -1, -1, white, -1], backgrounds: [white, white, white, white, red, white])

    @Test func aBackdropOfTheTerminalsBackgroundIsTheTerminalsBackgroundAt8Colors() {
        let art = Self.cells.art(depth: .ansi8, background: .light)
        #expect(art.styles[0][0].background == .default && art.styles[1][2].background == .default)
        #expect(art.styles[0][1] == Style(foreground: .ansi(1), background: .default))
        // The white half over red becomes the red lower half on the terminal's background.
        #expect(art.lines[1] == " ▄ " && art.styles[1][1] == Style(foreground: .ansi(1), background: .default))
    }

    @Test func onBlackTheSameWhiteIsAColorOfTheShapes() {
        let art = Self.cells.art(depth: .ansi8, background: .dark)
        #expect(art.styles[0][0].background == .ansi(7))
        #expect(art.lines[1] == " ▀ ")
    }

    @Test func atOtherDepthsColorsStayAndUnsafeCharactersGo() {
        var cells = Self.cells
        cells.characters[1] = 0x1B  // chafa's output is data: an ESC is never drawn
        let art = cells.art(depth: .direct, background: .light)
        #expect(art.styles[0][0].background == .rgb(255, 255, 255))
        #expect(art.lines[0] == "   " && art.lines[1] == " ▀ ")
        // In monochrome the character is the ink, even where chafa gave it no color.
        var bare = Self.cells
        bare.foregrounds = Array(repeating: -1, count: 6)
        #expect(bare.art(depth: .monochrome, background: .light).lines == [" █ ", " ▀ "])
        #expect(bare.art(depth: .direct, background: .light).lines == ["   ", "   "])
    }
}
