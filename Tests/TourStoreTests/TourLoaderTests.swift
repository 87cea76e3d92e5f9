import Foundation
import Testing
@testable import TourCore
@testable import TourStore

@Suite("Loading a tour from its files")
struct TourLoaderTests {
    /// A translation is compared with the base bytes the tour was read from, not with a
    /// second read of the base file: the file on disk says `"id": "other"`, the bytes in
    /// hand `"kettle"`, and the translation's repeated `"id": "kettle"` is the base's own.
    @Test func theTranslationIsLaidOverTheBytesInHand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tour-loader-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let base = #"{"id": "%@", "pages": [{"title": "Hello"}]}"#
        try base.replacingOccurrences(of: "%@", with: "other").write(toFile: folder + "/tour.json", atomically: true, encoding: .utf8)
        try #"{"$schema": "./tour.schema.json", "id": "kettle", "pages": [{"title": "Bonjour"}]}"#.write(toFile: folder + "/tour.fr.json", atomically: true, encoding: .utf8)
        let inHand = Array(base.replacingOccurrences(of: "%@", with: "kettle").utf8)
        let tour = try TourLoader.load(path: folder + "/tour.json", locale: "fr_FR.UTF-8", bytes: inHand)
        #expect(tour.loadWarnings == [])
        #expect(tour.pages.first?.title == "Bonjour")
        #expect(tour.id == "kettle")
    }
}
