/// The JSON Schema (2020-12) of a tour file, for editors: `tour schema` prints it, and a
/// tour that says `"$schema": "./tour.schema.json"` gets completion, hover help and
/// squiggles while it is written. It says what `tour check` says of a file's shape: the
/// keys of the tour and of each kind of page (from the decoder's own key lists and its
/// table of kinds), their types and values, what is required, and that nothing else is
/// allowed. What only `tour check` can see stays its own: files named, versions that go
/// back, contrast, lengths counted in characters. A test validates every fixture against
/// it, good and bad. The descriptions are tour(5)'s, shortened.
package enum TourSchema {
    /// The schema as JSON text, two-space indented.
    package static var text: String { render(document, indent: "") + "\n" }

    /// A JSON value, members in order.
    indirect enum Node {
        case object([(String, Node)])
        case array([Node])
        case string(String)
        case number(Int)
        case bool(Bool)
    }

    static func string(_ description: String) -> Node { .object([("type", .string("string")), ("description", .string(description))]) }
    static func ref(_ name: String, _ description: String) -> Node {
        .object([("$ref", .string("#/$defs/\(name)")), ("description", .string(description))])
    }
    static func oneOf(_ values: [String], _ description: String) -> Node {
        .object([("enum", .array(values.map(Node.string))), ("description", .string(description))])
    }
    static func closedObject(_ properties: [(String, Node)], required: [String] = [], description: String? = nil, extra: [(String, Node)] = []) -> Node {
        var members: [(String, Node)] = [("type", .string("object"))]
        if let description { members.append(("description", .string(description))) }
        if !required.isEmpty { members.append(("required", .array(required.map(Node.string)))) }
        members.append(("properties", .object(properties)))
        members.append(("additionalProperties", .bool(false)))
        return .object(members + extra)
    }
    static func list(of item: Node, min: Int? = nil, max: Int? = nil, _ description: String) -> Node {
        var members: [(String, Node)] = [("type", .string("array")), ("description", .string(description)), ("items", item)]
        if let min { members.append(("minItems", .number(min))) }
        if let max { members.append(("maxItems", .number(max))) }
        return .object(members)
    }

    /// A name in any case, in the ECMA-262 patterns editors run (which have no `(?i)`).
    static func anyCase(_ word: String) -> String {
        word.map { $0.isLetter ? "[\($0.lowercased())\($0.uppercased())]" : String($0) }.joined()
    }

    static let definitions: [(String, Node)] = [
        ("color", .object([
            ("type", .string("string")),
            ("description", .string("An ANSI name (\((ColorName.names + ColorName.aliases.keys.sorted()).joined(separator: ", ")), or bright-NAME), #RRGGBB or #RGB (hex digits only).")),
            ("pattern", .string("^(#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6}|(\(anyCase("bright-")))?(\((ColorName.names + ColorName.aliases.keys.sorted()).map(anyCase).joined(separator: "|"))))$")),
        ])),
        ("version", .object([
            ("type", .string("string")),
            ("description", .string("Dotted numbers, such as \"2.1.0\": up to eight parts, a leading v, and a - or + suffix.")),
            ("pattern", .string("^[vV]?[0-9]{1,9}(\\.[0-9]{1,9}){0,7}([-+].*)?$")),
            ("maxLength", .number(Version.maximumLength)),
        ])),
        ("plainValue", .object([
            ("type", .string("string")),
            ("description", .string("A short plain word: a-z, 0-9, _ . -, at most \(Tour.Choice.maximumValueBytes) bytes.")),
            ("pattern", .string("^[a-z0-9_.-]{1,\(Tour.Choice.maximumValueBytes)}$")),
        ])),
        ("indicator", oneOf(TourDecoder.indicatorNames,
                            "How the pages show where the reader is: dots (the default), numbers (2 / 5), bar (a progress bar) or none.")),
        ("indicatorGlyphs", closedObject(TourDecoder.glyphKeys.map { key in
            (key, string(key == "current" ? "The dot of the page on screen: one character of one or two cells." : "The dots of the other pages: one character of one or two cells."))
        }, description: "For dots: the characters of the current page and of the others; a terminal that is not UTF-8 gets * and .")),
        ("art", .object([
            ("description", .string("Inline art: a string with newlines, or an array of lines; SGR colors are kept. An array of such arrays gives versions, largest first.")),
            // As the decoder reads it: an array whose elements are art again, to any depth.
            ("anyOf", .array([
                .object([("type", .string("string"))]),
                .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/art"))]))]),
            ])),
        ])),
        ("feature", closedObject([
            ("icon", string("One or two cells of decoration before the title.")),
            ("title", string("Required: the feature's name, in bold.")),
            ("text", string("A line of text under the title.")),
            ("accent", ref("color", "The icon's color.")),
        ], required: ["title"], description: "One line of a feature list.")),
        ("option", closedObject([
            ("value", ref("plainValue", "Required: what the tool reads; two options may not share one.")),
            ("label", string("Required: what the person reads; `code` in backticks is drawn as code.")),
            ("detail", string("A dim line under the label.")),
        ], required: ["value", "label"], description: "One answer a question offers.")),
        ("tip", closedObject([
            ("id", string("The tip's name in the state, and for `tour tip --off`; by default a hash of its text.")),
            ("title", string("A bold first line, at most 80 characters.")),
            ("text", string("Required: the tip, one short paragraph; `code` in backticks is drawn as code.")),
            ("since", ref("version", "The version that brought the tip: after an update it comes first.")),
            ("icon", string("One or two cells before the title.")),
            ("accent", ref("color", "The tip's color.")),
        ], required: ["text"], description: "One tip, shown below the prompt by `tour tip` or a `--once` start with nothing new.")),
        ("checklistItem", checklistItem),
        ("labels", closedObject(Tour.Label.allCases.map { label in
            (label.rawValue, string("A word of the pager (see tour(5), Labels): one line of at most \(Tour.Label.maximumLength) characters."))
        }, description: "The words of the pager: the button, Skip, the hint, the help; see tour(5), Labels.")),
        ("page", page),
    ]

    /// What each page key every kind takes is; a kind's own keys are in its `PageKind`.
    static let pageProperties: [String: Node] = [
        "kind": oneOf(TourDecoder.kindNames, TourDecoder.fileKinds.map { "\"\($0.name)\"\($0.schemaPhrase)" }.joined(separator: "; ") + "."),
        "key": string("A name that matches the page with its translation; on a question, the name its answer is kept under (a short plain word)."),
        "title": string("Required: the page's title."),
        "subtitle": string("The text under the title, wrapped to at most 60 columns; a newline breaks it; `code` in backticks is drawn as code."),
        "hero": ref("art", "Inline art: a string with newlines, or an array of lines; versions as an array of those, largest first."),
        "heroFile": .object([
            ("description", .string("Art from a file, relative to the tour file, inside its folder; a list of files gives versions, largest first.")),
            ("anyOf", .array([.object([("type", .string("string"))]),
                              .object([("type", .string("array")), ("minItems", .number(1)), ("items", .object([("type", .string("string"))]))])])),
        ]),
        "heroImage": string("A PNG or JPEG picture, relative to the tour file, drawn as colored character cells; at most 4096 by 4096 pixels and 1 MiB."),
        "heroAlt": string("Words that say what the picture shows; text output and screen readers get them instead."),
        "button": string("Replaces Next or Get started on this page."),
        "since": ref("version", "The version that introduced the page: it belongs to what's new."),
        "accent": ref("color", "The page's own accent color: its title, the current dot and the button."),
        "gradient": list(of: .object([("$ref", .string("#/$defs/color"))]), min: 2, max: 16, "Two to sixteen colors: the page background, in bands from top to bottom."),
        "indicator": ref("indicator", "As for the tour, on this page only."),
        "indicatorGlyphs": ref("indicatorGlyphs", "As for the tour, on this page only."),
    ]

    /// What one page key is: the common description, or the one of the kind that reads it.
    /// Nil for a key nobody describes, which a test names (`PageKindTests`) rather than
    /// this trapping while the schema is written.
    static func pageProperty(_ key: TourDecoder.PageKey) -> Node? {
        pageProperties[TourDecoder.pageKeys[key.rawValue]]
            ?? TourDecoder.fileKinds.lazy.compactMap { kind in kind.schema.first { $0.0 == key }?.1 }.first
    }

    /// The keys a kind owns are refused on a page of another kind; then each kind's own rules.
    static var kindRules: [Node] {
        TourDecoder.fileKinds.filter { !$0.ownKeys.isEmpty }.map { kind -> Node in
            let owned = kind.ownKeys.map { TourDecoder.pageKeys[$0.rawValue] }
            return .object([
                ("if", .object([("anyOf", .array(owned.map { .object([("required", .array([.string($0)]))]) }))])),
                ("then", .object([("required", .array([.string("kind")])), ("properties", .object([("kind", .object([("const", .string(kind.name))]))]))])),
            ])
        } + TourDecoder.fileKinds.flatMap(\.schemaRules)
    }

    static var page: Node {
        let properties = TourDecoder.PageKey.allCases.compactMap { key in pageProperty(key).map { (TourDecoder.pageKeys[key.rawValue], $0) } }
        return closedObject(properties, required: ["title"], description: "One screen of the tour.", extra: [("allOf", .array(kindRules))])
    }

    /// What each tour key is, by the decoder's list of tour keys.
    static let tourProperties: [String: Node] = [
        "$schema": string("The schema an editor checks this file with, such as \"./tour.schema.json\" (made by `tour schema`)."),
        "id": string("The name the seen state is kept under; by default the file name without its extension."),
        "version": ref("version", "The version of the tool the tour describes, such as \"2.1.0\"."),
        "labels": ref("labels", "The words of the pager; see tour(5), Labels."),
        "accent": ref("color", "A color for the title, the current dot and the button on every page without one of its own."),
        "indicator": ref("indicator", "How the pages show where the reader is; a page may set its own."),
        "indicatorGlyphs": ref("indicatorGlyphs", "For dots: the characters of the current page and the others; a page may set its own."),
        "pages": list(of: .object([("$ref", .string("#/$defs/page"))]), min: 1, max: TourDecoder.maximumPages, "Required: an array of at least one page."),
        "tips": list(of: .object([("$ref", .string("#/$defs/tip"))]), max: TipsDecoder.maximumTips,
                     "Tips, as in a tips file: a `--once` start with nothing new shows the one that is due."),
        "tipsOff": string("The dim last line of each tip and of the checklist, as a tips file's \"off\"."),
        "checklist": closedObject([
            ("title", string("The heading, one line; \"\(Checklist.defaultTitle)\" by default.")),
            ("items", list(of: .object([("$ref", .string("#/$defs/checklistItem"))]), min: 1, max: Checklist.maximumItems,
                           "Required: one to \(Checklist.maximumItems) items, in the order to do them.")),
        ], required: ["items"], description: "A getting-started checklist: shown in a tip's place on the starts after the welcome, at most once a day, until every item is done (`tour done FILE ITEM`)."),
        "whatsNew": oneOf(Tour.WhatsNewStyle.allCases.map(\.rawValue),
                          "How the pages new since a person's version appear after an update: \"pager\" (full screen, the default) or \"notice\" (printed in place)."),
        "whatsNewHint": string("The notice's dim last line, such as \"Run `mytool whats-new` for more\"."),
        "values": .object([
            ("type", .string("object")), ("maxProperties", .number(TourValues.maximumCount)),
            ("description", .string("Names and their defaults: {name} in a page's text, and in a practice's expect, takes the value; a tool passes its own with --set NAME=VALUE.")),
            ("propertyNames", .object([("pattern", .string("^[A-Za-z][A-Za-z0-9_-]{0,\(TourValues.maximumNameLength - 1)}$"))])),
            ("additionalProperties", .object([("type", .string("string")), ("maxLength", .number(TourValues.maximumLength))])),
        ]),
    ]

    /// One item of a tour's `"checklist"`.
    static let checklistItem = closedObject(
        [("id", ref("plainValue", "Required: what the tool ticks the item by, as in `tour done FILE login`; each item its own.")),
         ("title", string("Required: what the person reads, one line of at most \(Checklist.maximumTitleCharacters) characters.")),
         ("hint", string("How to do it, shown while it is the next item: one line; `code` in backticks is drawn as code."))],
        required: ["id", "title"], description: "One thing to do, ticked by the tool when the person really does it.")

    static var document: Node {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("urn:tour:tour-file")),
            ("title", .string("A tour file of tour(1)")),
            ("description", .string("A first-run tour for a command-line tool: its pages, and what a start shows. `tour check FILE` says all that this schema says and more.")),
            ("type", .string("object")),
            ("required", .array([.string("pages")])),
            ("properties", .object(TourDecoder.tourKeys.compactMap { key in tourProperties[key].map { (key, $0) } })),
            ("additionalProperties", .bool(false)),
            ("$defs", .object(definitions)),
        ])
    }

    static func render(_ node: Node, indent: String) -> String {
        let inner = indent + "  "
        switch node {
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{\n" + members.map { inner + JSONText.quote($0.0) + ": " + render($0.1, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            if items.allSatisfy({ if case .string = $0 { true } else { false } }) {
                return "[" + items.map { render($0, indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + render($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .string(let text): return JSONText.quote(text)
        case .number(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        }
    }
}
