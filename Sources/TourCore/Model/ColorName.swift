/// Colors as tour files write them: an ANSI name (`cyan`, `bright-magenta`), `#RRGGBB` or `#RGB`.
package enum ColorName {
    /// The eight ANSI color names, in palette order.
    package static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    /// Other names taken, and the ANSI color each is (bright or not): the schema's pattern
    /// is made from these two tables, so it takes what `tour check` takes.
    package static let aliases: [String: UInt8] = ["gray": 8, "grey": 8]

    /// The color, or nil when the text is neither a known name nor #RRGGBB or #RGB. Only
    /// hex digits count: `UInt32(_:radix:)` alone took "#+12345" for #012345.
    package static func parse(_ text: String) -> Color? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("#") {
            let digits = lowered.utf8.dropFirst().map { byte -> UInt8? in
                switch byte {
                case 0x30...0x39: byte - 0x30
                case 0x61...0x66: byte - 0x61 + 10
                default: nil
                }
            }
            guard digits.allSatisfy({ $0 != nil }) else { return nil }
            let values = digits.map { $0! }
            switch values.count {
            case 6: return .rgb(values[0] << 4 | values[1], values[2] << 4 | values[3], values[4] << 4 | values[5])
            case 3: return .rgb(values[0] * 17, values[1] * 17, values[2] * 17)
            default: return nil
            }
        }
        var name = Substring(lowered)
        var bright = false
        if name.hasPrefix("bright-") {
            bright = true
            name = name.dropFirst("bright-".count)
        }
        if let alias = aliases[String(name)] { return .ansi(alias) }
        guard let index = names.firstIndex(of: String(name)) else { return nil }
        return .ansi(UInt8(index + (bright ? 8 : 0)))
    }
}
