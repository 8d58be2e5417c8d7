import HTTPMessages
import HTTPTypes
import Testing

@testable import OAuth

struct SignInPageTests {
    @Test(arguments: [
        ("https://oauth-redirect.googleusercontent.com/r/hearth-dev", "https://oauth-redirect.googleusercontent.com"),
        (
            "https://OAuth-Redirect-Sandbox.googleusercontent.com/r/x?y=1",
            "https://oauth-redirect-sandbox.googleusercontent.com"
        ),
        ("http://127.0.0.1:8443/cb#frag", "http://127.0.0.1:8443"),
        ("https://example.com?x", "https://example.com"),
    ])
    func originOfARedirectURI(uri: String, origin: String) {
        #expect(SignInPage.origin(of: uri) == origin)
        #expect(SignInPage.formActions(redirectURI: uri) == "'self' " + origin)
    }

    /// Nothing that could end the directive or add a source reaches the header: such URIs get `'self'` alone.
    @Test(arguments: [
        "ftp://example.com/x", "https://", "https:///path", "https://a.example;script-src *", "https://a b.example/",
        "https://user@example.com/", "https://:443/", "https://a.example,b.example/", "javascript:alert(1)",
        "https://'unsafe-inline'/",
    ])
    func unsafeOriginsAreLeftOut(uri: String) {
        #expect(SignInPage.origin(of: uri) == nil)
        #expect(SignInPage.formActions(redirectURI: uri) == "'self'")
    }

    @Test func theErrorPageAllowsNoFormAction() throws {
        let page = SignInPage.error("nope")
        let csp = try #require(page.headerFields[.contentSecurityPolicy])
        #expect(csp.contains("form-action 'none';"))
    }

    @Test func theSignInPageAllowsItselfAndTheRedirectOrigin() throws {
        let request = AuthorizationRequest(
            clientId: "google",
            redirectURI: "https://oauth-redirect.googleusercontent.com/r/p",
            state: "s",
            scope: nil,
            codeChallenge: nil
        )
        let page = SignInPage.signIn(request, csrf: "t", message: nil)
        let csp = try #require(page.headerFields[.contentSecurityPolicy])
        #expect(csp.contains("form-action 'self' https://oauth-redirect.googleusercontent.com; frame-ancestors 'none'"))
        #expect(csp.hasPrefix("default-src 'none';"))
    }
}
