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
