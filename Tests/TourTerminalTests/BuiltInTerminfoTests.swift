import Testing
@testable import TourTerminal

/// The terminfo entries built into the binary (scripts/generate-terminfo.py) are real
/// compiled entries for the names they are filed under, which ncurses reads from
/// TERMINFO="b64:…" where the system's database lacks them.
@Suite struct BuiltInTerminfoTests {
    /// The terminals the packaging promise names: a machine with no terminfo still plays in them.
    let promised = ["xterm-256color", "tmux-256color", "screen-256color", "xterm-kitty", "alacritty", "foot",
                    "wezterm", "linux", "vt100", "dumb"]

    @Test func everyPromisedTerminalIsBuiltIn() {
        for name in promised {
            #expect(BuiltInTerminfo.base64Entry(named: name) != nil, "\(name)")
        }
        #expect(BuiltInTerminfo.base64Entry(named: "no-such-terminal") == nil)
    }

    @Test func eachEntryIsACompiledEntryNamingItsTerminal() throws {
        for name in BuiltInTerminfo.names {
            let bytes = try #require(Self.decodeBase64(BuiltInTerminfo.base64Entry(named: name)?.description ?? ""), "\(name)")
            // tic's magic: 0432 (16-bit numbers) or 01036 (32-bit), little-endian.
            let magic = Int(bytes[0]) | Int(bytes[1]) << 8
            #expect(magic == 0o432 || magic == 0o1036, "\(name): magic \(magic)")
            // The names section follows the 12-byte header: "name|alias|…|description\0".
            let namesSize = Int(bytes[2]) | Int(bytes[3]) << 8
            let names = String(decoding: bytes[12..<(12 + namesSize - 1)], as: UTF8.self).split(separator: "|").map(String.init)
            #expect(names.dropLast().contains(name), "\(name): \(names)")
        }
    }

    static func decodeBase64(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var values = [UInt8: UInt32]()
        for (index, character) in alphabet.enumerated() { values[character] = UInt32(index) }
        var bytes: [UInt8] = [], buffer: UInt32 = 0, bits = 0
        for character in text.utf8 where character != UInt8(ascii: "=") {
            guard let value = values[character] else { return nil }
            buffer = buffer << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bytes.isEmpty ? nil : bytes
    }
}
