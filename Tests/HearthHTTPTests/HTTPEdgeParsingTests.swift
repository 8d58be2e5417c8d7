import Testing

@testable import HearthHTTP

/// The small parsers of the HTTP edge.
struct HTTPEdgeParsingTests {
    @Test(arguments: [
        ("application/json", true), ("Application/JSON; charset=UTF-8", true), ("  application/json ", true),
        ("application/json;charset=utf-8", true), ("application/jsonx", false), ("application/jso", false),
        ("text/json", false), ("", false), ("application\u{0F}json", false), ("application/json , text/plain", false),
    ])
    func contentType(_ value: String, isJSON: Bool) {
        #expect(HearthResponder.isJSON(value) == isJSON)
    }

    @Test(arguments: [
        ("Bearer abc.DEF-123_~+/=", "abc.DEF-123_~+/=" as String?), ("bearer  tok  ", "tok"), ("BEARER\ttok", "tok"),
        ("Bearer", nil), ("Bearer ", nil), ("Basic dXNlcjpwYXNz", nil), ("Bearertok", nil), ("Bearer two words", nil),
        ("Bearer tök", nil), ("Bearer " + String(repeating: "a", count: 513), nil),
    ])
    func bearerToken(_ header: String, token: String?) {
        #expect(BearerAuthenticator.bearerToken(header) == token)
    }
}
