import Testing

@testable import MatterModel

struct JSONReaderTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONReader.parse(Array(text.utf8))
    }

    @Test func booleansIntegersAndOtherNumbersStayApart() throws {
        #expect(
            try parse("[true, 1, 1.0, 0, -0, 1e2, -7, 99999999999999999999]")
                == .array([
                    .bool(true), .integer(1), .number("1.0"), .integer(0), .integer(0), .number("1e2"), .integer(-7),
                    .number("99999999999999999999"),
                ])
        )
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\udca1""#) == .string("a\"b\\c/d\n\té💡"))
        #expect(try parse("\"Küche\"") == .string("Küche"))
    }

    @Test func objectsKeepFileOrder() throws {
        guard case .object(let object) = try parse(#"{"b": 1, "a": 2}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.map(\.key) == ["b", "a"])
        #expect(object["a"] == .integer(2))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("null".utf8)) == .null)
    }

    @Test(arguments: [
        ("", "expected a value"),
        ("[1,]", "expected a value"),
        ("{\"a\": 1,}", "expected a key"),
        ("{\"a\" 1}", "expected ':'"),
        ("[1 2]", "expected ',' or ']'"),
        ("01", "leading zeros"),
        ("1.", "digit after '.'"),
        ("-", "expected a digit"),
        ("tru", "expected a value"),
        ("\"abc", "unterminated string"),
        ("\"a\nb\"", "control character"),
        ("\"\\x\"", "invalid escape"),
        ("\"\\ud83d\"", "lone high surrogate"),
        ("\"\\udca1\"", "lone low surrogate"),
        ("\"\\u12\"", "four hexadecimal digits"),
        ("{} {}", "after the document"),
        ("// comment\n{}", "expected a value"),
        ("{\"a\": 1, \"a\": 2}", "duplicate key \"a\""),
        (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nesting deeper than 64"),
    ])
    func malformedInputIsRefused(_ text: String, _ message: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try parse(text) }
        #expect(error?.message.contains(message) == true, "message: \(error?.message ?? "none")")
    }

    @Test func invalidUTF8IsRefused() {
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONReader.parse([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
        }
        #expect(error?.message == "invalid UTF-8 (byte 0xFF: a byte that never occurs in UTF-8) at byte offset 1")
        #expect(throws: DeviceFileError.self) {
            try DeviceFile.parse([UInt8(ascii: "\""), 0xC3, UInt8(ascii: "\"")])
        }
    }

    @Test func errorsGiveLineAndColumnInCharacters() {
        let error = #expect(throws: JSONSyntaxError.self) { try parse("{\n  \"é\": x}") }
        #expect(error?.line == 2)
        #expect(error?.column == 8)
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try parse(text) }
    }

    @Test func writerEscapesAndReadsBack() throws {
        let value = JSONValue.object(
            JSONObject([
                .init(key: "z", value: .string("a\"b\\c\n\u{1}é💡")),
                .init(key: "a", value: .array([.integer(-1), .null, .bool(false), .number("1.5")])),
                .init(key: "m", value: .array([.object(JSONObject()), .array([])])),
            ])
        )
        let bytes = JSONWriter.write(value)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""a\"b\\c\n\u0001é💡""#))
        #expect(text.hasPrefix("{\n  \"a\": [-1, null, false, 1.5],\n  \"m\": [\n    {},\n    []\n  ],\n  \"z\""))
        guard case .object(let read) = try JSONReader.parse(bytes), case .object(let original) = value else {
            Issue.record("not an object")
            return
        }
        #expect(Set(read.members) == Set(original.members))
    }
}
