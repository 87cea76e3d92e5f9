/// A path as a word a POSIX shell reads back as that path.
package enum ShellWord {
    /// The path as it is when it is plain, else in single quotes. A path holding what a
    /// terminal must not be sent (controls, DEL, C1, bidi marks) or bytes that are not
    /// UTF-8 is written as bash, zsh and ksh read it back byte for byte, `$'esc\x1b[31m.json'`:
    /// dropping those would name another file.
    package static func quote(_ path: String) -> String {
        if path.unicodeScalars.contains(where: needsEscape) { return ansiC(path) }
        let plain = path.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:@%~,".unicodeScalars.contains(scalar)
        }
        if plain && !path.isEmpty { return path }
        var quoted = "'"
        for character in path { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }

    /// What cannot appear as itself: what `TextSanitizer` drops, and the escaped bytes of
    /// a name that is not UTF-8.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        TextSanitizer.isUnsafe(scalar) || scalar == "\n" || RawBytes.isEscape(scalar.value)
    }

    /// `$'…'`: printable text as itself, `\\` and `\'` escaped, everything else as the
    /// `\xHH` of each of its bytes.
    private static func ansiC(_ path: String) -> String {
        let digits = Array("0123456789abcdef")
        var quoted = "$'"
        for scalar in path.unicodeScalars {
            if scalar == "\\" || scalar == "'" {
                quoted += "\\" + String(scalar)
            } else if needsEscape(scalar) {
                for byte in RawBytes.encode(String(scalar)) { quoted += "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)]) }
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
