import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
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

/// ``Response/delay``: the connection is suspended, no listener thread waits, the answer is unchanged. The
/// delays run on a ``ManualClock``: a held response is one sleeping on it, and it goes out when the test moves the
/// clock past its delay.
struct DelayedResponseTests {
    private func startServer(delay: Duration, clock: ManualClock, grace: Double = 5) throws -> (HTTPServer, Int) {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: grace),
            responder: DelayingResponder(delay: delay),
            logger: .silent,
            clock: clock
        )
        return (server, try server.start())
    }

    @Test func aDelayedResponseArrivesNoEarlierThanItsDelayAndUnchanged() async throws {
        let clock = ManualClock()
        let (server, port) = try startServer(delay: .milliseconds(700), clock: clock)
        defer { server.shutdown() }
        let client = try RawHTTPClient(port: port)
        try client.send("GET /delayed HTTP/1.1\r\nHost: t\r\n\r\n")
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .milliseconds(699))
        #expect(clock.sleepers == 1, "1 ms before its delay the answer is still held")
        #expect(server.delayedResponses.count == 1)
        clock.advance(by: .milliseconds(1))
        let answer = try client.readResponse()
        #expect(answer.status == 401)
        #expect(answer.bodyText == "late")
        // The connection stays usable afterwards (keep-alive), and the next answer is not delayed.
        try client.send("GET /prompt HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().bodyText == "prompt")
        #expect(server.delayedResponses.count == 0)
    }

    @Test func delayedResponsesHoldNoListenerThread() async throws {
        // Six delayed requests on a pool of two threads: a thread-holding delay (sleep) would block the prompt one.
        let clock = ManualClock()
        let (server, port) = try startServer(delay: .seconds(8), clock: clock)
        defer { server.shutdown() }
        let delayed = try (0..<6).map { _ in try RawHTTPClient(port: port) }
        for client in delayed {
            try client.send("GET /delayed HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        await clock.waitForSleepers(atLeast: 6)
        let prompt = try Curl.run(["http://127.0.0.1:\(port)/prompt"])
        #expect(prompt.status == 200)
        #expect(prompt.body == "prompt")
        #expect(server.delayedResponses.count == 6, "the prompt answer came while all six were still held")
        clock.advance(by: .seconds(8))
        for client in delayed {
            #expect(try client.readResponse().status == 401)
        }
    }

    @Test func shutdownSendsHeldResponsesAtOnce() async throws {
        // The clock never moves: the answer can only come from the shutdown.
        let clock = ManualClock()
        let (server, port) = try startServer(delay: .seconds(60), clock: clock)
        let client = try RawHTTPClient(port: port, readTimeoutSeconds: 30)
        try client.send("GET /delayed HTTP/1.1\r\nHost: t\r\n\r\n")
        await clock.waitForSleepers(atLeast: 1)
        server.shutdown()
        let answer = try client.readResponse()
        #expect(answer.status == 401)
        #expect(clock.sleepers == 0, "the held answer's wait was cancelled")
        #expect(server.inFlightRequestCount == 0)
    }
}
