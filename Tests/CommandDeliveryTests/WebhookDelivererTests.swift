import Clocks
import CommandDelivery
import Foundation
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthTestSupport
import JSON
import Logging
import MicroHTTPD
import Synchronization
import Testing

/// The webhook client on its own: one signed POST to a backend served on loopback, its answer read into a
/// ``DeliveryOutcome``. (With the whole server around it: `WebhookDeliveryEndToEndTests` in HearthAppTests.)
@Suite struct WebhookDelivererTests {
    static let secret = Array("a-webhook-secret-of-some-length".utf8)
    static let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A backend that answers what the test says and keeps the requests it was sent.
    final class Backend: HTTPResponder {
        let status: HTTPResponse.Status
        let answer: String
        let requests = Mutex<[Request]>([])

        init(status: HTTPResponse.Status = .ok, answer: String) {
            self.status = status
            self.answer = answer
        }

        func respond(to request: Request) -> Response {
            requests.withLock { $0.append(request) }
            return Response(status: status, headerFields: [.contentType: "application/json"], body: Array(answer.utf8))
        }
    }

    static func deliver(to url: String, deadline: Duration = .seconds(5)) async -> DeliveryOutcome {
        let deliverer = WebhookDeliverer(
            url: URL(string: url)!,
            secret: secret,
            clock: SystemClock(),
            logger: logger
        )
        return await withCheckedContinuation { continuation in
            deliverer.deliver(DeliveryBodyTests.commands, deadline: deadline) { continuation.resume(returning: $0) }
        }
    }

    static func serving<T>(_ backend: Backend, _ body: (Int) async throws -> T) async throws -> T {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, shutdownGracePeriodSeconds: 1),
            responder: backend,
            logger: logger
        )
        let port = try server.start()
        defer { server.shutdown() }
        return try await body(port)
    }

    @Test func aDeliveryIsOneSignedPostWithTheIdempotencyKeyAndItsAnswerIsRead() async throws {
        let backend = Backend(answer: #"{"devices": {"lamp": {"status": "PENDING"}}}"#)
        let outcome = try await Self.serving(backend) { port in
            await Self.deliver(to: "http://127.0.0.1:\(port)/commands")
        }
        #expect(outcome == .answered(["lamp": .pending]))
        let requests = backend.requests.withLock { $0 }
        try #require(requests.count == 1)
        let request = requests[0]
        #expect(request.method == .post)
        #expect(request.path == "/commands")
        #expect(request.body == DeliveryBody.request(DeliveryBodyTests.commands))
        #expect(request.headerFields[HTTPField.Name("Idempotency-Key")!] == "k-1")
        let signature = try #require(request.headerFields[HTTPField.Name(WebhookSignature.headerName)!])
        let now = SystemClock().unixTime.seconds
        #expect(WebhookSignature.verify(signature, body: request.body, secret: Self.secret, now: now))
    }

    @Test func aServerErrorFailsTheDelivery() async throws {
        let backend = Backend(status: .internalServerError, answer: #"{"devices": {"lamp": {"status": "SUCCESS"}}}"#)
        let outcome = try await Self.serving(backend) { port in
            await Self.deliver(to: "http://127.0.0.1:\(port)/commands")
        }
        guard case .failed = outcome else {
            Issue.record("expected a failed delivery, got \(outcome)")
            return
        }
    }

    @Test func anUnreachableBackendFailsTheDelivery() async throws {
        let refusing = try RefusingPort()
        let outcome = await Self.deliver(to: "http://127.0.0.1:\(refusing.port)/commands")
        guard case .failed = outcome else {
            Issue.record("expected a failed delivery, got \(outcome)")
            return
        }
    }
}
