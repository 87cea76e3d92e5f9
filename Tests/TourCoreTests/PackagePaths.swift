/// Paths inside the package, found from this file's own location.
enum PackagePaths {
    /// The package root: this file is at Tests/TourCoreTests/PackagePaths.swift.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let builtInTour = root + "/Resources/welcome.json"
    static let snapshots = root + "/Tests/TourCoreTests/Snapshots"
}
