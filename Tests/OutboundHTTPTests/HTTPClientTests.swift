import Foundation
import HTTPTypes
import HearthTestSupport
import OutboundHTTP
import Synchronization
import Testing

/// ``HTTPClient`` against real peers on loopback that misbehave: every answer bounded, the deadline stops the
/// transfer, redirects are answers, not hops.
struct HTTPClientTests {
    static let limits = OutboundLimits(deadline: .seconds(5), maxAnswerBytes: 65_536)

    static func post(_ port: Int, _ body: String = #"{"a":1}"#) -> OutboundRequest {
        OutboundRequest(
            url: URL(string: "http://127.0.0.1:\(port)/x")!,
            headerFields: [.contentType: "application/json", HTTPField.Name("Idempotency-Key")!: "k1"],
            body: Array(body.utf8)
        )
    }

    /// The error `send` threw, or nil when it answered.
    static func failure(
        _ client: HTTPClient,
        _ request: OutboundRequest,
        _ limits: OutboundLimits = limits
    ) async -> OutboundHTTPError? {
        do {
            _ = try await client.send(request, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// Starts `request` and waits for its completion, timing it on the client's own thread: the time the transfer
    /// took, not when this test's task next got a thread (with the whole suite running in parallel on two cores, the
    /// cooperative pool can be held for a minute by tests that block, which an `await` here would count).
    static func timedFailure(
        _ client: HTTPClient,
        _ request: OutboundRequest,
        _ limits: OutboundLimits
    ) async -> (error: OutboundHTTPError?, elapsed: Duration) {
        let outcome = Mutex<(error: OutboundHTTPError?, elapsed: Duration)?>(nil)
        let done = EventCount()
        let started = ContinuousClock.now
        client.start(request, limits: limits) { result in
            let elapsed = ContinuousClock.now - started
            let error: OutboundHTTPError?
            switch result {
            case .success: error = nil
            case .failure(let failure): error = failure
            }
            outcome.withLock { $0 = (error, elapsed) }
            done.increment()
        }
        _ = await done.waitAsync(atLeast: 1, timeout: .seconds(120))
        return outcome.withLock { $0 } ?? (nil, .seconds(120))
    }

    @Test func anAnswerArrivesWithItsStatusFieldsAndBodyAndTheRequestAsSent() async throws {
        let peer = try MisbehavingPeer(.answer(status: 201, body: #"{"ok":true}"#, headers: ["X-Peer: yes"]))
        defer { peer.stop() }
        let client = HTTPClient()
        let response = try await client.send(Self.post(peer.port, #"{"hello":"world"}"#), limits: Self.limits)
        #expect(response.status.code == 201)
        #expect(response.headerFields[HTTPField.Name("X-Peer")!] == "yes")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(peer.bodies == [Array(#"{"hello":"world"}"#.utf8)])
        let head = try #require(peer.heads.first)
        #expect(head.hasPrefix("POST /x HTTP/1.1\r\n"))
        #expect(head.contains("\r\nIdempotency-Key: k1"))
        #expect(!head.lowercased().contains("expect:"))
    }

    @Test func connectionsAreReused() async throws {
        let peer = try MisbehavingPeer(.answer(status: 200, body: "{}"))
        defer { peer.stop() }
        let client = HTTPClient()
        for _ in 0..<5 {
            _ = try await client.send(Self.post(peer.port), limits: Self.limits)
        }
        #expect(peer.requests.value == 5)
        #expect(peer.connections == 1)
    }

    @Test func anEndlessAnswerStopsAtTheLimitAndTheConnectionCloses() async throws {
        let peer = try MisbehavingPeer(.endlessChunked)
        defer { peer.stop() }
        let error = await Self.failure(HTTPClient(), Self.post(peer.port))
        #expect(error?.code == .answerTooLarge)
        #expect(error?.limit == 65_536)
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
        // What the peer got out before it noticed: the limit plus what the socket buffers held.
        #expect(peer.bytesSent < 16 << 20, "sent \(peer.bytesSent)")
    }

    @Test func anEndlessAnswerStopsAtTheDeadlineAndTheConnectionCloses() async throws {
        let peer = try MisbehavingPeer(.drip(chunk: 100, interval: .milliseconds(20)))
        defer { peer.stop() }
        let client = HTTPClient()
        let (error, elapsed) = await Self.timedFailure(
            client,
            Self.post(peer.port),
            OutboundLimits(deadline: .milliseconds(400), maxAnswerBytes: 1 << 30)
        )
        #expect(error?.code == .deadlinePassed, "\(String(describing: error))")
        // libcurl keeps time in whole milliseconds, so its timer may fire a fraction of one early.
        #expect(elapsed >= .milliseconds(399))
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
        let after = peer.bytesSent
        #expect(after < 100_000, "sent \(after)")
    }

    @Test func aSilentPeerFailsAtTheDeadline() async throws {
        let peer = try MisbehavingPeer(.silence)
        defer { peer.stop() }
        let client = HTTPClient()
        let (error, elapsed) = await Self.timedFailure(
            client,
            Self.post(peer.port),
            OutboundLimits(deadline: .milliseconds(300), maxAnswerBytes: 1024)
        )
        #expect(error?.code == .deadlinePassed)
        #expect(elapsed >= .milliseconds(299))
        #expect(elapsed < .seconds(2), "\(elapsed)")
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
    }

    @Test(arguments: [true, false]) func aTenMegabyteAnswerIsRefused(declared: Bool) async throws {
        let peer = try MisbehavingPeer(.large(bytes: 10_000_000, declared: declared))
        defer { peer.stop() }
        let error = await Self.failure(HTTPClient(), Self.post(peer.port))
        #expect(error?.code == .answerTooLarge)
        #expect(error?.limit == 65_536)
        #expect(error?.message.contains("65536") == true)
    }

    // The process's memory under this load is measured on `hearth serve` (OutboundBoundsProcessTests): this test
    // process runs other suites in parallel, so its own RSS says little.
    @Test func twentyConcurrentTenMegabyteAnswersAreEachCutOff() async throws {
        let peer = try MisbehavingPeer(.large(bytes: 10_000_000, declared: false))
        defer { peer.stop() }
        let client = HTTPClient()
        let errors = await withTaskGroup(of: OutboundHTTPError?.self) { group in
            for _ in 0..<20 {
                group.addTask { await Self.failure(client, Self.post(peer.port)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(errors.count == 20)
        #expect(errors.allSatisfy { $0?.code == .answerTooLarge })
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 20))
        // 200 MB were offered; what got out is 20 × (64 KiB + what the sockets buffered).
        #expect(peer.bytesSent < 100_000_000, "sent \(peer.bytesSent)")
    }

    @Test func anEndlessHeadIsRefused() async throws {
        let peer = try MisbehavingPeer(.endlessHead)
        defer { peer.stop() }
        let error = await Self.failure(HTTPClient(), Self.post(peer.port))
        #expect(error?.code == .answerTooLarge)
        #expect(error?.limit == OutboundLimits.defaultMaxHeaderBytes)
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
    }

    @Test(arguments: [302, 307]) func aRedirectIsAnAnswerNotAHop(status: Int) async throws {
        let elsewhere = try MisbehavingPeer(.answer(status: 200, body: "{}"))
        defer { elsewhere.stop() }
        let selfLoop = try MisbehavingPeer(.answer(status: status, body: "", headers: ["Location: /x"]))
        defer { selfLoop.stop() }
        let away = try MisbehavingPeer(
            .answer(status: status, body: "", headers: ["Location: http://127.0.0.1:\(elsewhere.port)/x"])
        )
        defer { away.stop() }
        let client = HTTPClient()
        let first = try await client.send(Self.post(selfLoop.port), limits: Self.limits)
        #expect(first.status.code == status)
        #expect(first.location == "/x")
        let second = try await client.send(Self.post(away.port), limits: Self.limits)
        #expect(second.status.code == status)
        #expect(second.location == "http://127.0.0.1:\(elsewhere.port)/x")
        #expect(selfLoop.requests.value == 1)
        #expect(away.requests.value == 1)
        #expect(elsewhere.requests.value == 0)
    }

    @Test func cancellingTheTaskStopsTheTransfer() async throws {
        let peer = try MisbehavingPeer(.silence)
        defer { peer.stop() }
        let client = HTTPClient()
        let task = Task {
            await Self.failure(
                client,
                Self.post(peer.port),
                OutboundLimits(deadline: .seconds(60), maxAnswerBytes: 1024)
            )
        }
        // The task needs a thread of the cooperative pool to start, which the suite's blocking tests can hold.
        #expect(await peer.requests.waitAsync(atLeast: 1, timeout: .seconds(120)))
        task.cancel()
        let error = await task.value
        #expect(error?.code == .cancelled)
        #expect(await peer.closedWhileSending.waitAsync(atLeast: 1))
    }

    @Test func aRefusedConnectionAndAnotherSchemeFailClearly() async throws {
        let refusing = try RefusingPort()
        let client = HTTPClient()
        let refused = await Self.failure(client, Self.post(refusing.port))
        #expect(refused?.code == .couldNotConnect)
        var ftp = Self.post(refusing.port)
        ftp.url = URL(string: "ftp://127.0.0.1:\(refusing.port)/x")!
        let other = await Self.failure(client, ftp)
        #expect(other?.code == .invalidRequest)
        withExtendedLifetime(refusing) {}
    }
}
