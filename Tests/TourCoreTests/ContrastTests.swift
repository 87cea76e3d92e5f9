import Testing
@testable import TourCore
@testable import TourStore

/// Every foreground on every background reads at 4.5:1 or better, on the colors the
/// terminal really shows: at 24-bit, 256 and 8 colors, on a dark and on a light theme,
/// with bold text in colors 0–7 drawn bright, as xterm and VTE draw it.
@Suite("Contrast")
struct ContrastTests {
    static let tours: [(String, Tour)] = {
        var tours: [(String, Tour)] = []
        for path in ["/Resources/welcome.json", "/Tests/Fixtures/markdown/habits.md", "/Tests/Fixtures/translations/tour.json"] {
            // The built-in tour's art follows contrast, as BuiltInTour.load makes it.
            if let tour = try? TourLoader.load(path: PackagePaths.root + path) { tours.append((path, path.hasPrefix("/Resources") ? tour.followingContrast() : tour)) }
        }
        // The issue's own example: an orange accent on a blue gradient.
        var page = Tour.Page(title: "Orange on blue", subtitle: "Sub", accent: .rgb(0xFF, 0x88, 0x00))
        page.gradient = [.rgb(0x3A, 0x7B, 0xD5), .rgb(0x00, 0xD2, 0xFF)]
        let features = Tour.Page(title: "Icons", features: [Tour.Feature(icon: "★", title: "Dim yellow", text: "On a band", accent: .rgb(0xCC, 0xCC, 0x33))])
        var banded = features
        banded.gradient = [.rgb(0xFF, 0xFF, 0xFF), .rgb(0xEE, 0xEE, 0x88)]
        tours.append(("orange-on-blue", Tour(accent: .rgb(0x44, 0x44, 0x44), pages: [page, features, banded, Tour.Page(title: "Last")])))
        return tours
    }()

    @Test(arguments: [ColorDepth.direct, .ansi256, .ansi8])
    func everyDrawnPairReads(depth: ColorDepth) throws {
        #expect(Self.tours.count == 4)
        var checked = 0
        for (name, tour) in Self.tours {
            for background in [TerminalBackground.dark, .light] {
                for index in tour.pages.indices {
                    var view = PageView(tour: tour, state: Paging(pageCount: tour.pages.count, currentPage: index))
                    view.contrast = (depth, background)
                    var canvas = Canvas(size: Size(width: 80, height: 24))
                    let layout = view.draw(into: &canvas)
                    for y in 0..<24 {
                        // An author's art and pictures keep their colors; art that follows contrast is checked too.
                        let heroKeepsColors = tour.pages[index].picture != nil || !(tour.pages[index].hero?.followsContrast ?? false)
                        for x in 0..<80 where !(heroKeepsColors && (layout.parts.hero?.contains(x: x, y: y) ?? false)) {
                            let cell = canvas[x, y]
                            guard cell.character != " ", !cell.style.dim, cell.style.foreground != .default || cell.style.background != .default else { continue }
                            let front = Contrast.shown(cell.style.foreground, depth: depth, bold: cell.style.bold) ?? background.foreground
                            let back = Contrast.shown(cell.style.background, depth: depth) ?? background.rgb
                            let ratio = Contrast.ratio(front, back)
                            checked += 1
                            #expect(ratio >= Contrast.minimumRatio, "\(name) page \(index + 1) \(background) at (\(x), \(y)) '\(cell.character)': \(ratio)")
                        }
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    /// The built-in gradient page at 256 colors (two flat bands there) and at 24 bits: the
    /// hint, Skip and the dots are not dim, and every text cell reads at 4.5:1 against the
    /// band as drawn, not the 24-bit color it came from.
    @Test(arguments: [ColorDepth.direct, .ansi256, .ansi8])
    func textOnAGradientReadsAgainstTheBandAsDrawn(depth: ColorDepth) throws {
        let tour = try TourLoader.load(path: PackagePaths.builtInTour)
        let index = try #require(tour.pages.firstIndex { $0.gradient.count >= 2 })
        for background in [TerminalBackground.dark, .light] {
            var view = PageView(tour: tour, state: Paging(pageCount: tour.pages.count, currentPage: index))
            view.contrast = (depth, background)
            var canvas = Canvas(size: Size(width: 80, height: 24))
            let layout = view.draw(into: &canvas)
            var checked = 0
            for y in 0..<24 {
                for x in 0..<80 where !(layout.parts.hero?.contains(x: x, y: y) ?? false) {
                    let cell = canvas[x, y]
                    guard cell.character != " " else { continue }
                    #expect(!cell.style.dim, "\(depth) \(background) (\(x), \(y)) '\(cell.character)' is dim on a band")
                    let front = Contrast.shown(cell.style.foreground, depth: depth, bold: cell.style.bold) ?? background.foreground
                    let back = Contrast.shown(cell.style.background, depth: depth) ?? background.rgb
                    #expect(Contrast.ratio(front, back) >= Contrast.minimumRatio, "\(depth) \(background) (\(x), \(y)) '\(cell.character)'")
                    checked += 1
                }
            }
            #expect(checked > 60 && layout.hint != nil && layout.skip != nil)
        }
    }

    @Test func aShortAccentKeepsItsHue() {
        let orange = Color.rgb(0xFF, 0x88, 0x00)
        let band = Color.rgb(0x1E, 0xA5, 0xE9)
        #expect(Contrast.ratio(Palette.rgb(of: orange)!, Palette.rgb(of: band)!) < 1.5)
        let fixed = Contrast.readableShade(of: orange, on: band, depth: .direct, background: .dark)
        let rgb = Palette.rgb(of: fixed)!
        #expect(Contrast.ratio(rgb, Palette.rgb(of: band)!) >= 4.5)
        // Still an orange: red above green above blue.
        #expect(rgb.0 >= rgb.1 && rgb.1 >= rgb.2)
    }

    @Test func colorFGBGSaysLightOrDark() {
        #expect(TerminalBackground.from(colorFGBG: "0;15") == .light)
        #expect(TerminalBackground.from(colorFGBG: "15;0") == .dark)
        #expect(TerminalBackground.from(colorFGBG: "default;default;7") == .light)
        #expect(TerminalBackground.from(colorFGBG: nil) == .dark)
    }
}

/// The tables and roundings that keep libm out of the first frame give what libm gives.
/// Issue 65, 8: a tip or a notice printed in place on a background nobody stated.
@Suite("Ink on a background nobody stated")
struct UnknownBackgroundInkTests {
    /// The reason for the rule, worked out: no color reads at 4.5:1 on both themes' backgrounds.
    @Test func noColorReadsOnADarkAndALightThemeAlike() {
        var best = 0.0
        for r in stride(from: 0, through: 255, by: 5) { for g in stride(from: 0, through: 255, by: 5) { for b in stride(from: 0, through: 255, by: 5) {
            let color = (UInt8(r), UInt8(g), UInt8(b))
            best = max(best, min(Contrast.ratio(color, TerminalBackground.dark.rgb), Contrast.ratio(color, TerminalBackground.light.rgb)))
        } } }
        #expect(best < Contrast.minimumRatio)
        // Cyan code on white, as it was printed: 2.0:1 or less, whatever the palette's cyan.
        #expect(Contrast.ratio(Palette.rgb(ofIndex: 6), (0xFF, 0xFF, 0xFF)) < 3)
    }

    @Test func aTipTakesTheTerminalsInkBoldOrUnderlined() {
        var set = TipSet(id: "t", tips: [Tour.Tip("Press `s` to sync.", id: "s")])
        set.accent = .ansi(3)
        var canvas = TipCard.canvas(0, of: set, offLine: TipCard.offLine(file: nil, tool: nil, command: "tour tip --off --id t", width: 80),
                                    width: 80)
        let colored = canvas.cells.filter { $0.style.foreground != .default }
        #expect(colored.contains { $0.style.bold } && colored.contains { !$0.style.bold }, "a label and inline code in color before")
        Contrast.inkForUnknownBackground(on: &canvas)
        #expect(canvas.cells.allSatisfy { $0.style.foreground == .default })
        let code = canvas.cells.filter(\.style.underline).map(\.character)
        #expect(String(code).contains("s") && String(code).contains("tour tip --off --id t"), "code is underlined: \(String(code))")
        #expect(canvas.cells.prefix(3).allSatisfy { $0.style.bold && !$0.style.underline }, "the label stays bold")
    }

    @Test func onlyAStatedBackgroundIsKnown() {
        #expect(TerminalBackground.stated(colorFGBG: nil) == nil && TerminalBackground.stated(colorFGBG: "default") == nil)
        #expect(TerminalBackground.stated(colorFGBG: "0;15") == .light && TerminalBackground.stated(colorFGBG: "15;0") == .dark)
        #expect(TerminalBackground.stated(explicit: .light, colorFGBG: "15;0") == .light)
        #expect(TerminalBackground.from(colorFGBG: nil) == .dark)  // the pager still assumes dark, then asks the terminal
    }
}

@Suite("Contrast without libm")
struct ContrastWithoutLibmTests {
    @Test func theLinearTableIsTheFormula() {
        for channel in 0...255 {
            #expect(Contrast.linearChannel[channel] == Contrast.linearValue(UInt8(channel)), "channel \(channel)")
        }
        #expect(Contrast.linearChannel.count == 256)
    }

    @Test func nearestRoundsAsRoundedDoes() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = []
        for whole in 0...255 {
            let base = Double(whole)
            values += [base, base + 0.5, base + 0.499_999_999_999_999_94, base - 0.5]
        }
        for _ in 0..<10_000 { values.append(Double.random(in: 0...255, using: &generator)) }
        for value in values where value >= 0 && value <= 255 {
            #expect(Palette.nearest(value) == value.rounded(), "\(value)")
        }
    }
}
