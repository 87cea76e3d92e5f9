/// How hero pictures are drawn: `--pictures`, TOUR_PICTURES and TourKit's options.
public enum PictureSetting: String, Sendable, CaseIterable {
    /// In pixels where the terminal says it can draw them, else in cells.
    case auto
    /// In pixels also where the terminal did not answer, when its name says it can
    /// (TERM, TERM_PROGRAM); in cells where nothing says so.
    case pixels
    /// Always in character cells.
    case cells

    /// "auto", "pixels" or "cells", as `--pictures` and TOUR_PICTURES take it.
    package init?(name: String) {
        self.init(rawValue: name.lowercased())
    }
}

/// The ways a terminal draws pixels that tour speaks.
package enum PixelProtocol: String, Equatable, Sendable {
    /// The kitty graphics protocol: transmitted once, placed and deleted by id.
    case kitty
    /// kitty's protocol behind tmux: a virtual placement, shown by Unicode placeholder
    /// cells that tmux keeps in its own grid like any text.
    case kittyPlaceholders
    /// DEC sixel, drawn again whenever its page shows.
    case sixel
    /// iTerm2's inline images (`OSC 1337 ; File=`), drawn again whenever its page shows.
    case iterm2

    /// The protocol is redrawn each time its page shows, and its pixels go only when
    /// cells are written over them.
    package var drawsIntoCells: Bool { self == .sixel || self == .iterm2 }
}

/// What the terminal said about pixels, in the start-up round trip and the environment.
package struct GraphicsAnswers: Equatable, Sendable {
    /// It answered the kitty graphics query with OK.
    package var kitty = false
    /// Its device attributes (DA1) list 4: sixel graphics.
    package var sixel = false
    /// Its name and version from XTVERSION (`kitty(0.35.2)`), when asked and answered.
    package var version: String?
    /// One cell's size in pixels, from TIOCGWINSZ or `CSI 16 t`: nil unless it is one a
    /// real terminal has. A terminal (or an ssh client, relaying its window's pixels) can
    /// claim anything; 2000×1000-pixel cells made a picture box of gigabytes.
    package var cellPixels: (width: Int, height: Int)? {
        get { cellValue.map { ($0[0], $0[1]) } }
        set { cellValue = newValue.flatMap { Self.believable($0) ? [$0.width, $0.height] : nil } }
    }

    /// The largest cell believed: a real one is well under 100 pixels wide and 200 high.
    package static let largestCell = (width: 100, height: 200)

    static func believable(_ cell: (width: Int, height: Int)) -> Bool {
        (1...largestCell.width).contains(cell.width) && (1...largestCell.height).contains(cell.height)
    }
    private var cellValue: [Int]?

    package init(kitty: Bool = false, sixel: Bool = false, version: String? = nil, cellPixels: (width: Int, height: Int)? = nil) {
        (self.kitty, self.sixel, self.version) = (kitty, sixel, version)
        self.cellPixels = cellPixels
    }

    /// Whether the terminal that answered XTVERSION shows kitty's Unicode placeholders:
    /// kitty from 0.28 and Ghostty. An unknown terminal is taken not to.
    package var showsPlaceholders: Bool {
        guard let version else { return false }
        let lowered = version.lowercased()
        if lowered.hasPrefix("ghostty") { return true }
        guard lowered.hasPrefix("kitty") else { return false }
        let numbers = lowered.drop { !$0.isNumber }.split { !$0.isNumber }.prefix(2).compactMap { Int($0) }
        guard numbers.count == 2 else { return false }
        return (numbers[0], numbers[1]) >= (0, 28)
    }

    package static func == (left: GraphicsAnswers, right: GraphicsAnswers) -> Bool {
        left.kitty == right.kitty && left.sixel == right.sixel && left.version == right.version && left.cellValue == right.cellValue
    }
}

extension PixelProtocol {
    /// The protocol a run draws its pictures with, or nil for cells.
    ///
    /// - `cells`, GNU screen, and a terminal whose cell size in pixels is unknown: cells.
    /// - Behind tmux, only kitty's placeholders, and only where tmux passes sequences on
    ///   and the terminal beyond it answered that it draws them; anything else tmux
    ///   would leave behind on a redraw, so it gets cells.
    /// - Else kitty, then sixel, from the answers; then iTerm2 where TERM_PROGRAM names
    ///   a terminal that draws its images (iTerm2 and WezTerm).
    /// - `pixels` also trusts the terminal's name where the questions went unanswered.
    package static func choose(setting: PictureSetting, answers: GraphicsAnswers, multiplexer: Multiplexer, insideTmux: Bool,
                               term: String?, termProgram: String?) -> PixelProtocol? {
        guard setting != .cells, answers.cellPixels != nil else { return nil }
        if insideTmux {
            guard multiplexer == .tmuxPassingThrough, answers.kitty, answers.showsPlaceholders else { return nil }
            return .kittyPlaceholders
        }
        guard multiplexer == .none else { return nil }
        if answers.kitty { return .kitty }
        if answers.sixel { return .sixel }
        let program = termProgram?.lowercased() ?? ""
        if program == "iterm.app" || program == "wezterm" { return .iterm2 }
        guard setting == .pixels else { return nil }
        let name = term?.lowercased() ?? ""
        if name.hasPrefix("xterm-kitty") || name.hasPrefix("xterm-ghostty") || program == "ghostty" { return .kitty }
        if name.hasPrefix("foot") || name.hasPrefix("mlterm") || name.hasPrefix("contour") { return .sixel }
        return nil
    }
}

/// Everything the choice of a pixel protocol rests on, kept by the pager so that an
/// answer that comes after the first frame (a slow link) can still bring the pictures
/// in pixels: the setting, what is in front of the terminal, its names, and its answers.
package struct PixelChoice: Equatable, Sendable {
    package var setting: PictureSetting
    package var multiplexer: Multiplexer
    package var insideTmux: Bool
    package var term: String?
    package var termProgram: String?
    /// Placeholders name their picture in a color: at 8 or 16 colors they cannot.
    package var colorsNamePictures: Bool
    package var answers: GraphicsAnswers

    package init(setting: PictureSetting, multiplexer: Multiplexer, insideTmux: Bool, term: String?, termProgram: String?,
                 colorsNamePictures: Bool, answers: GraphicsAnswers) {
        (self.setting, self.multiplexer, self.insideTmux, self.term, self.termProgram) = (setting, multiplexer, insideTmux, term, termProgram)
        (self.colorsNamePictures, self.answers) = (colorsNamePictures, answers)
    }

    /// The protocol these allow, or nil for cells.
    package var chosen: PixelProtocol? {
        let chosen = PixelProtocol.choose(setting: setting, answers: answers, multiplexer: multiplexer, insideTmux: insideTmux,
                                          term: term, termProgram: termProgram)
        return chosen == .kittyPlaceholders && !colorsNamePictures ? nil : chosen
    }
}
