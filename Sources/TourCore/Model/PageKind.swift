/// One kind of page, described in one place: the name a file gives it, the keys only it
/// takes, what the schema says of its keys, how the decoder reads them, what draws it
/// (its body's cells and plain text) and its web form. Every part is a required member,
/// so a kind missing one does not build; `Tour.Page.Content.kind` names each case's kind,
/// so a case without one does not build either. docs/architecture.md, "Adding a page kind".
struct PageKind: Sendable {
    typealias PageKey = TourDecoder.PageKey
    typealias Decode = @Sendable (_ pass: DecodePass, _ fields: DecodePass.Fields<PageKey>, _ node: Int, _ number: Int,
                                  _ page: inout Tour.Page) throws(DecodePass.PartFailure) -> Void
    typealias WebForm = @Sendable (_ page: Tour.Page, _ slide: WebSlide, _ sheet: inout WebStyleSheet) -> String

    /// Its `"kind"` value in a file, and `Tour.Page.kindName`.
    var name: String
    /// What follows its name in the schema's description of `kind`: " for a question".
    var schemaPhrase: String
    /// The page keys that belong to it alone: refused on a page of another kind, by the
    /// decoder and by the schema.
    var ownKeys: [PageKey]
    /// What the schema says of the keys it reads beyond those every page takes.
    var schema: [(PageKey, TourSchema.Node)]
    /// What the schema asks of it beyond "its own keys need its kind", such as required keys.
    var schemaRules: [TourSchema.Node]
    /// Reads its own keys into the page, after the keys every page takes; nil for a kind
    /// no file can name ("custom": only Swift makes it).
    var decode: Decode?
    /// A page of this kind as a file writes it (nil when no file can), for the test that
    /// walks every kind and part.
    var example: String?
    /// What draws it between the Skip row and the dots; its `plainText` is the page's text.
    var body: @Sendable (Tour.Page) -> any PageBody
    /// What its web slide holds under the title.
    var webForm: WebForm
    /// Puts a tour's values into the text only this kind holds (the title, subtitle,
    /// button and picture words every page has are filled for it); says what is wrong
    /// when a value makes the page unusable.
    var fill: @Sendable (_ page: inout Tour.Page, _ values: [String: String]) -> String?

    /// Every kind: those a file can name first, the default first of them.
    static let all: [PageKind] = [.page, .features, .choice, .practice, .custom]
}

extension Tour.Page.Content {
    /// The description of this case: the one `switch` over the kinds outside the model.
    var kind: PageKind {
        switch self {
        case .hero: .page
        case .features: .features
        case .choice: .choice
        case .practice: .practice
        case .custom: .custom
        }
    }
}

extension PageKind {
    /// Hero art (or a picture), a title and a subtitle: the default.
    static let page = PageKind(
        name: "page", schemaPhrase: ", the default", ownKeys: [], schema: [], schemaRules: [],
        decode: { _, _, _, _, _ throws(DecodePass.PartFailure) in },
        example: #"{"title": "Welcome", "subtitle": "Your notes, everywhere.", "hero": "( o )"}"#,
        body: { page in HeroPageBody(title: page.title, subtitle: page.subtitle, hero: page.hero, picture: page.picture, pictureWords: page.heroAlt) },
        webForm: { page, _, _ in WebPage.subtitle(page) },
        fill: { _, _ in nil })

    /// A "what's new" list of features, and closing text under it.
    static let features = PageKind(
        name: "features", schemaPhrase: " for a feature list", ownKeys: [.items],
        schema: [
            (.items, TourSchema.list(of: .object([("$ref", .string("#/$defs/feature"))]), max: TourDecoder.maximumItems,
                                     "The features of a feature-list page (\"kind\": \"features\"); at most \(TourDecoder.maximumItems) a page.")),
            (.extra, TourSchema.string("Closing text under a feature list.")),
        ],
        schemaRules: [],
        decode: { pass, fields, _, number, page throws(DecodePass.PartFailure) in
            let items = pass.attemptOptional { () throws(DecodePass.PartFailure) in try pass.decodeItems(fields[.items], page: number) } ?? []
            let extra = pass.attemptOptional { () throws(DecodePass.PartFailure) in try pass.text(fields[.extra]) } ?? ""
            page.content = .features(items, extra: TextSanitizer.clean(extra, keepNewlines: true))
        },
        example: #"{"kind": "features", "title": "New in 2.0", "items": [{"icon": "*", "title": "Sync", "text": "Everywhere."}], "extra": "And more."}"#,
        body: { page in FeatureListBody(title: page.title, items: page.items, extra: page.extra) },
        webForm: { page, slide, sheet in
            var html = "<ul class=\"features\">\n"
            for item in page.items {
                let accent = item.accent ?? page.accent ?? slide.tour.accent
                let icon = sheet.className(light: "color:" + WebInk.css(slide.inks[0].onSlide(accent)),
                                           dark: "color:" + WebInk.css(slide.inks[1].onSlide(accent)), prefix: "k")
                html += "<li><span class=\"icon \(icon)\" aria-hidden=\"true\">\(WebPage.escaped(item.icon))</span>"
                html += "<strong>\(WebPage.escaped(item.title))</strong>"
                if !item.text.isEmpty { html += "<span class=\"text\">\(WebPage.inline(item.text))</span>" }
                html += "</li>\n"
            }
            html += "</ul>\n"
            if !page.extra.isEmpty { html += "<p class=\"extra\">\(WebPage.inline(page.extra))</p>\n" }
            return html
        },
        fill: { page, values in
            guard var list = page.featureList else { return nil }
            for index in list.items.indices {
                list.items[index].title = TourValues.fill(list.items[index].title, with: values)
                list.items[index].text = TourValues.fill(list.items[index].text, with: values)
            }
            list.extra = TourValues.fill(list.extra, with: values)
            page.featureList = list
            return nil
        })

    /// A question: options to choose one from, under the title and subtitle.
    static let choice = PageKind(
        name: "choice", schemaPhrase: " for a question", ownKeys: [.options, .default],
        schema: [
            (.options, TourSchema.list(of: .object([("$ref", .string("#/$defs/option"))]), min: Tour.Choice.optionCounts.lowerBound,
                                       max: Tour.Choice.optionCounts.upperBound, "A question's options (\"kind\": \"choice\"): 2 to 6.")),
            (.default, TourSchema.ref("plainValue", "The value of the option a question preselects; without it the way on stays closed until a choice.")),
        ],
        // A question needs the name its answer is kept under, and options.
        schemaRules: [
            .object([
                ("if", .object([("required", .array([.string("kind")])), ("properties", .object([("kind", .object([("const", .string("choice"))]))]))])),
                ("then", .object([("required", .array([.string("key"), .string("options")])),
                                  ("properties", .object([("key", .object([("$ref", .string("#/$defs/plainValue"))]))]))])),
            ]),
        ],
        decode: { pass, fields, node, number, page throws(DecodePass.PartFailure) in
            page.choice = try pass.decodeChoice(fields, node: node, number: number)
        },
        example: #"{"kind": "choice", "title": "Share usage?", "key": "telemetry", "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}], "default": "no"}"#,
        body: { page in
            // Only a question page is given this body; any other page draws as a standard one.
            page.choice.map { ChoiceBody(title: page.title, subtitle: page.subtitle, choice: $0) } ?? PageKind.page.body(page)
        },
        webForm: { page, slide, _ in
            var html = WebPage.subtitle(page)
            guard let choice = page.choice else { return html }
            html += "<div class=\"choices\" role=\"radiogroup\" aria-labelledby=\"\(slide.titleID)\">\n"
            let selected = choice.defaultIndex
            for (position, option) in choice.options.enumerated() {
                let checked = position == selected
                let focusable = checked || (selected == nil && position == 0)
                html += "<button type=\"button\" class=\"option\" role=\"radio\" aria-checked=\"\(checked)\" tabindex=\"\(focusable ? 0 : -1)\""
                html += " data-value=\"\(WebPage.escaped(option.value))\"><span class=\"mark\" aria-hidden=\"true\"></span>"
                html += "<span class=\"label\">\(WebPage.inline(option.label))</span>"
                if let detail = option.detail, !detail.isEmpty { html += "<span class=\"detail\">\(WebPage.inline(detail))</span>" }
                html += "</button>\n"
            }
            return html + "</div>\n"
        },
        fill: { page, values in
            guard var choice = page.choice else { return nil }
            for index in choice.options.indices {
                choice.options[index].label = TourValues.fill(choice.options[index].label, with: values)
                choice.options[index].detail = choice.options[index].detail.map { TourValues.fill($0, with: values) }
            }
            page.choice = choice
            return nil
        })

    /// A practice: the page waits for the key (or keys, or line) it teaches.
    static let practice = PageKind(
        name: "practice", schemaPhrase: " for a practice", ownKeys: [.expect, .done],
        schema: [
            (.expect, .object([("description", .string("What a practice page waits for: key names separated by spaces (\"/\", \"ctrl-r\", \"g g\"; at most \(Tour.Practice.maximumKeys)), or {\"line\": …}, a line to type.")),
                               ("oneOf", .array([
                                   .object([("type", .string("string")), ("minLength", .number(1))]),
                                   .object([("type", .string("object")), ("additionalProperties", .bool(false)), ("required", .array([.string("line")])),
                                            ("properties", .object([("line", .object([("type", .string("string")), ("minLength", .number(1)),
                                                                                      ("maxLength", .number(Tour.Practice.maximumLineLength))]))]))]),
                               ]))])),
            (.done, TourSchema.string("The line a practice page shows once it is done.")),
        ],
        schemaRules: [
            .object([
                ("if", .object([("required", .array([.string("kind")])), ("properties", .object([("kind", .object([("const", .string("practice"))]))]))])),
                ("then", .object([("required", .array([.string("expect")]))])),
            ]),
        ],
        decode: { pass, fields, node, number, page throws(DecodePass.PartFailure) in
            page.practice = try pass.decodePractice(fields, node: node, number: number)
        },
        example: #"{"kind": "practice", "title": "Search", "subtitle": "Press / to search your notes.", "expect": "/", "done": "That is search."}"#,
        body: { page in
            // Only a practice page is given this body; any other page draws as a standard one.
            page.practice.map { PracticeBody(title: page.title, subtitle: page.subtitle, practice: $0) } ?? PageKind.page.body(page)
        },
        // What to press, the keys in <kbd>, and the data its script plays it by (WebPractice).
        webForm: { page, slide, _ in WebPractice.form(page, slide: slide) },
        fill: { page, values in
            guard let practice = page.practice else { return nil }
            guard var filled = practice.filled(with: values) else {
                let keys = TourValues.fill(practice.template ?? "", with: values)
                guard case .failure(let problem) = KeyName.keys(keys) else { return "the line to type is over \(Tour.Practice.maximumLineLength) characters" }
                return problem.message
            }
            filled.done = TourValues.fill(filled.done, with: values)
            page.practice = filled
            return nil
        })

    /// A body of the caller's own, made in Swift: no file names it, so it has no keys.
    static let custom = PageKind(
        name: "custom", schemaPhrase: "", ownKeys: [], schema: [], schemaRules: [], decode: nil, example: nil,
        body: { page in
            // Only a custom page is given this body; any other page draws as a standard one.
            guard let body = page.customBody else { return PageKind.page.body(page) }
            return body.drawsOwnTitle ? body : TitledBody(title: page.title, body: body)
        },
        webForm: { page, _, _ in WebPage.subtitle(page) },
        fill: { _, _ in nil })
}
