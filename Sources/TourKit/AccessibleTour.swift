import TourCore

/// The tour for screen readers and braille displays: no full screen and no redraws, just
/// each page as text and a prompt read line by line from stdin.
enum AccessibleTour {
    static func prompt(isLastPage: Bool) -> String {
        "[Enter] \(isLastPage ? "finish" : "next") · b back · q skip"
    }

    /// Plays the tour linearly; returns how it ended and the last page shown (counted from 0).
    static func run(_ tour: Tour, startPage: Int, write: (String) -> Void, readLine: () -> String?,
                    onPageChange: ((Int, Int) -> Void)?) -> (PagerOutcome, Int) {
        var controller = PagerController(tour: tour, startPage: startPage)
        var pageToPrint: Int? = controller.state.currentPage
        while controller.state.outcome.isRunning {
            let state = controller.state
            if let page = pageToPrint {
                write(PlainText.page(tour.pages[page], number: page + 1, of: tour.pages.count))
                pageToPrint = nil
            }
            write(prompt(isLastPage: state.isLastPage) + "\n")
            guard let line = readLine() else {
                // Input ended: nobody is there to choose.
                controller.apply(.interrupt(signal: 1))
                break
            }
            let answer = line.trimmingSpaces.lowercased()
            let action: PagerAction?
            switch answer {
            case "": action = .advance
            case "b", "back": action = .previous
            case "q", "skip": action = .skip
            default: action = Int(answer).map { .jump(to: $0 - 1) }
            }
            guard let action else {
                write("Press Enter for the next page, b to go back, q to skip, or a page number.\n")
                continue
            }
            if let change = controller.apply(action) {
                onPageChange?(change.fromPage, change.toPage)
                pageToPrint = change.toPage
            } else if controller.state.outcome.isRunning {
                write(action == .previous ? "This is the first page.\n" : "No such page.\n")
            }
        }
        return (controller.state.outcome, controller.state.currentPage)
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
