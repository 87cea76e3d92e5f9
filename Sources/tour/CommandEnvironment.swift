import TourCore
import TourStore
import TourTerminal

// The command's own needs of the terminal layer: here, in the command, rather than in
// TourKit's API, which holds only what a Swift tool uses.

/// What the command's own output needs to know of the terminal.
package enum CommandOutput {
    /// `text` as the environment's locale can show it: itself in UTF-8, else ASCII.
    package static func forTerminal(_ text: String) -> String {
        takeLocaleIsUTF8() ? text : ASCIIText.transliterate(text)
    }

    /// Takes the environment's locale for characters (setlocale, once a run), then says
    /// whether it is UTF-8: a function, as it changes the process's locale.
    package static func takeLocaleIsUTF8() -> Bool {
        CharacterLocale.adoptEnvironment()
        return TerminalEnvironment.current().localeIsUTF8
    }

    /// NO_COLOR is set (to anything but empty).
    package static var noColorRequested: Bool {
        !(TerminalEnvironment.variable("NO_COLOR") ?? "").isEmpty
    }
}

/// The command's words, as the process was started with them, /proc or not.
package enum CommandWords {
    package static var all: [String] { ProcessArguments.words }

    /// The word the command's printed hints call tour by, for this PATH (`CommandName`).
    package static var tour: String { FileSystem.tourCommandName(searchPath: TerminalEnvironment.variable("PATH")) }
}

/// What the command's --version --verbose reports of the libraries it runs with.
package enum TourBuild {
    package static var ncursesVersion: String { NcursesLibrary.version }

    /// How the Swift standard library came: linked into the binary (the release build),
    /// or the shared library it was found in (a debug build).
    package static var standardLibrary: String {
        // The process's own mappings say whether libswiftCore.so was loaded, and from where.
        let maps = (try? FileSystem.read("/proc/self/maps", limit: 4 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
              let slash = line.firstIndex(of: "/") else { return "standard library linked in" }
        return "standard library from \(line[slash...])"
    }
}
