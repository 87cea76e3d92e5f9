/// One check of one file, which builds its tour as it goes: what the decoder's parts share.
/// A class, so that each of the many small parts of a page (each run in its own closure,
/// so one page can report several problems) shares it without a copy of every reference.
final class DecodePass {
    /// The file's name, its readers and what to warn of.
    let decoder: TourDecoder
    /// Collects what one check finds.
    let log = DiagnosticLog()
    /// The art and pictures one check has read, each once however many pages name it.
    let loaded = LoadedArt()
    /// The document being read.
    let raw: JSONTape
    /// The values the tour declares, read before its pages: `{name}` in a text may name one.
    var declaredValues: [String: String] = [:]

    init(_ decoder: TourDecoder, raw: JSONTape) {
        self.decoder = decoder
        self.raw = raw
    }

    var fileName: String { decoder.fileName }
    var readArt: TourDecoder.ArtReader { decoder.readArt }
    var readPicture: TourDecoder.PictureReader? { decoder.readPicture }
    var warnsOfThisMachine: Bool { decoder.warnsOfThisMachine }

    /// What one pass has read: 1,000 pages naming one picture decode it once and share it.
    final class LoadedArt {
        var pictures: [String: Picture] = [:]
        var art: [String: Tour.Art] = [:]
        /// What the distinct pictures and art hold, roughly, in bytes.
        var heldBytes = 0
    }

    func warn(_ position: SourcePosition, _ message: String) {
        log.add(Diagnostic(file: fileName, position: position, severity: .warning, message: message))
    }

    /// `attempt` for a part that may be absent: nil when absent or wrong (and recorded).
    func attemptOptional<T>(_ body: () throws(PartFailure) -> T?) -> T? {
        guard let value = attempt(body) else { return nil }
        return value
    }

    /// Runs one part of the decoding; an error in it is recorded and the rest goes on.
    func attempt<T>(_ body: () throws(PartFailure) -> T) -> T? {
        do throws(PartFailure) {
            return try body()
        } catch {
            if case .error(let error) = error { log.add(error) }
            return nil
        }
    }

    /// Why one part of a file stopped decoding: an error to record, or nothing more to say
    /// because the log has the reason already. It never leaves the decoder.
    enum PartFailure: Error {
        case error(TourError)
        case alreadyReported
    }

    /// Stops the part being decoded with an error at `position`.
    func stop(_ position: SourcePosition, _ message: String) -> PartFailure {
        .error(fail(position, message))
    }

    func fail(_ position: SourcePosition, _ message: String) -> TourError {
        .content(file: fileName, position: position, message: message)
    }

    /// A member of an object on the tape: where its key and its value are. Two numbers, so
    /// a page's fields cost no allocation and no reference counting.
    struct Member {
        var keyToken: Int
        var value: Int
    }

    /// The key of `member` as written.
    func keyText(_ member: Member) -> String { raw.string(member.keyToken) ?? "" }

    /// Where the key of `member` was written.
    func keyPosition(_ member: Member) -> SourcePosition { raw.position(member.keyToken) }

    /// A member in the form the log's rules on unknown and repeated keys read.
    struct LoggedMember: KeyedMember {
        var key: String
        var keyPosition: SourcePosition
        var value: Int
    }

    /// An object's known members, by the place of their key in `Key.names`.
    struct Fields<Key: FieldKey> {
        /// Bit `place`: the key at that place is here.
        private var present: UInt32 = 0
        /// The token of each present key's value, by place. On the tape a key's token comes
        /// just before its value's. A tuple, not InlineArray: that needs Swift 6.2, and
        /// TourKit builds with 6.0 (Debian's arm64 toolchain is 6.0.3).
        private var values: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int,
                             Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                                                                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        /// How many keys `present` and `values` keep.
        static var capacity: Int { 20 }

        init() { precondition(Key.names.count <= Self.capacity, "more keys than Fields keeps") }

        @inline(__always)
        subscript(key: Key) -> Member? {
            guard present & 1 << key.rawValue != 0 else { return nil }
            let value = withUnsafeBytes(of: values) { $0.load(fromByteOffset: key.rawValue * MemoryLayout<Int>.stride, as: Int.self) }
            return Member(keyToken: value - 1, value: value)
        }

        /// Adds the value of the key at `place`; false when that key is here already.
        mutating func add(value: Int, place: Int) -> Bool {
            guard present & 1 << place == 0 else { return false }
            present |= 1 << place
            withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: place * MemoryLayout<Int>.stride, as: Int.self) }
            return true
        }
    }

    func members<Key: FieldKey>(of node: Int, what: @autoclosure () -> String, keys: Key.Type) throws(PartFailure) -> Fields<Key> {
        guard raw.kind(node) == .object else {
            throw stop(raw.position(node), "\(what()) must be an object, not \(raw.kindName(node))")
        }
        // Most objects have only known keys, each once: found by their bytes, with no text
        // made. Anything else is read again through the log, which says what is wrong.
        var fields = Fields<Key>()
        var allKnown = true
        for (key, value) in raw.members(node) {
            guard let place = raw.place(of: key, in: Key.packedNames), fields.add(value: value, place: place) else {
                allKnown = false
                break
            }
        }
        if allKnown { return fields }
        let list = raw.members(node).lazy.map { [raw] member in
            LoggedMember(key: raw.string(member.key) ?? "", keyPosition: raw.position(member.key), value: member.value)
        }
        let logged = log.fields(of: list, at: raw.position(node), what: what(), allowed: Key.names, fileName: fileName)
        fields = Fields<Key>()
        for (place, name) in Key.names.enumerated() {
            if let member = logged[name] { _ = fields.add(value: member.value, place: place) }
        }
        return fields
    }

    /// Required keys that an unknown key in `node` was taken to be a misspelling of:
    /// "page 2 has no title" would only repeat "did you mean title?".
    /// Read from what `members(of:)` found, not computed again.
    func misspelled(in node: Int) -> Set<String> {
        log.misspelled[raw.position(node)] ?? []
    }

    /// A string value whose text a check needs (a version, a color, a path).
    func string(_ member: Member?) throws(PartFailure) -> String? {
        guard let member else { return nil }
        try requireString(member)
        return raw.string(member.value)
    }

    /// A string value that is only shown (a title, a subtitle). A `{name}` in it that no
    /// value declares is warned of: it stays as written.
    func text(_ member: Member?) throws(PartFailure) -> String? {
        guard let text = try string(member), let member else { return nil }
        warnOfUndeclared(in: text, at: raw.position(member.value))
        return text
    }

    /// `tour check` says where a text names a value the tour does not declare.
    func warnOfUndeclared(in text: String, at position: SourcePosition) {
        for name in TourValues.references(in: text) where declaredValues[name] == nil {
            let nearest = KeySuggestion.closest(to: name, among: declaredValues.keys.sorted())
            warn(position, "{\(name)} names no value, so it stays as written" + (nearest.map { "; did you mean {\($0)}?" } ?? "")
                 + (nearest == nil ? "; declare it in \"values\" to fill it" : ""))
        }
    }

    func requireString(_ member: Member) throws(PartFailure) {
        guard raw.kind(member.value) == .string else {
            throw stop(raw.position(member.value), "\(Quoted(keyText(member))) must be a string, not \(raw.kindName(member.value))")
        }
    }

    /// The `"labels"` object: any of the label table's words, each a string; a label that
    /// takes placeholders ("Page {number} of {count}") names no others.
    func decodeLabels(_ node: Int) throws(PartFailure) -> Tour.Labels {
        guard raw.kind(node) == .object else {
            throw stop(raw.position(node), "\"labels\" must be an object, not \(raw.kindName(node))")
        }
        // Read once a tour, and more keys than the packed look-up keeps: by their text.
        let list = raw.members(node).map { member in
            LoggedMember(key: raw.string(member.key) ?? "", keyPosition: raw.position(member.key), value: member.value)
        }
        let logged = log.fields(of: list, at: raw.position(node), what: "\"labels\"", allowed: TourDecoder.labelKeys, fileName: fileName)
        var labels = Tour.Labels()
        for label in Tour.Label.allCases {
            guard let member = logged[label.rawValue] else { continue }
            let written = Member(keyToken: member.value - 1, value: member.value)
            guard let text = attemptOptional({ () throws(PartFailure) in try string(written) }) else { continue }
            if let problem = label.lengthProblem(in: text) {
                log.add(fail(raw.position(member.value), problem))
                continue
            }
            if let word = label.unknownPlaceholder(in: text), !label.placeholders.isEmpty {
                log.add(fail(raw.position(member.value), "label \(Quoted(label.rawValue)) may hold \(label.placeholders.joined(separator: " and ")), not \(Quoted(word))"))
                continue
            }
            labels[label] = text
        }
        return labels
    }
}
