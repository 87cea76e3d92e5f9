/// Finds the end of a run of printable ASCII eight bytes at a time. Almost every byte of a
/// tour (titles, art, JSON) is printable ASCII, and the checks that walk them (sanitizing,
/// width, the JSON string scanner) only need to look closer at the other bytes.
enum PrintableASCII {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// True when no byte of `word` is printable ASCII's exception: a control byte (< 0x20),
    /// DEL, a byte ≥ 0x80, or one of `also` (each must be printable ASCII itself).
    /// Each test is exact as a yes/no for the whole word (the classic "has zero byte" and
    /// "has byte less than n" bit tricks), so a word is never let through wrongly.
    @inline(__always)
    private static func isPlain(_ word: UInt64, also excluded: (UInt8, UInt8)?) -> Bool {
        var flags = word & highBits
        flags |= (word &- ones &* 0x20) & ~word & highBits  // a byte < 0x20
        let del = word ^ (ones &* 0x7F)
        flags |= (del &- ones) & ~del & highBits  // a byte == 0x7F
        if let (first, second) = excluded {
            let a = word ^ (ones &* UInt64(first)), b = word ^ (ones &* UInt64(second))
            flags |= (a &- ones) & ~a & highBits
            flags |= (b &- ones) & ~b & highBits
        }
        return flags == 0
    }

    /// The index of the first byte from `start` that is not printable ASCII (or is one of
    /// `excluding`), or `bytes.count`.
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, excluding: (UInt8, UInt8)? = nil) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count, isPlain(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self), also: excluding) {
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x7F { break }
            if let (first, second) = excluding, byte == first || byte == second { break }
            index += 1
        }
        return index
    }
}
