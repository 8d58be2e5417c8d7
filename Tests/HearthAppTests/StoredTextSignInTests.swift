import Foundation
import Testing

/// Account linking keeps U+0000 out of the registry: a `scope` outside RFC 6749's grammar (it is stored with the
/// authorization code) is `invalid_scope`, and a login holding `%00` is a wrong login, never looked up (SQLite would
/// compare only the part before it).
struct StoredTextSignInTests {
    @Test(arguments: ["devices\u{0}", "a\u{1}b", "\"quoted\"", "two  spaces"])
    func aScopeOutsideTheGrammarIsInvalidScope(scope: String) throws {
        let hearth = try OAuthFlowTests.make()
        defer { hearth.shutdown() }
        let response = try hearth.authorizePage(LinkingHearth.authorizeQuery(scope: scope))
        #expect(response.status == 302)
        #expect(response.locationWithoutQuery == LinkingHearth.redirectURI)
        #expect(response.locationQuery["error"] == "invalid_scope")
        #expect(response.locationQuery["state"] == "state-xyz")
        let fine = try hearth.authorizePage(LinkingHearth.authorizeQuery(scope: "devices home:read"))
        #expect(fine.status == 200)
    }

    @Test func aLoginHoldingANULIsWrongEvenWithTheRightPassword() throws {
        let hearth = try OAuthFlowTests.make()
        defer { hearth.shutdown() }
        let page = try hearth.authorizePage(LinkingHearth.authorizeQuery())
        let refused = try hearth.submit(
            page: page,
            [("login", "alice@example.com\u{0}x"), ("password", OAuthFlowTests.password), ("decision", "allow")]
        )
        #expect(refused.status == 200)
        #expect(refused.header("Location") == nil)
        #expect(refused.text.contains("The login or password is wrong"))
        // The same form with the exact login signs in: only the NUL made the difference.
        let redirect = try hearth.submit(
            page: refused,
            [("login", "alice@example.com"), ("password", OAuthFlowTests.password), ("decision", "allow")]
        )
        #expect(redirect.status == 302 && redirect.locationQuery["code"] != nil, "\(redirect.text)")
    }
}
