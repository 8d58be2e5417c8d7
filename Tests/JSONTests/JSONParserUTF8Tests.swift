import JSON
import Testing

@testable import JSON

/// RFC 8259 §8.1: JSON text exchanged between systems MUST be UTF-8. Every malformed form is refused at the offset
/// of its first byte (and its line and column), never replaced with U+FFFD, whatever the options.
struct JSONParserUTF8Tests {
    /// Bytes that are not UTF-8, where the first bad sequence starts, and a word its error names.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var offset: Int
        var reason: String

        var testDescription: String { name }
    }

    static let quote = UInt8(ascii: "\"")

    /// `{"k":"a<bad>b"}`: the bad bytes start at offset 7.
    static func inValue(_ bad: [UInt8]) -> [UInt8] {
        Array(#"{"k":"a"#.utf8) + bad + Array(#"b"}"#.utf8)
    }

    static let malformed: [Malformed] = [
        Malformed(name: "overlong 2-byte '/'", bytes: inValue([0xC0, 0xAF]), offset: 7, reason: "overlong"),
        Malformed(name: "overlong 2-byte NUL", bytes: inValue([0xC1, 0x80]), offset: 7, reason: "overlong"),
        Malformed(name: "overlong 3-byte", bytes: inValue([0xE0, 0x80, 0xAF]), offset: 7, reason: "overlong"),
        Malformed(name: "overlong 4-byte", bytes: inValue([0xF0, 0x80, 0x80, 0xAF]), offset: 7, reason: "overlong"),
        Malformed(name: "surrogate D800 in UTF-8", bytes: inValue([0xED, 0xA0, 0x80]), offset: 7, reason: "surrogate"),
        Malformed(name: "surrogate DFFF in UTF-8", bytes: inValue([0xED, 0xBF, 0xBF]), offset: 7, reason: "surrogate"),
        Malformed(name: "above U+10FFFF", bytes: inValue([0xF4, 0x90, 0x80, 0x80]), offset: 7, reason: "10FFFF"),
        Malformed(name: "truncated 2-byte", bytes: inValue([0xC3]), offset: 7, reason: "truncated"),
        Malformed(name: "truncated 3-byte", bytes: inValue([0xE2, 0x82]), offset: 7, reason: "truncated"),
        Malformed(name: "truncated 4-byte", bytes: inValue([0xF0, 0x9F, 0x98]), offset: 7, reason: "truncated"),
        Malformed(name: "lead byte then ASCII", bytes: inValue([0xE2, 0x41, 0x41]), offset: 7, reason: "truncated"),
        Malformed(name: "stray continuation", bytes: inValue([0x80]), offset: 7, reason: "continuation"),
        Malformed(name: "byte F5", bytes: inValue([0xF5, 0x80, 0x80, 0x80]), offset: 7, reason: "never occurs"),
        Malformed(name: "byte FE", bytes: inValue([0xFE]), offset: 7, reason: "never occurs"),
        Malformed(name: "byte FF", bytes: inValue([0xFF]), offset: 7, reason: "never occurs"),
        Malformed(
            name: "after valid multi-byte text",
            bytes: inValue(Array("é😀".utf8) + [0xC0, 0x80]),
            offset: 13,
            reason: "overlong"
        ),
        Malformed(
            name: "in a member name",
            bytes: Array(#"{"k"#.utf8) + [0xFF] + Array(#"":1}"#.utf8),
            offset: 3,
            reason: "never occurs"
        ),
        Malformed(
            name: "after an escape",
            bytes: Array(#"["\n\u00e9x"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8),
            offset: 11,
            reason: "surrogate"
        ),
        Malformed(
            name: "after valid multi-byte text and escapes in a key",
            bytes: Array(#"{"é\n😀": ""#.utf8) + [0xC3] + Array(#""}"#.utf8),
            offset: 14,
            reason: "truncated"
        ),
        Malformed(name: "outside a string", bytes: [0xC3, 0xA9], offset: 0, reason: "unexpected byte 0xC3"),
    ]

    static let everyOptions = JSONParser.Options.all

    @Test(arguments: malformed, everyOptions)
    func invalidUTF8IsRefusedAtItsFirstByte(_ case: Malformed, _ options: JSONParser.Options) {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(`case`.bytes, options: options) }
        #expect(error?.offset == `case`.offset, "\(error.map(String.init(describing:)) ?? "no error")")
        #expect(error?.reason.contains(`case`.reason) == true, "\(error.map(String.init(describing:)) ?? "no error")")
    }

    @Test func theErrorNamesTheByteAndItsOffset() {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(Self.inValue([0xC0, 0xAF])) }
        #expect(error?.description == "invalid JSON at byte 7: invalid UTF-8 (byte 0xC0: an overlong encoding)")
        #expect(error?.code == .invalidUTF8)
    }

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
    func theErrorNamesTheProblemWithItsLineAndColumn(_ bad: [UInt8], _ problem: String) {
        let error = #expect(throws: JSONParseError.self) {
            try JSONParser.parse(Self.document(bad), options: .deviceFile)
        }
        let lead = String(bad[0], radix: 16, uppercase: true)
        #expect(error?.reason == "invalid UTF-8 (byte 0x\(lead): \(problem))")
        #expect(error?.offset == 9)
        #expect(error?.line == 2)
        #expect(error?.column == 4)
    }

    @Test func theColumnCountsScalarsBeforeTheBadByte() {
        let bytes = Array(#"{"é\n😀": ""#.utf8) + [0xC3] + Array(#""}"#.utf8)
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes) }
        #expect(error?.offset == 14)
        #expect(error?.column == 11)
    }

    @Test(arguments: [
        ("2-byte", [0xC3, 0xA9] as [UInt8]), ("3-byte", [0xE2, 0x82, 0xAC]), ("U+FFFF", [0xEF, 0xBF, 0xBF]),
        ("U+E000 after the surrogates", [0xEE, 0x80, 0x80]), ("U+D7FF before them", [0xED, 0x9F, 0xBF]),
        ("4-byte", [0xF0, 0x9F, 0x98, 0x80]), ("U+10FFFF", [0xF4, 0x8F, 0xBF, 0xBF]), ("U+0080", [0xC2, 0x80]),
    ])
    func validUTF8IsKept(_ name: String, _ bytes: [UInt8]) throws {
        let expected = try #require(String(validating: bytes, as: UTF8.self))
        #expect(try JSONParser.parse(Self.inValue(bytes))["k"] == .string("a" + expected + "b"))
        // Through the escape path too.
        let escaped = Array(#"["\t"#.utf8) + bytes + [Self.quote, UInt8(ascii: "]")]
        #expect(try JSONParser.parse(escaped) == .array([.string("\t" + expected)]))
    }

    /// Escaped lone surrogates are refused (no UTF-8 string can hold one); a pair is one scalar.
    @Test(arguments: [
        (#""\uD800""#, "lone high surrogate \\uD800"), (#""\uDFFF""#, "lone low surrogate \\uDFFF"),
        (#""\uD800x""#, "lone high surrogate \\uD800"), (#""\uD800\u0041""#, "invalid low surrogate \\u0041"),
        (#""\uDC00\uD800""#, "lone low surrogate \\uDC00"), (#""\ud83d""#, "lone high surrogate \\uD83D"),
        (#""\udca1""#, "lone low surrogate \\uDCA1"),
    ])
    func escapedLoneSurrogatesAreRefused(_ text: String, _ reason: String) {
        for options in JSONParser.Options.all {
            let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(text, options: options) }
            #expect(error?.code == .loneSurrogate)
            #expect(error?.reason == reason)
        }
    }

    @Test func anEscapedPairIsOneScalar() throws {
        #expect(try JSONParser.parse(#""\uD83D\uDE00""#) == .string("😀"))
    }

    /// Random byte strings: the parser takes exactly what the standard library's validation takes, keeps the bytes,
    /// and puts a refusal at the end of the longest valid prefix.
    @Test func agreesWithTheStandardLibraryOnRandomBytes() throws {
        var generator = SystemRandomNumberGenerator()
        // Bytes around every UTF-8 boundary, and ASCII; no quote, backslash or control character.
        let alphabet: [UInt8] =
            [
                0x41, 0x7E, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
                0xEF,
            ]
            + [0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFE, 0xFF]
        for _ in 0..<5_000 {
            let content = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            let text = [Self.quote] + content + [Self.quote]
            if let expected = String(validating: content, as: UTF8.self) {
                #expect(try JSONParser.parse(text) == .string(expected), "\(content)")
            } else {
                let validPrefix = (0...content.count).last { String(validating: content[..<$0], as: UTF8.self) != nil }!
                let error = #expect(throws: JSONParseError.self, "\(content)") { try JSONParser.parse(text) }
                #expect(error?.offset == 1 + validPrefix, "\(content)")
                #expect(error?.reason.hasPrefix("invalid UTF-8") == true, "\(content)")
            }
        }
    }
}
