/// "Did you mean": the allowed key closest to a typo, when it is close enough.
enum KeySuggestion {
    /// Keys longer than this get no suggestion: no key is that long, and the distance
    /// table would cost time and memory in the square of the length.
    static let maximumKeyLength = 40

    static func closest(to key: String, among candidates: [String]) -> String? {
        guard key.utf8.count <= maximumKeyLength else { return nil }
        let lowered = Array(key.lowercased())
        var best: (String, Int)? = nil
        for candidate in candidates {
            // The distance is at least the difference in length: most candidates need no table.
            guard abs(lowered.count - candidate.count) <= max(1, candidate.count / 3) else { continue }
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of neighbours ("titel" is one step from "title").
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
