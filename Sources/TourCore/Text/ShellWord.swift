/// A path as a shell word a person can paste, for the commands messages name
/// (`tour tip --off FILE`, `tour whats-new FILE`).
package enum ShellWord {
    /// The path as it is when it is plain, else in single quotes; cleaned of controls either way.
    package static func quote(_ path: String) -> String {
        let clean = TextSanitizer.clean(path)
        let plain = clean.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:@%~,".unicodeScalars.contains(scalar)
        }
        if plain && !clean.isEmpty { return clean }
        var quoted = "'"
        for character in clean { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }
}
