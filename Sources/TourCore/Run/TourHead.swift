/// What a `once` run needs of a tour before deciding whether to read it all: its id (which
/// names the seen state) and its version. Read from the top of the file, without building
/// anything; when nothing can be new (`WhatsNew.nothingCanBeNew`), the rest stays unread.
package struct TourHead: Equatable, Sendable {
    /// The id, cleaned as the decoder cleans it, or the default the loader gives.
    package var id: String?
    /// The version as written; nil when the tour gives none.
    package var version: String?

    package init(id: String?, version: String?) {
        self.id = id
        self.version = version
    }

    /// What the top of a tour file says.
    package enum Scan: Equatable, Sendable {
        /// The id and version the whole file gives, if the file is a tour at all.
        case found(TourHead)
        /// The bytes end first: read the rest of the file and scan again.
        case needsMoreBytes
        /// Only reading the whole file can say (it is not well-formed where the scan looked).
        case undecided
    }

    /// Scans JSON for the top-level "id" and "version", or Markdown's front matter for them.
    /// `defaultID` stands in for an id the file does not give, as the loader's does.
    package static func scan(_ bytes: [UInt8], markdown: Bool, defaultID: String) -> Scan {
        let keys = ["id", "version"]  // an array: a set's storage type is one more made at run time, on every start
        let strings = markdown ? MarkdownTourParser.frontMatterStrings(bytes, keys: keys) : JSONParser.topLevelStrings(bytes, keys: keys)
        switch strings {
        case .found(let values):
            return .found(TourHead(id: values["id"].map { TextSanitizer.clean($0) } ?? defaultID, version: values["version"]))
        case .needsMoreBytes: return .needsMoreBytes
        case .undecided: return .undecided
        }
    }
}
