import TourKit

/// The tour of `tour` itself, embedded in the binary so it plays from any directory.
enum BuiltInTour {
    static let fileName = "<built-in>/welcome.json"

    static let art: [String: [UInt8]] = [
        "art/welcome.txt": PackageResources.welcome_txt,
        "art/keys.txt": PackageResources.keys_txt,
        "art/file.txt": PackageResources.file_txt,
        "art/once.txt": PackageResources.once_txt,
    ]

    static func load() throws(TourError) -> Tour {
        let decoder = TourDecoder(fileName: fileName) { (path: String) throws(TourError) -> [UInt8] in
            guard let bytes = art[path] else { throw TourError.unreadable(path: path, reason: "not embedded in the binary") }
            return bytes
        }
        return try decoder.decode(PackageResources.welcome_json)
    }
}
