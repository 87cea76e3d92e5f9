import Foundation
import Testing
import TourFuzzChecks
@testable import TourCore

/// Every seed in Fuzz/Corpus and every input a fuzzer ever crashed on (Fuzz/Regressions),
/// run through the same checks as `make fuzz`. A crash found once stays fixed.
@Suite("Fuzz corpus and regressions")
struct FuzzRegressionTests {
    static func check(for target: String) -> ([UInt8]) -> [String] {
        switch target {
        case "decoder": FuzzChecks.decoder
        case "markdown": FuzzChecks.markdown
        case "tips": FuzzChecks.tips
        case "messages": FuzzChecks.messages
        case "ansi_art": FuzzChecks.ansiArt
        case "keys": FuzzChecks.keyDecoder
        case "words": FuzzChecks.words
        default: FuzzChecks.wrap
        }
    }

    static func inputs(_ target: String) -> [String] {
        ["Corpus", "Regressions"].flatMap { folder -> [String] in
            let directory = PackagePaths.root + "/Fuzz/\(folder)/\(target)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.sorted().map { directory + "/" + $0 }
        }
    }

    @Test(arguments: ["decoder", "markdown", "tips", "messages", "ansi_art", "keys", "wrap", "words"])
    func replay(target: String) throws {
        let check = Self.check(for: target)
        let files = Self.inputs(target)
        #expect(!files.isEmpty, "no seeds for \(target)")
        for file in files {
            let failures = check(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            #expect(failures.isEmpty, "\(file): \(failures)")
        }
    }

    /// Each past finding still reads as it should: the art's styles stay in step with its
    /// characters, and the wrapped row holds no half of a wide character. These are the
    /// exact properties the findings once broke.
    @Test func theFindingsSoFarStayFixed() throws {
        for name in ["combining-mark-after-escape", "prepend-mark-before-tab"] {
            let file = try #require(Self.inputs("ansi_art").first { $0.hasSuffix("/" + name) })
            let art = AnsiArt.parse(String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self))
            #expect(!art.lines.isEmpty && art.styles.count == art.lines.count, "\(name)")
            for (line, styles) in zip(art.lines, art.styles) { #expect(styles.count == line.count, "\(name)") }
        }
        let jamo = try #require(Self.inputs("wrap").first { $0.hasSuffix("/hangul-jamo-across-a-control") })
        #expect(FuzzChecks.wrap(Array(try Data(contentsOf: URL(fileURLWithPath: jamo)))) == [])
    }
}
