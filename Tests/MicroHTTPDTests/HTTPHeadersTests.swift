import MicroHTTPD
import Testing

struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndReturnsTheFirstValue() {
        var headers = HTTPHeaders([("Content-Type", "application/json"), ("X-Twice", "one")])
        headers.add(name: "x-twice", value: "two")
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["X-TWICE"] == "one")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Typf"] == nil)
        #expect(headers.count == 3)
        #expect(headers.map(\.value) == ["application/json", "one", "two"])
    }

    @Test func nonASCIINamesCompareExactly() {
        let headers = HTTPHeaders([("X-Ä", "umlaut")])
        #expect(headers["X-Ä"] == "umlaut")
        #expect(headers["x-Ä"] == "umlaut")
        // Header names are ASCII tokens (RFC 9110); only ASCII letters fold.
        #expect(headers["X-ä"] == nil)
    }
}
