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
}
