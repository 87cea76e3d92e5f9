/// A place in a source file, counted from 1 as editors do.
public struct SourcePosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// From 1.
    public var line: Int
    /// From 1, in characters.
    public var column: Int

    /// A place in a file.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// "LINE:COLUMN".
    public var description: String { "\(line):\(column)" }
}

/// Everything that can go wrong before or while a tour is shown, with a message a person can act on.
public enum TourError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tour's content is malformed: bad JSON, an unknown key, a missing title, no pages.
    case content(file: String, position: SourcePosition?, message: String)
    /// The tour file (or an art file it names) cannot be read.
    case unreadable(path: String, reason: String)
    /// The command line or the options make no sense.
    case usage(String)
    /// Output failed: the tour could not be written out (a full disk, a closed pipe), so
    /// nothing was recorded; or the seen state could not be changed (`--reset`).
    case output(reason: String)
    /// Several of the above in one tour file, in file order: every problem at once, as
    /// `tour check` lists them.
    indirect case problems([TourError])

    /// The one rule for 66 against 65: 66 when every problem is a file that cannot be read
    /// (the tour, or art or a picture it names), 65 as soon as one is bad content. The same
    /// in check, play, render and TourKit's error, whatever order the problems come in.
    package var isOnlyUnreadable: Bool {
        switch self {
        case .unreadable: true
        case .problems(let errors): !errors.isEmpty && errors.allSatisfy(\.isOnlyUnreadable)
        default: false
        }
    }

    /// The message without the file and position.
    package var message: String {
        switch self {
        case let .content(_, _, message): message
        case let .unreadable(_, reason): reason
        case let .usage(message): message
        case let .output(reason): reason
        case let .problems(errors): errors.map(\.message).joined(separator: "\n")
        }
    }

    /// The message a person reads: `FILE:LINE:COLUMN: message` for content errors.
    public var description: String {
        switch self {
        // File names come from the user, an archive or a repository: shown visibly too.
        case let .content(file, position?, message):
            return "\(MessageText.path(file)):\(position.line):\(position.column): \(message)"
        case let .content(file, nil, message):
            return "\(MessageText.path(file)): \(message)"
        case let .unreadable(path, reason):
            return "\(MessageText.path(path)): \(reason)"
        case let .usage(message):
            return message
        case let .output(reason):
            return reason
        case let .problems(errors):
            return errors.map(\.description).joined(separator: "\n")
        }
    }
}
