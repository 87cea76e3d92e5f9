/// A path or an id as a word a POSIX shell reads back as itself, byte for byte, however
/// it was made: a printed command is pasted into a shell, so a name must never be able to
/// end its quoting.
package enum ShellWord {
    /// The word as it is when it is plain, else in single quotes, else, when it holds
    /// anything that is not a scalar standing on its own, as bash, zsh and ksh read it back
    /// byte for byte: `$'esc\x1b[31m.json'`. Quoting goes scalar by scalar, never by
    /// Character: a `'` followed by a zero-width joiner or a combining mark is one
    /// Character, and copied whole it would end the quoting.
    package static func quote(_ word: String) -> String {
        if word.unicodeScalars.contains(where: { !standsAlone($0) }) { return ansiC(word) }
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:@%~,".unicodeScalars.contains(scalar)
        }
        // A leading ~ would be expanded (`~root` is root's home).
        if plain && !word.isEmpty && !word.hasPrefix("~") { return word }
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// The word as the operand of a printed command: after `--` when it starts with `-`,
    /// so `-h.json` is the file and not an option.
    package static func operand(_ word: String) -> String {
        (word.hasPrefix("-") ? "-- " : "") + quote(word)
    }

    /// A scalar that is printed as itself, seen as itself, and joins nothing: printable
    /// ASCII, or a letter, number, punctuation or symbol (no mark, space other than the
    /// ASCII one, format character, control, private or unassigned scalar) that makes a
    /// Character of its own beside a quote on either side (no prepended concatenation
    /// mark, U+0600, U+0D4E; no extender or joiner).
    package static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F }
        if TextSanitizer.isUnsafe(scalar) || RawBytes.isEscape(scalar.value) { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            break
        default:
            return false
        }
        if scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.isVariationSelector { return false }
        let alone = String(scalar)
        return ("'" + alone).count == 2 && (alone + "'").count == 2
    }

    /// `$'…'`: what stands alone as itself, `\\` and `\'` escaped, everything else as the
    /// `\xHH` of each of its bytes.
    private static func ansiC(_ word: String) -> String {
        let digits = Array("0123456789abcdef")
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            if scalar == "\\" || scalar == "'" {
                quoted += "\\" + String(scalar)
            } else if !standsAlone(scalar) {
                for byte in RawBytes.encode(String(scalar)) { quoted += "\\x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)]) }
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
