import Clocks
import Foundation
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthLogging
import HearthTestSupport
import Logging
import MicroHTTPD
import SmartHomeProtocol
import Synchronization
import Testing

@testable import HearthHTTP

/// A deferred answer is logged and counted when it is finished, not when the responder returns: through the real
/// listener, with a deferred answer of the test's own making completed from another thread.
struct DeferredRequestLogTests {
    /// Answers every request with a deferred answer the test completes, observed as ``HearthResponder`` observes.
    final class DeferringResponder: HTTPResponder, Sendable {
        let observer: RequestObserver
        let pending = Mutex<[(DeferredResponse, RequestObserver.Record)]>([])
        let answered = EventCount()

        init(observer: RequestObserver) { self.observer = observer }

        func respond(to request: Request) -> Response {
            let started = ContinuousClock.now
            let answer = DeferredResponse()
            let record = RequestObserver.Record()
            let response = Response.deferred(answer, ifAbandoned: Response(status: .serviceUnavailable))
            observer.observe(request, started: started, response: response, record: record)
            pending.withLock { $0.append((answer, record)) }
            answered.increment()
            return response
        }
    }

    @Test(arguments: LogFormat.allCases)
    func theLineIsWrittenWhenTheDeferredAnswerIsFinished(format: LogFormat) throws {
        let lines = CapturedLines()
        var logger = Logger(label: "hearth") { label in
            SanitizingLogHandler(
                wrapping: LineLogHandler(label: label, format: format, sink: lines.append)
            )
        }
        logger.logLevel = .info
        let metrics = HearthMetrics(version: "test")
        let responder = DeferringResponder(
            observer: RequestObserver(
                logger: logger,
                metrics: metrics,
                metricsPath: "/metrics",
                userIdHashKey: nil,
                clock: SystemClock()
            )
        )
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threadPoolSize = 2
        let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
        let port = try server.start()
        defer { server.shutdown() }

        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        try client.send("POST /fulfillment HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        #expect(responder.answered.wait(atLeast: 1))
        let requestLines = { lines.all.filter { $0.contains("Answered a request") } }
        #expect(requestLines().isEmpty, "nothing is logged before the answer is finished")

        // Completed from another thread, with a summary, as the webhook's EXECUTE will be.
        guard let (answer, record) = responder.pending.withLock({ $0.first }) else {
            Issue.record("the responder kept no deferred answer")
            return
        }
        let thread = Thread {
            record.set(
                IntentSummary(intent: .execute, requestId: "deferred-1", agentUserId: "alice", outcome: .pending)
            )
            answer.complete(Response(status: .accepted, body: Array("{}".utf8)))
        }
        thread.start()
        let response = try client.readResponse()
        #expect(response.status == 202)
        let written = requestLines()
        #expect(written.count == 1, "\(written)")
        let line = try LogLine(try #require(written.first), format: format)
        #expect(line["http.status"] == "202")
        #expect(line["http.route"] == "/fulfillment")
        #expect(line["intent"] == "EXECUTE")
        #expect(line["outcome"] == "pending")
        #expect(line["request.id"] == "deferred-1")
        let samples = PrometheusSamples.parse(String(decoding: metrics.emitted(), as: UTF8.self))
        #expect(samples[#"hearth_http_responses_total{code="202",route="/fulfillment"}"#] == 1)
        #expect(samples[#"hearth_intents_total{intent="EXECUTE",outcome="pending"}"#] == 1)
    }

    @Test func anAnswerAbandonedAtShutdownIsLoggedWithTheFallback() throws {
        let lines = CapturedLines()
        var logger = Logger(label: "hearth") { label in
            SanitizingLogHandler(wrapping: LineLogHandler(label: label, format: .text, sink: lines.append))
        }
        logger.logLevel = .info
        let responder = DeferringResponder(
            observer: RequestObserver(
                logger: logger,
                metrics: nil,
                metricsPath: nil,
                userIdHashKey: nil,
                clock: SystemClock()
            )
        )
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threadPoolSize = 2
        let server = HTTPServer(configuration: configuration, responder: responder, logger: logger)
        let port = try server.start()
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        try client.send("POST /fulfillment HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
        #expect(responder.answered.wait(atLeast: 1))
        server.shutdown()
        #expect(try client.readResponse().status == 503)
        let written = lines.all.filter { $0.contains("Answered a request") }
        #expect(written.count == 1, "\(lines.all)")
        #expect(written.first?.contains("http.status=503") == true, "\(written)")
    }
}
