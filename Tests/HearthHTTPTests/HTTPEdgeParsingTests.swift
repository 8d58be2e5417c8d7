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

    /// With the identity provider's tokens accepted (`auth.externalTokens`), a JWT access token longer than Hearth's
    /// own 512-character bound is read, up to 16 KiB.
    @Test func anExternalTokenMayBeLongerThanHearthsOwn() {
        let jwt = String(repeating: "a", count: 600) + "." + String(repeating: "b", count: 800) + ".c"
        #expect(BearerAuthenticator.bearerToken("Bearer " + jwt) == nil)
        #expect(BearerAuthenticator.bearerToken("Bearer " + jwt, external: true) == jwt)
        let longest = String(repeating: "t", count: BearerAuthenticator.maxExternalTokenLength)
        #expect(BearerAuthenticator.bearerToken("Bearer " + longest, external: true) == longest)
        #expect(BearerAuthenticator.bearerToken("Bearer " + longest + "t", external: true) == nil)
    }
}
