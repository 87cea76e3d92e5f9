import TourCore

/// A tour whose top has been read and the rest not yet: what a `once` start decides from.
/// Its `head` (id and version) and the seen state settle "nothing new" without a page read;
/// only a start that shows something calls `load`, which reads and checks the whole (every
/// page built, or the first error with FILE:LINE:COL), and a start that may show a tip
/// reads only the tips. Each is read at most once by a run, so nothing here is cached.
package struct UnreadTour: Sendable {
    /// The id (its default applied) and version the top gives; nil when only the whole
    /// file can say, or for a tour in hand.
    package let head: TourHead?
    private let loadWhole: @Sendable () throws(TourError) -> Tour
    private let readTips: @Sendable () throws(TourError) -> TipSet?

    package init(head: TourHead?, load: @escaping @Sendable () throws(TourError) -> Tour,
                 tips: @escaping @Sendable () throws(TourError) -> TipSet?) {
        self.head = head
        loadWhole = load
        readTips = tips
    }

    /// A tour in hand (built in Swift, or loaded already): nothing is left to read.
    package init(_ tour: Tour) {
        self.init(head: nil, load: { tour }, tips: { tour.tipSet })
    }

    /// The whole tour, read and checked.
    package func load() throws(TourError) -> Tour { try loadWhole() }

    /// The tour's tips alone, validated; nil when it has none.
    package func tips() throws(TourError) -> TipSet? { try readTips()?.nonEmpty }

    /// A tour file with its first 16 KiB read now, so a file that cannot be read fails
    /// here; the head is looked for in them, then in the whole file, which the load then
    /// takes, so a large tour is read once. A translation for `locale` is laid over it.
    /// `readingHead: false` is for a run that reads the whole tour whatever its top says
    /// (any but `once`): the file is read whole now and no head is looked for, a walk
    /// over the whole file that grows with its pages.
    package static func file(path: String, locale: String? = nil, allowOutsideArt: Bool = false,
                             readingHead: Bool = true) throws(TourError) -> UnreadTour {
        let markdown = TourLoader.isMarkdown(path), defaultID = TourLoader.defaultID(forPath: path)
        let (start, startIsWhole) = try TourLoader.readTourFile(path, upTo: readingHead ? TourLoader.headBytes : Int.max)
        var whole: [UInt8]? = startIsWhole ? start : nil
        var head: TourHead? = nil
        if readingHead, case .found(let found) = TourHead.scan(start, markdown: markdown, defaultID: defaultID) {
            head = found
        } else if readingHead, !startIsWhole, let bytes = try? TourLoader.readTourFile(path) {
            // A file that can no longer be read is the load's to report.
            whole = bytes
            if case .found(let found) = TourHead.scan(bytes, markdown: markdown, defaultID: defaultID) { head = found }
        }
        return UnreadTour(head: head, load: { [whole] () throws(TourError) -> Tour in
            try TourLoader.load(path: path, locale: locale, allowOutsideArt: allowOutsideArt, bytes: whole)
        }, tips: { () throws(TourError) -> TipSet? in
            try TourLoader.tourTips(path: path, id: nil)
        })
    }
}
