/// What the store remembers of one tour's question pages for one user: the latest answer
/// of each key, with the tour's version then and when. Answers of a later run are laid
/// over earlier ones key by key, so an update that asks something new keeps the rest.
package struct AnswerRecord: Equatable, Sendable {
    /// The layout of the file; a larger number was written by a newer `tour`.
    package static let currentFormat = 1

    package struct Answer: Equatable, Sendable {
        package var value: String
        /// The tour's version when it was answered.
        package var version: String?
        /// When, in UTC.
        package var answeredAt: String

        package init(value: String, version: String?, answeredAt: String) {
            self.value = value
            self.version = version
            self.answeredAt = answeredAt
        }
    }

    package var format = AnswerRecord.currentFormat
    package var answers: [String: Answer] = [:]

    package init() {}

    /// This record with a run's answers laid over it.
    package func merging(_ values: [String: String], version: String?, at timestamp: String) -> AnswerRecord {
        var merged = self
        for (key, value) in values { merged.answers[key] = Answer(value: value, version: version, answeredAt: timestamp) }
        return merged
    }

    /// Each key's value: what `tour answers` prints.
    package var values: [String: String] { answers.mapValues(\.value) }

    /// The file's text: small, stable JSON, keys in order.
    package var json: String {
        let rows = answers.keys.sorted().map { key -> String in
            let answer = answers[key]!
            var fields = ["\"value\": \(JSONText.quote(answer.value))"]
            if let version = answer.version { fields.append("\"version\": \(JSONText.quote(version))") }
            fields.append("\"answeredAt\": \(JSONText.quote(answer.answeredAt))")
            return "    \(JSONText.quote(key)): {" + fields.joined(separator: ", ") + "}"
        }
        let body = rows.isEmpty ? "{}" : "{\n" + rows.joined(separator: ",\n") + "\n  }"
        return "{\n  \"format\": \(format),\n  \"answers\": \(body)\n}\n"
    }

    /// Reads a record; nil when the bytes are not one.
    package static func parse(_ bytes: [UInt8]) -> AnswerRecord? {
        guard let file = StateFileObject(bytes), let entries = file.object("answers") else { return nil }
        var record = AnswerRecord()
        record.format = file.format
        for entry in entries {
            guard case .object(let fields) = entry.node.value,
                  let value = fields.first(where: { $0.key == "value" })?.node.stringValue, Tour.Choice.isPlainValue(value) else { continue }
            record.answers[entry.key] = Answer(value: value, version: fields.first { $0.key == "version" }?.node.stringValue,
                                               answeredAt: fields.first { $0.key == "answeredAt" }?.node.stringValue ?? "")
        }
        return record
    }

    /// Answers as one JSON object, keys in order: `{"editor": "vim", "telemetry": "no"}`,
    /// or `{}`. What `tour answers` prints and `--answers` writes.
    package static func object(_ values: [String: String]) -> String {
        guard !values.isEmpty else { return "{}\n" }
        return "{" + values.keys.sorted().map { "\(JSONText.quote($0)): \(JSONText.quote(values[$0]!))" }.joined(separator: ", ") + "}\n"
    }
}
