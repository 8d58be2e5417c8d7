/// Base64 with the standard alphabet and padding (RFC 4648 §4): how the canonical JSON form writes a Matter octet
/// string, as the Matter specification's JSON encoding of TLV does (Matter Core Specification, Appendix "JSON
/// encoding": "Octet String … Base64 encoded").
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The padded encoding of `bytes`.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let first = bytes[index]
            let second = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            output.append(alphabet[Int(first >> 2)])
            output.append(alphabet[Int((first & 0x03) << 4 | second >> 4)])
            output.append(
                index + 1 < bytes.count ? alphabet[Int((second & 0x0F) << 2 | third >> 6)] : UInt8(ascii: "=")
            )
            output.append(index + 2 < bytes.count ? alphabet[Int(third & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of a padded encoding, or `nil` when `text` is not one (wrong length, a character outside the
    /// alphabet, misplaced padding, or nonzero bits after the last byte).
    static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let padding =
                isLast
                ? (input[index + 3] == UInt8(ascii: "=") ? (input[index + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var quad: [UInt8] = []
            for offset in 0..<(4 - padding) {
                let value = values[Int(input[index + offset])]
                guard value != 0xFF else { return nil }
                quad.append(value)
            }
            output.append(quad[0] << 2 | quad[1] >> 4)
            if padding < 2 {
                output.append((quad[1] & 0x0F) << 4 | quad[2] >> 2)
            } else if quad[1] & 0x0F != 0 {
                return nil
            }
            if padding < 1 {
                output.append((quad[2] & 0x03) << 6 | quad[3])
            } else if padding == 1, quad[2] & 0x03 != 0 {
                return nil
            }
            index += 4
        }
        return output
    }
}
