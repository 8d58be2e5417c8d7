import Testing

@testable import MatterModel

/// Device files must be UTF-8 (RFC 8259 §8.1): every malformed form is refused at its line, column and byte
/// offset, never replaced with U+FFFD.
struct JSONReaderUTF8Tests {
    /// `{"a":` newline, ` "x<bad>"}`: the bad bytes start at byte 9, line 2, column 4.
    static func document(_ bad: [UInt8]) -> [UInt8] {
        Array("{\"a\":\n \"x".utf8) + bad + Array("\"}".utf8)
    }

    @Test(arguments: [
        ([0xC0, 0xAF] as [UInt8], "an overlong encoding"),
        ([0xE0, 0x80, 0xAF], "an overlong encoding"),
        ([0xF0, 0x80, 0x80, 0xAF], "an overlong encoding"),
        ([0xED, 0xA0, 0x80], "a UTF-16 surrogate encoded in UTF-8"),
        ([0xF4, 0x90, 0x80, 0x80], "a code point above U+10FFFF"),
        ([0xE2, 0x82], "a truncated sequence"),
        ([0x80], "a continuation byte without a lead byte"),
        ([0xF5, 0x80, 0x80, 0x80], "a byte that never occurs in UTF-8"),
        ([0xFF], "a byte that never occurs in UTF-8"),
    ])
    func invalidUTF8IsRefusedWhereItStarts(_ bad: [UInt8], _ problem: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Self.document(bad)) }
        let lead = String(bad[0], radix: 16, uppercase: true)
        #expect(error?.message == "invalid UTF-8 (byte 0x\(lead): \(problem)) at byte offset 9")
        #expect(error?.line == 2)
        #expect(error?.column == 4)
    }

    @Test func theOffsetCountsBytesAfterValidMultiByteTextAndEscapes() {
        let bytes = Array(#"{"é\n😀": ""#.utf8) + [0xC3] + Array(#""}"#.utf8)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(bytes) }
        #expect(error?.message.hasSuffix("at byte offset 14") == true, "\(error?.message ?? "none")")
        #expect(error?.column == 11)
    }

    @Test func aBadMemberNameIsRefusedToo() {
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONReader.parse(Array(#"{"k"#.utf8) + [0xED, 0xBF, 0xBF] + Array(#"": 1}"#.utf8))
        }
        #expect(error?.message.contains("surrogate") == true)
        #expect(error?.column == 4)
    }

    @Test(arguments: [[0xC3, 0xA9] as [UInt8], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xED, 0x9F, 0xBF]])
    func validUTF8IsKept(_ bytes: [UInt8]) throws {
        let expected = try #require(String(validating: bytes, as: UTF8.self))
        guard case .object(let object) = try JSONReader.parse(Self.document(bytes)) else {
            Issue.record("not an object")
            return
        }
        #expect(object["a"] == .string("x" + expected))
    }
}
