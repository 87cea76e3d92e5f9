extension Tour {
    /// Every word the pager draws, by name: a tour file's or a translation's `"labels"`
    /// object sets any of them. Keys are never among them: they are named from the key
    /// table ("Enter", "q", "←"), as the keyboard shows them.
    public enum Label: String, CaseIterable, Sendable {
        // The buttons.
        case next, done, skip
        // The hint under the button: "← → swipe · Enter next · q skip".
        case hintSwipe, hintNext, hintFinish, hintSkip, hintClose, hintItem, hintMore
        // A feature list that scrolls.
        case moreAbove, moreBelow
        // A window too small for the page.
        case enlarge
        // The plain and accessible modes: "Page 1 of 3", "Picture: …", the prompt.
        case page, picture, hintBack, notUnderstood, firstPage, noSuchPage
        // The `?` help: its title, its footer, what each key does, and the mouse.
        case helpTitle, helpClose
        case helpNext, helpPrevious, helpScreenDown, helpScreenUp, helpAdvance, helpFirst, helpLast, helpJump
        case helpScrollUp, helpScrollDown, helpSkip, helpHelp, helpQuit
        case mouseClick, mouseWheel, helpClick, helpWheel
        // The what's-new notice printed in place: "What's new in mytool", and its last line.
        case whatsNewTitle, whatsNewAgain
        // Question pages: the hint's "↑ ↓ choose", the default in plain text, the accessible prompt.
        case hintChoose, defaultOption, choosePrompt
        // Practice pages: what to press or type, a try that was not it, and done.
        case practicePress, practiceType, practiceMissed, practiceDone, practicePrompt

        /// The English words, used where nothing else is set.
        public var english: String {
            switch self {
            case .next: "Next"
            case .done: "Get started"
            case .skip: "Skip"
            case .hintSwipe: "swipe"
            case .hintNext: "next"
            case .hintFinish: "finish"
            case .hintSkip: "skip"
            case .hintClose: "close"
            case .hintItem: "item"
            case .hintMore: "more"
            case .moreAbove: "more above"
            case .moreBelow: "more below"
            case .enlarge: "Enlarge the terminal"
            case .page: "Page {number} of {count}"
            case .picture: "Picture"
            case .hintBack: "back"
            case .notUnderstood: "Type one of these, or a page number."
            case .firstPage: "This is the first page."
            case .noSuchPage: "No such page."
            case .helpTitle: "Keys"
            case .helpClose: "any key closes"
            case .helpNext: "next page"
            case .helpPrevious: "previous page"
            case .helpScreenDown: "a screenful down a long list, else next page"
            case .helpScreenUp: "a screenful up a long list, else previous page"
            case .helpAdvance: "next, or finish on the last page"
            case .helpFirst: "first page"
            case .helpLast: "last page"
            case .helpJump: "jump to that page; on a question, choose that option"
            case .helpScrollUp: "previous item of a long list, or option of a question"
            case .helpScrollDown: "next item of a long list, or option of a question"
            case .helpSkip: "skip, or close"
            case .helpHelp: "this help"
            case .helpQuit: "quit without choosing"
            case .mouseClick: "click"
            case .mouseWheel: "wheel"
            case .helpClick: "the button, a dot, or Skip"
            case .helpWheel: "previous / next page, or a list"
            case .whatsNewTitle: "What's new in {name}"
            case .whatsNewAgain: "See them again: {command}"
            case .hintChoose: "choose"
            case .defaultOption: "default"
            case .choosePrompt: "Choose {first}–{last}"
            case .practicePress: "Press {keys}"
            case .practiceType: "Type {line} and press Enter"
            case .practiceMissed: "Not quite: that was {tried}. Try again."
            case .practiceDone: "Done"
            case .practicePrompt: "Type it, then Enter"
            }
        }

        /// The placeholders a label's text may hold, each replaced when it is drawn.
        public var placeholders: [String] {
            switch self {
            case .page: ["{number}", "{count}"]
            case .whatsNewTitle: ["{name}"]
            case .whatsNewAgain: ["{command}"]
            case .choosePrompt: ["{first}", "{last}"]
            case .practicePress: ["{keys}"]
            case .practiceType: ["{line}"]
            case .practiceMissed: ["{tried}"]
            default: []
            }
        }

        /// A label is a few words on one line; anything longer is refused at load, so that
        /// a notice, a button or a hint cannot run to thousands of rows.
        package static let maximumLength = 200

        /// Why `text` is too long for this label; nil when it is not.
        package func lengthProblem(in text: String) -> String? {
            let count = text.count
            guard count > Self.maximumLength else { return nil }
            return "label \(Quoted(rawValue)) is \(count) characters; a label is one line of at most \(Self.maximumLength)"
        }

        /// The first placeholder-like `{word}` in `text` that this label does not take.
        package func unknownPlaceholder(in text: String) -> String? {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else { return nil }
                let word = String(rest[open...close])
                if !placeholders.contains(word) { return word }
                rest = rest[rest.index(after: close)...]
            }
            return nil
        }

        /// `text` with each placeholder replaced by its value.
        package static func fill(_ text: String, with values: [String: String]) -> String {
            var result = ""
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{") {
                result += rest[..<open]
                if let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[open...close])] {
                    result += value
                    rest = rest[rest.index(after: close)...]
                } else {
                    result.append("{")
                    rest = rest[rest.index(after: open)...]
                }
            }
            return result + rest
        }

        /// What the help says a command's keys do.
        package static func help(for command: KeyBindings.Command) -> Label {
            switch command {
            case .next: .helpNext
            case .previous: .helpPrevious
            case .screenDown: .helpScreenDown
            case .screenUp: .helpScreenUp
            case .advance: .helpAdvance
            case .first: .helpFirst
            case .last: .helpLast
            case .jumpToDigit: .helpJump
            case .scrollUp: .helpScrollUp
            case .scrollDown: .helpScrollDown
            case .skip: .helpSkip
            case .help: .helpHelp
            case .quit: .helpQuit
            }
        }

        /// Every label's key, in table order: what a `"labels"` object may hold.
        package static let names = allCases.map(\.rawValue)
    }

    /// The words of a tour: English unless a tour file, a translation or Swift code set
    /// them. Whatever is set is cleaned of controls and escape sequences.
    public struct Labels: Sendable, Equatable {
        /// Only what was set; the rest is English.
        private var set: [Label: String] = [:]

        /// The English labels, with the buttons given here.
        public init(next: String = Label.next.english, done: String = Label.done.english, skip: String = Label.skip.english) {
            self[.next] = next
            self[.done] = done
            self[.skip] = skip
        }

        /// A label's words; setting one cleans it.
        public subscript(label: Label) -> String {
            get { set[label] ?? label.english }
            set {
                let cleaned = TextSanitizer.clean(newValue)
                self.set[label] = cleaned == label.english ? nil : cleaned
            }
        }

        /// A label's words when something set them, nil when they are English.
        package func override(_ label: Label) -> String? { set[label] }

        /// The button on every page but the last.
        public var next: String { get { self[.next] } set { self[.next] = newValue } }
        /// The button on the last page.
        public var done: String { get { self[.done] } set { self[.done] = newValue } }
        /// The top-right way out.
        public var skip: String { get { self[.skip] } set { self[.skip] = newValue } }

        /// "Page 2 of 5", in these words.
        package func pageHeader(number: Int, of count: Int) -> String {
            Label.fill(self[.page], with: ["{number}": String(number), "{count}": String(count)])
        }
    }
}
