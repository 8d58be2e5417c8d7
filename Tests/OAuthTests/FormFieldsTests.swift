import HTTPMessages
import Testing

@testable import OAuth

struct FormFieldsTests {
    @Test func decodesPercentEscapesAndPlus() throws {
        let fields = try #require(FormFields("a=x+y%2Bz&b=%C3%A9&empty=&flag"))
        #expect(fields["a"] == "x y+z")
        #expect(fields["b"] == "é")
        #expect(fields["empty"] == nil && fields.contains("empty"), "an empty value counts as omitted")
        #expect(fields["flag"] == nil && fields.contains("flag"))
        #expect(!fields.contains("missing"))
    }

    @Test func duplicatesHaveNoValue() throws {
        let fields = try #require(FormFields("a=1&a=2&b=3"))
        #expect(fields["a"] == nil)
        #expect(fields.duplicated == ["a"])
        #expect(fields["b"] == "3")
    }

    @Test(arguments: ["a=%", "a=%4", "a=%zz", "a=%FF"])
    func malformedEscapesAreRefused(_ text: String) {
        #expect(FormFields(text) == nil)
    }

    @Test func escapeRoundTrips() throws {
        let value = "https://x.example/r?a=1&b=2 ü"
        let fields = try #require(FormFields("v=" + FormEncoding.escapeComponent(value)))
        #expect(fields["v"] == value)
        #expect(FormEncoding.escapeComponent("aZ9-._~") == "aZ9-._~")
    }
}
