import Testing

@testable import EmbedJSON

/// The tool `EmbedJSONPlugin` runs: a file that is not JSON is refused with its place, and a file that is becomes a
/// Swift string literal whose value is the file's text, byte for byte.
struct JSONEmbedderTests {
    @Test func aFileBecomesAStaticLetNamedAfterIt() throws {
        let source = try JSONEmbedder.source(embedding: [("/x/Sources/M/openapi.json", Array(#"{"a": "b"}"#.utf8))])
        #expect(source.contains("enum EmbeddedJSON {"))
        #expect(source.contains(#"    static let openapi: String = "{\"a\": \"b\"}""#))
    }

    @Test(arguments: [
        ("openapi.json", "openapi"), ("device-types.json", "deviceTypes"), ("Device Types.json", "deviceTypes"),
        ("2fa.json", "_2fa"), ("default.json", "`default`"), ("a.b.json", "aB"), ("-.json", nil),
    ])
    func identifiers(file: String, identifier: String?) {
        #expect(JSONEmbedder.identifier(forFileNamed: file) == identifier)
    }

    /// Everything a literal must escape, and what it must leave alone (non-ASCII stays as it is).
    @Test func stringLiteralsEscapeWhatSwiftWouldReadOtherwise() {
        #expect(JSONEmbedder.stringLiteral("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONEmbedder.stringLiteral("{\r\n\t}") == #""{\r\n\t}""#)
        #expect(JSONEmbedder.stringLiteral("\u{1}\u{7F}") == #""\u{1}\u{7f}""#)
        #expect(JSONEmbedder.stringLiteral(#"\(x) "#) == #""\\(x) ""#)
        #expect(JSONEmbedder.stringLiteral("→ é") == "\"→ é\"")
    }

    @Test func textThatIsNotJSONIsRefusedWithItsPlace() {
        #expect(
            throws: EmbedError(
                .notJSON,
                path: "d/bad.json",
                line: 2,
                column: 1,
                reason: "unexpected '}', expected a key"
            )
        ) {
            try JSONEmbedder.source(embedding: [("d/bad.json", Array("{\"a\": 1,\n}".utf8))])
        }
    }

    @Test(arguments: [#"{"a": 1, "a": 2}"#, "\u{FEFF}{}", "{} {}", "", "[1,]", "\"\u{1}\""])
    func whatAPersonMightWriteByMistakeIsRefused(text: String) {
        let error = #expect(throws: EmbedError.self) {
            try JSONEmbedder.source(embedding: [("bad.json", Array(text.utf8))])
        }
        #expect(error?.code == .notJSON)
        #expect(error?.description.hasPrefix("bad.json:1:") == true)
    }

    @Test func aFileWithoutASwiftNameIsRefused() {
        let error = #expect(throws: EmbedError.self) {
            try JSONEmbedder.source(embedding: [("d/-.json", Array("{}".utf8))])
        }
        #expect(error?.code == .nameClash)
    }

    @Test func twoFilesWithOneSwiftNameAreRefused() {
        let error = #expect(throws: EmbedError.self) {
            try JSONEmbedder.source(embedding: [("a-b.json", Array("{}".utf8)), ("a_b.json", Array("[]".utf8))])
        }
        #expect(error?.code == .nameClash)
        #expect(error?.description == "a_b.json: error: a-b.json is also EmbeddedJSON.aB")
    }
}
