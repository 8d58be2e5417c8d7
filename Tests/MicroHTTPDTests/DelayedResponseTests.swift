import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import HearthTestSupport
import Logging
import Synchronization
import Testing

@testable import MicroHTTPD

/// Answers `/delayed` after `delay` (through ``Response/delay``) and everything else at once.
private struct DelayingResponder: HTTPResponder {
    let delay: Duration

    func respond(to request: Request) -> Response {
        let delayed = request.path == "/delayed"
        return Response(
            status: delayed ? 401 : 200,
            headerFields: [.contentType: "text/plain"],
            body: Array((delayed ? "late" : "prompt").utf8),
            delay: delayed ? delay : .zero
        )
    }
}

private func secondsSince(_ start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// ``Response/delay``: the connection is suspended, no listener thread waits, the answer is unchanged.
struct DelayedResponseTests {
    private func startServer(delay: Duration, grace: Double = 5) throws -> (HTTPServer, Int) {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: grace),
            responder: DelayingResponder(delay: delay),
            logger: .silent
        )
        return (server, try server.start())
    }

    /// Polls `condition` for up to 10 s; a test fails rather than hangs when it never holds.
    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline {
            usleep(5_000)
        }
        try #require(condition())
    }

    @Test func aDelayedResponseArrivesNoEarlierThanItsDelayAndUnchanged() throws {
        let (server, port) = try startServer(delay: .milliseconds(700))
        defer { server.shutdown() }
        let client = try RawHTTPClient(port: port)
        let start = ContinuousClock.now
        try client.send("GET /delayed HTTP/1.1\r\nHost: t\r\n\r\n")
        let answer = try client.readResponse()
        #expect(secondsSince(start) >= 0.7)
        #expect(answer.status == 401)
        #expect(answer.bodyText == "late")
        // The connection stays usable afterwards (keep-alive), and the next answer is not delayed.
        try client.send("GET /prompt HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyText == "prompt")
        #expect(server.delayedResponses.count == 0)
    }

    @Test func delayedResponsesHoldNoListenerThread() throws {
        // Six delayed requests on a pool of two threads: a thread-holding delay (sleep) would block the prompt one.
        let (server, port) = try startServer(delay: .seconds(8))
        defer { server.shutdown() }
        let delayed = try (0..<6).map { _ in try RawHTTPClient(port: port) }
        for client in delayed {
            try client.send("GET /delayed HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        try waitUntil { server.delayedResponses.count == 6 }
        let prompt = try Curl.run(["http://127.0.0.1:\(port)/prompt"])
        #expect(prompt.status == 200)
        #expect(prompt.body == "prompt")
        #expect(server.delayedResponses.count == 6, "the prompt answer came while all six were still held")
        for client in delayed {
            #expect(try client.readResponse().status == 401)
        }
    }

    @Test func shutdownSendsHeldResponsesAtOnce() throws {
        let (server, port) = try startServer(delay: .seconds(60))
        let client = try RawHTTPClient(port: port, readTimeoutSeconds: 30)
        try client.send("GET /delayed HTTP/1.1\r\nHost: t\r\n\r\n")
        try waitUntil { server.delayedResponses.count == 1 }
        let start = ContinuousClock.now
        server.shutdown()
        let answer = try client.readResponse()
        #expect(answer.status == 401)
        #expect(secondsSince(start) < 30, "not held for the 60 s delay")
        #expect(server.inFlightRequestCount == 0)
    }
}
