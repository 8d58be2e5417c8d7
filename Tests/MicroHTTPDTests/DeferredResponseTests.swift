import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import Logging
import Synchronization
import Testing

@testable import MicroHTTPD

/// `/later` answers through a ``DeferredResponse`` the test completes; `/early` completes its own before returning
/// (the answer is there before the listener suspends the connection); everything else answers at once.
private final class DeferringResponder: HTTPResponder {
    let waiting = Mutex<[DeferredResponse]>([])
    /// `/later` requests received: tests wait on it instead of polling.
    let received = EventCount()

    func respond(to request: Request) -> Response {
        let fallback = Response(status: 503, body: Array("abandoned".utf8))
        switch request.path {
        case "/later":
            let answer = DeferredResponse()
            waiting.withLock { $0.append(answer) }
            received.increment()
            return .deferred(answer, ifAbandoned: fallback)
        case "/early":
            let answer = DeferredResponse()
            answer.complete(Response(status: 201, body: Array("early".utf8)))
            return .deferred(answer, ifAbandoned: fallback)
        default:
            return Response(status: 200, body: Array("prompt".utf8))
        }
    }

    /// Completes every waiting answer with `response`; returns how many there were.
    func completeAll(_ response: Response) -> Int {
        let all = waiting.withLock { all in
            defer { all = [] }
            return all
        }
        for answer in all {
            answer.complete(response)
            answer.complete(Response(status: 500))  // ignored: the first call wins
        }
        return all.count
    }
}

/// ``Response/deferred(_:ifAbandoned:)``: the connection is suspended until another thread answers.
struct DeferredResponseTests {
    private func startServer(
        _ responder: DeferringResponder,
        clock: ManualClock = ManualClock()
    ) throws -> (HTTPServer, Int) {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 1, shutdownGracePeriodSeconds: 5),
            responder: responder,
            logger: .silent,
            clock: clock
        )
        return (server, try server.start())
    }

    /// Returns once `responder` has received `count` `/later` requests and the listener has suspended them: the
    /// pool has one thread, which suspends a connection right after its responder returns, so a prompt answer
    /// after the last `/later` proves every suspension done.
    private func waitForSuspended(_ count: Int, _ responder: DeferringResponder, port: Int) throws {
        try #require(responder.received.wait(atLeast: count), "the /later requests reached the responder")
        #expect(try Curl.run(["http://127.0.0.1:\(port)/prompt"]).status == 200)
    }

    @Test func waitingAnswersHoldNoListenerThreadAndArriveWhenCompleted() throws {
        let responder = DeferringResponder()
        let (server, port) = try startServer(responder)
        defer { server.shutdown() }
        // Four waiting requests on a pool of one thread: had they held it, the prompt request could not be served.
        let clients = try (0..<4).map { _ in try RawHTTPClient(port: port) }
        for client in clients {
            try client.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        try #require(responder.received.wait(atLeast: 4), "the /later requests reached the responder")
        let prompt = try Curl.run(["http://127.0.0.1:\(port)/prompt"])
        #expect(prompt.status == 200)
        #expect(server.deferredResponseCount == 4, "the prompt answer came while all four were waiting")
        let completed = DispatchQueue.global()
        completed.async {
            _ = responder.completeAll(
                Response(
                    status: .accepted,
                    headerFields: [HTTPField.Name("X-Answer")!: "late"],
                    body: Array("late".utf8)
                )
            )
        }
        for client in clients {
            let answer = try client.readResponse()
            #expect(answer.status == 202)
            #expect(answer.bodyText == "late")
            // The connection stays usable afterwards (keep-alive).
            try client.send("GET /prompt HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().bodyText == "prompt")
        }
        #expect(server.deferredResponseCount == 0)
    }

    @Test func anAnswerCompletedBeforeTheSuspensionIsSent() throws {
        let (server, port) = try startServer(DeferringResponder())
        defer { server.shutdown() }
        let answer = try Curl.run(["http://127.0.0.1:\(port)/early"])
        #expect(answer.status == 201)
        #expect(answer.body == "early")
        #expect(server.deferredResponseCount == 0)
    }

    @Test func aCompletedAnswerKeepsItsDelay() throws {
        let responder = DeferringResponder()
        let clock = ManualClock()
        let (server, port) = try startServer(responder, clock: clock)
        defer { server.shutdown() }
        let client = try RawHTTPClient(port: port)
        try client.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
        try waitForSuspended(1, responder, port: port)
        #expect(server.deferredResponseCount == 1)
        #expect(
            responder.completeAll(Response(status: 401, body: Array("held".utf8), delay: .milliseconds(400))) == 1
        )
        // The completed answer waits out its delay on the server's clock: still held 1 ms before it, sent at it.
        try #require(clock.blockUntilSleepers(atLeast: 1), "the answer is held back")
        clock.advance(by: .milliseconds(399))
        #expect(clock.sleepers == 1)
        clock.advance(by: .milliseconds(1))
        let answer = try client.readResponse()
        #expect(answer.status == 401)
        #expect(answer.bodyText == "held")
    }

    @Test func theShutdownSendsTheFallbackAndIgnoresALateAnswer() throws {
        let responder = DeferringResponder()
        let (server, port) = try startServer(responder)
        let client = try RawHTTPClient(port: port)
        try client.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
        try waitForSuspended(1, responder, port: port)
        #expect(server.deferredResponseCount == 1)
        let stopped = EventCount()
        let shutdown = Thread {
            server.shutdown()
            stopped.increment()
        }
        shutdown.start()
        let answer = try client.readResponse()
        #expect(answer.status == 503)
        #expect(answer.bodyText == "abandoned")
        #expect(responder.completeAll(Response(status: 200)) == 1)  // too late: ignored, nothing crashes
        #expect(server.deferredResponseCount == 0)
        #expect(stopped.wait(atLeast: 1), "shutdown() returned")
        #expect(server.port == nil)
    }
}
