import Foundation
import Testing
@testable import TourCore

/// Every word the pager draws comes from the labels: with a French translation that sets
/// all of them, no English label is left on any screen, in the help, in the accessible
/// mode or in `--plain`.
@Suite("Every drawn word is a label a translation sets")
struct LabelsEndToEndTests {
    static let directory = TourBinary.packageRoot + "/Tests/Fixtures/labels-fr"

    /// The English words of every label, as drawn: placeholders filled in.
    static let english: [String] = Tour.Label.allCases.filter(\.placeholders.isEmpty).map(\.english)
        + (1...3).map { Tour.Labels().pageHeader(number: $0, of: 3) }

    /// The English labels found in `text`, each as a whole word.
    static func englishLabels(in text: String) -> [String] {
        english.filter { label in
            var start = text.startIndex
            while let range = text.range(of: label, range: start..<text.endIndex) {
                let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                if !(before?.isLetter ?? false) && !(after?.isLetter ?? false) { return true }
                start = range.upperBound
            }
            return false
        }
    }

    @Test func theTranslationSetsEveryLabel() throws {
        let data = try String(contentsOfFile: Self.directory + "/tour.fr.json", encoding: .utf8)
        for label in Tour.Label.allCases {
            #expect(data.contains("\"\(label.rawValue)\":"), "tour.fr.json does not set \(label.rawValue)")
        }
    }

    @Test func noEnglishOnAnyScreenOrInTheHelp() throws {
        let session = try TmuxSession(["--locale", "fr", "--no-animation", Self.directory + "/tour.json"])
        var screens = [try session.waitFor("Bienvenue")]
        try session.send("?")
        screens.append(try session.waitFor("Touches"))
        try session.send("x")
        try session.send("Right")
        screens.append(try session.waitFor("Ce que vous obtenez"))
        for _ in 0..<6 { try session.send("j") }
        screens.append(try session.waitFor("plus haut"))
        try session.send("Right")
        screens.append(try session.waitFor("Prêt"))
        try session.send("?")
        screens.append(try session.waitFor("Touches"))
        try session.send("x")
        try session.resize(width: 12, height: 4)
        screens.append(try session.waitFor("Agrandissez"))
        try session.resize(width: 80, height: 24)
        screens.append(try session.waitFor("Prêt"))
        try session.send("Enter")
        #expect(try session.exitCode() == 0)
        for screen in screens {
            #expect(Self.englishLabels(in: screen) == [], "\(screen)")
        }
    }

    @Test func noEnglishInPlainOrAccessibleMode() throws {
        let plain = try runTour(["--plain", "--locale", "fr", "tour.json"], in: Self.directory)
        #expect(plain.exitCode == 0 && plain.stdout.hasPrefix("Écran 1 sur 3\nBienvenue\n"), "\(plain.stdout)")
        #expect(plain.stdout.contains("Image: Un disque rouge"))
        #expect(Self.englishLabels(in: plain.stdout) == [], "\(plain.stdout)")
        // Accessible mode: a line it does not understand, back on the first page, a page
        // that does not exist, then to the end.
        let spoken = try runTour(["--accessible", "--locale", "fr", "tour.json"], stdin: "quoi\nb\n9\n\n\n\n", in: Self.directory)
        #expect(spoken.exitCode == 0, "\(spoken.stdout)\(spoken.stderr)")
        for words in ["Écran 1 sur 3", "[Enter] suivant", "b retour", "q passer", "Tapez l'un de ceux-ci", "C'est le premier écran.",
                      "Cet écran n'existe pas.", "[Enter] terminer", "q fermer"] {
            #expect(spoken.stdout.contains(words), "\(words) in \(spoken.stdout)")
        }
        #expect(Self.englishLabels(in: spoken.stdout) == [], "\(spoken.stdout)")
    }
}
