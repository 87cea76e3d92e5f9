import TourCore

/// The command's exit codes, as documented in the README.
package enum ExitCode: Int32 {
    case completed = 0
    case skipped = 1
    case usage = 2
    case badContent = 65
    case unreadable = 66
    case writeFailed = 74

    package static func forOutcome(_ outcome: TourOutcome) -> Int32 {
        switch outcome {
        case .completed, .alreadySeen, .notShown: ExitCode.completed.rawValue
        case .skipped: ExitCode.skipped.rawValue
        case .interrupted(let signal): 128 + signal
        }
    }

    package static func forError(_ error: TourError) -> Int32 {
        switch error {
        case .content: ExitCode.badContent.rawValue
        case .unreadable: ExitCode.unreadable.rawValue
        case .usage: ExitCode.usage.rawValue
        case .output: ExitCode.writeFailed.rawValue
        // A tour file's problems: 66 only when every one is a file that cannot be read.
        case .problems: error.isOnlyUnreadable ? ExitCode.unreadable.rawValue : ExitCode.badContent.rawValue
        }
    }
}
