/// Colors as tour files write them: an ANSI name (`cyan`, `bright-magenta`) or `#RRGGBB`.
package enum ColorName {
    /// The eight ANSI color names, in palette order.
    package static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// The color, or nil when the text is neither a known name nor #RRGGBB.
    package static func parse(_ text: String) -> Color? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("#") {
            let hex = lowered.dropFirst()
            guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
            return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
        }
        var name = Substring(lowered)
        var bright = false
        if name.hasPrefix("bright-") {
            bright = true
            name = name.dropFirst("bright-".count)
        }
        if name == "gray" || name == "grey" { return .ansi(8) }
        guard let index = names.firstIndex(of: String(name)) else { return nil }
        return .ansi(UInt8(index + (bright ? 8 : 0)))
    }
}
