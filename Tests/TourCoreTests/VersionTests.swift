import Testing
@testable import TourCore

/// One version, said in three places: `tour --version`, the top of CHANGELOG.md, and the
/// major version of the README's `.package(… from:)` line.
@Suite("Versions in step")
struct VersionInStepTests {
    @Test func theChangelogTheCommandAndTheReadmeAgree() throws {
        let source = try String(contentsOfFile: PackagePaths.root + "/Sources/tour/TourVersion.swift", encoding: .utf8)
        let number = try #require(source.split(separator: "\"").dropFirst().first.map(String.init))
        #expect(Version(number) != nil, "\(number)")
        let changelog = try String(contentsOfFile: PackagePaths.root + "/CHANGELOG.md", encoding: .utf8)
        let top = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(top.hasPrefix("## \(number) "), "CHANGELOG.md's newest entry is \(top), tour --version says \(number)")
        let readme = try String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
        let major = number.split(separator: ".")[0]
        #expect(readme.contains(#"from: "\#(major).0.0")"#), "the README's package line should use major version \(major)")
    }
}
