/// The part of a page between the Skip row and the page dots: what makes one page
/// differ from another. The pager draws the frame around it (Skip, dots, button, key
/// hint) and gives it the same keys, transitions and plain-mode output.
///
/// Built-in pages use this protocol too: `HeroPageBody` (hero art, title, subtitle) and
/// `FeatureListBody` (a "what's new" list). A Swift tool can write its own and put it on
/// a page with `Tour.Page(title:body:)`.
public protocol PageBody: Sendable {
    /// Rows the body would like at this width, with room for everything it can show.
    func preferredHeight(width: Int, context: PageContext) -> Int
    /// The fewest rows the body needs; when even these do not fit, the pager drops its
    /// own blank rows (and sets `context.compact`).
    func minimumHeight(width: Int, context: PageContext) -> Int
    /// Both heights at once; a body whose heights share work can compute it once.
    func heights(width: Int, context: PageContext) -> (preferred: Int, minimum: Int)
    /// Draws into `canvas`, which is exactly the body's area: (0, 0) is its top-left cell,
    /// and nothing drawn outside it shows. Returns where things went, in the same coordinates.
    func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout
    /// How many rows the body can scroll in an area of this size; 0 when it fits.
    func maximumScroll(area: Size, context: PageContext) -> Int
    /// The body as plain text, for plain mode and screen readers.
    func plainText(context: PageContext) -> String
    /// Whether the body draws the page's title itself. A body that does not gets the
    /// title above it, as built-in pages have it, and is centred in the rows below.
    var drawsOwnTitle: Bool { get }
    /// Whether the body moves by itself: while it is on screen the pager draws it anew on
    /// its animation clock, each time with `context.time` later. Not under reduced motion.
    var animates: Bool { get }
}

extension PageBody {
    /// By default a body needs one row.
    public func minimumHeight(width: Int, context: PageContext) -> Int { 1 }
    /// By default, the two heights asked one after the other.
    public func heights(width: Int, context: PageContext) -> (preferred: Int, minimum: Int) {
        (preferredHeight(width: width, context: context), minimumHeight(width: width, context: context))
    }
    /// By default a body does not scroll.
    public func maximumScroll(area: Size, context: PageContext) -> Int { 0 }
    /// By default the pager draws the title above the body.
    public var drawsOwnTitle: Bool { false }
    /// By default a body is still.
    public var animates: Bool { false }
}

/// A custom body under the page's title: the same frame as a built-in page, the body
/// centred in the rows the title leaves.
struct TitledBody: PageBody {
    var title: String
    var body: any PageBody

    var drawsOwnTitle: Bool { true }
    var animates: Bool { body.animates }

    func titleLines(width: Int) -> [String] {
        TextWidth.wrap(title, width: min(TextWidth.readableWidth(width), HeroPageBody.titleMaximumWidth), maximumLines: TextWidth.screenLines)
    }

    func preferredHeight(width: Int, context: PageContext) -> Int {
        titleLines(width: width).count + 1 + body.preferredHeight(width: width, context: context)
    }

    func minimumHeight(width: Int, context: PageContext) -> Int {
        1 + body.minimumHeight(width: width, context: context)
    }

    func maximumScroll(area: Size, context: PageContext) -> Int {
        body.maximumScroll(area: Size(width: area.width, height: max(0, area.height - titleLines(width: area.width).count - 1)), context: context)
    }

    func draw(into canvas: inout Canvas, context: PageContext) -> PageBodyLayout {
        let width = canvas.size.width
        var lines = titleLines(width: width)
        let gap = context.compact ? 0 : 1
        let wanted = body.preferredHeight(width: width, context: context)
        // The title keeps at least a row, and the body at least its minimum when it can.
        let room = max(1, canvas.size.height - gap - body.minimumHeight(width: width, context: context))
        if lines.count > room {
            lines = Array(lines.prefix(room))
            lines[room - 1] = TextWidth.truncate(lines[room - 1], to: width, ellipsis: context.glyphs.ellipsis, continues: true)
        }
        let bodyRows = max(0, canvas.size.height - lines.count - gap)
        let used = lines.count + gap + min(wanted, bodyRows)
        var y = max(0, (canvas.size.height - used) / 2)
        var layout = PageBodyLayout()
        for line in lines {
            layout.title.append(canvas.writeCentered(line, y: y, style: context.titleStyle, glyphs: context.glyphs))
            y += 1
        }
        y += gap
        let area = Rect(x: 0, y: y, width: width, height: min(wanted, bodyRows))
        let inner = canvas.withRegion(area) { region in body.draw(into: &region, context: context) }
        var moved = inner.offset(x: 0, y: y)
        moved.title = layout.title + moved.title
        return moved
    }

    func plainText(context: PageContext) -> String {
        title + "\n" + body.plainText(context: context)
    }
}

/// What a body knows about the page around it.
public struct PageContext: Sendable {
    /// The symbols to draw with: Unicode, or ASCII for a locale that is not UTF-8.
    public var glyphs: Glyphs
    /// The page's accent color, or the tour's.
    public var accent: Color?
    /// Rows to scroll by, already clamped to `maximumScroll`.
    public var scrollOffset: Int
    /// Space is short: leave out blank rows between parts.
    public var compact: Bool
    /// Seconds since the page came on screen, for a body that `animates`; 0 for every
    /// other body, under reduced motion, in plain text and in `tour render`.
    public var time: Double = 0
    /// The colors the terminal shows: how a picture is drawn.
    package var colorDepth: ColorDepth = .direct
    /// The terminal's background: the color a picture's shapes must not take.
    package var background: TerminalBackground = .dark
    /// The rows of the whole screen: a picture may grow with them.
    package var pageRows = 24
    /// The keys that scroll a list, as the key table names them (for "more below (j)").
    package var scrollKeys: (up: String?, down: String?) = ("k", "j")
    /// The tour's words, for the parts of a page that are not content ("more below").
    package var labels = Tour.Labels()
    /// On a question page: the option selected, if any.
    package var selectedOption: Int? = nil
    /// How far the person has come on a practice page; nil before any try.
    package var practice: PracticeProgress? = nil
    /// The terminal draws the picture in pixels over what this says; nil: in cells.
    package var pictureStandIn: PictureStandIn? = nil
    /// In a run that draws pictures in pixels, one cell's size in pixels: the picture's box
    /// is fitted to it, on a settled page and during a slide alike, with no libchafa.
    package var pixelCell: (width: Int, height: Int)? = nil

    /// A context; the pager makes these.
    public init(glyphs: Glyphs = .unicode, accent: Color? = nil, scrollOffset: Int = 0, compact: Bool = false) {
        self.glyphs = glyphs
        self.accent = accent
        self.scrollOffset = scrollOffset
        self.compact = compact
    }

    /// Bold, in the accent color: how titles look.
    public var titleStyle: Style { Style(foreground: accent ?? .default, bold: true) }
}

/// Where a body put its parts, relative to its area; the pager moves them to screen coordinates.
public struct PageBodyLayout: Equatable, Sendable {
    /// The hero art.
    public var hero: Rect?
    /// Each line of the title.
    public var title: [Rect] = []
    /// Each line of the subtitle.
    public var subtitle: [Rect] = []
    /// The rows of a list that are on screen.
    public var list: Rect?
    /// The "more above" indicator of a scrolled list.
    public var moreAbove: Rect?
    /// The "more below" indicator of a list with more under it.
    public var moreBelow: Rect?
    /// The row, in the whole list, each item of a scrolling list starts on: keys move by item.
    package var itemStarts: [Int] = []
    /// Each option of a question page on screen, and which option it is: what a click chooses.
    package var options: [OptionPlace] = []

    /// Where one option of a question was drawn.
    package struct OptionPlace: Equatable, Sendable {
        package var index: Int
        package var rect: Rect
    }

    public init() {}

    /// The same parts, moved by (dx, dy): from a body's area to the screen.
    func offset(x dx: Int, y dy: Int) -> PageBodyLayout {
        var moved = PageBodyLayout()
        moved.hero = hero?.offset(x: dx, y: dy)
        moved.title = title.map { $0.offset(x: dx, y: dy) }
        moved.subtitle = subtitle.map { $0.offset(x: dx, y: dy) }
        moved.list = list?.offset(x: dx, y: dy)
        moved.moreAbove = moreAbove?.offset(x: dx, y: dy)
        moved.moreBelow = moreBelow?.offset(x: dx, y: dy)
        moved.itemStarts = itemStarts
        moved.options = options.map { OptionPlace(index: $0.index, rect: $0.rect.offset(x: dx, y: dy)) }
        return moved
    }
}

extension Rect {
    func offset(x dx: Int, y dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}

extension Tour.Page {
    /// What draws this page between the Skip row and the dots. The model only holds the
    /// content; its kind's `PageKind` says how it looks.
    package var body: any PageBody { content.kind.body(self) }
}
