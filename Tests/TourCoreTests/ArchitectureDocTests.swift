import Foundation
import Testing

/// docs/architecture.md says what the pager asks of whoever drives it: its lists of
/// effects must be `PagerEffect`'s cases, no more and no fewer.
@Suite("docs/architecture.md names every effect")
struct ArchitectureDocTests {
    static func cases() throws -> Set<String> {
        let source = try String(contentsOfFile: PackagePaths.root + "/Sources/TourCore/Pager/PagerEffect.swift", encoding: .utf8)
        return Set(source.matches(of: /\n\s*case (\w+)/).map { String($0.1) })
    }

    @Test func theEffectsListsArePagerEffectsCases() throws {
        let doc = try String(contentsOfFile: PackagePaths.root + "/docs/architecture.md", encoding: .utf8)
        let cases = try Self.cases()
        #expect(cases.count >= 9)
        // The flow at the top, and the paragraph of "Adding an output format".
        let flow = try #require(doc.firstMatch(of: /\[PagerEffect\]:(.*?)PagerLoop carries them out/.dotMatchesNewlines())).1
        let output = try #require(doc.firstMatch(of: /from the\s+effects of `PagerModel.update`:(.*?)No second renderer/.dotMatchesNewlines())).1
        for (name, text) in [("the flow", flow), ("Adding an output format", output)] {
            // `.draw`, not `PagerMessage.tick` or `Motion.frameInterval`.
            let named = Set(text.matches(of: /[`\s]\.(\w+)/).map { String($0.1) })
            #expect(named == cases, "\(name): \(named.symmetricDifference(cases).sorted())")
        }
    }
}
