import Testing

@testable import SmartHomeProtocol

struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let json = try JSONParser.parse(
            #" { "a": 1, "b": -2.5, "c": "x\ny\u00e9\ud83d\ude00", "d": [true, false, null], "e": {}, "f": 1e3 } "#
        )
        #expect(json["a"] == .int(1))
        #expect(json["b"] == .double(-2.5))
        #expect(json["c"] == .string("x\nyé😀"))
        #expect(json["d"] == .array([.bool(true), .bool(false), .null]))
        #expect(json["e"] == .object(JSONObject()))
        #expect(json["f"]?.intValue == 1000)
        #expect(json["f"] == .double(1000))
    }

    @Test func keepsIntegersApartFromDoubles() throws {
        #expect(try JSONParser.parse("42") == .int(42))
        if case .int = try JSONParser.parse("42") {} else { Issue.record("42 should parse as an integer") }
        if case .double = try JSONParser.parse("42.0") {} else { Issue.record("42.0 should parse as a double") }
        // Past Int's range the value is kept as a double rather than failing.
        #expect(try JSONParser.parse("123456789012345678901234567890").doubleValue == 1.2345678901234568e29)
        #expect(try JSONParser.parse("-9223372036854775808") != .null)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":}", "{\"a\" 1}", "{a:1}", "tru", "nul", "01", "1.", "-", "1e", "+1",
        "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "[1 2]", "{\"a\":1,}", "1 2", "\"a\u{01}b\"", "NaN",
    ])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func limitsNesting() throws {
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let deepObjects = String(repeating: "{\"a\":", count: 100) + "1" + String(repeating: "}", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deepObjects) }
    }

    @Test func reportsWhereTheTextIsWrong() {
        do {
            _ = try JSONParser.parse("{\"a\": 1, \"b\": x}")
            Issue.record("should have thrown")
        } catch {
            #expect(error.offset == 14)
        }
    }
}

struct JSONWriterTests {
    @Test func writesCompactTextInMemberOrder() {
        let value: JSON = ["z": 1, "a": [true, nil, 2.5], "s": "q\"\\\n\u{01}é"]
        #expect(
            String(decoding: JSONWriter.bytes(value), as: UTF8.self)
                == #"{"z":1,"a":[true,null,2.5],"s":"q\"\\\n\u0001é"}"#
        )
    }

    @Test func writesIntegralDoublesWithoutFraction() {
        #expect(JSON.double(100).description == "100")
        #expect(JSON.double(0.1).description == "0.1")
        #expect(JSON.double(.infinity).description == "null")
        #expect(JSON.int(-7).description == "-7")
    }

    @Test func roundTripsRandomDocuments() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let value = randomJSON(depth: 0, using: &generator)
            let text = JSONWriter.bytes(value)
            let back = try JSONParser.parse(text)
            #expect(back == value, "round trip of \(value)")
        }
    }

    private func randomJSON(depth: Int, using generator: inout SystemRandomNumberGenerator) -> JSON {
        let pick = depth > 3 ? Int.random(in: 0..<5, using: &generator) : Int.random(in: 0..<7, using: &generator)
        switch pick {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 3: return .double(Double.random(in: -1000...1000, using: &generator))
        case 4:
            let scalars = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 1...127, using: &generator)))
            }
            return .string(String(scalars) + "é😀")
        case 5:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    randomJSON(depth: depth + 1, using: &generator)
                }
            )
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0...4, using: &generator) {
                object["k\(index)"] = randomJSON(depth: depth + 1, using: &generator)
            }
            return .object(object)
        }
    }
}

struct JSONObjectTests {
    @Test func equalityIgnoresMemberOrder() {
        let a = JSONObject([("x", 1), ("y", 2)])
        let b = JSONObject([("y", 2), ("x", 1)])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != JSONObject([("x", 1)]))
        #expect(a != JSONObject([("x", 1), ("y", 3)]))
    }

    @Test func subscriptReplacesAndRemoves() {
        var object = JSONObject([("a", 1), ("b", 2)])
        object["a"] = 3
        object["b"] = nil
        object["c"] = "x"
        #expect(object.keys == ["a", "c"])
        #expect(object["a"] == 3)
    }
}
