/// How a run drew its pictures, and why: said under TOUR_DEBUG with the background's
/// line, so that cells where pixels were expected can be traced to their cause.
package enum PixelExplanation {
    /// One line, ending in a newline.
    package static func line(chosen: PixelProtocol?, setting: PictureSetting, answers: GraphicsAnswers) -> String {
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
