extension Tour {
    /// What a question page asks (`"kind": "choice"`): options to choose from, and the name
    /// the answer is kept under. The person's choice reaches the tool by `--answers`,
    /// `tour answers FILE`, or `TourResult.answers` and `Tour.answers(options:)`.
    public struct Choice: Sendable, Equatable {
        /// One option: what the tool reads, and what the person reads.
        public struct Option: Sendable, Equatable {
            /// A short plain word (`[a-z0-9_.-]`, at most 64 bytes): what the tool reads.
            public var value: String
            /// What the person reads; `code` in backticks is drawn as code.
            public var label: String { didSet { label = TextSanitizer.clean(label) } }
            /// One line under the label, dim; optional.
            public var detail: String? { didSet { detail = detail.map { TextSanitizer.clean($0) } } }

            public init(value: String, label: String, detail: String? = nil) {
                self.value = TextSanitizer.clean(value)
                self.label = TextSanitizer.clean(label)
                self.detail = detail.map { TextSanitizer.clean($0) }
            }
        }

        /// The answer's name, such as "telemetry": what `--answers` and `tour answers` key it by.
        public var key: String
        /// Two to six options, in the order shown.
        public var options: [Option]
        /// The value preselected; nil: nothing is, and the way forward stays closed until
        /// the person chooses.
        public var defaultValue: String?

        public init(key: String, options: [Option], default defaultValue: String? = nil) {
            self.key = TextSanitizer.clean(key)
            self.options = options
            self.defaultValue = defaultValue.map { TextSanitizer.clean($0) }
        }

        /// The option preselected, by its place.
        package var defaultIndex: Int? { options.firstIndex { $0.value == defaultValue } }

        /// At least and at most this many options.
        package static let optionCounts = 2...6
        /// A value is at most this long.
        package static let maximumValueBytes = 64

        /// What is wrong with a question built in Swift, as `tour check` says it of a file's.
        package func problem(keysSoFar: Set<String>) -> String? {
            let plain = "a short plain word (a-z, 0-9, _ . -, at most \(Self.maximumValueBytes) bytes)"
            guard Self.isPlainValue(key) else { return "the key of a question is \(plain), not \(Quoted(key))" }
            guard !keysSoFar.contains(key) else { return "another question has the key \(Quoted(key)); each answer needs its own" }
            guard Self.optionCounts.contains(options.count) else { return "a question has 2 to 6 options, not \(options.count)" }
            var values: Set<String> = []
            for option in options {
                guard Self.isPlainValue(option.value) else { return "a value is \(plain), not \(Quoted(option.value))" }
                guard values.insert(option.value).inserted else { return "two options have the one value \(Quoted(option.value))" }
            }
            if let defaultValue, !values.contains(defaultValue) { return "the default \(Quoted(defaultValue)) is not one of the values" }
            return nil
        }

        /// Whether `value` is a short plain word a tool can read anywhere: a shell, JSON, a file name.
        package static func isPlainValue(_ value: String) -> Bool {
            !value.isEmpty && value.utf8.count <= maximumValueBytes
                && value.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2E || $0 == 0x2D }
        }
    }
}
