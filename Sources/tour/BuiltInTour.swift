import TourKit

/// The tour of `tour` itself, embedded in the binary so it plays from any directory,
/// the way any tool can ship its own tour (`Tour(jsonBytes:art:)`).
enum BuiltInTour {
    static let fileName = "<built-in>/welcome.json"

    static let art: [String: [UInt8]] = [
        "art/welcome.ans": PackageResources.welcome_ans,
        "art/keys.txt": PackageResources.keys_txt,
        "art/file.txt": PackageResources.file_txt,
        "art/logo.png": PackageResources.logo_png,
    ]

    static func load() throws(TourError) -> Tour {
        try Tour(jsonBytes: PackageResources.welcome_json, fileName: fileName, art: art)
    }
}
