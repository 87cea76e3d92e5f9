/// A page's hero: art inline or in files, pictures, and the limits on both.
extension DecodePass {
    /// The art in a file, read once however many pages name it.
    func artFile(_ path: String, named member: Member) throws(PartFailure) -> Tour.Art {
        if let art = loaded.art[path] { return art }
        let bytes = try readHeroFile(path, named: member)
        let art = Tour.Art(text: String(decoding: bytes, as: UTF8.self))
        _ = try checkedArt(art, at: raw.position(member.value))
        try hold(art.lines.reduce(0) { $0 + $1.utf8.count } + art.styles.reduce(0) { $0 + $1.count } * MemoryLayout<Style>.stride, at: member)
        loaded.art[path] = art
        return art
    }

    /// Counts what a newly read picture or art file holds against the tour's bound.
    func hold(_ bytes: Int, at member: Member) throws(PartFailure) {
        loaded.heldBytes += bytes
        guard loaded.heldBytes <= TourDecoder.maximumLoadedArtBytes else {
            throw stop(raw.position(member.value), "the tour's pictures and art take more than \(TourDecoder.maximumLoadedArtBytes >> 20) MiB in all; use fewer or smaller ones")
        }
    }

    /// The bytes of a `heroFile` or `heroImage`, through the art reader (inside the tour's
    /// folder, a regular file, within the size limit).
    func readHeroFile(_ path: String, named member: Member) throws(PartFailure) -> [UInt8] {
        do throws(TourError) {
            return try readArt(path)
        } catch {
            // Only the quoted path is cut; the reason is said whole (shown visibly all the same).
            let message = "cannot read \(keyText(member)) \(Quoted(path)): \(MessageText.visible(Self.reason(error), limit: MessageText.maximumPathLength))"
            // A file that is not there is the reader's trouble, not the tour's: 66, not 65.
            if case .unreadable = error {
                log.add(Diagnostic(file: fileName, position: raw.position(member.value), severity: .error, message: message, missingFile: true))
                throw PartFailure.alreadyReported
            }
            // The reader's own rule (art outside the tour's folder) speaks for itself.
            throw stop(raw.position(member.value), "\(keyText(member)) \(Quoted(path)) \(error.message)")
        }
    }

    /// A `heroImage`: read like art (inside the tour's folder, a regular file, within the
    /// art size limit), then decoded; a picture over 4096×4096 is refused from its header.
    func decodePicture(_ path: String, at member: Member) throws(PartFailure) -> Picture {
        let bytes = try readHeroFile(path, named: member)
        guard let readPicture else {
            throw stop(raw.position(member.value), "heroImage \(Quoted(path)): pictures cannot be read here")
        }
        switch readPicture(bytes) {
        case .success(let picture): return picture
        case .failure(let problem):
            throw stop(raw.position(member.value), "heroImage \(Quoted(path)) is not a picture tour can show: \(MessageText.visible(problem.reason, limit: 120))")
        }
    }

    static func reason(_ error: TourError) -> String {
        if case .unreadable(_, let reason) = error { return reason }
        return error.description
    }

    func decodeInlineArt(_ member: Member) throws(PartFailure) -> Tour.Art {
        let value = member.value
        // An array of arrays (or of texts beside arrays) gives versions, largest first.
        if raw.kind(value) == .array, raw.elements(value).contains(where: { raw.kind($0) == .array }) {
            var versions: [(Tour.Art, SourcePosition)] = []
            for element in raw.elements(value) {
                let version = Member(keyToken: member.keyToken, value: element)
                versions.append((try decodeInlineArt(version), raw.position(element)))
            }
            return versionsOfArt(versions)
        }
        switch raw.kind(value) {
        case .string:
            return try checkedArt(Tour.Art(text: raw.string(value) ?? ""), at: raw.position(value))
        case .array:
            for line in raw.elements(value) where raw.kind(line) != .string {
                throw stop(raw.position(line), "each line of \"hero\" must be a string, not \(raw.kindName(line))")
            }
            let texts = raw.elements(value).map { raw.string($0) ?? "" }
            return try checkedArt(Tour.Art(lines: texts), at: raw.position(value))
        default:
            throw stop(raw.position(value), "\"hero\" must be a string or an array of lines, not \(raw.kindName(value))")
        }
    }

    /// One art from its versions, largest first; `tour check` warns where a version is
    /// wider than the one before it (the layout tries them in order).
    func versionsOfArt(_ versions: [(art: Tour.Art, position: SourcePosition)]) -> Tour.Art {
        for (previous, next) in zip(versions, versions.dropFirst()) where next.art.width > previous.art.width {
            warn(next.position, "this version of the art is \(next.art.width) columns wide, wider than the one before it (\(previous.art.width)); give the largest first")
        }
        var art = versions[0].art
        art.smallerVersions = versions.dropFirst().map(\.art)
        return art
    }

    func checkedArt(_ art: Tour.Art, at position: SourcePosition) throws(PartFailure) -> Tour.Art {
        let rows = art.lines.count
        if art.width > TourDecoder.maximumArtColumns || rows > TourDecoder.maximumArtRows {
            throw stop(position, "hero art is \(art.width)×\(rows); the limit is \(TourDecoder.maximumArtColumns)×\(TourDecoder.maximumArtRows)")
        }
        if art.width > TourDecoder.comfortableArtColumns {
            warn(position, "hero art is \(art.width) columns wide; it will be left out on terminals narrower than \(art.width + 2) columns")
        }
        return art
    }
}
