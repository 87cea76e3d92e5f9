/// The colors of the web page, worked out for a light and a dark theme: every text color
/// reads at WCAG AA (4.5:1) on what is behind it, and the tour's accents and gradients are
/// kept where they pass, as the terminal keeps them (`Contrast.readableShade`).
package struct WebTheme: Sendable {
    package typealias RGB = (UInt8, UInt8, UInt8)
    /// "light" or "dark": which `prefers-color-scheme` it answers.
    package var name: String
    /// Around the card.
    package var backdrop: RGB
    /// The card the pages are on.
    package var card: RGB
    package var text: RGB
    /// Subtitles, feature text, the other dots, Skip.
    package var muted: RGB
    /// Borders, which are not text.
    package var line: RGB

    package static let light = WebTheme(name: "light", backdrop: (0xEE, 0xF0, 0xF4), card: (0xFF, 0xFF, 0xFF),
                                        text: (0x1C, 0x1C, 0x21), muted: (0x57, 0x57, 0x62), line: (0xD5, 0xD7, 0xDE))
    package static let dark = WebTheme(name: "dark", backdrop: (0x11, 0x11, 0x15), card: (0x1E, 0x1E, 0x24),
                                       text: (0xEC, 0xEC, 0xF1), muted: (0xA8, 0xA8, 0xB4), line: (0x3A, 0x3A, 0x44))
    package static let both = [light, dark]

    /// The color code is drawn in when nothing else is set: the terminal's cyan.
    static let codeColor = Color.ansi(6)
}

/// One page's colors in one theme: the slide's (text on its own background, which may be
/// the page's gradient) and the frame's (the dots and the button, on the card).
package struct WebInk: Equatable, Sendable {
    /// The slide's background: the gradient's colors top to bottom, or the card alone.
    package var slide: [UInt32]
    package var text: UInt32
    package var muted: UInt32
    package var title: UInt32
    package var code: UInt32
    /// The button's background: the accent as the author wrote it.
    package var accent: UInt32
    /// The button's text: black or white, whichever reads on the accent.
    package var onAccent: UInt32
    /// The current dot, the chosen option, the focus ring: the accent as it reads on the card.
    package var mark: UInt32

    /// The colors of a page with this accent and gradient (either may be nil or empty).
    package init(accent: Color?, gradient: [Color], theme: WebTheme) {
        let other = theme.name == WebTheme.light.name ? WebTheme.dark : WebTheme.light
        var stops = gradient.count >= 2 ? gradient.compactMap(Palette.rgb(of:)) : []
        // A gradient stays when some text color reads on every band of it: the theme's own,
        // else the other theme's (light text on a dark gradient in the light theme).
        var text = theme.text, muted = theme.muted
        if !stops.isEmpty {
            if Self.reads(theme.text, over: stops) {
                muted = Self.reads(theme.muted, over: stops) ? theme.muted : theme.text
            } else if Self.reads(other.text, over: stops) {
                text = other.text
                muted = Self.reads(other.muted, over: stops) ? other.muted : other.text
            } else {
                stops = []
            }
        }
        let behind = stops.isEmpty ? [theme.card] : stops
        slide = behind.map(Self.packed)
        self.text = Self.packed(text)
        self.muted = Self.packed(muted)
        title = Self.packed(Self.readable(accent, over: behind) ?? text)
        code = Self.packed(Self.readable(WebTheme.codeColor, over: behind) ?? text)
        let accentRGB = accent.flatMap(Palette.rgb(of:)) ?? theme.text
        self.accent = Self.packed(accentRGB)
        let black: WebTheme.RGB = (0, 0, 0), white: WebTheme.RGB = (255, 255, 255)
        onAccent = Self.packed(Contrast.ratio(black, accentRGB) >= Contrast.ratio(white, accentRGB) ? black : white)
        mark = Self.packed(Self.readable(accent, over: [theme.card]) ?? theme.text)
    }

    /// `color`, or the nearest shade of it that reads on every one of `backgrounds`; nil
    /// when it is the default color or no shade does.
    package static func readable(_ color: Color?, over backgrounds: [WebTheme.RGB]) -> WebTheme.RGB? {
        guard let color, let original = Palette.rgb(of: color), !backgrounds.isEmpty else { return nil }
        if reads(original, over: backgrounds) { return original }
        let worst = backgrounds.min { Contrast.ratio(original, $0) < Contrast.ratio(original, $1) }!
        let shade = Contrast.readableShade(of: color, on: .rgb(worst.0, worst.1, worst.2), depth: .direct, background: .dark)
        guard let rgb = Palette.rgb(of: shade), reads(rgb, over: backgrounds) else { return nil }
        return rgb
    }

    /// `color` as it reads on this page's slide; the slide's text color when no shade does.
    package func onSlide(_ color: Color?) -> UInt32 {
        Self.readable(color, over: slide.map(Self.unpacked)).map(Self.packed) ?? text
    }

    package static func reads(_ color: WebTheme.RGB, over backgrounds: [WebTheme.RGB]) -> Bool {
        backgrounds.allSatisfy { Contrast.ratio(color, $0) >= Contrast.minimumRatio }
    }

    static func packed(_ rgb: WebTheme.RGB) -> UInt32 { UInt32(rgb.0) << 16 | UInt32(rgb.1) << 8 | UInt32(rgb.2) }

    /// "#1c1c21".
    package static func css(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for shift in stride(from: 20, through: 0, by: -4) { text.append(digits[Int(value >> UInt32(shift) & 0xF)]) }
        return text
    }

    package static func css(_ rgb: WebTheme.RGB) -> String { css(packed(rgb)) }

    package static func unpacked(_ value: UInt32) -> WebTheme.RGB {
        (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// The custom properties a page class sets, for the slide and for the frame.
    var declarations: String {
        let background = slide.count == 1 ? Self.css(slide[0])
            : "linear-gradient(180deg," + slide.map(Self.css).joined(separator: ",") + ")"
        return "--slide-bg:\(background);--s-text:\(Self.css(text));--s-muted:\(Self.css(muted));--s-title:\(Self.css(title));"
            + "--s-code:\(Self.css(code));--accent:\(Self.css(accent));--on-accent:\(Self.css(onAccent));--mark:\(Self.css(mark))"
    }
}
