import Foundation
import Testing
import TourCore

/// Golden screen snapshots: plain text files that show what a person sees,
/// plus a grid of the cell styles. Set RECORD_SNAPSHOTS=1 to rewrite them.
enum Snapshot {
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// The canvas as the snapshot file shows it.
    static func describe(_ canvas: Canvas, title: String) -> String {
        let border = "+" + String(repeating: "-", count: canvas.size.width) + "+"
        var lines = ["# \(title)", border]
        lines += canvas.rows.map { "|" + $0 + "|" }
        lines.append(border)

        // Each distinct style gets a letter; "." is the plain style.
        var letters: [Style: Character] = [.plain: "."]
        var legend: [String] = []
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@$%&*=~^")
        var styleRows: [String] = []
        for y in 0..<canvas.size.height {
            var row = ""
            for x in 0..<canvas.size.width {
                let style = canvas[x, y].style
                if letters[style] == nil {
                    let letter = alphabet[min(letters.count - 1, alphabet.count - 1)]
                    letters[style] = letter
                    legend.append("\(letter) = \(describe(style))")
                }
                row.append(letters[style]!)
            }
            styleRows.append("|" + row + "|")
        }
        lines.append("styles:")
        lines.append(border)
        lines += styleRows
        lines.append(border)
        lines += legend
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.bold { parts.append("bold") }
        if style.dim { parts.append("dim") }
        if style.reverse { parts.append("reverse") }
        if style.underline { parts.append("underline") }
        if style.foreground != .default { parts.append("fg \(style.foreground)") }
        if style.background != .default { parts.append("bg \(style.background)") }
        return parts.joined(separator: " ")
    }

    /// Compares against Snapshots/NAME.txt, or records it when RECORD_SNAPSHOTS=1.
    static func assertMatches(_ canvas: Canvas, named name: String, title: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = describe(canvas, title: title)
        let path = PackagePaths.snapshots + "/" + name + ".txt"
        if recording {
            try? FileManager.default.createDirectory(atPath: PackagePaths.snapshots, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
            // A recording run checks nothing, so it never passes: a RECORD_SNAPSHOTS=1 left
            // set (in a shell, in CI) cannot turn every snapshot test green.
            Issue.record("recorded snapshot \(name).txt; run again without RECORD_SNAPSHOTS to check it", sourceLocation: sourceLocation)
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            Issue.record("missing snapshot \(name).txt; run with RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            Issue.record("""
                snapshot \(name).txt differs at line \(firstDifference + 1) (RECORD_SNAPSHOTS=1 re-records):
                expected: \(firstDifference < expectedLines.count ? String(expectedLines[firstDifference]) : "<end>")
                actual:   \(firstDifference < actualLines.count ? String(actualLines[firstDifference]) : "<end>")
                """, sourceLocation: sourceLocation)
        }
    }
}
