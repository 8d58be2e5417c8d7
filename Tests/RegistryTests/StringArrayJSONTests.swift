import Foundation
import Testing

@testable import Registry

struct StringArrayJSONTests {
    static let samples: [[String]] = [
        [],
        [""],
        ["a", "b"],
        ["quote \" backslash \\ slash /", "tab\t newline\n return\r", "\u{0}\u{1}\u{1F}\u{7F}"],
        ["lumière", "日本語", "💡 emoji", "e\u{301} combining"],
    ]

    @Test(arguments: samples)
    func roundTrips(strings: [String]) throws {
        let json = StringArrayJSON.encode(strings)
        #expect(StringArrayJSON.decode(json) == strings)
        // What we write, any JSON parser reads.
        #expect(try JSONDecoder().decode([String].self, from: Data(json.utf8)) == strings)
    }

    @Test(arguments: samples)
    func readsWhatFoundationWrites(strings: [String]) throws {
        let json = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
        #expect(StringArrayJSON.decode(json) == strings)
    }

    @Test func readsEscapesAndWhitespace() {
        #expect(StringArrayJSON.decode(#" [ "a\/b" , "\u00e9\ud83d\udca1" ] "#) == ["a/b", "é💡"])
        #expect(StringArrayJSON.decode(#"["\b\f"]"#) == ["\u{8}\u{C}"])
    }

    @Test(arguments: [
        "", "[", "]", "[\"a\"", "[\"a\",]", "[a]", "{}", "[\"a\"] x", "[1]", "[\"\\x\"]", "[\"\\ud83d\"]",
        "[\"\\u12\"]", "[\"a\" \"b\"]", "[\"raw\ncontrol\"]",
    ])
    func refusesAnythingElse(json: String) {
        #expect(StringArrayJSON.decode(json) == nil)
    }
}
