import Foundation
import Testing
import TourFuzzChecks

/// Every seed in Fuzz/Corpus and every input a fuzzer ever crashed on (Fuzz/Regressions),
/// run through the same checks as `make fuzz`. A crash found once stays fixed.
@Suite("Fuzz corpus and regressions")
struct FuzzRegressionTests {
    static func check(for target: String) -> ([UInt8]) -> Void {
        switch target {
        case "decoder": FuzzChecks.decoder
        case "ansi_art": FuzzChecks.ansiArt
        case "keys": FuzzChecks.keyDecoder
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

    @Test(arguments: ["decoder", "ansi_art", "keys", "wrap"])
    func replay(target: String) throws {
        let check = Self.check(for: target)
        let files = Self.inputs(target)
        #expect(!files.isEmpty, "no seeds for \(target)")
        for file in files {
            check(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
        }
    }

    @Test func theFindingsSoFarAreKept() {
        #expect(Self.inputs("ansi_art").contains { $0.hasSuffix("/combining-mark-after-escape") })
        #expect(Self.inputs("ansi_art").contains { $0.hasSuffix("/prepend-mark-before-tab") })
        #expect(Self.inputs("wrap").contains { $0.hasSuffix("/hangul-jamo-across-a-control") })
    }
}
