extension Tour {
    package struct Art: Sendable, Equatable {
        /// The rows of the picture.
        package var lines: [String]
        /// Per line, the style of each character (grapheme); empty for plain art.
        package var styles: [[Style]]
        /// The widest line, in terminal cells.
        package var width: Int
        /// Its colors may be moved, like text's, to read on the terminal's background. An
        /// author's art stays as drawn; the built-in tour's own art follows (`followingContrast`).
        package var followsContrast = false {
            didSet { for index in smallerVersions.indices { smallerVersions[index].followsContrast = followsContrast } }
        }
        /// Smaller versions of the same picture, largest first: the layout draws the largest
        /// that fits before it gives the art up.
        package var smallerVersions: [Art] = []

        /// This art, then each smaller version.
        package var versions: [Art] {
            var largest = self
            largest.smallerVersions = []
            return [largest] + smallerVersions
        }

        /// Plain art from text with newlines; SGR colors in it are parsed (see `AnsiArt`).
        package init(text: String) {
            if AnsiArt.looksColored(text) {
                self = AnsiArt.parse(text)
            } else {
                // Split on the newline byte: "\r\n" is one Character, which a split on the
                // Character "\n" left whole (the file's lines ran together); the CR is dropped
                // with the other control characters. Bytes are also far cheaper to split, and a
                // loop of our own cheaper still than the generic `split`.
                var text = text
                let lines = text.withUTF8 { bytes in
                    var lines: [String] = []
                    var start = 0
                    for index in bytes.indices where bytes[index] == 0x0A {
                        lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                        start = index + 1
                    }
                    lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
                    return lines
                }
                self.init(lines: lines)
            }
        }

        /// Art from lines; with `styles`, one style per character of each line.
        /// `keepBlankRows`: a drawn picture keeps the rows it was fitted to.
        package init(lines: [String], styles: [[Style]] = [], keepBlankRows: Bool = false) {
            var lines = lines
            // In place, and only the lines that need it: nearly every line is clean, and a
            // mapped copy of the array costs a copy and its release for each art.
            if styles.isEmpty {
                for index in lines.indices where !TextSanitizer.isClean(lines[index].utf8, keepNewlines: false) {
                    lines[index] = TextSanitizer.clean(lines[index])
                }
            }
            var styles = styles.count == lines.count ? styles : []
            guard !keepBlankRows else {
                self.lines = lines
                self.styles = styles
                self.width = Self.widest(lines)
                return
            }
            // Blank rows above and below would only push the title away.
            func isBlank(_ index: Int) -> Bool {
                // Bytes, not Characters: a space with a combining mark is not all 0x20 either.
                lines[index].utf8.allSatisfy { $0 == 0x20 } && (styles.isEmpty || styles[index].allSatisfy { $0.background == .default && !$0.reverse })
            }
            while !lines.isEmpty, isBlank(lines.count - 1) {
                lines.removeLast()
                if !styles.isEmpty { styles.removeLast() }
            }
            while !lines.isEmpty, isBlank(0) {
                lines.removeFirst()
                if !styles.isEmpty { styles.removeFirst() }
            }
            self.lines = lines
            self.styles = styles
            self.width = Self.widest(lines)
        }

        /// The widest of `lines`, in terminal cells; 0 for none.
        private static func widest(_ lines: [String]) -> Int {
            var widest = 0
            for line in lines { widest = max(widest, TextWidth.of(line)) }
            return widest
        }

        /// True when any character carries a color or attribute.
        package var isColored: Bool { styles.contains { $0.contains { $0 != .plain } } }
    }
}
