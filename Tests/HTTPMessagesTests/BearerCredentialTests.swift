import HTTPMessages
import Testing

/// `Authorization: Bearer …` as RFC 6750 §2.1 and RFC 7235 §2.1 read it: what opens `/fulfillment` and `/v1`.
struct BearerCredentialTests {
    @Test(arguments: [
        ("Bearer abc", "abc"),
        ("bearer abc", "abc"),
        ("BEARER abc", "abc"),
        ("BeArEr abc", "abc"),
        ("Bearer \t  abc  \t", "abc"),
        ("Bearer A-Za-z0-9._~+/==", "A-Za-z0-9._~+/=="),
        ("Bearer " + String(repeating: "t", count: 512), String(repeating: "t", count: 512)),
    ])
    func acceptedCredentials(header: String, token: String) {
        #expect(BearerCredential.token(header) == token)
    }

    @Test(arguments: [
        "",
        "Bearer",
        "Bearer ",
        "Bearer  \t ",
        "Bearerabc",
        "Bearer\u{00A0}abc",
        "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
        "Bearers abc",
        "Bearer a b",
        "Bearer abc,def",
        "Bearer abcé",
        "Bearer a\u{0}b",
        "Bearer " + String(repeating: "t", count: 513),
        "Token abc",
    ])
    func refusedCredentials(header: String) {
        #expect(BearerCredential.token(header) == nil)
    }

    /// A header sliced out of a longer string (not at the start of its storage) reads the same.
    @Test func aSlicedHeaderReadsTheSame() {
        let line = "Authorization: Bearer sliced-token"
        let header = String(line.dropFirst("Authorization: ".count))
        #expect(BearerCredential.token(header) == "sliced-token")
    }
}
