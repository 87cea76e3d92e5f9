/// How a run drew its pictures, and why: said under TOUR_DEBUG with the background's
/// line, so that cells where pixels were expected can be traced to their cause.
package enum PixelExplanation {
    /// One line, ending in a newline. `asked`: the terminal was asked about pixels (not
    /// when the setting is cells, nor behind GNU screen).
    package static func line(chosen: PixelProtocol?, setting: PictureSetting, answers: GraphicsAnswers, asked: Bool = true,
                             insideGNUScreen: Bool = false) -> String {
        if !asked {
            if setting == .cells { return "tour: pictures in cells, as asked (--pictures or TOUR_PICTURES)\n" }
            if insideGNUScreen { return "tour: pictures in cells: GNU screen passes no pictures on\n" }
            return "tour: pictures in cells: the terminal was not asked\n"
        }
        let heard = [answers.kitty ? "the kitty graphics answer" : nil, answers.sixel ? "sixel in the device attributes" : nil,
                     answers.version.map { "XTVERSION \(TextSanitizer.clean($0))" }].compactMap { $0 }
        let cell = answers.cellPixels.map { "\($0.width)×\($0.height)-pixel cells" } ?? "no cell size in pixels"
        let drawn = switch chosen {
        case .kitty?: "in pixels, kitty graphics"
        case .kittyPlaceholders?: "in pixels, kitty placeholders through tmux"
        case .sixel?: "in pixels, sixel"
        case .iterm2?: "in pixels, iTerm2 inline images"
        case nil: setting == .cells ? "in cells, as asked (--pictures or TOUR_PICTURES)" : "in cells"
        }
        return "tour: pictures \(drawn): heard \(heard.isEmpty ? "nothing about graphics" : heard.joined(separator: ", ")); \(cell)\n"
    }
}
