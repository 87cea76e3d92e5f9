/// Text for a terminal whose locale is not UTF-8. There, the bytes of "Û" (C3 9B) end in
/// 0x9B, which is CSI to an 8-bit terminal: UTF-8 must not go out at all. Every character
/// outside printable ASCII becomes "?" (two for a wide one, so columns stay in step), as
/// the full-screen pager draws it.
package enum ASCIIText {
    /// Marks that have a plain spelling, so an arrow or a bullet still reads as one.
    static let spelledInASCII: [Character: String] = [
        "→": "->", "←": "<-", "•": "*", "…": "...", "·": ".", "●": "*", "○": "o", "—": "-", "–": "-",
        "“": "\"", "”": "\"", "‘": "'", "’": "'", "✓": "[x]", "☐": "[ ]",
    ]

    package static func transliterate(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var result = ""
        for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20 || ascii == 0x0A || ascii == 0x09 || ascii == 0x1B {
                result.append(character)
            } else if character == "\r\n" {
                result.append("\n")
            } else if let spelled = spelledInASCII[character] {
                result += spelled
            } else {
                result += String(repeating: "?", count: max(1, TextWidth.of(character)))
            }
        }
        return result
    }
}
