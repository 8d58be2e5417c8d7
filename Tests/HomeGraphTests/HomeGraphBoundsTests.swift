import Foundation
import HearthTestSupport
import HomeGraph
import OutboundHTTP
import Testing

/// HomeGraph and the token endpoint answering as they must not: redirects are not followed (the bearer token and
/// the assertion stay with Google), and an answer over the bound stops the transfer.
struct HomeGraphBoundsTests {
    private let user = "user-7f3a"

    @Test(arguments: [302, 307]) func aRedirectFromHomeGraphIsRejectedNotFollowed(status: Int) async throws {
        let elsewhere = try MisbehavingPeer(.answer(status: 200, body: "{}"))
        defer { elsewhere.stop() }
        let location = "http://127.0.0.1:\(elsewhere.port)/v1/devices:requestSync"
        let peer = try MisbehavingPeer(.answer(status: status, body: "", headers: ["Location: \(location)"]))
        defer { peer.stop() }
        try await TestHomeGraph.with { env in
            let client = HomeGraphClient(
                endpoint: URL(string: "http://127.0.0.1:\(peer.port)")!,
                tokens: env.tokens,
                transport: env.transport,
                logger: .silent
            )
            let outcome = await client.requestSync(agentUserId: user)
            guard case .rejected(let message) = outcome else {
                Issue.record("expected rejected, got \(outcome)")
                return
            }
            #expect(message.contains(location))
            #expect(peer.requests.value == 1)
            #expect(elsewhere.requests.value == 0)
        }
    }

    @Test func aRedirectFromTheTokenEndpointIsRefusedNotFollowed() async throws {
        let elsewhere = try MisbehavingPeer(.answer(status: 200, body: #"{"access_token":"x","expires_in":3600}"#))
        defer { elsewhere.stop() }
        let peer = try MisbehavingPeer(
            .answer(status: 302, body: "", headers: ["Location: http://127.0.0.1:\(elsewhere.port)/token"])
        )
        defer { peer.stop() }
        let key = ServiceAccountKey(
            clientEmail: "hearth@hearth-test.iam.gserviceaccount.com",
            privateKeyID: "test-key-1",
            privateKey: try TestKeyPair.main.privateKey,
            tokenURI: URL(string: "http://127.0.0.1:\(peer.port)/token")!
        )
        let tokens = AccessTokenProvider(
            key: key,
            transport: HTTPClientTransport(limits: HTTPClientTransport.tokenEndpointLimits, client: HTTPClient()),
            logger: .silent
        )
        let error = await #expect(throws: HomeGraphError.self) { try await tokens.token() }
        #expect(error?.code == .tokenRejected)
        #expect(error?.message.contains("redirects are not followed") == true, "\(String(describing: error))")
        #expect(peer.requests.value == 1)
        #expect(elsewhere.requests.value == 0)
    }

    @Test func anEndlessAnswerFromHomeGraphIsRetryableAndCutOff() async throws {
        let peer = try MisbehavingPeer(.endlessChunked)
        defer { peer.stop() }
        try await TestHomeGraph.with { env in
            let client = HomeGraphClient(
                endpoint: URL(string: "http://127.0.0.1:\(peer.port)")!,
                tokens: env.tokens,
                transport: HTTPClientTransport(limits: HTTPClientTransport.homeGraphLimits, client: HTTPClient()),
                logger: .silent
            )
            #expect(await client.requestSync(agentUserId: user) == .retryable(after: nil))
            #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
        }
    }

    @Test func anEndlessAnswerFromTheTokenEndpointIsUnavailableAndCutOff() async throws {
        let peer = try MisbehavingPeer(.endlessChunked)
        defer { peer.stop() }
        let key = ServiceAccountKey(
            clientEmail: "hearth@hearth-test.iam.gserviceaccount.com",
            privateKeyID: "test-key-1",
            privateKey: try TestKeyPair.main.privateKey,
            tokenURI: URL(string: "http://127.0.0.1:\(peer.port)/token")!
        )
        let tokens = AccessTokenProvider(
            key: key,
            transport: HTTPClientTransport(limits: HTTPClientTransport.tokenEndpointLimits, client: HTTPClient()),
            logger: .silent
        )
        let error = await #expect(throws: HomeGraphError.self) { try await tokens.token() }
        #expect(error?.code == .tokenUnavailable)
        #expect(error?.message.contains("answerTooLarge") == true, "\(String(describing: error))")
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
    }
}
