import HTTPMessages
import Testing

/// The one form codec: `application/x-www-form-urlencoded` and URL-component percent-encoding.
struct FormEncodingTests {
    @Test func decodesFieldsInOrder() throws {
        let fields = try #require(FormEncoding.decode("a=x+y%2Bz&b=%C3%A9&&empty=&flag&a=2"))
        #expect(fields.map(\.name) == ["a", "b", "empty", "flag", "a"])
        #expect(fields.map(\.value) == ["x y+z", "é", "", "", "2"])
    }

    @Test func decodesASubstringInPlace() throws {
        let target = "/oauth/authorize?client_id=c&state=s%20t"
        let query = target[target.index(after: target.firstIndex(of: "?")!)...]
        let fields = try #require(FormEncoding.decode(query))
        #expect(fields.map(\.value) == ["c", "s t"])
    }

    @Test(arguments: ["a=%", "a=%4", "a=%zz", "a=%FF", "%=1"])
    func malformedEscapesAndInvalidUTF8AreRefused(_ text: String) {
        #expect(FormEncoding.decode(text) == nil)
    }

    @Test func escapeKeepsOnlyTheFormSafeSetAndWritesSpacesAsPlus() {
        #expect(FormEncoding.escape("aZ9-._* ~:/é") == "aZ9-._*+%7E%3A%2F%C3%A9")
        #expect(
            FormEncoding.escape("urn:ietf:params:oauth:grant-type:jwt-bearer")
                == "urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"
        )
    }

    @Test func escapeComponentKeepsRFC3986Unreserved() {
        #expect(FormEncoding.escapeComponent("aZ9-._~") == "aZ9-._~")
        #expect(FormEncoding.escapeComponent("a b+*") == "a%20b%2B%2A")
    }

    @Test func escapedFieldsDecodeToWhatWasEscaped() throws {
        let value = "https://x.example/r?a=1&b=2 ü+*~"
        for escaped in [FormEncoding.escape(value), FormEncoding.escapeComponent(value)] {
            let fields = try #require(FormEncoding.decode("v=" + escaped))
            #expect(fields.first?.value == value)
        }
    }

    @Test func percentDecodeLeavesPlusAlone() {
        #expect(FormEncoding.percentDecode("/state/a%20b+c") == "/state/a b+c")
        #expect(FormEncoding.percentDecode("/bad%2") == nil)
    }
}
