import TourCore

#if canImport(Glibc)
import Glibc
#endif

/// The character set drawing uses, taken from the environment for the length of a tour
/// and given back afterwards, so a host tool keeps its own locale.
///
/// Only LC_CTYPE is set. `setlocale(LC_ALL, "")` fails as a whole when any category names
/// a locale that is not installed (LC_MESSAGES=fr_FR.UTF-8 in a container), and UTF-8
/// would be lost with it. When the environment's own LC_CTYPE is missing but names a
/// UTF-8 codeset, C.UTF-8 (always present in glibc) stands in for it.
package enum CharacterLocale {
    /// Runs `body` with LC_CTYPE from the environment, then puts the caller's back.
    package static func withEnvironment<T>(_ body: () throws(TourError) -> T) throws(TourError) -> T {
        let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        defer { if let saved { setlocale(LC_CTYPE, saved) } }
        adoptEnvironment()
        return try body()
    }

    /// Sets LC_CTYPE from the environment, falling back to C.UTF-8 for a UTF-8 locale that is not installed.
    package static func adoptEnvironment() {
        if setlocale(LC_CTYPE, "") != nil { return }
        if namesUTF8(requestedCharacterLocale()) { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// The locale the environment asks characters to be in: LC_ALL, then LC_CTYPE, then LANG.
    static func requestedCharacterLocale() -> String? {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = TerminalEnvironment.variable(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// "fr_FR.UTF-8", "de_DE.utf8": the codeset after the dot is UTF-8.
    static func namesUTF8(_ locale: String?) -> Bool {
        guard let locale, let dot = locale.firstIndex(of: ".") else { return false }
        var codeset = locale[locale.index(after: dot)...]
        if let at = codeset.firstIndex(of: "@") { codeset = codeset[..<at] }
        return codeset.lowercased().filter { $0 != "-" } == "utf8"
    }
}
