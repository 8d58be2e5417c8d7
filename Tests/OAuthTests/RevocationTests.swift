import Clocks
import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import InMemoryLogging
import Logging
import OAuth
import Registry
import Testing

/// `POST /oauth/revoke` (RFC 7009), which Google calls when a user unlinks.
struct RevocationTests {
    /// Tokens for `alice` and the `google` client, issued through a code as at the token endpoint.
    static func link(_ hearth: UpstreamHarness) throws -> IssuedTokens {
        _ = try hearth.store.createUser("alice")
        let code = try hearth.store.issueAuthorizationCode(
            AuthorizationGrant(agentUserId: "alice", clientId: "google", redirectURI: UpstreamHarness.redirectURI),
            now: hearth.clock.unixTime,
            ttl: 600
        )
        let redeemed = try hearth.store.redeemAuthorizationCode(code, accessTTL: 3600, now: hearth.clock.unixTime) {
            _ in true
        }
        guard case .issued(let tokens) = redeemed else { throw TestFailure("the code did not redeem: \(redeemed)") }
        return tokens
    }

    static func revoke(_ hearth: UpstreamHarness, _ body: String, basic: String? = nil) -> Response {
        var fields: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        if let basic { fields[.authorization] = "Basic " + basic }
        return hearth.server.revoke(
            Request(method: .post, target: "/oauth/revoke", headerFields: fields, body: Array(body.utf8))
        )
    }

    static let google = "client_id=google&client_secret=google-secret"

    @Test(arguments: ["access", "refresh"])
    func revokingATokenUnlinksItsUser(kind: String) throws {
        let hearth = try UpstreamHarness()
        let tokens = try Self.link(hearth)
        let token = kind == "access" ? tokens.accessToken : try #require(tokens.refreshToken)
        let response = Self.revoke(hearth, "\(Self.google)&token=\(token)&token_type_hint=\(kind)_token")
        #expect(response.status == .ok)
        #expect(response.body.isEmpty)
        #expect(response.headerFields[.cacheControl] == "no-store")
        // Both tokens are gone, whichever was named.
        #expect(try hearth.store.principal(forToken: tokens.accessToken, now: hearth.clock.unixTime) == nil)
        let refresh = try hearth.store.refreshAccessToken(
            try #require(tokens.refreshToken),
            clientId: "google",
            accessTTL: 3600,
            rotation: nil,
            now: hearth.clock.unixTime
        )
        #expect(refresh == .invalid)
        let line = try #require(hearth.logs.handler.entries.first { $0.message == "Revoked a grant" })
        #expect(line.metadata["agent_user.id"] == "alice")
        #expect(!"\(hearth.logs.handler.entries)".contains(tokens.accessToken))
    }

    @Test func anUnknownOrRevokedTokenAnswers200() throws {
        let hearth = try UpstreamHarness()
        let tokens = try Self.link(hearth)
        #expect(Self.revoke(hearth, "\(Self.google)&token=nope").status == .ok)
        #expect(Self.revoke(hearth, "\(Self.google)&token=\(String(repeating: "x", count: 5000))").status == .ok)
        #expect(Self.revoke(hearth, "\(Self.google)&token=\(tokens.accessToken)").status == .ok)
        #expect(Self.revoke(hearth, "\(Self.google)&token=\(tokens.accessToken)").status == .ok)
    }

    @Test func anotherClientsTokenIsRefusedAndStaysValid() throws {
        let hearth = try UpstreamHarness()
        let tokens = try Self.link(hearth)
        let response = Self.revoke(hearth, "client_id=other&client_secret=other-secret&token=\(tokens.accessToken)")
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""error":"invalid_grant""#))
        #expect(try hearth.store.principal(forToken: tokens.accessToken, now: hearth.clock.unixTime) != nil)
    }

    @Test func clientAuthenticationIsRequiredAsAtTheTokenEndpoint() throws {
        let hearth = try UpstreamHarness()
        let tokens = try Self.link(hearth)
        let wrong = Self.revoke(hearth, "client_id=google&client_secret=wrong&token=\(tokens.accessToken)")
        #expect(wrong.status == .unauthorized)
        #expect(wrong.headerFields[.wwwAuthenticate] != nil)
        #expect(String(decoding: wrong.body, as: UTF8.self).contains(#""error":"invalid_client""#))
        #expect(Self.revoke(hearth, "token=\(tokens.accessToken)").status == .unauthorized)
        #expect(try hearth.store.principal(forToken: tokens.accessToken, now: hearth.clock.unixTime) != nil)
        // HTTP Basic works as at /oauth/token.
        let basic = Self.revoke(hearth, "token=\(tokens.accessToken)", basic: "Z29vZ2xlOmdvb2dsZS1zZWNyZXQ=")
        #expect(basic.status == .ok)
        #expect(try hearth.store.principal(forToken: tokens.accessToken, now: hearth.clock.unixTime) == nil)
    }

    @Test func aMissingTokenIsAnInvalidRequest() throws {
        let hearth = try UpstreamHarness()
        let response = Self.revoke(hearth, Self.google)
        #expect(response.status == .badRequest)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""error":"invalid_request""#))
        #expect(Self.revoke(hearth, "\(Self.google)&token=a&token=b").status == .badRequest)
    }

    @Test func onlyPOSTWithAForm() throws {
        let hearth = try UpstreamHarness()
        #expect(hearth.server.revoke(Request(method: .get, target: "/oauth/revoke")).status == .methodNotAllowed)
        let json = hearth.server.revoke(
            Request(
                method: .post,
                target: "/oauth/revoke",
                headerFields: [.contentType: "application/json"],
                body: Array("{}".utf8)
            )
        )
        #expect(json.status == .badRequest)
    }
}
