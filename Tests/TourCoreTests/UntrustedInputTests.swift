import Testing
@testable import TourCore
@testable import TourStore

/// Round three: small inputs that cost time or memory out of proportion, and values that
/// were cleaned in one place and not another.
@Suite("Untrusted input: bounds, cleaning and odd files")
struct UntrustedInputTests {
    final class Reads: @unchecked Sendable {
        var count = 0
    }

    @Test func theAccessibleModesAnswersAreCutAndSplitOnNewlines() {
        var buffer = LineBuffer(maximumLength: 8)
        #expect(buffer.feed(Array("2\r\nback\nsk".utf8)) == ["2", "back"])
        #expect(buffer.feed(Array("ip\n".utf8)) == ["skip"])
        #expect(buffer.feed([UInt8](repeating: 0x78, count: 100_000)).isEmpty)
        #expect(buffer.feed(Array("yz\nq\n".utf8)) == ["xxxxxxxx", "q"])  // the overlong line, cut; the next one whole
        #expect(buffer.feed(Array("tail".utf8)).isEmpty)
        #expect(buffer.finish() == "tail")
        #expect(buffer.finish() == nil)
    }

    /// Many pages naming one art file read it once and share what it decoded to.
    @Test func artNamedOnManyPagesIsReadOnce() throws {
        let reads = Reads()
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in
            reads.count += 1
            return Array("<<\(path)>>".utf8)
        }
        let pages = (1...50).map { #"{"title": "P\#($0)", "heroFile": "art/\#($0 % 2).txt"}"# }.joined(separator: ",")
        let tour = try decoder.decode(Array(#"{"pages": [\#(pages)]}"#.utf8))
        #expect(reads.count == 2)
        #expect(tour.pages[0].hero?.lines == ["<<art/1.txt>>"] && tour.pages[1].hero?.lines == ["<<art/0.txt>>"])
    }

    /// Distinct pictures count against one bound for the whole tour: over it is bad content.
    @Test func thePicturesOfATourAreBoundInAll() {
        let pixels = [UInt8](repeating: 0, count: 1 << 24)  // one buffer, shared: 16 MiB counted per distinct picture
        var decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [0xFF, 0xD8, 0xFF] }
        decoder.readPicture = { _ in .success(Picture(width: 2048, height: 2048, pixels: pixels, drawer: nil)) }
        let shared = (1...8).map { #"{"title": "P\#($0)", "heroImage": "same.jpg", "heroAlt": "P"}"# }.joined(separator: ",")
        #expect(decoder.check(Array(#"{"pages": [\#(shared)]}"#.utf8)).1.isEmpty)
        let distinct = (1...5).map { #"{"title": "P\#($0)", "heroImage": "p\#($0).jpg", "heroAlt": "P"}"# }.joined(separator: ",")
        let problems = decoder.check(Array(#"{"pages": [\#(distinct)]}"#.utf8)).1
        #expect(problems.map(\.message) == ["the tour's pictures and art take more than 64 MiB in all; use fewer or smaller ones"])
    }

    /// 300 unknown keys give 200 messages and a count of the rest, and "did you mean" is
    /// not computed again for a page without a title.
    @Test func messagesAreBoundedAndSuggestionsAreMadeOnce() {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        let keys = (0..<300).map { #""unknown\#($0)": 1"# }.joined(separator: ", ")
        let problems = decoder.check(Array(#"{"pages": [{"title": "t", \#(keys)}]}"#.utf8)).1
        #expect(problems.count == DiagnosticLog.maximumEntries + 1)
        #expect(problems.last?.message == "and 100 more problems not listed")
        let typo = decoder.check(Array(#"{"pages": [{"titel": "t"}]}"#.utf8)).1
        #expect(typo.map(\.message) == [#"unknown key "titel" in page 1; did you mean "title"?"#])
    }

    @Test func aVersionIsReadAsWrittenLikeSince() {
        let decoder = TourDecoder(fileName: "t.json") { (path: String) throws(TourError) -> [UInt8] in [] }
        let problems = decoder.check(Array(#"{"version": "1.0\u001b[31m", "pages": [{"title": "t", "since": "1.0\u001b[31m"}]}"#.utf8)).1
        #expect(problems.filter { $0.severity == .error }.map(\.message) == [
            #""version" must be dotted numbers such as "2.1.0", not "1.0\e[31m""#,
            #""since" must be dotted numbers such as "2.1.0", not "1.0\e[31m""#,
        ])
    }

    @Test func aTranslationsKeyIsCleanedAsTheBasesIs() throws {
        var base = Tour(pages: [Tour.Page(title: "One"), Tour.Page(title: "Two")])
        base.pages[1].key = "second"
        let root = try JSONParser.parse(Array(#"{"pages": [{"title": "Un"}, {"key": "sec\u0007ond", "title": "Deux"}]}"#.utf8))
        let (translated, problems) = Translation.apply(root, to: base, fileName: "t.fr.json")
        #expect(problems.isEmpty)
        #expect(translated.pages.map(\.title) == ["Un", "Deux"])
    }

    @Test func aCMYKJPEGReadsInItsColors() throws {
        let picture = try ImageCodec.decode(Array(try FileSystem.read(PictureTests.folder + "/cmyk-disc.jpg", limit: 1 << 20))).get()
        #expect(picture.width == 120 && picture.height == 120)
        let middle = (60 * 120 + 60) * 4
        let corner = 0
        #expect(picture.pixels[middle] > 200 && picture.pixels[middle + 1] < 60 && picture.pixels[middle + 2] < 60)  // red
        #expect(picture.pixels[corner...corner + 2].allSatisfy { $0 > 240 })  // white
    }

    @Test(arguments: [
        ("largest-progressive.jpg", "a progressive JPEG of 4096x4096 needs 48 MiB to decode; the limit is 32 MiB (save it as a baseline JPEG)"),
        ("many-scans.jpg", "the JPEG has more than 100 scans"),
    ])
    func jpegsThatCostOutOfProportionAreRefusedWithTheReason(name: String, reason: String) throws {
        guard case .failure(let failure) = ImageCodec.decode(Array(try FileSystem.read(PictureTests.folder + "/" + name, limit: 1 << 20))) else {
            Issue.record("\(name) decoded")
            return
        }
        #expect(failure.reason == reason)
    }

    /// 4096x4096, the largest side taken, as PNG (row by row) and JPEG (at 1/8): kept at 512.
    @Test(arguments: ["largest-disc.png", "largest-disc.jpg"])
    func theLargestPicturesDecodeSmall(name: String) throws {
        let picture = try ImageCodec.decode(Array(try FileSystem.read(PictureTests.folder + "/" + name, limit: 1 << 20))).get()
        #expect(picture.width == 512 && picture.height == 512)
        let middle = (256 * 512 + 256) * 4
        #expect(picture.pixels[middle] > 200 && picture.pixels[middle + 1] < 60)
    }
}

@Suite("Terminal modes and raw names")
struct TerminalModesAndRawNamesTests {
    @Test func privateModesFollowTheTerminalsEntry() {
        let xterm = PrivateModes(cursorAddress: "\u{1B}[%i%p1%d;%p2%dH", keyMouse: "\u{1B}[<")
        #expect(xterm.mouse && xterm.synchronizedOutput)
        let vt100 = PrivateModes(cursorAddress: "\u{1B}[%i%p1%d;%p2%dH$<5>", keyMouse: nil)
        #expect(!vt100.mouse && vt100.synchronizedOutput)
        let vt52 = PrivateModes(cursorAddress: "\u{1B}Y%p1%' '%+%c%p2%' '%+%c", keyMouse: nil)
        #expect(!vt52.mouse && !vt52.synchronizedOutput)
        let none = PrivateModes(cursorAddress: nil, keyMouse: "\u{1B}[M")
        #expect(!none.mouse && !none.synchronizedOutput)
    }

    @Test func bytesThatAreNotUTF8RoundTrip() {
        let cases: [[UInt8]] = [Array("lat".utf8) + [0xE9] + Array(".json".utf8), [0xFF, 0xFE], [0xC3], [0xE2, 0x82], Array("café".utf8),
                                [0xED, 0xA0, 0x80] /* a surrogate: not UTF-8 */]
        for bytes in cases {
            let text = RawBytes.decode(bytes)
            #expect(RawBytes.encode(text) == bytes, "\(bytes)")
        }
        #expect(RawBytes.decode(Array("café".utf8)) == "café")
        #expect(MessageText.path(RawBytes.decode(Array("lat".utf8) + [0xE9])) == "lat\\xE9")
    }
}
