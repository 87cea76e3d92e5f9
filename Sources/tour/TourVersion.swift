/// The version of tour: the one place it is written. `tour --version` prints it, and
/// `make dist` names the release tarball after it.
enum TourVersion {
    static let number = "2.7.0"

    /// The Swift the binary was built with.
    static var swift: String {
        #if compiler(>=7.0)
        "7.0 or later"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }
}
