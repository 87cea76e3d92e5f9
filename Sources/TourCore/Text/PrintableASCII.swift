/// Finds the end of a run of printable ASCII eight bytes at a time. Almost every byte of a
/// tour (titles, art, JSON) is printable ASCII, and the checks that walk them (sanitizing,
/// width, the JSON string scanner) only need to look closer at the other bytes.
enum PrintableASCII {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The bytes of `word` that are printable ASCII's exceptions, each marked by its high
    /// bit: a control byte (< 0x20), DEL, a byte ≥ 0x80, or one of `also` (each must be
    /// printable ASCII itself). These are the classic "has zero byte" and "has byte less
    /// than n" bit tricks: a borrow can mark a byte above a true exception, never below
    /// one, so the lowest mark is always a true exception, and none means none.
    @inline(__always)
    private static func exceptions(in word: UInt64, also excluded: (UInt8, UInt8)?) -> UInt64 {
        var flags = word & highBits
        flags |= (word &- ones &* 0x20) & ~word & highBits  // a byte < 0x20
        let del = word ^ (ones &* 0x7F)
        flags |= (del &- ones) & ~del & highBits  // a byte == 0x7F
        if let (first, second) = excluded {
            let a = word ^ (ones &* UInt64(first)), b = word ^ (ones &* UInt64(second))
            flags |= (a &- ones) & ~a & highBits
            flags |= (b &- ones) & ~b & highBits
        }
        return flags
    }

    /// The index of the first byte from `start` that is not printable ASCII (or is one of
    /// `excluding`), or `bytes.count`.
    static func end(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, excluding: (UInt8, UInt8)? = nil) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                // Little-endian: the first byte in memory is the lowest in the word.
                let flags = exceptions(in: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)), also: excluding)
                if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
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
