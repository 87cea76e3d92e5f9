/// What one run of a tour shows, how its page numbers map, what a reload changes and
/// what is recorded at the end. A value: the runner, the full-screen pager and the
/// accessible mode carry it out and decide none of it themselves.
///
/// One page-number space: a page's place in the tour as written, counted from 0. `--page`,
/// `startPage`, `onPageChange`, `.skipped(atPage:)` and the state file's `lastPage` all
/// count that way. Only what a person reads on screen (the dots, "page 2 of 3", the digit
/// keys) counts the pages this run shows, because those are the pages they can see.
package struct RunPlan: Equatable, Sendable {
    /// Which pages a run shows.
    package enum Selection: Equatable, Sendable {
        /// Every page, in the order written.
        case everyPage
        /// What this person has not seen (`once`): the welcome on a first run, after an
        /// update only the pages new since `lastSeen`; nil when they never saw the tour.
        case whatsNew(lastSeen: SeenState?)
        /// Every page with a `since`, newest version first (`tour whats-new`), or only those
        /// newer than `newerThan`; pages of one version in the order written.
        case releaseNotes(newerThan: Version?)

        /// What the person saw last, for `whatsNew`.
        package var lastSeen: SeenState? {
            if case .whatsNew(let lastSeen) = self { return lastSeen }
            return nil
        }

        /// What a run that played these pages showed.
        package var shown: TourResult.Shown {
            switch self {
            case .everyPage: .tour
            case .releaseNotes: .whatsNew
            case .whatsNew(let lastSeen): lastSeen == nil ? .welcome : .whatsNew
            }
        }
    }

    /// Why a start page cannot be used.
    package enum StartPageProblem: Error, Equatable, Sendable {
        /// The tour as written has no such page.
        case pastTheLastPage(page: Int, pageCount: Int)
    }

    package let selection: Selection
    /// The pages shown, as places in the tour as written, in the order shown. Empty: this
    /// run has nothing to show.
    package private(set) var pages: [Int]
    /// How many pages the tour as written has.
    package private(set) var writtenPageCount: Int
    /// The tour's version, recorded with the outcome.
    package private(set) var version: String?
    /// The pages of the tour as written that ask a question.
    private var questionPages: Set<Int> = []

    package init(tour: Tour, selection: Selection) {
        self.selection = selection
        self.writtenPageCount = tour.pageCount
        self.version = tour.version
        // `isQuestion`, not `choice`: that would copy each question to read it.
        for index in 0..<tour.pageCount {
            if tour.pages[index].isQuestion { questionPages.insert(index) }
        }
        switch selection {
        case .everyPage: pages = Array(0..<tour.pageCount)
        case .whatsNew(let lastSeen): pages = WhatsNew.pagesToShow(in: tour, lastSeen: lastSeen)
        case .releaseNotes(let newerThan): pages = Self.releaseNotes(of: tour, newerThan: newerThan)
        }
    }

    /// The pages `releaseNotes` shows: by `since`, newest first, in the order written
    /// within a version. Grouped by version, so only the versions are sorted: a stable sort
    /// of (place, page, version) triples was 20 KB of specialized code in the binary.
    static func releaseNotes(of tour: Tour, newerThan: Version?) -> [Int] {
        var pagesByVersion: [Version: [Int]] = [:]
        for index in 0..<tour.pageCount {
            guard let since = tour.pages[index].since, newerThan.map({ since > $0 }) ?? true else { continue }
            pagesByVersion[since, default: []].append(index)
        }
        var ordered: [Int] = []
        for version in pagesByVersion.keys.sorted(by: >) { ordered += pagesByVersion[version] ?? [] }
        return ordered
    }

    /// Whether a page this run shows asks a question.
    package var asksQuestions: Bool { pages.contains(where: questionPages.contains) }

    /// Nothing to show: with `once`, everything there is was seen.
    package var isEmpty: Bool { pages.isEmpty }

    /// The pages this run shows, in the order shown: what the pager and the accessible mode play.
    package func shownTour(_ tour: Tour) -> Tour {
        tour.selectingPages(pages)
    }

    /// The page as written of the page shown at `position`.
    package func writtenPage(atPosition position: Int) -> Int {
        pages[min(max(0, position), pages.count - 1)]
    }

    /// Where a run asked to start on written page `page` starts, as a position among the
    /// pages shown: that page when this run shows it, else the next page it shows in the
    /// tour as written, else the last page shown.
    package func startPosition(forWrittenPage page: Int) -> Result<Int, StartPageProblem> {
        guard page >= 0, page < writtenPageCount else { return .failure(.pastTheLastPage(page: page, pageCount: writtenPageCount)) }
        return .success(position(nearestTo: page))
    }

    /// The position of written page `page`, or of the next shown page after it, or the last position.
    private func position(nearestTo page: Int) -> Int {
        if let exact = pages.firstIndex(of: page) { return exact }
        var best: (position: Int, page: Int)? = nil
        for (position, shown) in pages.enumerated() where shown > page && shown < (best?.page ?? Int.max) {
            best = (position, shown)
        }
        return best?.position ?? max(0, pages.count - 1)
    }

    /// A watched file was read again. The same selection is made from the new tour; when
    /// it leaves nothing (the author removed the new pages), every page shows, since a
    /// preview with no page would show nothing at all. Returns the new plan and the
    /// position that keeps the written page on screen (or the next one shown).
    package func reloaded(with tour: Tour, onWrittenPage page: Int) -> (plan: RunPlan, position: Int) {
        var plan = RunPlan(tour: tour, selection: selection)
        if plan.isEmpty { plan.pages = Array(0..<tour.pageCount) }
        return (plan, plan.position(nearestTo: min(page, max(0, tour.pageCount - 1))))
    }

    /// An outcome told in positions among the pages shown, told in written pages.
    package func writtenOutcome(_ outcome: TourOutcome) -> TourOutcome {
        if case .skipped(let position) = outcome { return .skipped(atPage: writtenPage(atPosition: position)) }
        return outcome
    }

    /// What a `once` run records when it ends this way: a choice (completed or skipped)
    /// counts as seen; Ctrl-C, a signal or a closed input does not, so the tour shows again.
    /// `outcome` counts in written pages.
    package func record(_ outcome: TourOutcome, at timestamp: String) -> SeenState? {
        switch outcome {
        case .completed:
            return SeenState(outcome: .completed, version: version, lastPage: pages.last ?? 0, seenAt: timestamp)
        case .skipped(let page):
            return SeenState(outcome: .skipped, version: version, lastPage: page, seenAt: timestamp)
        case .interrupted, .alreadySeen, .notShown:
            return nil
        }
    }
}

extension RunPlan {
    /// What a `once` run that showed nothing records: after an update with no page new
    /// since what was seen last, the same record at the new version, so that the next run can tell
    /// from the tour's version alone that nothing is new. A person at the old version sees
    /// exactly what a person who installed the new version sees. Nil when nothing changes.
    package var recordOfNothingNew: SeenState? {
        guard isEmpty, case .whatsNew(let lastSeen?) = selection, let version, let current = Version(version) else { return nil }
        guard (lastSeen.version.flatMap(Version.init) ?? Version("0")!) < current else { return nil }
        var updated = lastSeen
        updated.version = version
        return updated
    }
}

/// How a run ended, with its plan as it stood then: a reload may have changed the plan,
/// and what is recorded follows the plan that was on screen.
package struct RunEnding: Equatable, Sendable {
    package var plan: RunPlan
    /// What the caller is told: how it ended (pages counted from 0 in the tour as
    /// written), what it showed, and the answers of a finished run.
    package var result: TourResult

    package init(outcome: TourOutcome, plan: RunPlan, answers: [String: String] = [:]) {
        self.plan = plan
        result = TourResult(outcome: outcome, shown: plan.selection.shown, answers: answers)
    }

    package var outcome: TourOutcome { result.outcome }
    package var answers: [String: String] { result.answers }
}
