/// Width of text in terminal cells, and wrapping and cutting by that width.
///
/// Never count Swift Characters as columns: CJK and emoji take two cells and
/// combining marks take none.
package enum TextWidth {
    /// Cells taken by one grapheme cluster: 0, 1 or 2. A cluster takes the cells of its
    /// first scalar, as the C library's wcwidth gives them (WidthTable.swift is generated
    /// to agree with it), except that an emoji presentation selector (U+FE0F) makes it
    /// two: terminals draw "☁️" as an emoji.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }  // ASCII fast path
        if first.value < 0xA0 { return 0 }  // C1 controls
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(scalar: first.value)
    }

    /// Cells taken by one code point on its own: 0, 1 or 2.
    package static func of(scalar value: UInt32) -> Int {
        if value < 0x300 { return value < 0x20 || (0x7F..<0xA0).contains(value) ? 0 : 1 }
        if contains(zeroWidthRanges, value) { return 0 }
        if contains(wideRanges, value) { return 2 }
        return 1
    }

    /// Binary search in sorted, disjoint ranges given as first, last pairs.
    private static func contains(_ ranges: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < ranges[2 * middle] {
                high = middle - 1
            } else if value > ranges[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Cells taken by a string.
    package static func of(_ text: String) -> Int {
        if let width = printableASCIIWidth(text.utf8) { return width }
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
    /// Contiguous text (nearly all of it) is scanned a word at a time.
    @inline(__always)
    static func printableASCIIWidth<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        if let width = bytes.withContiguousStorageIfAvailable({ PrintableASCII.end(of: $0, from: 0) == $0.count ? $0.count : nil }) {
            return width
        }
        var count = 0
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// Cuts text to at most `width` cells, ending in `ellipsis` when anything was cut.
    /// With `continues`, the text goes on beyond this line (more lines were dropped), so
    /// it ends in the ellipsis even when it fits.
    package static func truncate(_ text: String, to width: Int, ellipsis: String = "…", continues: Bool = false) -> String {
        guard width > 0 else { return "" }
        if !continues, of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        guard width > ellipsisWidth else { return prefix(text, width: width) }
        return prefix(text, width: width - ellipsisWidth) + ellipsis
    }

    /// The width text may take on a screen this wide: a margin of two cells each side, or one when narrow.
    package static func readableWidth(_ screenWidth: Int) -> Int {
        screenWidth >= 24 ? screenWidth - 4 : screenWidth - 2
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

    /// More lines than any screen has: views wrap no further than this, so a megabyte of
    /// subtitle costs what a screenful does.
    package static let screenLines = 1_000

    /// Word-wraps text into lines of at most `width` cells. Newlines force a break;
    /// a word longer than a line is split. No produced line is wider than `width`.
    /// Stops once there are more than `maximumLines` lines (the last one then says there
    /// is more), so only what can be shown is measured.
    ///
    /// Words are found in the UTF-8 bytes (a space and a newline are single bytes that no
    /// other character contains) and one at a time: a paragraph of megabytes is read only
    /// as far as the lines it fills.
    package static func wrap(_ text: String, width: Int, maximumLines: Int = .max) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        func full() -> Bool { lines.count > maximumLines }
        let bytes = text.utf8
        var line = ""
        var lineWidth = 0
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let byte = bytes[position]
            if byte == newline {
                lines.append(line)
                if full() { return lines }
                line = ""
                lineWidth = 0
                bytes.formIndex(after: &position)
                continue
            }
            if byte == space {
                bytes.formIndex(after: &position)
                continue
            }
            var end = position
            while end < bytes.endIndex, bytes[end] != space, bytes[end] != newline { bytes.formIndex(after: &end) }
            var word = text[position..<end]
            position = end
            var wordWidth = of(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " "
                line.append(contentsOf: word)  // String's own overload for Substring, not the generic +
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                if full() { return lines }
                line = ""
                lineWidth = 0
            }
            if wordWidth > width {
                // A word longer than a line is split, walking it once: linear in its length.
                var piece = ""
                var pieceWidth = 0
                for character in word {
                    let cells = of(character)
                    if cells > width { continue }  // a wide character in a one-cell line
                    if pieceWidth + cells > width {
                        lines.append(piece)
                        if full() { return lines }
                        piece = ""
                        pieceWidth = 0
                    }
                    piece.append(character)
                    pieceWidth += cells
                }
                word = Substring(piece)
                wordWidth = pieceWidth
            }
            line = String(word)
            lineWidth = wordWidth
        }
        lines.append(line)
        while let last = lines.last, last.isEmpty, lines.count > 1 { lines.removeLast() }
        return lines
    }

    private static let newline = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
}
