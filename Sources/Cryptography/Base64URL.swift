/// Base64url encoding (RFC 4648 §5): the URL- and file-name-safe alphabet `A–Z a–z 0–9 - _`.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Maps an ASCII byte to its 6-bit value, or to `invalid` for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    private static let invalid: UInt8 = 0xff
    private static let pad = UInt8(ascii: "=")

    /// Returns `bytes` in base64url without `=` padding, as JWTs and tokens use it (`[0xfb, 0xff]` → `"-_8"`).
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 0x3f)])
            output.append(alphabet[Int(chunk >> 12 & 0x3f)])
            output.append(alphabet[Int(chunk >> 6 & 0x3f)])
            output.append(alphabet[Int(chunk & 0x3f)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let chunk = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 0x3f)])
            output.append(alphabet[Int(chunk >> 12 & 0x3f)])
        case 2:
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 0x3f)])
            output.append(alphabet[Int(chunk >> 12 & 0x3f)])
            output.append(alphabet[Int(chunk >> 6 & 0x3f)])
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes base64url with or without `=` padding; returns `nil` for anything that is not valid base64url.
    ///
    /// Rejected: characters outside the base64url alphabet (including the standard alphabet's `+` and `/`, and
    /// whitespace), a length that no byte string encodes to (`4n + 1` characters), padding that does not bring the
    /// length to a multiple of 4 or that appears anywhere but at the end, and non-canonical encodings whose unused
    /// trailing bits are not zero (`"Zh"` rather than `"Zg"`). The last rule makes the encoding of a byte string
    /// unique, so two different strings never decode to the same bytes.
    public static func decode(_ string: String) -> [UInt8]? {
        var characters = Array(string.utf8)
        var paddingCount = 0
        while characters.last == pad {
            characters.removeLast()
            paddingCount += 1
        }
        if paddingCount > 0 {
            guard paddingCount <= 2, (characters.count + paddingCount) % 4 == 0 else {
                return nil
            }
        }
        let remainder = characters.count % 4
        guard remainder != 1 else {
            return nil
        }
        var sextets: [UInt8] = []
        sextets.reserveCapacity(characters.count)
        for character in characters {
            let value = values[Int(character)]
            guard value != invalid else {
                return nil
            }
            sextets.append(value)
        }

        var output: [UInt8] = []
        output.reserveCapacity(sextets.count / 4 * 3 + 2)
        var index = 0
        while index + 4 <= sextets.count {
            let chunk =
                UInt32(sextets[index]) << 18 | UInt32(sextets[index + 1]) << 12 | UInt32(sextets[index + 2]) << 6
                | UInt32(sextets[index + 3])
            output.append(UInt8(truncatingIfNeeded: chunk >> 16))
            output.append(UInt8(truncatingIfNeeded: chunk >> 8))
            output.append(UInt8(truncatingIfNeeded: chunk))
            index += 4
        }
        switch remainder {
        case 2:
            guard sextets[index + 1] & 0x0f == 0 else {
                return nil
            }
            let chunk = UInt32(sextets[index]) << 18 | UInt32(sextets[index + 1]) << 12
            output.append(UInt8(truncatingIfNeeded: chunk >> 16))
        case 3:
            guard sextets[index + 2] & 0x03 == 0 else {
                return nil
            }
            let chunk =
                UInt32(sextets[index]) << 18 | UInt32(sextets[index + 1]) << 12 | UInt32(sextets[index + 2]) << 6
            output.append(UInt8(truncatingIfNeeded: chunk >> 16))
            output.append(UInt8(truncatingIfNeeded: chunk >> 8))
        default:
            break
        }
        return output
    }
}
