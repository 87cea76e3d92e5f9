/// Loads a tour file from disk, resolving `heroFile` paths beside it.
public enum TourLoader {
    public static let maximumFileBytes = 4 << 20

    public static func load(path: String) throws(TourError) -> Tour {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: maximumFileBytes)
        } catch {
            if error.isTooLarge { throw TourError.content(file: path, position: nil, message: error.reason) }
            throw TourError.unreadable(path: path, reason: error.reason)
        }
        let directory = FileSystem.directory(of: path)
        let decoder = TourDecoder(fileName: path) { (relativePath: String) throws(TourError) -> [UInt8] in
            let artPath = FileSystem.join(directory, relativePath)
            do throws(FileSystem.Failure) {
                return try FileSystem.read(artPath, limit: TourDecoder.maximumArtFileBytes)
            } catch {
                throw TourError.unreadable(path: artPath, reason: error.reason)
            }
        }
        var tour = try decoder.decode(bytes)
        if tour.id == nil { tour.id = defaultID(forPath: path) }
        return tour
    }

    /// The file name without directory and extension: "tours/mytool.json" → "mytool".
    public static func defaultID(forPath path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}
