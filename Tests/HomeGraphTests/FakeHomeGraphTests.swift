import Foundation
import HTTPTypes
import HearthFakes
import HomeGraph
import JSON
import OutboundHTTP
import Testing

/// The fake's own HTTP surface, spoken to directly.
struct FakeHomeGraphTests {
    private let form = [(name: "Content-Type", value: "application/x-www-form-urlencoded")]

    @Test func issuesATokenForAGoodAssertionOnly() async throws {
        try await TestHomeGraph.with { env in
            let now = Int64(Date().timeIntervalSince1970)
            let good = try JWTAssertion.signed(by: env.key, issuedAt: now)
            let grant = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="
            let (status, _, body) = try await env.request("POST", "/token", body: grant + good, headers: form)
            #expect(status == 200)
            #expect(body?["token_type"] == "Bearer")
            #expect(body?["expires_in"] == 3600)
            #expect(body?["access_token"]?.stringValue?.isEmpty == false)

            let tampered = String(good.dropLast(4)) + (good.hasSuffix("AAAA") ? "BBBB" : "AAAA")
            let refused = try await env.request("POST", "/token", body: grant + tampered, headers: form)
            #expect(refused.status == 400)
            #expect(refused.json?["error"] == "invalid_grant")

            let expired = try JWTAssertion.signed(by: env.key, issuedAt: now - 7200)
            #expect(
                try await env.request("POST", "/token", body: grant + expired, headers: form).json?["error"]
                    == "invalid_grant"
            )

            let wrongGrant = try await env.request(
                "POST",
                "/token",
                body: "grant_type=password&assertion=" + good,
                headers: form
            )
            #expect(wrongGrant.json?["error"] == "unsupported_grant_type")
            #expect(env.fake.tokensIssued == 1)
        }
    }

    @Test func homeGraphCallsNeedABearerToken() async throws {
        try await TestHomeGraph.with { env in
            env.fake.sync(agentUserId: "u", devices: ["a"])
            let (status, _, body) = try await env.request(
                "POST",
                "/v1/devices:requestSync",
                body: #"{"agentUserId": "u", "async": true}"#,
                headers: [(name: "Authorization", value: "Bearer made-up")]
            )
            #expect(status == 401)
            #expect(body?["error"]?["status"] == "UNAUTHENTICATED")
            #expect(body?["error"]?["code"] == 401)
        }
    }

    @Test func syncFailAndStateOverHTTP() async throws {
        try await TestHomeGraph.with { env in
            let synced = try await env.request(
                "POST",
                "/fake/sync",
                body: #"{"agentUserId": "u 1", "devices": ["a", {"id": "b", "type": "action.devices.types.LIGHT"}]}"#
            )
            #expect(synced.status == 200)
            let state = try await env.request("GET", "/state/u%201")
            #expect(state.json == json(#"{"agentUserId": "u 1", "devices": {"a": {}, "b": {}}}"#))
            #expect(try await env.request("GET", "/state/nobody").status == 404)

            let failing = try await env.request(
                "POST",
                "/fake/fail",
                body: #"{"status": 429, "count": 1, "retryAfterSeconds": 3}"#
            )
            #expect(failing.status == 200)
            let token = try await env.tokens.token()
            let (status, response, body) = try await env.request(
                "POST",
                "/v1/devices:requestSync",
                body: #"{"agentUserId": "u 1", "async": true}"#,
                headers: [(name: "Authorization", value: "Bearer \(token.value)")]
            )
            #expect(status == 429)
            #expect(response.headerFields[.retryAfter] == "3")
            #expect(body?["error"]?["status"] == "RESOURCE_EXHAUSTED")
            #expect(try await env.request("POST", "/fake/fail", body: #"{"status": 200}"#).status == 400)
        }
    }

    @Test func unknownPathsAnswerGoogleShaped404() async throws {
        try await TestHomeGraph.with { env in
            let (status, _, body) = try await env.request("GET", "/v1/devices:nothing")
            #expect(status == 404)
            #expect(body?["error"]?["status"] == "NOT_FOUND")
        }
    }
}
