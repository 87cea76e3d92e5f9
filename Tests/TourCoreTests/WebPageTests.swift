import Testing
@testable import TourCore

/// The web page's pure parts: escaping, code spans, the colors of both themes, the hashes
/// its policy allows, and which pictures it inlines. Tests/Web plays the page in Chromium.
@Suite("Web page: tour render --format html")
struct WebPageTests {
    /// A prepended mark fuses with the `<` after it, a combining mark with the quote before
    /// it: escaped by bytes, neither passes as markup (issue 64, item 2).
    @Test func charactersThatFuseWithMarkupAreStillEscaped() {
        for fused in ["\u{0600}<meta http-equiv=refresh content=0;url=x \u{0600}>", "\u{0D4E}<a href=x>", "\"\u{0301} onload=\"x", "'\u{20DD}"] {
            let escaped = WebPage.escaped(fused)
            #expect(!escaped.utf8.contains(0x3C) && !escaped.utf8.contains(0x3E) && !escaped.utf8.contains(0x22) && !escaped.utf8.contains(0x27), "\(escaped)")
            let inline = WebPage.inline(fused)
            #expect(!inline.utf8.contains(0x22) && !inline.utf8.contains(0x27) && !inline.contains("<meta") && !inline.contains("<a "), "\(inline)")
        }
        #expect(WebPage.escaped("\u{0600}<b>") == "\u{0600}&lt;b&gt;")
    }

    @Test func base64MatchesRFC4648() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (text, encoded) in vectors { #expect(Base64.encode(Array(text.utf8)) == encoded) }
    }

    @Test func markupInTextStaysCharacters() {
        #expect(WebPage.escaped(#"<img src=x onerror="a()"> & 'b'"#) == "&lt;img src=x onerror=&quot;a()&quot;&gt; &amp; &#39;b&#39;")
        #expect(WebPage.inline("Run `tour <x>` now\nthen") == "Run <code>tour &lt;x&gt;</code> now<br>then")
        #expect(WebPage.inline("a ` lone backtick") == "a ` lone backtick")
    }

    @Test func everyTextColorReadsInBothThemes() {
        let accents: [Color?] = [nil, .rgb(0xFF, 0xD7, 0x5F), .rgb(0x5F, 0xAF, 0xFF), .ansi(3), .rgb(0x80, 0x80, 0x80), .rgb(0, 0, 0)]
        let gradients: [[Color]] = [[], [.rgb(0x2B, 0x58, 0x76), .rgb(0x4E, 0x43, 0x76)], [.rgb(0xF6, 0xF0, 0xC4), .rgb(0xD9, 0x9E, 0xDE)],
                                    [.rgb(0, 0, 0), .rgb(255, 255, 255)]]
        for theme in WebTheme.both {
            for accent in accents {
                for gradient in gradients {
                    let ink = WebInk(accent: accent, gradient: gradient, theme: theme)
                    let behind = ink.slide.map(WebInk.unpacked)
                    for text in [ink.text, ink.muted, ink.title, ink.code] {
                        #expect(WebInk.reads(WebInk.unpacked(text), over: behind), "\(theme.name) \(String(describing: accent)) \(gradient)")
                    }
                    #expect(Contrast.ratio(WebInk.unpacked(ink.onAccent), WebInk.unpacked(ink.accent)) >= Contrast.minimumRatio)
                    #expect(Contrast.ratio(WebInk.unpacked(ink.mark), theme.card) >= Contrast.minimumRatio)
                }
            }
        }
    }

    @Test func accentAndGradientStayWhereTheyRead() {
        // The built-in tour's dark gradient keeps light text in the light theme too.
        let dark = [Color.rgb(0x2B, 0x58, 0x76), .rgb(0x4E, 0x43, 0x76)]
        for theme in WebTheme.both {
            let ink = WebInk(accent: .rgb(0xFF, 0xD7, 0x5F), gradient: dark, theme: theme)
            #expect(ink.slide == [0x2B5876, 0x4E4376])
            #expect(ink.title == 0xFFD75F, "the yellow reads on the gradient as written")
            #expect(ink.accent == 0xFFD75F && ink.onAccent == 0x000000)
        }
        // Black to white: no text reads on both ends, so the gradient goes.
        let impossible = WebInk(accent: nil, gradient: [.rgb(0, 0, 0), .rgb(255, 255, 255)], theme: .light)
        #expect(impossible.slide == [WebInk.packedForTest(WebTheme.light.card)])
        // A pale accent on the white card is darkened for the title, kept for the button.
        let pale = WebInk(accent: .rgb(0x5F, 0xAF, 0xFF), gradient: [], theme: .light)
        #expect(pale.title != 0x5FAFFF && pale.accent == 0x5FAFFF)
    }

    @Test func thePolicyAllowsExactlyThePagesOwnScriptAndStyle() throws {
        let tour = Tour(pages: [Tour.Page(title: "One <b>", subtitle: "`code`", hero: "\u{1B}[31mred\u{1B}[0m art")])
        let html = WebPage.html([WebPage.Edition(language: nil, tour: tour) { _ in nil }])
        let style = try #require(html.firstRange(of: "<style>")).upperBound
        let styleEnd = try #require(html.firstRange(of: "</style>")).lowerBound
        let script = try #require(html.firstRange(of: "<script>")).upperBound
        let scriptEnd = try #require(html.firstRange(of: "</script>")).lowerBound
        #expect(html.contains("script-src '\(WebPage.hash(String(html[script..<scriptEnd])))'"))
        #expect(html.contains("style-src '\(WebPage.hash(String(html[style..<styleEnd])))'"))
        #expect(html.contains("<h2 id=\"t0-0\">One &lt;b&gt;</h2>"))
        #expect(!html.contains("style=\""), "no inline style attribute, which the policy would refuse")
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test func aPictureFileIsInlinedOnceHoweverManyPagesShowIt() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        var pages: [Tour.Page] = []
        for index in 0..<3 {
            var page = Tour.Page(title: "Page \(index)")
            page.picture = Picture(width: 2, height: 1, pixels: [UInt8](repeating: 255, count: 8), drawer: nil)
            page.heroImage = "disc.png"
            page.heroAlt = "a disc"
            pages.append(page)
        }
        var reads = 0
        let html = WebPage.html([WebPage.Edition(language: nil, tour: Tour(pages: pages)) { _ in reads += 1; return png }])
        #expect(reads == 1)
        #expect(html.ranges(of: Base64.encode(png)).count == 1)
        #expect(html.ranges(of: "role=\"img\" aria-label=\"a disc\"").count == 3)
        #expect(WebPage.pictureType([0xFF, 0xD8, 0xFF, 0xE0]) == "image/jpeg" && WebPage.pictureType(Array("GIF89a".utf8)) == nil)
    }

    @Test func translationsCarryTheirLanguage() {
        let base = Tour(pages: [Tour.Page(title: "Hello")])
        var french = base
        french.pages[0].title = "Bonjour"
        let html = WebPage.html([WebPage.Edition(language: nil, tour: base) { _ in nil },
                                 WebPage.Edition(language: "pt_BR", tour: french) { _ in nil }])
        #expect(html.contains("<section class=\"edition\" data-lang=\"\" data-title=\"Hello\">"))
        #expect(html.contains("<section class=\"edition\" data-lang=\"pt-br\" lang=\"pt-br\" data-title=\"Bonjour\" hidden>"))
    }
}

extension WebInk {
    static func packedForTest(_ rgb: WebTheme.RGB) -> UInt32 { packed(rgb) }
}
