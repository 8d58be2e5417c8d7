import Clocks
import Foundation
import HearthFakes
import HearthTestSupport
import HomeGraph
import Logging
import OutboundHTTP
import Testing

struct AccessTokenProviderTests {
    @Test func oneTokenServesManyCalls() async throws {
        try await TestHomeGraph.with { env in
            let first = try await env.tokens.token()
            for _ in 0..<5 {
                #expect(try await env.tokens.token() == first)
            }
            #expect(env.fake.tokensIssued == 1)
            #expect(await env.tokens.fetchCount == 1)
        }
    }

    @Test func concurrentCallersShareOneFetch() async throws {
        try await TestHomeGraph.with { env in
            let tokens = env.tokens
            let values = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 {
                    group.addTask { try await tokens.token().value }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(values.count == 1)
            #expect(env.fake.tokensIssued == 1)
        }
    }

    @Test func refreshesFiveMinutesBeforeExpiry() async throws {
        // Starts at the real time: the fake's JWT check and the provider read the same clock.
        let clock = ManualClock(unixMilliseconds: SystemClock().unixMilliseconds)
        try await TestHomeGraph.with(clock: clock) { env in
            let first = try await env.tokens.token()
            #expect(abs(first.expiresAt.timeIntervalSince(clock.date) - 3600) < 1)
            clock.advance(by: .seconds(3600 - 301))
            #expect(try await env.tokens.token() == first)
            clock.advance(by: .seconds(2))
            let second = try await env.tokens.token()
            #expect(second != first)
            #expect(env.fake.tokensIssued == 2)
        }
    }

    @Test func invalidateDropsOnlyTheCachedToken() async throws {
        try await TestHomeGraph.with { env in
            let first = try await env.tokens.token()
            await env.tokens.invalidate(first)
            let second = try await env.tokens.token()
            #expect(second != first)
            await env.tokens.invalidate(first)  // stale: someone already refreshed
            #expect(try await env.tokens.token() == second)
            #expect(env.fake.tokensIssued == 2)
        }
    }

    @Test func anUntrustedKeyIsRejected() async throws {
        try await TestHomeGraph.with(signingKey: try TestKeyPair.other) { env in
            let error = await #expect(throws: HomeGraphError.self) { try await env.tokens.token() }
            #expect(error?.code == .tokenRejected)
            #expect(error?.message.contains("invalid_grant") == true)
            #expect(env.fake.tokensIssued == 0)
        }
    }

    /// The token endpoint is a port that refuses connections and that no other suite's listener can be given (a
    /// stopped fake's port could be, and would answer in its place).
    @Test func anUnreachableEndpointIsUnavailable() async throws {
        let refusing = try RefusingPort()
        let key = ServiceAccountKey(
            clientEmail: "hearth@hearth-test.iam.gserviceaccount.com",
            privateKeyID: "test-key-1",
            privateKey: try TestKeyPair.main.privateKey,
            tokenURI: URL(string: "http://127.0.0.1:\(refusing.port)/token")!
        )
        let tokens = AccessTokenProvider(
            key: key,
            transport: HTTPClientTransport(limits: HTTPClientTransport.tokenEndpointLimits),
            logger: .silent
        )
        let error = await #expect(throws: HomeGraphError.self) { try await tokens.token() }
        #expect(error?.code == .tokenUnavailable)
        #expect(error?.message.contains("unreachable") == true, "\(String(describing: error))")
        withExtendedLifetime(refusing) {}
    }
}
