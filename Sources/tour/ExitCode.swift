import TourKit

/// The command's exit codes, as documented in the README.
enum ExitCode: Int32 {
    case completed = 0
    case skipped = 1
    case usage = 2
    case badContent = 65
    case unreadable = 66

    static func forOutcome(_ outcome: PagerOutcome) -> Int32 {
        switch outcome {
        case .completed, .running: return ExitCode.completed.rawValue
        case .skipped: return ExitCode.skipped.rawValue
        case .interrupted(let signal): return 128 + signal
        }
    }

    static func forError(_ error: TourError) -> Int32 {
        switch error {
        case .content: return ExitCode.badContent.rawValue
        case .unreadable: return ExitCode.unreadable.rawValue
        case .usage: return ExitCode.usage.rawValue
        }
    }
}
