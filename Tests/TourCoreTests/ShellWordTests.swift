import Foundation
import Testing
@testable import TourCore

/// Printed commands (`tour whats-new FILE`, `tour tip --off FILE`) name the file they were
/// given, whatever its name holds (issue 44, item 10).
@Suite("Shell words")
struct ShellWordTests {
    @Test func plainNamesStayAsTheyAreAndOthersAreQuoted() {
        #expect(ShellWord.quote("/home/ada/mytool.json") == "/home/ada/mytool.json")
        #expect(ShellWord.quote("my tool.json") == "'my tool.json'")
        #expect(ShellWord.quote("it's.json") == #"'it'\''s.json'"#)
        #expect(ShellWord.quote("café.json") == "café.json")
    }

    @Test func controlsAndBytesThatAreNotUTF8AreWrittenAsBashReadsThemBack() {
        #expect(ShellWord.quote("esc\u{1B}[31m.json") == #"$'esc\x1b[31m.json'"#)
        #expect(ShellWord.quote("new\nline.json") == #"$'new\x0aline.json'"#)
        #expect(ShellWord.quote("c1\u{9B}.json") == #"$'c1\xc2\x9b.json'"#)
        #expect(ShellWord.quote("rtl\u{202E}.json") == #"$'rtl\xe2\x80\xae.json'"#)
        #expect(ShellWord.quote(RawBytes.decode([0x6C, 0x61, 0x74, 0xE9, 0x27, 0x2E])) == #"$'lat\xe9\'.'"#)
        // Nothing a terminal acts on is left in the word itself.
        #expect(!ShellWord.quote("esc\u{1B}[31m\u{9B}.json").unicodeScalars.contains { TextSanitizer.isUnsafe($0) })
    }

    /// Every Unicode class that joins, combines, prepends or hides: a quote beside one of
    /// them is still a quote (issue 64, items 1 and 15).
    static let joiners: [String] = [
        "\u{200D}", "\u{200C}", "\u{0301}", "\u{20DD}", "\u{0903}", "\u{FE0F}", "\u{E0100}", "\u{1F3FB}",
        "\u{0600}", "\u{0D4E}", "\u{110BD}", "\u{1160}", "\u{11A8}", "\u{200B}", "\u{FEFF}", "\u{2060}",
        "\u{00A0}", "\u{3000}", "\u{00AD}", "\u{034F}", "\u{E000}", "\u{0378}", "\u{1F1E6}",
    ]

    @Test(arguments: joiners)
    func aJoinerBesideAQuoteCannotEndTheQuoting(joiner: String) throws {
        for name in ["x'\(joiner);touch PWNED;'", "\(joiner)x.json", "x\(joiner)", "'\(joiner)", "\(joiner)'", "~\(joiner)root"] {
            let word = ShellWord.quote(name)
            // Nothing in the printed word is one that joins or hides: what is seen is what runs.
            #expect(word.unicodeScalars.allSatisfy { $0 == "'" || $0 == "$" || ShellWord.standsAlone($0) }, "\(word)")
            #expect(try bashPrints(word) == Array(name.utf8), "\(word)")
        }
    }

    @Test func namesThatLookLikeOptionsOrHomesStayNames() throws {
        #expect(ShellWord.quote("~root") == "'~root'")
        #expect(ShellWord.operand("-h.json") == "-- -h.json" && ShellWord.operand("a.json") == "a.json")
        #expect(ShellWord.quote("a\u{00A0}b") == #"$'a\xc2\xa0b'"#)
        for name in ["~root", "-rf", "--on", "x\u{00A0}y", "\u{0600}x.json"] {
            #expect(try bashPrints(ShellWord.quote(name)) == Array(name.utf8))
        }
    }

    /// What `printf %s WORD` prints in a real bash, in a folder where a PWNED file would show.
    func bashPrints(_ word: String) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shellword-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "printf %s " + word]
        bash.currentDirectoryURL = folder
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("PWNED").path), "\(word) ran a command")
        return Array(bytes)
    }

    /// The word, read back by a real bash, is the name byte for byte.
    @Test(arguments: ["esc\u{1B}[31m.json", "new\nline.json", "c1\u{9B}.json", "tab\there's \\ one.json", "plain.json", "sp ace.json"])
    func bashReadsTheWordBackAsTheName(name: String) throws {
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-c", "printf %s " + ShellWord.quote(name)]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        bash.waitUntilExit()
        #expect(Array(bytes) == Array(name.utf8), "\(ShellWord.quote(name))")
    }
}
