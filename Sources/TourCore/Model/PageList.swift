import Synchronization

/// The pages of a checked tour file, each built the first time it is asked for. A tour of
/// 10,000 pages shows one at a time; checking them all before the screen is taken needs
/// no page built, only what decides which pages a run shows (`since`).
package final class PageSource: @unchecked Sendable {
    /// Each page's `since`, from the check: what `WhatsNew` decides by, without a page built.
    let since: [Version?]
    /// Builds page `index`. Not Sendable (it reads the decoder's caches): it runs only
    /// under `built`'s lock, which is what makes this class safe to share.
    private let build: (Int) -> Tour.Page
    private let built = Mutex<[Int: Tour.Page]>([:])

    package init(since: [Version?], build: @escaping (Int) -> Tour.Page) {
        self.since = since
        self.build = build
    }

    var count: Int { since.count }

    func page(_ index: Int) -> Tour.Page {
        built.withLock { built in
            if let page = built[index] { return page }
            let page = build(index)
            built[index] = page
            return page
        }
    }
}

/// The pages of a tour: given in Swift, or from a `PageSource` (all of its pages or some,
/// in a chosen order: what one run shows).
struct PageList: Sendable {
    private enum Storage: Sendable {
        case built([Tour.Page])
        case source(Selection)
    }

    /// Some pages of a source, and all of them built once asked for: `Tour.pages` read in a
    /// loop must not build the array again each time.
    private final class Selection: Sendable {
        let source: PageSource
        /// Places in the source, in order; nil for all of them.
        let shown: [Int]?
        private let built = Mutex<[Tour.Page]?>(nil)

        init(source: PageSource, shown: [Int]?) {
            self.source = source
            self.shown = shown
        }

        var count: Int { shown?.count ?? source.count }

        func place(_ index: Int) -> Int { shown?[index] ?? index }

        var all: [Tour.Page] {
            built.withLock { built in
                if let built { return built }
                let pages = (0..<count).map { source.page(place($0)) }
                built = pages
                return pages
            }
        }
    }

    private var storage: Storage

    init(_ pages: [Tour.Page]) { storage = .built(pages) }

    init(_ source: PageSource) { storage = .source(Selection(source: source, shown: nil)) }

    var count: Int {
        switch storage {
        case .built(let pages): pages.count
        case .source(let selection): selection.count
        }
    }

    subscript(index: Int) -> Tour.Page {
        switch storage {
        case .built(let pages): pages[index]
        case .source(let selection): selection.source.page(selection.place(index))
        }
    }

    func since(ofPage index: Int) -> Version? {
        switch storage {
        case .built(let pages): pages[index].since
        case .source(let selection): selection.source.since[selection.place(index)]
        }
    }

    /// The pages at `indices`, in that order; none is built.
    func selecting(_ indices: [Int]) -> PageList {
        var list = self
        switch storage {
        case .built(let pages): list.storage = .built(indices.map { pages[$0] })
        case .source(let selection):
            list.storage = .source(Selection(source: selection.source, shown: indices.map { selection.place($0) }))
        }
        return list
    }

    /// Every page, built (once).
    var all: [Tour.Page] {
        switch storage {
        case .built(let pages): pages
        case .source(let selection): selection.all
        }
    }

    /// The pages given in Swift; nil for a file's, which were checked when it loaded.
    var givenInSwift: [Tour.Page]? {
        if case .built(let pages) = storage { return pages }
        return nil
    }
}
