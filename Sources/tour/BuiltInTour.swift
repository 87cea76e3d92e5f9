import TourCommand
import TourCore
import TourKit
import TourStore

/// The tour of `tour` itself, embedded in the binary so it plays from any directory,
/// the way any tool can ship its own tour (`Tour(jsonBytes:art:)`).
enum BuiltInTour {
    static let fileName = "<built-in>/welcome.json"

    /// The art files the tour names, embedded.
    @Sendable static func art(_ name: String) -> [UInt8]? {
        switch name {
        case "art/welcome.ans": PackageResources.welcome_ans
        case "art/welcome-small.ans": PackageResources.welcome_small_ans
        case "art/keys.txt": PackageResources.keys_txt
        case "art/keys-small.txt": PackageResources.keys_small_txt
        case "art/file.txt": PackageResources.file_txt
        case "art/file-small.txt": PackageResources.file_small_txt
        case "art/logo.png": PackageResources.logo_png
        default: nil
        }
    }

    /// The logo's pixels, decoded when the resources were made (scripts/make-picture-fixtures.py).
    /// Decoding logo.png at every start would load libpng and zlib (0.3 MiB resident) for a
    /// picture on the last page; PictureTests checks these are the pixels libpng reads.
    static let logo = Picture(width: 64, height: 64, pixels: PackageResources.logo_rgba, drawer: ImageCodec.drawer)

    /// The tour, with its art recolored like its text to read on a light background as on a dark one.
    static func load() throws(TourError) -> Tour {
        try TourLoader.decode(PackageResources.welcome_json, fileName: fileName, findArt: art) { bytes in
            guard bytes == PackageResources.logo_png else { return TourLoader.pictureReader(bytes) }
            return .success(logo)
        }.followingContrast()
    }
}
