import Foundation

/// Decodes a hex string written in a test vector (`"0b0b…"`); traps on malformed input, which is a bug in the test.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    precondition(digits.count.isMultiple(of: 2), "odd-length hex in a test vector")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)!
    }
}
