/// `tour render --format html`: the whole tour as one self-contained web page that plays
/// like the terminal one, for a tool's docs site. Every string is escaped; the page's
/// only script and style are inline and allowed by hash in its Content-Security-Policy,
/// and pictures are `data:` URIs, so it makes no request of any kind. Without script it
/// shows every page, one under the other.
package enum WebPage {
    /// One language of the tour: the base, or a translation laid over it.
    package struct Edition {
        /// The translation's language as its file names it ("fr", "pt_BR"); nil for the base.
        package var language: String?
        package var tour: Tour
        /// The bytes of a page's picture file (PNG or JPEG) at full resolution; nil leaves
        /// the picture out (its words, `heroAlt`, stay).
        package var pictureFile: (Tour.Page) -> [UInt8]?

        package init(language: String?, tour: Tour, pictureFile: @escaping (Tour.Page) -> [UInt8]?) {
            self.language = language
            self.tour = tour
            self.pictureFile = pictureFile
        }
    }

    /// The page: the base edition first, then the translations.
    package static func html(_ editions: [Edition]) -> String {
        var sheet = WebStyleSheet()
        var body = ""
        for (index, edition) in editions.enumerated() {
            body += EditionWriter(edition: edition, number: index).write(into: &sheet)
        }
        let style = WebPageAssets.style + sheet.text
        let script = WebPageAssets.script
        let title = editions.first?.tour.pages.first?.title ?? "Tour"
        // Only this page's own script and style, pictures from data: URIs, nothing else:
        // no fetch, no frame, no form, no base that moves relative links.
        let policy = "default-src 'none'; script-src '\(hash(script))'; style-src '\(hash(style))'; img-src data:; "
            + "base-uri 'none'; form-action 'none'"
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="tour">
            <title>\(escaped(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <main class="tour">
            \(body)</main>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    /// "sha256-…": how a Content-Security-Policy names an inline block by its contents.
    static func hash(_ text: String) -> String {
        "sha256-" + Base64.encode(SHA256.digest(text.utf8))
    }

    /// Text for HTML: as characters, never markup, in an element or an attribute. Byte by
    /// byte, never by Character: a prepended mark (U+0600, U+0D4E) fuses with the `<` after
    /// it, and a combining mark with the quote before it, into one Character that equals
    /// neither, and would pass as markup.
    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 { appendEscaped(byte, to: &result) }
        return String(decoding: result, as: UTF8.self)
    }

    /// One byte of text for HTML: the five markup characters as references, any other as itself.
    static func appendEscaped(_ byte: UInt8, to result: inout [UInt8]) {
        switch byte {
        case 0x26: result += Array("&amp;".utf8)
        case 0x3C: result += Array("&lt;".utf8)
        case 0x3E: result += Array("&gt;".utf8)
        case 0x22: result += Array("&quot;".utf8)
        case 0x27: result += Array("&#39;".utf8)
        default: result.append(byte)
        }
    }

    /// A subtitle, feature text or label: escaped, `code` in backticks as `<code>`, and
    /// newlines (where the text keeps them) as line breaks.
    package static func inline(_ text: String) -> String {
        // Bytes, not Characters: a subtitle may be megabytes of lines.
        let marked = InlineCode.mark(text)
        var result: [UInt8] = []
        result.reserveCapacity(marked.utf8.count + 64)
        var inCode = false
        var bytes = marked.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = pending.isEmpty ? bytes.next() : pending.removeFirst() {
            switch byte {
            case 0xE2:
                let second = bytes.next(), third = second == nil ? nil : bytes.next()
                if second == 0x81, third == 0xA2 { result += Array("<code>".utf8); inCode = true; continue }
                if second == 0x81, third == 0xA3 { result += Array("</code>".utf8); inCode = false; continue }
                result.append(byte)
                pending = [second, third].compactMap { $0 }
            // Code is kept whole on a terminal; a narrow phone may need to wrap it.
            case 0xC2 where inCode:
                let next = bytes.next()
                if next == 0xA0 { result.append(0x20) } else { result.append(byte); if let next { pending = [next] } }
            case 0x0A: result.append(contentsOf: [0x3C, 0x62, 0x72, 0x3E])  // <br>
            default: appendEscaped(byte, to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The type of a picture file by its first bytes; nil for anything else.
    package static func pictureType(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        return nil
    }
}

/// What a kind's web form is written with, beside the page and the style sheet.
struct WebSlide {
    let tour: Tour
    /// The id of the slide's title, which a question's options are labelled by.
    let titleID: String
    /// The slide's colors in the light theme, then the dark.
    let inks: [WebInk]
}

extension WebPage {
    /// The subtitle's paragraph; nothing when there is none.
    static func subtitle(_ page: Tour.Page) -> String {
        page.subtitle.isEmpty ? "" : "<p class=\"subtitle\">\(WebPage.inline(page.subtitle))</p>\n"
    }
}

/// The classes of the page's one style sheet: each distinct set of declarations once, in
/// the light theme and, where it differs, the dark one.
struct WebStyleSheet {
    private var names: [String: String] = [:]
    /// The class of each picture file inlined so far, by its name in the tour.
    var pictureClasses: [String: String] = [:]
    /// Each art written out so far, in the colors of the pages it was written for.
    var writtenArt: [(art: Tour.Art, inks: [WebInk], id: String)] = []
    private var light = ""
    private var dark = ""

    /// The class that sets these declarations in each theme.
    mutating func className(light lightDeclarations: String, dark darkDeclarations: String, prefix: String) -> String {
        let key = lightDeclarations + "|" + darkDeclarations
        if let name = names[key] { return name }
        let name = prefix + String(names.count)
        names[key] = name
        light += ".\(name){\(lightDeclarations)}\n"
        if darkDeclarations != lightDeclarations { dark += ".\(name){\(darkDeclarations)}\n" }
        return name
    }

    var text: String {
        light + (dark.isEmpty ? "" : "@media (prefers-color-scheme:dark){\n\(dark)}\n")
    }
}

/// One edition as a carousel: a region of slides, the Skip button, the dots and the
/// Next button, and a polite live region the script announces page changes in.
private struct EditionWriter {
    let edition: WebPage.Edition
    let number: Int
    var tour: Tour { edition.tour }

    /// BCP 47, lowercase, as the script compares it with `navigator.languages`: "pt_BR" is "pt-br".
    var languageTag: String {
        (edition.language ?? "").lowercased().map { $0 == "_" ? "-" : $0 }.reduce(into: "") { $0.append($1) }
    }

    func write(into sheet: inout WebStyleSheet) -> String {
        let labels = tour.labels
        let language = languageTag.isEmpty ? "" : " lang=\"\(WebPage.escaped(languageTag))\""
        let name = tour.pages.first?.title ?? "Tour"
        var html = "<section class=\"edition\" data-lang=\"\(WebPage.escaped(languageTag))\"\(language)"
            + " data-title=\"\(WebPage.escaped(name))\"\(number == 0 ? "" : " hidden")>\n"
        html += "<div class=\"carousel\" role=\"region\" aria-roledescription=\"carousel\" aria-label=\"\(WebPage.escaped(name))\">\n"
        html += "<div class=\"top\"><button type=\"button\" class=\"skip\">\(WebPage.escaped(labels.skip))</button></div>\n"
        html += "<div class=\"viewport\"><div class=\"track\">\n"
        for (index, page) in tour.pages.enumerated() {
            html += slide(page, index: index, sheet: &sheet)
        }
        html += "</div></div>\n<div class=\"bottom\">\n"
        html += "<div class=\"dots\" role=\"group\">"
        for (index, page) in tour.pages.enumerated() {
            let label = labels.pageHeader(number: index + 1, of: tour.pageCount) + ": " + page.title
            html += "<button type=\"button\" class=\"dot\" aria-label=\"\(WebPage.escaped(label))\"\(index == 0 ? " aria-current=\"true\"" : "")></button>"
        }
        html += "</div>\n<p class=\"numbers\" hidden></p><progress class=\"bar\" max=\"\(tour.pageCount)\" value=\"1\" hidden></progress>\n"
        html += "<button type=\"button\" class=\"next\"></button>\n</div>\n"
        // Where each move goes, for the script (WebMoves): JSON of numbers and fixed words only.
        html += "<div class=\"moves\" hidden>\(WebMoves.json(WebMoves.rows(tour)))</div>\n"
        // What every practice page's script reads (WebPractice), only where there is one.
        if tour.pages.contains(where: { $0.practice != nil }) {
            html += "<div class=\"practice-keys\" hidden>\(WebPage.escaped(WebPractice.sharedJSON))</div>\n"
        }
        html += "<div class=\"announce\" aria-live=\"polite\" aria-atomic=\"true\"></div>\n</div>\n</section>\n"
        return html
    }

    func slide(_ page: Tour.Page, index: Int, sheet: inout WebStyleSheet) -> String {
        let inks = WebTheme.both.map { WebInk(accent: page.accent ?? tour.accent, gradient: page.gradient, theme: $0) }
        let pageClass = sheet.className(light: inks[0].declarations, dark: inks[1].declarations, prefix: "p")
        let isLast = index == tour.pageCount - 1
        let header = tour.labels.pageHeader(number: index + 1, of: tour.pageCount)
        let (current, other) = dotGlyphs(page.indicator ?? tour.indicator)
        var attributes = "class=\"slide \(pageClass)\" role=\"group\" aria-roledescription=\"slide\""
        attributes += " aria-label=\"\(WebPage.escaped(header))\" data-ink=\"\(pageClass)\""
        attributes += " data-announce=\"\(WebPage.escaped(header + ": " + page.title))\""
        attributes += " data-button=\"\(WebPage.escaped(page.button ?? (isLast ? tour.labels.done : tour.labels.next)))\""
        // Skip stays on a last page that asks, as in the terminal; elsewhere on the last
        // page the way out is the button.
        attributes += " data-skip=\"\(!isLast || page.choice != nil)\""
        attributes += " data-indicator=\"\(indicatorName(page.indicator ?? tour.indicator))\""
        attributes += " data-dot-on=\"\(WebPage.escaped(current))\" data-dot-off=\"\(WebPage.escaped(other))\""
        if let choice = page.choice {
            attributes += " data-key=\"\(WebPage.escaped(choice.key))\" data-default=\"\(choice.defaultIndex.map(String.init) ?? "")\""
        }
        let titleID = "t\(number)-\(index)"
        var html = "<article \(attributes)>\n"
        html += hero(page, sheet: &sheet, inks: inks)
        html += "<h2 id=\"\(titleID)\">\(WebPage.escaped(page.title))</h2>\n"
        html += page.content.kind.webForm(page, WebSlide(tour: tour, titleID: titleID, inks: inks), &sheet)
        return html + "</article>\n"
    }

    /// The picture at full resolution, or the art in its colors; nothing for a page without.
    func hero(_ page: Tour.Page, sheet: inout WebStyleSheet, inks: [WebInk]) -> String {
        let words = page.heroAlt ?? ""
        if let picture = page.picture {
            // Each picture file once, however many pages show it: as the background of a
            // class, which a picture element of each page names.
            let known = page.heroImage.flatMap { sheet.pictureClasses[$0] }
            guard let name = known ?? pictureClass(page, picture, sheet: &sheet) else {
                return words.isEmpty ? "" : "<p class=\"hero alt\">\(WebPage.escaped(words))</p>\n"
            }
            // A small picture is pixel art: enlarged, it keeps its square pixels.
            let small = max(picture.width, picture.height) <= 128 ? " small" : ""
            let role = words.isEmpty ? "aria-hidden=\"true\"" : "role=\"img\" aria-label=\"\(WebPage.escaped(words))\""
            return "<div class=\"hero\"><div class=\"picture\(small) \(name)\" \(role)></div></div>\n"
        }
        guard let art = page.hero, !art.lines.isEmpty else { return "" }
        return artBlock(art, words: words, sheet: &sheet, inks: inks)
    }

    /// The class of a picture's file, its bytes read and inlined; nil when there are none.
    func pictureClass(_ page: Tour.Page, _ picture: Picture, sheet: inout WebStyleSheet) -> String? {
        guard let bytes = edition.pictureFile(page), let type = WebPage.pictureType(bytes) else { return nil }
        let declarations = "background-image:url(\"data:\(type);base64,\(Base64.encode(bytes))\");aspect-ratio:\(picture.width)/\(picture.height)"
        let name = sheet.className(light: declarations, dark: declarations, prefix: "g")
        if let file = page.heroImage { sheet.pictureClasses[file] = name }
        return name
    }

    /// Art in a monospace block, in its colors. Art that another page showed already is
    /// written once, and the script copies it in when its page is shown (400 pages of one
    /// 150×190 picture would be 11 million spans): whatever the pages' accents, as art
    /// keeps its own colors, unless it takes the page's (art that follows the contrast,
    /// or reverses the default colors), which only the same inks share.
    func artBlock(_ art: Tour.Art, words: String, sheet: inout WebStyleSheet, inks: [WebInk]) -> String {
        // Art is a picture: read out by its words, or not at all.
        let role = words.isEmpty ? "aria-hidden=\"true\"" : "role=\"img\" aria-label=\"\(WebPage.escaped(words))\""
        // As wide as it is in characters, scaled down to the width there is.
        let width = sheet.className(light: "--columns:\(max(1, art.width))", dark: "--columns:\(max(1, art.width))", prefix: "w")
        let takesPageInks = Self.takesPageInks(art)
        if let known = sheet.writtenArt.first(where: { $0.art == art && (!takesPageInks || $0.inks == inks) }) {
            return "<div class=\"hero\"><pre class=\"art \(width)\" \(role) data-art=\"\(known.id)\"></pre></div>\n"
        }
        let id = "art-\(sheet.writtenArt.count)"
        sheet.writtenArt.append((art, inks, id))
        var html = "<div class=\"hero\"><pre class=\"art \(width)\" \(role) id=\"\(id)\">"
        for (row, line) in art.lines.enumerated() {
            let styles = row < art.styles.count ? art.styles[row] : []
            var run = "", runStyle: Style? = nil
            func flush() {
                guard !run.isEmpty else { return }
                if let style = runStyle, style != .plain {
                    html += "<span class=\"\(artClass(style, followsContrast: art.followsContrast, inks: inks, sheet: &sheet))\">\(WebPage.escaped(run))</span>"
                } else {
                    html += WebPage.escaped(run)
                }
                run = ""
            }
            for (column, character) in line.enumerated() {
                let style = column < styles.count ? styles[column] : .plain
                if style != runStyle { flush(); runStyle = style }
                run.append(character)
            }
            flush()
            html += row == art.lines.count - 1 ? "" : "\n"
        }
        return html + "</pre></div>\n"
    }

    /// Whether art is drawn in the page's inks (`artClass` reads them): art that follows
    /// the contrast, or whose styles reverse a default color.
    static func takesPageInks(_ art: Tour.Art) -> Bool {
        art.followsContrast || art.styles.contains { row in row.contains { $0.reverse } }
    }

    /// The class of one style of art: its colors as drawn, or, for art that follows the
    /// contrast (the built-in tour's), moved to read on the slide as the terminal moves them.
    func artClass(_ style: Style, followsContrast: Bool, inks: [WebInk], sheet: inout WebStyleSheet) -> String {
        func declarations(_ ink: WebInk) -> String {
            var foreground = Palette.rgb(of: style.foreground).map(WebInk.css)
            let background = Palette.rgb(of: style.background).map(WebInk.css)
            if followsContrast, style.foreground != .default {
                let behind = Palette.rgb(of: style.background).map { [$0] } ?? ink.slide.map(WebInk.unpacked)
                foreground = (WebInk.readable(style.foreground, over: behind) ?? WebInk.unpacked(ink.text)).map(WebInk.css)
            }
            var parts: [String] = []
            let (front, back) = style.reverse ? (background ?? WebInk.css(ink.slide[0]), foreground ?? WebInk.css(ink.text))
                : (foreground, background)
            if let front { parts.append("color:" + front) }
            if let back { parts.append("background:" + back) }
            if style.bold { parts.append("font-weight:700") }
            if style.dim { parts.append("opacity:.6") }
            if style.underline { parts.append("text-decoration:underline") }
            return parts.joined(separator: ";")
        }
        return sheet.className(light: declarations(inks[0]), dark: declarations(inks[1]), prefix: "a")
    }

    func dotGlyphs(_ indicator: Tour.Indicator) -> (String, String) {
        if case .dots(let current, let other) = indicator { return (current, other) }
        return ("●", "○")
    }

    func indicatorName(_ indicator: Tour.Indicator) -> String {
        switch indicator {
        case .dots: "dots"
        case .numbers: "numbers"
        case .bar: "bar"
        case .none: "none"
        }
    }
}
