import Testing

@testable import JSON

/// The reader, over every combination of its options where a case holds for all of them, and per option where
/// the options differ.
struct JSONParserTests {
    @Test(arguments: JSONParser.Options.all)
    func parsesEveryKindOfValue(_ options: JSONParser.Options) throws {
        let json = try JSONParser.parse(
            #" { "a": 1, "b": -2.5, "c": "x\ny\u00e9\ud83d\ude00", "d": [true, false, null], "e": {}, "f": 1e3 } "#,
            options: options
        )
        #expect(json["a"] == .int(1))
        #expect(json["b"] == .double(-2.5))
        #expect(json["c"] == .string("x\nyé😀"))
        #expect(json["d"] == .array([.bool(true), .bool(false), .null]))
        #expect(json["e"] == .object(JSONObject()))
        #expect(json["f"]?.intValue == 1000)
        #expect(json["f"] == .double(1000))
    }

    @Test(arguments: JSONParser.Options.all)
    func stringsDecodeEscapesAndSurrogatePairs(_ options: JSONParser.Options) throws {
        #expect(try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\udca1""#, options: options) == "a\"b\\c/d\n\té💡")
        #expect(try JSONParser.parse(#""\b\f\r""#, options: options) == "\u{8}\u{C}\r")
        #expect(try JSONParser.parse("\"Küche\"", options: options) == "Küche")
    }

    @Test(arguments: JSONParser.Options.all)
    func objectsKeepTheirOrder(_ options: JSONParser.Options) throws {
        let object = try #require(try JSONParser.parse(#"{"b": 1, "a": 2}"#, options: options).objectValue)
        #expect(object.keys == ["b", "a"])
        #expect(object["a"] == .int(2))
    }

    @Test func doubleNumbersKeepIntegersApart() throws {
        #expect(try JSONParser.parse("42") == .int(42))
        if case .int = try JSONParser.parse("42") {} else { Issue.record("42 should parse as an integer") }
        if case .double = try JSONParser.parse("42.0") {} else { Issue.record("42.0 should parse as a double") }
        // Past Int's range the value is kept as a double rather than failing.
        #expect(try JSONParser.parse("123456789012345678901234567890").doubleValue == 1.2345678901234568e29)
        #expect(try JSONParser.parse("-9223372036854775808") == .int(.min))
        #expect(try JSONParser.parse("9223372036854775807") == .int(.max))
        if case .double = try JSONParser.parse("9223372036854775808") {} else { Issue.record("past Int.max") }
    }

    @Test func losslessNumbersKeepTheirText() throws {
        let options = JSONParser.Options(numbers: .lossless)
        #expect(
            try JSONParser.parse("[true, 1, 1.0, 0, -0, 1e2, -7, 99999999999999999999, 1.50, 1e400]", options: options)
                .arrayValue?.map(\.brief)
                == [
                    "bool true", "int 1", "number 1.0", "int 0", "int 0", "number 1e2", "int -7",
                    "number 99999999999999999999", "number 1.50", "number 1e400",
                ]
        )
        #expect(try JSONParser.parse("-9223372036854775808", options: options) == .int(.min))
        // Written back as read.
        let text = "[1.50,99999999999999999999,1e2]"
        #expect(JSONWriter.bytes(try JSONParser.parse(text, options: options)) == Array(text.utf8))
    }

    @Test func aNumberBeyondDoubleIsRefusedUnlessKeptAsText() throws {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse("[1e400]") }
        #expect(error?.code == .numberOutOfRange)
        #expect(error?.offset == 1)
        #expect(try JSONParser.parse("[1e400]", options: JSONParser.Options(numbers: .lossless)) == [.number("1e400")])
    }

    @Test(arguments: JSONParser.Options.all)
    func duplicateKeys(_ options: JSONParser.Options) throws {
        let text = #"{"a": 1, "b": 2, "a": 3}"#
        switch options.duplicateKeys {
        case .lastWins:
            let object = try #require(try JSONParser.parse(text, options: options).objectValue)
            #expect(object.keys == ["a", "b"])
            #expect(object["a"] == 3)
        case .refuse:
            let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(text, options: options) }
            #expect(error?.code == .duplicateKey)
            #expect(error?.reason == #"duplicate key "a""#)
            #expect(error?.offset == 17, "at the second key")
        }
    }

    @Test(arguments: JSONParser.Options.all)
    func byteOrderMark(_ options: JSONParser.Options) throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a":null}"#.utf8)
        switch options.byteOrderMark {
        case .skip:
            #expect(try JSONParser.parse(bytes, options: options) == ["a": .null])
        case .refuse:
            let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(bytes, options: options) }
            #expect(error?.code == .byteOrderMark)
            #expect(error?.offset == 0)
        }
        // Only at the start.
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x20] + bytes, options: options) }
    }

    /// Every malformed text, refused by every combination of options, with the same message.
    @Test(arguments: JSONParser.Options.all)
    func rejectsMalformedText(_ options: JSONParser.Options) {
        let cases: [(String, String)] = [
            ("", "unexpected end of input, expected a value"),
            (" ", "expected a value"),
            ("{", "unexpected end of input, expected a key"),
            ("}", "unexpected '}', expected a value"),
            ("[1,]", "unexpected ']', expected a value"),
            ("{\"a\":}", "expected a value"),
            ("{\"a\" 1}", "expected ':' after key \"a\""),
            ("{a:1}", "unexpected 'a', expected a key"),
            ("{\"a\": 1,}", "expected a key"),
            ("tru", "unexpected 't', expected a value"),
            ("nul", "expected a value"),
            ("01", "leading zeros are not allowed"),
            ("1.", "expected a digit after '.'"),
            ("-", "expected a digit"),
            ("1e", "expected a digit in the exponent"),
            ("+1", "unexpected '+', expected a value"),
            ("\"abc", "unterminated string"),
            ("\"a\nb\"", "control character U+000A in a string must be escaped"),
            ("\"a\u{01}b\"", "control character U+0001"),
            ("\"\\x\"", "invalid escape \\'x'"),
            ("\"\\u12\"", "expected four hexadecimal digits after \\u"),
            ("\"\\ud800\"", "lone high surrogate \\uD800"),
            ("[1 2]", "unexpected '2', expected ',' or ']'"),
            ("[1", "unexpected end of input, expected ',' or ']'"),
            ("{\"a\":1 \"b\"", "expected ',' or '}'"),
            ("1 2", "unexpected '2' after the document"),
            ("{} {}", "after the document"),
            ("// comment\n{}", "unexpected '/', expected a value"),
            ("NaN", "unexpected 'N', expected a value"),
        ]
        for (text, reason) in cases {
            let error = #expect(throws: JSONParseError.self, "\(text)") { try JSONParser.parse(text, options: options) }
            #expect(error?.reason.contains(reason) == true, "\(text): \(error?.reason ?? "none")")
            #expect(error?.code == .syntax || error?.code == .loneSurrogate, "\(text)")
        }
    }

    @Test(arguments: JSONParser.Options.all)
    func limitsNesting(_ options: JSONParser.Options) throws {
        let limit = JSONParser.maximumDepth
        let fine = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONParser.parse(fine, options: options) }
        let over = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse(over, options: options) }
        #expect(error?.code == .nestingTooDeep)
        #expect(error?.reason == "nesting deeper than 64 levels")
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep, options: options) }
        let deepObjects = String(repeating: "{\"a\":", count: 100) + "1" + String(repeating: "}", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deepObjects, options: options) }
    }

    @Test(arguments: JSONParser.Options.all)
    func reportsWhereTheTextIsWrong(_ options: JSONParser.Options) {
        let error = #expect(throws: JSONParseError.self) {
            try JSONParser.parse("{\"a\": 1, \"b\": x}", options: options)
        }
        #expect(error?.offset == 14)
        #expect(error?.line == 1)
        #expect(error?.column == 15)
        #expect(error?.description == "invalid JSON at byte 14: unexpected 'x', expected a value")
    }

    /// Line and column come from the byte offset; the column counts Unicode scalars, not bytes.
    @Test(arguments: JSONParser.Options.all)
    func errorsGiveLineAndColumnInCharacters(_ options: JSONParser.Options) {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse("{\n  \"é\": x}", options: options) }
        #expect(error?.line == 2)
        #expect(error?.column == 8)
        #expect(error?.offset == 10)
    }

    @Test func anUnterminatedStringIsReportedAtItsQuote() {
        let error = #expect(throws: JSONParseError.self) { try JSONParser.parse("[\"ab\\n") }
        #expect(error?.offset == 1)
    }
}

extension JSONValue {
    /// The case and its payload, so that `.int(1)` and `.double(1)` (equal as numbers) are told apart.
    fileprivate var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "bool \(value)"
        case .int(let value): return "int \(value)"
        case .double(let value): return "double \(value)"
        case .number(let text): return "number \(text)"
        case .string(let value): return "string \(value)"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
