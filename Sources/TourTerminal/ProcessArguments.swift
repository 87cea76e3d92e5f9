import CTerminalGuard
#if canImport(Glibc)
import Glibc
#endif
import TourCore

/// The words the process was started with, as bytes kept exactly (`RawBytes`): taken
/// from the C entry point, so tour runs the same where /proc is missing (a bare chroot,
/// a build sandbox), which statically linked Swift's `CommandLine` needs.
package enum ProcessArguments {
    /// Every word after the program's name.
    package static var words: [String] {
        let count = Int(tour_process_argument_count())
        guard count > 1, let arguments = tour_process_arguments() else { return [] }
        return (1..<count).map { index in
            arguments[index].map { RawBytes.decode(UnsafeBufferPointer(start: $0, count: strlen($0)).map { UInt8(bitPattern: $0) }) } ?? ""
        }
    }
}
