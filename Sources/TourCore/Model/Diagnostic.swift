/// One problem found in a tour file, as `tour check` prints it.
package struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whether the tour can be shown at all.
    package enum Severity: String, Sendable {
        /// The tour cannot be shown as written.
        case error
        /// The tour shows, but something will look bad or never appear.
        case warning
    }

    /// The file the problem is in.
    package var file: String
    /// Where in it, when known.
    package var position: SourcePosition?
    /// Error or warning.
    package var severity: Severity
    /// What is wrong, and what to do when it is not obvious.
    package var message: String

    /// A file the tour names (a heroFile) is missing or unreadable: exit 66, not 65.
    package var missingFile = false

    /// A problem at a place.
    package init(file: String, position: SourcePosition?, severity: Severity, message: String, missingFile: Bool = false) {
        self.file = file
        self.position = position
        self.severity = severity
        self.message = message
        self.missingFile = missingFile
    }

    /// `FILE:LINE:COLUMN: error: message`, as compilers write it.
    package var description: String {
        let name = MessageText.visible(file, limit: MessageText.maximumPathLength)
        let place = position.map { "\(name):\($0.line):\($0.column)" } ?? name
        return "\(place): \(severity.rawValue): \(message)"
    }

    /// The error a loader throws for this diagnostic.
    package var error: TourError {
        if missingFile { return .unreadable(path: position.map { "\(file):\($0.line):\($0.column)" } ?? file, reason: message) }
        return .content(file: file, position: position, message: message)
    }

    /// The errors among `diagnostics` as one error: the only one, or all of them in file order.
    package static func error(from diagnostics: [Diagnostic]) -> TourError? {
        let errors = diagnostics.filter { $0.severity == .error }.map(\.error)
        guard let first = errors.first else { return nil }
        return errors.count == 1 ? first : .problems(errors)
    }

    /// Sorted by line and column; diagnostics at the same place keep their order.
    package static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (left, right) = (a.element.position, b.element.position)
            if let left, let right, left != right { return (left.line, left.column) < (right.line, right.column) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// One JSON object, for `tour check --format json`.
    package var json: String {
        var fields = ["\"file\": \(JSONText.quote(file))"]
        if let position {
            fields.append("\"line\": \(position.line)")
            fields.append("\"column\": \(position.column)")
        }
        fields.append("\"severity\": \"\(severity.rawValue)\"")
        fields.append("\"message\": \(JSONText.quote(message))")
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

/// Where a decoder collects what it finds, so one pass reports every problem.
final class DiagnosticLog {
    /// A file gets at most this many messages; the rest are counted in one last line. A
    /// 4 MiB file of mistakes must not make tens of megabytes of messages.
    static let maximumEntries = 200
    /// Unknown keys that get a "did you mean"; past this many the rest get the plain message.
    static let maximumSuggestions = 200

    private(set) var entries: [Diagnostic] = []
    /// Messages past `maximumEntries`, and whether any of them was an error.
    private var dropped = 0
    private var droppedAnError = false
    /// Suggestions made so far.
    var suggestionsMade = 0
    /// The keys an object's unknown keys were taken to be misspellings of, by the object's
    /// position: computed once, when its members are read.
    var misspelled: [SourcePosition: Set<String>] = [:]

    func add(_ diagnostic: Diagnostic) {
        guard !isFull else { return countDropped(error: diagnostic.severity == .error) }
        entries.append(diagnostic)
    }

    /// Whether the next message would only be counted: a caller need not write it.
    var isFull: Bool { entries.count >= Self.maximumEntries }

    func countDropped(error: Bool) {
        dropped += 1
        droppedAnError = droppedAnError || error
    }

    /// "and N more problems", when some were left out; nil when none were.
    func overflow(file: String) -> Diagnostic? {
        guard dropped > 0 else { return nil }
        return Diagnostic(file: file, position: nil, severity: droppedAnError ? .error : .warning,
                          message: "and \(dropped) more problem\(dropped == 1 ? "" : "s") not listed")
    }

    func add(_ error: TourError) {
        switch error {
        case let .content(file, position, message):
            add(Diagnostic(file: file, position: position, severity: .error, message: message))
        case let .unreadable(path, reason):
            add(Diagnostic(file: path, position: nil, severity: .error, message: reason))
        case let .usage(message):
            add(Diagnostic(file: "", position: nil, severity: .error, message: message))
        case let .problems(errors):
            for error in errors { add(error) }
        case .output:
            add(Diagnostic(file: "", position: nil, severity: .error, message: error.message))
        }
    }

    var firstError: Diagnostic? { entries.first { $0.severity == .error } }

    /// An object's members by key, every unknown key (with a "did you mean") and every
    /// duplicate recorded as an error: the one way tours and tips files read an object.
    func fields<Member: KeyedMember>(of list: some Sequence<Member>, at position: SourcePosition, what: @autoclosure () -> String,
                                     allowed: [String], fileName: String) -> KeyedFields<Member> {
        var result = KeyedFields<Member>(capacity: list.underestimatedCount)
        var misspelled: Set<String> = []
        defer { if !misspelled.isEmpty { self.misspelled[position] = misspelled } }
        for member in list {
            guard allowed.contains(where: { KeyedFields<Member>.same($0, member.key) }) else {
                var suggestion: String? = nil
                if suggestionsMade < Self.maximumSuggestions {
                    suggestion = KeySuggestion.closest(to: member.key, among: allowed)
                    suggestionsMade += 1
                }
                if let suggestion { misspelled.insert(suggestion) }
                // 93,000 unknown keys make 200 messages: the rest are only counted, not written.
                if isFull {
                    countDropped(error: true)
                    continue
                }
                var message = "unknown key \(Quoted(member.key)) in \(what())"
                if let suggestion {
                    message += "; did you mean \"\(suggestion)\"?"
                } else {
                    message += "; expected one of: " + allowed.joined(separator: ", ")
                }
                add(.content(file: fileName, position: member.keyPosition, message: message))
                continue
            }
            if !result.add(member) {
                add(.content(file: fileName, position: member.keyPosition, message: "duplicate key \(Quoted(member.key)) in \(what())"))
            }
        }
        return result
    }
}
