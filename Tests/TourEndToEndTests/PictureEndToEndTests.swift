import Foundation
import Testing

/// Picture heroes on a real terminal: the cells tmux shows carry the picture's colors.
@Suite("End to end: picture heroes")
struct PictureEndToEndTests {
    static let pictures = TourBinary.packageRoot + "/Tests/Fixtures/pictures"

    /// One cell as tmux reports it: the character and its colors as RGB.
    struct ShownCell {
        var character: Character
        var foreground: (Int, Int, Int)?
        var background: (Int, Int, Int)?
    }

    /// The xterm palette, for 256-color output.
    static func rgb(index: Int) -> (Int, Int, Int) {
        let basic = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                     (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        if index < 16 { return basic[index] }
        if index < 232 {
            let levels = [0, 95, 135, 175, 215, 255], value = index - 16
            return (levels[value / 36], levels[value / 6 % 6], levels[value % 6])
        }
        let gray = 8 + (index - 232) * 10
        return (gray, gray, gray)
    }

    /// A `capture-pane -e` line read into cells, following its SGR sequences.
    static func cells(_ line: String) -> [ShownCell] {
        var result: [ShownCell] = []
        var foreground: (Int, Int, Int)? = nil, background: (Int, Int, Int)? = nil
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    let codes = String(String.UnicodeScalarView(scalars[(index + 2)..<end])).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var i = 0
                    while i < codes.count {
                        switch codes[i] {
                        case 0: foreground = nil; background = nil
                        case 39: foreground = nil
                        case 49: background = nil
                        case 30...37: foreground = rgb(index: codes[i] - 30)
                        case 40...47: background = rgb(index: codes[i] - 40)
                        case 90...97: foreground = rgb(index: codes[i] - 90 + 8)
                        case 100...107: background = rgb(index: codes[i] - 100 + 8)
                        case 38, 48:
                            let isForeground = codes[i] == 38
                            var color: (Int, Int, Int)? = nil
                            if i + 2 < codes.count, codes[i + 1] == 5 {
                                color = rgb(index: codes[i + 2]); i += 2
                            } else if i + 4 < codes.count, codes[i + 1] == 2 {
                                color = (codes[i + 2], codes[i + 3], codes[i + 4]); i += 4
                            }
                            if let color { if isForeground { foreground = color } else { background = color } }
                        default: break
                        }
                        i += 1
                    }
                }
                index = end + 1
                continue
            }
            result.append(ShownCell(character: Character(scalars[index]), foreground: foreground, background: background))
            index += 1
        }
        return result
    }

    static func isRed(_ color: (Int, Int, Int)?) -> Bool { color.map { $0.0 > 120 && $0.1 < 100 && $0.2 < 100 } ?? false }
    static func isLight(_ color: (Int, Int, Int)?) -> Bool { color.map { $0.0 > 180 && $0.1 > 180 && $0.2 > 180 } ?? false }

    /// Checks the picture on screen: red in its middle, light at its corners.
    func expectDisc(_ session: TmuxSession, width: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try session.screen().components(separatedBy: "\n")
        let colored = try session.screen(escapes: true).components(separatedBy: "\n").map(Self.cells)
        let titleRow = try #require(text.firstIndex { $0.contains("A red disc") }, sourceLocation: sourceLocation)
        // The picture's rows: those above the title (and its blank row) with a light background somewhere.
        let rows = (0..<titleRow).filter { row in colored[row].contains { Self.isLight($0.background) } }
        let top = try #require(rows.first, sourceLocation: sourceLocation), bottom = rows.last!
        let middle = colored[(top + bottom) / 2][width / 2]
        #expect(Self.isRed(middle.background) || Self.isRed(middle.foreground), "middle \(middle)", sourceLocation: sourceLocation)
        let left = try #require(colored[top].firstIndex { Self.isLight($0.background) }, sourceLocation: sourceLocation)
        #expect(Self.isLight(colored[top][left].background), sourceLocation: sourceLocation)
        #expect(Self.isLight(colored[bottom].last { $0.background != nil }?.background), sourceLocation: sourceLocation)
        return rows.count
    }

    func tourFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-picture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.pictures + "/red-disc.png", toPath: directory.appendingPathComponent("red-disc.png").path)
        let path = directory.appendingPathComponent("tour.json").path
        try #"{"pages": [{"title": "A red disc", "subtitle": "On white.", "heroImage": "red-disc.png", "heroAlt": "A red disc on white."}, {"title": "Two"}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [["COLORTERM": "truecolor"], [:]])
    func aPNGHeroCarriesItsColorsAndFollowsAResize(environment: [String: String]) throws {
        let path = try tourFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let session = try TmuxSession(["--no-animation", path], width: 80, height: 24, environment: environment)
        try session.waitFor("A red disc")
        let small = try expectDisc(session, width: 80)
        try session.resize(width: 120, height: 40)
        _ = try session.waitForScreen("the larger picture") { $0.components(separatedBy: "\n").count >= 40 && $0.contains("A red disc") }
        Thread.sleep(forTimeInterval: 0.2)
        let large = try expectDisc(session, width: 120)
        #expect(large > small)  // redrawn to the larger window
        try session.send("q")
        #expect(try session.exitCode() == 1)
        try session.expectTerminalRestored()
    }

    /// The built-in tour ships its logo decoded: its first frame loads no image library,
    /// and the logo page still draws (libchafa is loaded then, on first use).
    @Test func theBuiltInTourLoadsNoImageLibraryUntilItsPicturePage() throws {
        let terminal = try PseudoTerminal(["--no-animation", "--no-mouse"])
        defer { terminal.hangUp() }
        _ = try terminal.waitForOutput("Welcome to tour")
        // Read to the end: /proc files report a size of 0, which String(contentsOfFile:) trusts.
        let maps = { String(decoding: FileHandle(forReadingAtPath: "/proc/\(terminal.pid)/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self) }
        #expect(maps().contains("libncursesw"))  // the maps are readable at all
        for library in ["libpng", "libz.so", "libjpeg", "libchafa"] {
            #expect(!maps().contains(library), "\(library) is loaded at the first frame")
        }
        // The practice page (3) first: the way on opens once its key, ?, is pressed.
        var before = terminal.bytes.count
        terminal.write("3")
        try terminal.waitForOutput("Try a key", after: before)
        before = terminal.bytes.count
        terminal.write("?")
        try terminal.waitForOutput("That is the help key.", after: before)
        before = terminal.bytes.count
        terminal.write("6")
        let title = try terminal.waitForOutput("Shown once", after: before)
        try terminal.waitForOutput("\u{1B}[?2026l", after: title)  // the frame is complete
        #expect(maps().contains("libchafa"))
        #expect(!maps().contains("libpng"))
    }

    @Test func aMissingPictureExits66AndBadOnesExit65WithTheirReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-badpic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["corrupt.png", "truncated.jpg", "huge-header.png"] {
            try FileManager.default.copyItem(atPath: Self.pictures + "/" + name, toPath: directory.appendingPathComponent(name).path)
        }
        for (name, code, message) in [
            ("nope.png", Int32(66), #"cannot read heroImage "nope.png": no such file"#),
            ("corrupt.png", 65, #"heroImage "corrupt.png" is not a picture tour can show: [00][01][02][03]: invalid chunk type"#),
            ("truncated.jpg", 65, #"heroImage "truncated.jpg" is not a picture tour can show: Premature end of JPEG file"#),
            ("huge-header.png", 65, #"heroImage "huge-header.png" is not a picture tour can show: the picture is 100000x100000; the limit is 4096x4096"#),
        ] {
            let path = directory.appendingPathComponent("t.json").path
            try #"{"pages": [{"title": "x", "heroImage": "\#(name)"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runTour([path])
            #expect(result.exitCode == code, "\(name)")
            #expect(result.stderr == "\(path):1:40: \(message)\n")
        }
    }

    /// One rule for a file that names something missing: 66 in check, play and render when
    /// that is every problem, 65 when bad content comes with it (check said 65 and play 66).
    @Test func aMissingPictureOrArtIs66EverywhereAndBadContentMakesIt65() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tour-missing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("t.json").path
        for (page, code) in [(#"{"title": "x", "heroImage": "nope.png"}"#, Int32(66)), (#"{"title": "x", "heroFile": "nope.txt"}"#, 66),
                             (#"{"title": "x", "heroFile": "nope.txt", "titel": "y"}"#, 65)] {
            try #"{"pages": [\#(page)]}"#.write(toFile: path, atomically: true, encoding: .utf8)
            for words in [["check", path], ["--plain", path], [path], ["render", path, "--page", "1", "--size", "80x24"]] {
                #expect(try runTour(words).exitCode == code, "\(words.first!) of \(page)")
            }
        }
    }

    /// A picture without `heroAlt` is a warning of `tour check` (exit 0), at its key: text
    /// is all that --plain, --accessible and a screen reader have of it. Playing says nothing.
    @Test func checkWarnsOfAPictureWithoutWords() throws {
        let path = try tourFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try runTour(["check", path]).stdout.isEmpty)
        try #"{"pages": [{"title": "A red disc", "heroImage": "red-disc.png"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try runTour(["check", path])
        #expect(check.exitCode == 0)
        #expect(check.stdout == "\(path):1:36: warning: page 1 has a \"heroImage\" and no \"heroAlt\": --plain, --accessible and screen readers say nothing of the picture\n")
        let played = try runTour(["--plain", path])
        #expect(played.exitCode == 0 && played.stderr.isEmpty)
    }

    @Test func plainAndAccessibleSayTheWordsNotThePicture() throws {
        let path = try tourFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let plain = try runTour(["--plain", path])
        #expect(plain.stdout.hasPrefix("Page 1 of 2\nA red disc\nOn white.\nPicture: A red disc on white.\n"))
        #expect(!plain.stdout.contains("▀") && !plain.stdout.contains("\u{1B}"))
    }

    /// An SVG holds the picture itself, whole, where its cells would be; text and ANSI the cells.
    @Test func svgEmbedsThePictureAtFullResolution() throws {
        let path = try tourFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let svg = try runTour(["render", path, "--page", "1", "--size", "60x20", "--format", "svg"]).stdout
        let file = try Data(contentsOf: URL(fileURLWithPath: Self.pictures + "/red-disc.png"))
        let embedded = svg.components(separatedBy: "href=\"data:image/png;base64,").dropFirst().first?.prefix { $0 != "\"" }
        #expect(embedded.flatMap { Data(base64Encoded: String($0)) } == file)
        #expect(!svg.contains("fill=\"#dc1e1e\""))  // the disc's red is no longer drawn as cells
        let ansi = try runTour(["render", path, "--page", "1", "--size", "60x20", "--format", "ansi"]).stdout
        #expect(ansi.contains("220;30;30") && !ansi.contains("base64"))
    }

    /// TourKit: a picture page from a file and from the bytes a tool embeds.
    @Test func tourKitMakesPicturePagesFromAFileAndFromBytes() throws {
        let result = try runTour(["picture", Self.pictures + "/red-disc.png"], executable: TourBinary.harness)
        #expect(result.stdout.contains("Page 1 of 2\nFrom a file\nPicture: A red disc.\n"))
        #expect(result.stdout.contains("Page 2 of 2\nFrom bytes\nPicture: The same disc.\n"))
        #expect(result.stdout.contains("completed\nheroImage: not a picture tour can show: not a PNG or JPEG image\n"))
    }

    /// `render` draws at any color depth: --colors 2|8|16|256|24bit, --no-color and
    /// NO_COLOR, so a picture at 8 colors or in monochrome can be previewed.
    @Test func renderDrawsAtEveryColorDepth() throws {
        func render(_ extra: [String], environment: [String: String] = [:]) throws -> CommandResult {
            try runTour(["render", "--page", "6", "--size", "60x20", "--format", "ansi"] + extra, environment: environment)
        }
        let eight = try render(["--colors", "8"])
        #expect(eight.exitCode == 0 && !eight.stdout.contains("38;") && !eight.stdout.contains("48;"))
        #expect(!eight.stdout.contains("[0;30m") && !eight.stdout.contains(";40m") && !eight.stdout.contains("[0;40m"),
                "no cell of the logo is black on the dark background")
        for result in [try render(["--no-color"]), try render(["--colors", "2"]), try render([], environment: ["NO_COLOR": "1"])] {
            #expect(result.exitCode == 0)
            #expect(!result.stdout.contains("38;") && !result.stdout.contains("48;"), "no color")
            let logoRows = result.stdout.split(separator: "\n").prefix(9).filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }
            #expect(logoRows.count >= 3, "the logo is drawn by its shapes: \(result.stdout)")
        }
        let bad = try runTour(["render", "--page", "6", "--size", "60x20", "--colors", "9"])
        #expect(bad.exitCode == 2 && bad.stderr.contains("--colors is 2, 8, 16, 256 or 24bit"))
    }
}

