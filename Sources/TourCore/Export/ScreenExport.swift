/// A drawn page as something to print or to put in a README: plain text, text with
/// SGR colors, or an SVG picture of the terminal.
package enum ScreenExport {
    /// The characters a person sees, trailing spaces removed.
    package static func text(_ canvas: Canvas) -> String {
        canvas.text + "\n"
    }

    /// The same, with every color as `depth` shows it.
    package static func ansi(_ canvas: Canvas, depth: ColorDepth) -> String {
        ansi(reduced(canvas, to: depth))
    }

    /// The canvas in the colors a terminal of `depth` shows.
    package static func reduced(_ canvas: Canvas, to depth: ColorDepth) -> Canvas {
        guard depth != .direct else { return canvas }
        var reduced = canvas
        reduced.mapStyles { style in
            var style = style
            style.foreground = depth.reduced(style.foreground)
            style.background = depth.reduced(style.background)
            return style
        }
        return reduced
    }

    /// Text with SGR colors and attributes (24-bit for RGB colors), reset at each line end.
    package static func ansi(_ canvas: Canvas) -> String {
        var output = ""
        for y in 0..<canvas.size.height {
            var current = Style.plain
            var line = ""
            var pendingSpaces = ""
            for x in 0..<canvas.size.width where !canvas[x, y].isContinuation {
                let cell = canvas[x, y]
                if cell.style == .plain && cell.character == " " {
                    // Plain spaces wait: written only if something follows them on the line.
                    if current != .plain {
                        line += "\u{1B}[0m"
                        current = .plain
                    }
                    pendingSpaces.append(" ")
                    continue
                }
                line += pendingSpaces
                pendingSpaces = ""
                if cell.style != current {
                    line += sgr(cell.style)
                    current = cell.style
                }
                line.append(cell.character)
            }
            if current != .plain { line += "\u{1B}[0m" }
            output += line + "\n"
        }
        return output
    }

    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        codes += colorCodes(style.foreground, base: 30)
        codes += colorCodes(style.background, base: 40)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static func colorCodes(_ color: Color, base: Int) -> [String] {
        switch color {
        case .default: return []
        case .ansi(let index) where index < 8: return ["\(base + Int(index))"]
        case .ansi(let index) where index < 16: return ["\(base + 60 + Int(index) - 8)"]
        case .ansi(let index): return ["\(base + 8)", "5", "\(index)"]
        case let .rgb(red, green, blue): return ["\(base + 8)", "2", "\(red)", "\(green)", "\(blue)"]
        }
    }

    /// The theme an SVG is drawn in: the terminal's own default colors are unknown, so pick some.
    package struct Theme: Sendable {
        /// The page background where a cell has none of its own.
        package var background: (UInt8, UInt8, UInt8) = (0x1E, 0x1E, 0x2E)
        /// The text color where a cell has none of its own.
        package var foreground: (UInt8, UInt8, UInt8) = (0xE0, 0xE0, 0xE8)
        package init() {}

        /// The theme of a terminal with this background: the dark one above, or its light twin.
        package init(for background: TerminalBackground) {
            if background == .light {
                self.background = (0xFA, 0xFA, 0xFA)
                foreground = (0x20, 0x20, 0x20)
            }
        }
    }

    /// Colors 0–7 as bold text shows them: 8–15.
    static func brightened(_ color: Color) -> Color {
        if case .ansi(let index) = color, index < 8 { return .ansi(index + 8) }
        return color
    }

    /// A page's picture in an SVG: its file at full resolution over the box of cells that
    /// its cell art fills on a terminal.
    package struct Picture {
        package var box: Rect
        /// "image/png" or "image/jpeg".
        package var mediaType: String
        package var bytes: [UInt8]

        package init(box: Rect, mediaType: String, bytes: [UInt8]) {
            self.box = box
            self.mediaType = mediaType
            self.bytes = bytes
        }

        /// `page`'s picture over `box`, where its cells were drawn, from its `file`. Nil when
        /// there is nothing to embed: no box, a file that is not PNG or JPEG, or a machine that
        /// draws the picture's words in its place (no libchafa), whose box is the words'.
        package init?(page: Tour.Page, box: Rect?, file: [UInt8]?) {
            guard let box, page.picture?.drawer?.canDraw == true, let file, let type = WebPage.pictureType(file) else { return nil }
            self.init(box: box, mediaType: type, bytes: file)
        }
    }

    /// A picture of the terminal: a monospace grid of cells with the page's colors, and the
    /// page's picture, when given, drawn in its pixels in place of its cells.
    package static func svg(_ canvas: Canvas, theme: Theme = Theme(), picture: Picture? = nil) -> String {
        let grid = SVGGrid(canvas: canvas, theme: theme, picture: picture)
        return grid.header() + grid.backgrounds() + grid.texts() + grid.image() + "</svg>\n"
    }

    /// The SVG of a canvas, part by part: backgrounds, then text, then the picture.
    private struct SVGGrid {
        let canvas: Canvas
        let theme: Theme
        let picture: Picture?
        let cellWidth = 8.4, cellHeight = 18.0, padding = 12.0

        /// The cells under the picture are read as empty, each keeping what is behind the page
        /// on its row (the cell left of the box: a gradient's band, or nothing). Read, not
        /// copied: a canvas of 1000×1000 is 1,000,000 cells.
        func cell(_ x: Int, _ y: Int) -> Cell {
            guard let box = picture?.box, box.contains(x: x, y: y) else { return canvas[x, y] }
            var behind = Cell.blank
            if box.x > 0 { behind.style.background = canvas[box.x - 1, y].style.background }
            return behind
        }

        func hex(_ rgb: (UInt8, UInt8, UInt8)) -> String {
            "#" + [rgb.0, rgb.1, rgb.2].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }

        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
        }

        func colors(_ style: Style) -> (foreground: (UInt8, UInt8, UInt8), background: (UInt8, UInt8, UInt8)?) {
            // Bold text in colors 0–7 in their bright forms, as xterm, VTE and most others
            // draw it (SGR output leaves that to the terminal that shows it).
            var foreground = Palette.rgb(of: style.bold ? brightened(style.foreground) : style.foreground) ?? theme.foreground
            var background = Palette.rgb(of: style.background)
            if style.reverse {
                let swapped = background ?? theme.background
                background = foreground
                foreground = swapped
            }
            return (foreground, background)
        }

        func header() -> String {
            let width = Double(canvas.size.width) * cellWidth + padding * 2
            let height = Double(canvas.size.height) * cellHeight + padding * 2
            return """
                <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" viewBox="0 0 \(number(width)) \(number(height))" role="img">
                <rect width="100%" height="100%" rx="8" fill="\(hex(theme.background))"/>
                <g shape-rendering="crispEdges">

                """
        }

        /// Backgrounds first, as runs of one color whatever the text's style, each reaching
        /// half a pixel into the next: no hairline seams between cells.
        func backgrounds() -> String {
            var svg = ""
            for y in 0..<canvas.size.height {
                let top = padding + Double(y) * cellHeight
                var x = 0
                while x < canvas.size.width {
                    let background = colors(cell(x, y).style).background
                    var end = x + 1
                    while end < canvas.size.width, colors(cell(end, y).style).background.map(hex) == background.map(hex) { end += 1 }
                    if let background {
                        let left = padding + Double(x) * cellWidth
                        svg += "<rect x=\"\(number(left))\" y=\"\(number(top))\" width=\"\(number(Double(end - x) * cellWidth + 0.5))\" height=\"\(number(cellHeight + 0.5))\" fill=\"\(hex(background))\"/>\n"
                    }
                    x = end
                }
            }
            return svg + "</g>\n"
        }

        /// Text in runs of one style; a wide character (CJK, emoji) on its own, centred in
        /// its two cells, so a font without it cannot push the grid out of line.
        func texts() -> String {
            var svg = "<g font-family=\"ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace, 'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji'\" font-size=\"14\" xml:space=\"preserve\">\n"
            for y in 0..<canvas.size.height {
                let baseline = padding + Double(y) * cellHeight + cellHeight * 0.75
                var x = 0
                while x < canvas.size.width {
                    let style = cell(x, y).style
                    var attributes = " fill=\"\(hex(colors(style).foreground))\""
                    if style.bold { attributes += " font-weight=\"bold\"" }
                    if style.dim { attributes += " opacity=\"0.6\"" }
                    if style.underline { attributes += " text-decoration=\"underline\"" }
                    if TextWidth.of(cell(x, y).character) == 2 {
                        let center = padding + (Double(x) + 1) * cellWidth
                        svg += "<text x=\"\(number(center))\" y=\"\(number(baseline))\" text-anchor=\"middle\"\(attributes)>\(escapeXML(String(cell(x, y).character)))</text>\n"
                        x += 2
                        continue
                    }
                    var end = x
                    var text = ""
                    while end < canvas.size.width, cell(end, y).style == style, !cell(end, y).isContinuation, TextWidth.of(cell(end, y).character) != 2 {
                        text.append(cell(end, y).character)
                        end += 1
                    }
                    if end == x { x += 1; continue }  // a stray continuation
                    if text.contains(where: { $0 != " " }) {
                        let left = padding + Double(x) * cellWidth
                        svg += "<text x=\"\(number(left))\" y=\"\(number(baseline))\" textLength=\"\(number(Double(end - x) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\"\(attributes)>\(escapeXML(text))</text>\n"
                    }
                    x = end
                }
            }
            return svg + "</g>\n"
        }

        /// The picture, scaled to the box keeping its shape, centred in it, as the cells would be.
        func image() -> String {
            guard let picture else { return "" }
            let box = picture.box
            return "<image x=\"\(number(padding + Double(box.x) * cellWidth))\" y=\"\(number(padding + Double(box.y) * cellHeight))\" "
                + "width=\"\(number(Double(box.width) * cellWidth))\" height=\"\(number(Double(box.height) * cellHeight))\" "
                + "preserveAspectRatio=\"xMidYMid meet\" href=\"data:\(picture.mediaType);base64,\(Base64.encode(picture.bytes))\"/>\n"
        }
    }

    /// Text for XML: the five markup characters escaped, and every character XML 1.0
    /// forbids (controls, U+FFFE and U+FFFF) and the noncharacters dropped, so the SVG
    /// stays well-formed whatever the tour holds.
    static func escapeXML(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            default: if isAllowedInXML(scalar.value) { result.append(scalar) }
            }
        }
        return String(result)
    }

    static func isAllowedInXML(_ value: UInt32) -> Bool {
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        if (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value) { return false }
        return value & 0xFFFE != 0xFFFE  // U+FFFE, U+FFFF and their like in every plane
    }
}
