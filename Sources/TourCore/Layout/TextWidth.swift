/// Width of text in terminal cells, and wrapping and cutting by that width.
///
/// Never count Swift Characters as columns: CJK and emoji take two cells and
/// combining marks take none.
package enum TextWidth {
    /// Cells taken by one grapheme cluster: 0, 1 or 2.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }  // ASCII fast path
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation selector
        if first.properties.isEmojiPresentation { return 2 }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.value == 0x200B || (0x1160...0x11FF).contains(first.value) { return 0 }
        return 1
    }

    /// Cells taken by a string.
    package static func of(_ text: String) -> Int {
        if let width = text.utf8.withContiguousStorageIfAvailable({ printableASCIIWidth($0) }) ?? printableASCIIWidth(text.utf8) {
            return width
        }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Cells taken by part of a string.
    package static func of(_ text: Substring) -> Int {
        if let width = printableASCIIWidth(text.utf8) { return width }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Most tour text is plain ASCII: one cell per byte, no grapheme breaking needed.
    @inline(__always)
    static func printableASCIIWidth<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var count = 0
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), outside the emoji blocks.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Cuts text to at most `width` cells, ending in `ellipsis` when anything was cut.
    package static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        guard width > ellipsisWidth else { return prefix(text, width: width) }
        return prefix(text, width: width - ellipsisWidth) + ellipsis
    }

    /// The longest prefix that fits in `width` cells (a wide character never straddles the edge).
    package static func prefix(_ text: String, width: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let cells = of(text[index])
            if used + cells > width { break }
            used += cells
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// Word-wraps text into lines of at most `width` cells. Newlines force a break;
    /// a word longer than a line is split. No produced line is wider than `width`.
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word)
                var wordWidth = of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    let head = prefix(String(word), width: width)
                    if head.isEmpty { word = word.dropFirst(); wordWidth = of(word); continue }  // a wide char in a 1-cell line
                    lines.append(head)
                    word = word.dropFirst(head.count)
                    wordWidth = of(word)
                }
                line = String(word)
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        while let last = lines.last, last.isEmpty, lines.count > 1 { lines.removeLast() }
        return lines
    }
}
