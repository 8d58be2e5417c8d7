/// Hexadecimal (base 16) encoding.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Returns `bytes` as lower-case hexadecimal, two characters per byte (`[0x0f, 0xa0]` → `"0fa0"`).
    public static func encode(_ bytes: [UInt8]) -> String {
        var characters: [UInt8] = []
        characters.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            characters.append(digits[Int(byte >> 4)])
            characters.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// The bytes of lower-case hexadecimal as ``encode(_:)`` writes it, or `nil` for anything else (an odd length, a
    /// character outside `0-9a-f`).
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 2 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 2)
        var index = 0
        while index < input.count {
            guard let high = nibble(input[index]), let low = nibble(input[index + 1]) else { return nil }
            output.append(high << 4 | low)
            index += 2
        }
        return output
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
