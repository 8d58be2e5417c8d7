import Testing

@testable import JSON

struct JSONWriterTests {
    @Test func writesCompactTextInMemberOrder() {
        let value: JSONValue = ["z": 1, "a": [true, nil, 2.5], "s": "q\"\\\n\u{01}é"]
        #expect(
            String(decoding: JSONWriter.bytes(value), as: UTF8.self)
                == #"{"z":1,"a":[true,null,2.5],"s":"q\"\\\n\u0001é"}"#
        )
    }

    @Test func writesIntegralDoublesWithoutFraction() {
        #expect(JSONValue.double(100).description == "100")
        #expect(JSONValue.double(0.1).description == "0.1")
        #expect(JSONValue.double(.infinity).description == "null")
        #expect(JSONValue.int(-7).description == "-7")
    }

    /// What either format writes, every reader reads back equal.
    @Test(arguments: [JSONWriter.Format.compact, .pretty], JSONParser.Options.all)
    func roundTripsRandomDocuments(_ format: JSONWriter.Format, _ options: JSONParser.Options) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let value = randomJSON(depth: 0, using: &generator)
            let text = JSONWriter.bytes(value, format: format)
            let back = try JSONParser.parse(text, options: options)
            #expect(back == value, "round trip of \(value)")
        }
    }

    @Test func writesPrettyTextForPeople() throws {
        let value = JSONValue.object(
            JSONObject([
                ("z", .string("a\"b\\c\n\u{1}é💡")),
                ("a", .array([.int(-1), .null, .bool(false), .number("1.5"), .double(2.5)])),
                ("m", .array([.object(JSONObject()), .array([])])),
                ("o", ["k": 1]),
            ])
        )
        let text = String(decoding: JSONWriter.bytes(value, format: .pretty), as: UTF8.self)
        #expect(
            text == """
                {
                  "a": [-1, null, false, 1.5, 2.5],
                  "m": [
                    {},
                    []
                  ],
                  "o": {
                    "k": 1
                  },
                  "z": "a\\"b\\\\c\\n\\u0001é💡"
                }

                """
        )
    }

    @Test func writesNumbersKeptAsTextAsTheyWere() {
        #expect(JSONValue.array([.number("1.50"), .number("1e400")]).description == "[1.50,1e400]")
    }

    private func randomJSON(depth: Int, using generator: inout SystemRandomNumberGenerator) -> JSONValue {
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
