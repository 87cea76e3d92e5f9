/// A tour's values: `"values": {"search": "/"}` declares a name and its default, `{search}`
/// in a page's text (and in a practice's `expect`) takes the value, and a tool passes the
/// person's own (`--set search=?`, `values` in TourKit and the modules). Values are
/// content: cleaned like every string, bounded in length, and put in once, never read
/// again for braces, so time stays linear and a value cannot bring in another.
package enum TourValues {
    /// The longest value: a key, a command, a tool's name.
    package static let maximumLength = 100
    /// The most values a tour declares.
    package static let maximumCount = 32
    /// The longest name.
    package static let maximumNameLength = 32

    /// A name: a letter, then letters, digits, `_` and `-`.
    package static func isName<S: StringProtocol>(_ text: S) -> Bool {
        guard let first = text.utf8.first, text.utf8.count <= maximumNameLength,
              (0x61...0x7A).contains(first | 0x20) else { return false }
        return text.utf8.allSatisfy { byte in
            (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D
        }
    }

    /// A value as it is kept: cleaned of controls and escapes, at most `maximumLength`.
    package static func cleaned(_ value: String) -> String {
        String(TextSanitizer.clean(value).prefix(maximumLength))
    }

    /// `text` with each `{name}` of `values` replaced by its value, in one pass. Braces
    /// around anything else, or a name not among them, stay as written.
    package static func fill(_ text: String, with values: [String: String]) -> String {
        guard !values.isEmpty, text.utf8.contains(0x7B) else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].prefix(maximumNameLength + 1).firstIndex(of: "}"),
               let value = values[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }

    /// The names `{name}` in `text` refers to, in order; only what reads as a name counts.
    package static func references(in text: String) -> [String] {
        guard text.utf8.contains(0x7B) else { return [] }
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].prefix(maximumNameLength + 1).firstIndex(of: "}"), isName(rest[afterOpen..<close]) {
                names.append(String(rest[afterOpen..<close]))
                rest = rest[rest.index(after: close)...]
            } else {
                rest = rest[afterOpen...]
            }
        }
        return names
    }
}

extension Tour {
    /// The tour with its values put into every page's text: the declared defaults, with
    /// `overrides` for the names it declares (others are left out: a tool may pass one set
    /// to several tours). A value given that makes a practice's keys name no key (a
    /// person's own key map holding F3) is not used: the tour's own default stands for that
    /// name, on every page alike, and a warning says so. A person's keys never stop a start.
    package func filled(with overrides: [String: String]) -> Tour {
        guard !values.isEmpty else { return self }
        var given = overrides.filter { values[$0.key] != nil }.mapValues(TourValues.cleaned)
        var warnings: [String] = []
        // Each round that fails drops at least one given value: at most one round a value.
        while true {
            switch filledOnce(with: values.merging(given) { $1 }) {
            case .success(var tour):
                tour.loadWarnings += warnings
                return tour
            case .failure(let failure):
                let dropped = Set(failure.names).filter { given[$0] != nil }.sorted()
                // The defaults were checked when the file was read: only a given value can fail.
                guard !dropped.isEmpty else { return self }
                for name in dropped {
                    warnings.append("the value given for {\(name)}, \(Quoted(given[name] ?? "")), makes page \(failure.page)'s practice ask for no key (\(failure.problem)); the tour's own \(Quoted(values[name] ?? "")) is used")
                    given[name] = nil
                }
            }
        }
    }

    /// Why one fill failed: the page, what is wrong, and the names its practice's keys use.
    private struct FillFailure: Error {
        var page: Int
        var problem: String
        var names: [String]
    }

    private func filledOnce(with values: [String: String]) -> Result<Tour, FillFailure> {
        var tour = self
        for index in tour.pages.indices {
            var page = tour.pages[index]
            page.title = TourValues.fill(page.title, with: values)
            page.subtitle = TourValues.fill(page.subtitle, with: values)
            page.button = page.button.map { TourValues.fill($0, with: values) }
            page.heroAlt = page.heroAlt.map { TourValues.fill($0, with: values) }
            if let problem = page.content.kind.fill(&page, values) {
                let names = TourValues.references(in: tour.pages[index].practice?.template ?? "")
                return .failure(FillFailure(page: index + 1, problem: problem, names: names))
            }
            tour.pages[index] = page
        }
        return .success(tour)
    }
}
