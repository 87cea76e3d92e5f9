/// Short hints about a tool, shown one at a time as it starts (`tour tip`), or all at
/// once as pages (`tour tips`). Read from a tips file by `TipsDecoder`; every text in it
/// is cleaned of controls and escape sequences, as a tour's is.
package struct TipSet: Sendable, Equatable {
    package typealias Tip = Tour.Tip

    /// Names the seen state, as a tour's id does; defaults to the file name.
    package var id: String?
    /// The tool's version, as dotted numbers.
    package var version: String?
    /// What `tour tips` shows as the heading of every page; optional.
    package var title: String?
    /// The word that introduces a tip: "Tip" unless the file says otherwise ("Astuce").
    package var label = "Tip"
    /// The pager's words when `tour tips` shows them all; "Done" on the last page unless set.
    package var labels = Tour.Labels()
    /// Before the label; none by default.
    package var icon: String?
    /// Tints the label.
    package var accent: Color?
    /// The file's own words for how to turn tips off ("Hide tips: mytool config tips off").
    package var offHint: String?
    /// The tips, in the order the author wants them seen first.
    package var tips: [Tip]
    /// A tour's getting-started checklist, which takes a tip's slot while it has items
    /// left, with the same interval, state and way to turn it off.
    package var checklist: Checklist?

    package init(id: String? = nil, version: String? = nil, tips: [Tip]) {
        self.id = id
        self.version = version
        self.tips = tips
    }

    /// Itself when it holds a tip or a checklist: something a start may print in place.
    package var nonEmpty: TipSet? { tips.isEmpty && checklist == nil ? nil : self }

    /// The key of a tip without an `id`: its text's FNV-1a hash, stable across runs and builds.
    package static func key(forText text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return "text-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Every tip as a page, for `tour tips`: one page a tip, titled by the tip's title, the
    /// file's title or "Tip N"; the text as the subtitle; "Done" on the last page.
    package var browsingTour: Tour {
        let pages = tips.enumerated().map { index, tip in
            Tour.Page(title: tip.title ?? title ?? "\(label) \(index + 1)", subtitle: tip.text, accent: tip.accent)
        }
        var tour = Tour(id: id, version: version, accent: accent, pages: pages)
        tour.labels = labels
        if labels.override(.done) == nil { tour.labels.done = "Done" }
        return tour
    }
}

extension Tour {
    /// One hint.
    public struct Tip: Sendable, Equatable {
        /// What the seen state knows it by: its `id`, or a hash of its text, so that
        /// reordering the file or adding tips never makes a seen tip new again.
        package var key: String
        /// A few words in bold before the text; optional.
        package var title: String?
        /// The hint; `code` in backticks is drawn as code.
        package var text: String
        /// The version that brought it: after an update it comes before older unseen tips.
        package var since: Version?
        /// Before the label, instead of the file's icon.
        package var icon: String?
        /// Tints the label, instead of the file's accent.
        package var accent: Color?

        /// A tip for `Tour.tips`: `id` names it in the state (by default a hash of the
        /// text); `since` is the version that brought it, shown before older unseen tips.
        public init(_ text: String, id: String? = nil, title: String? = nil, since: String? = nil) {
            let text = TextSanitizer.clean(text, keepNewlines: true)
            self.init(key: id.map { TextSanitizer.clean($0) } ?? TipSet.key(forText: text), title: title.map { TextSanitizer.clean($0) },
                      text: text, since: since.flatMap(Version.init))
        }

        package init(key: String, title: String? = nil, text: String, since: Version? = nil, icon: String? = nil, accent: Color? = nil) {
            self.key = key
            self.title = title
            self.text = text
            self.since = since
            self.icon = icon
            self.accent = accent
        }
    }
}
