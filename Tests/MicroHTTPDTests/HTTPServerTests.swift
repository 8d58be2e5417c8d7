import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import HearthTestSupport
import Logging
import Synchronization
import Testing

@testable import MicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// A configuration for tests: ephemeral port, short timeouts.
private func testConfiguration(
    maxBodyBytes: Int = 1 << 20,
    connectionMemoryLimit: Int = 32 << 10,
    connectionTimeoutSeconds: Int = 10,
    shutdownGracePeriodSeconds: Double = 5
) -> HTTPServerConfiguration {
    HTTPServerConfiguration(
        port: 0,
        threadPoolSize: 2,
        maxBodyBytes: maxBodyBytes,
        connectionMemoryLimit: connectionMemoryLimit,
        connectionTimeoutSeconds: connectionTimeoutSeconds,
        shutdownGracePeriodSeconds: shutdownGracePeriodSeconds
    )
}

/// Starts a server, runs `body` with it and its port, then shuts it down and checks no request leaked.
private func withServer<Result>(
    _ configuration: HTTPServerConfiguration = testConfiguration(),
    responder: some HTTPResponder,
    _ body: (HTTPServer, Int) throws -> Result
) throws -> Result {
    let server = HTTPServer(configuration: configuration, responder: responder, logger: .silent)
    let port = try server.start()
    defer {
        server.shutdown()
        #expect(server.port == nil)
        #expect(server.inFlightRequestCount == 0)
    }
    return try body(server, port)
}

private func elapsedSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

struct HTTPServerTests {
    @Test func getRoundTripWithQueryAndHeaders() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let result = try Curl.run([
                "-H", "X-Test: yes", "-H", "Accept: application/json",
                "http://127.0.0.1:\(port)/devices/kitchen%20light?user=demo&expand=a%2Cb",
            ])
            #expect(result.status == 200)
            #expect(result.headers.contains("X-Path: /devices/kitchen%20light"))
            let request = try #require(responder.requests.first)
            #expect(request.method == .get)
            #expect(request.path == "/devices/kitchen%20light")
            #expect(request.query == "user=demo&expand=a%2Cb")
            #expect(request.headerFields[HTTPField.Name("x-test")!] == "yes")
            #expect(request.headerFields[HTTPField.Name("ACCEPT")!] == "application/json")
            #expect(request.head.authority == "127.0.0.1:\(port)", "Host is the authority")
            #expect(!request.headerFields.contains { $0.name.canonicalName == "host" })
            #expect(request.head.path == "/devices/kitchen%20light?user=demo&expand=a%2Cb")
            #expect(request.body.isEmpty)
            #expect(request.remoteAddress == "127.0.0.1")
        }
    }

    /// microhttpd passes header lines it does not check; one whose name is not a token (RFC 9110 §5.1) cannot be an
    /// `HTTPField`, so the listener leaves it out and hands over the rest.
    @Test func aHeaderNameThatIsNotATokenIsLeftOut() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET /f HTTP/1.1\r\nHost: t\r\nBad(Name: x\r\nX-Good: y\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            let request = try #require(responder.requests.first)
            #expect(request.headerFields.map(\.name.rawName) == ["X-Good"])
            #expect(request.headerFields[HTTPField.Name("x-good")!] == "y")
        }
    }

    @Test func repeatedFieldsKeepTheirOrderAndCombineWithCommas() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET /f HTTP/1.1\r\nHost: t\r\nX-Twice: one\r\nx-twice: two\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            let request = try #require(responder.requests.first)
            let twice = HTTPField.Name("X-TWICE")!
            #expect(request.headerFields[values: twice] == ["one", "two"])
            #expect(request.headerFields[twice] == "one, two")
        }
    }

    @Test func postRoundTripEchoesBody() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let json = #"{"requestId":"ff36a3cc","inputs":[{"intent":"action.devices.SYNC"}]}"#
            let result = try Curl.run([
                "-X", "POST", "-H", "Content-Type: application/json", "--data-binary", json,
                "http://127.0.0.1:\(port)/fulfillment",
            ])
            #expect(result.status == 200)
            #expect(result.body == json)
            let request = try #require(responder.requests.first)
            #expect(request.method == .post)
            #expect(request.path == "/fulfillment")
            #expect(request.query == nil)
            #expect(request.headerFields[.contentType] == "application/json")
            #expect(request.body == Array(json.utf8))
        }
    }

    @Test func responderHeadersAndStatusAreSent() throws {
        let response = Response(
            status: .created,
            headerFields: [.contentType: "application/json", HTTPField.Name("X-Request-Id")!: "abc"],
            body: Array(#"{"status":"ok"}"#.utf8)
        )
        try withServer(responder: FixedResponder(response: response)) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 201)
            #expect(answer.header("content-type") == "application/json")
            #expect(answer.header("x-request-id") == "abc")
            #expect(answer.header("content-length") == "15")
            #expect(answer.bodyText == #"{"status":"ok"}"#)
        }
    }

    @Test func headerInjectionAndBadStatusDoNotCrash() throws {
        let response = Response(
            status: 42,
            headerFields: [
                HTTPField.Name("X-Evil")!: "a\r\nSet-Cookie: b", .contentLength: "999", .transferEncoding: "chunked",
            ],
            body: Array("x".utf8)
        )
        try withServer(responder: FixedResponder(response: response)) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 500)
            #expect(answer.header("set-cookie") == nil)
            #expect(answer.header("content-length") == "1")
            #expect(answer.header("transfer-encoding") == nil)
            #expect(answer.bodyText == "x")
        }
    }

    @Test func portZeroReportsTheBoundPort() throws {
        let server = HTTPServer(configuration: testConfiguration(), responder: RecordingResponder(), logger: .silent)
        #expect(server.port == nil)
        let port = try server.start()
        #expect(port > 0)
        #expect(server.port == port)
        let client = try RawHTTPClient(port: port)
        try client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        server.shutdown()
        #expect(server.port == nil)
        server.shutdown()  // idempotent
        #expect(throws: HTTPServerError(code: .alreadyStarted, message: "")) { try server.start() }
    }

    @Test func hundredKilobyteBodyInManyChunks() throws {
        let responder = RecordingResponder()
        // A 4 KiB connection buffer makes microhttpd hand the body over in many pieces.
        try withServer(testConfiguration(connectionMemoryLimit: 4096), responder: responder) { _, port in
            let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let client = try RawHTTPClient(port: port)
            try client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n\r\n")
            var offset = 0
            while offset < body.count {
                let end = min(offset + 1000, body.count)
                try client.send(Array(body[offset..<end]))
                offset = end
            }
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.body == body)
            #expect(responder.requests.first?.body == body)
        }
    }

    @Test func chunkedTransferEncoding() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /chunked HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
            try client.send("5\r\nhello\r\n")
            usleep(20_000)  // a slow client: the chunks arrive in separate reads (not synchronisation)
            try client.send("1\r\n \r\n6\r\nworld!\r\n")
            try client.send("0\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.bodyText == "hello world!")
            #expect(responder.requests.first?.headerFields[.transferEncoding] == "chunked")
        }
    }

    @Test func chunkedUploadWithCurl() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let body = Array(repeating: UInt8(ascii: "z"), count: 50_000)
            let result = try Curl.run(
                [
                    "-X", "POST", "-H", "Transfer-Encoding: chunked", "--data-binary", "@-",
                    "http://127.0.0.1:\(port)/stream",
                ],
                input: body
            )
            #expect(result.status == 200)
            #expect(result.body.utf8.count == body.count)
        }
    }

    @Test func declaredBodyOverTheLimitIsRefusedWith413() throws {
        let responder = RecordingResponder()
        try withServer(testConfiguration(maxBodyBytes: 1000), responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(
                "POST /fulfillment HTTP/1.1\r\nHost: test\r\nContent-Length: 5000\r\nExpect: 100-continue\r\n\r\n"
            )
            let answer = try client.readResponse()
            #expect(answer.status == 413)
            #expect(answer.header("content-type") == "application/json")
            #expect(
                answer.bodyText
                    == #"{"error":"payloadTooLarge","message":"the request body is larger than the 1000 bytes accepted"}"#
            )
            #expect(responder.requests.count == 0)
        }
    }

    @Test func declaredBodyOverTheLimitWithCurl() throws {
        let responder = RecordingResponder()
        try withServer(testConfiguration(maxBodyBytes: 1000), responder: responder) { _, port in
            let result = try Curl.run(
                ["-X", "POST", "--data-binary", "@-", "http://127.0.0.1:\(port)/fulfillment"],
                input: Array(repeating: UInt8(ascii: "a"), count: 3000)
            )
            #expect(result.status == 413)
            #expect(
                result.body
                    == #"{"error":"payloadTooLarge","message":"the request body is larger than the 1000 bytes accepted"}"#
            )
            #expect(responder.requests.count == 0)
        }
    }

    @Test func bodyExactlyAtTheLimitIsAccepted() throws {
        let responder = RecordingResponder()
        try withServer(testConfiguration(maxBodyBytes: 1000), responder: responder) { _, port in
            let body = Array(repeating: UInt8(ascii: "b"), count: 1000)
            let client = try RawHTTPClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\n")
            try client.send(body)
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.body == body)
        }
    }

    @Test func chunkedBodyOverTheLimitIsRefusedWith413() throws {
        let responder = RecordingResponder()
        try withServer(testConfiguration(maxBodyBytes: 1000), responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /fulfillment HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "c", count: 400)
            for _ in 0..<5 {
                try client.send("190\r\n\(chunk)\r\n")  // 0x190 = 400 bytes, 2000 in all
            }
            try client.send("0\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 413)
            #expect(answer.header("content-type") == "application/json")
            #expect(
                answer.bodyText
                    == #"{"error":"payloadTooLarge","message":"the request body is larger than the 1000 bytes accepted"}"#
            )
            #expect(responder.requests.count == 0)
        }
    }

    @Test func hugeHeaderIsRefusedWith431() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            let huge = String(repeating: "h", count: 40_000)
            try client.send("GET / HTTP/1.1\r\nHost: test\r\nX-Huge: \(huge)\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 431)
            #expect(responder.requests.count == 0)
        }
    }

    @Test func idleConnectionIsClosedAfterTheTimeout() throws {
        try withServer(testConfiguration(connectionTimeoutSeconds: 1), responder: RecordingResponder()) { _, port in
            let start = ContinuousClock.now
            let client = try RawHTTPClient(port: port, readTimeoutSeconds: 8)
            #expect(client.waitForClose())
            let elapsed = elapsedSeconds(since: start)
            #expect(elapsed >= 0.5)
            #expect(elapsed < 6)
        }
    }

    @Test func stalledUploadIsClosedAfterTheTimeout() throws {
        let responder = RecordingResponder()
        try withServer(testConfiguration(connectionTimeoutSeconds: 1), responder: responder) { server, port in
            let client = try RawHTTPClient(port: port, readTimeoutSeconds: 8)
            try client.send("POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\nonly part")
            #expect(client.waitForClose())
            #expect(responder.requests.count == 0)
            #expect(server.inFlightRequestCount == 0)
        }
    }

    @Test func manyIdleConnectionsDoNotBlockARealRequest() throws {
        try withServer(responder: RecordingResponder()) { _, port in
            let idle = try (0..<50).map { _ in try RawHTTPClient(port: port) }
            // Some idle clients sent half a request line, some nothing at all.
            for client in idle.prefix(25) {
                try client.send("GET /slow")
            }
            let start = ContinuousClock.now
            let result = try Curl.run(["http://127.0.0.1:\(port)/ok"])
            #expect(result.status == 200)
            #expect(elapsedSeconds(since: start) < 5)
            for client in idle {
                client.close()
            }
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            for index in 0..<5 {
                try client.send("POST /n/\(index) HTTP/1.1\r\nHost: test\r\nContent-Length: 1\r\n\r\n\(index)")
                let answer = try client.readResponse()
                #expect(answer.status == 200)
                #expect(answer.bodyText == "\(index)")
                #expect(answer.header("x-path") == "/n/\(index)")
            }
            #expect(responder.requests.count == 5)
        }
    }

    @Test func malformedRequestsDoNotCrashTheServer() throws {
        try withServer(responder: RecordingResponder()) { _, port in
            let garbage = [
                "\u{0}\u{1}\u{2}\r\n\r\n",
                "GET\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n",
                "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
                "GET /\u{FF}\u{FE} HTTP/1.1\r\nHost: x\r\nX-Bad: \u{80}\r\n\r\n",
            ]
            for text in garbage {
                let client = try RawHTTPClient(port: port, readTimeoutSeconds: 2)
                try? client.send(text)
                _ = client.waitForClose()
            }
            let result = try Curl.run(["http://127.0.0.1:\(port)/still-alive"])
            #expect(result.status == 200)
        }
    }

    @Test func concurrentRequestsFromSeveralThreadsAreAllAnswered() throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                do {
                    let client = try RawHTTPClient(port: port)
                    for index in 0..<25 {
                        let body = "t\(thread)-r\(index)"
                        try client.send(
                            "POST /c HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                        )
                        let answer = try client.readResponse()
                        if answer.status != 200 || answer.bodyText != body {
                            failures.withLock { $0.append("\(body): \(answer.status) \(answer.bodyText)") }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(responder.requests.count == 200)
        }
    }

    @Test func gracefulShutdownFinishesTheRequestInFlight() throws {
        let responder = SlowResponder(delayMilliseconds: 400)
        let logs = CapturingLogHandler.Storage()
        let server = HTTPServer(
            configuration: testConfiguration(),
            responder: responder,
            logger: Logger(label: "test") { _ in CapturingLogHandler(storage: logs) }
        )
        let port = try server.start()
        let client = try RawHTTPClient(port: port)
        try client.send("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n")
        try #require(responder.started.wait(atLeast: 1), "the request reached the handler")

        let stopped = EventCount()
        let shutdownThread = Thread {
            server.shutdown()
            stopped.increment()
        }
        let start = ContinuousClock.now
        shutdownThread.start()
        // Logged once the listening socket is shut and the drain has begun.
        try #require(logs.wait(for: "HTTP server shutting down"))
        // While draining, the listening socket refuses new connections.
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }
        #expect(stopped.value == 0)

        let answer = try client.readResponse()
        #expect(answer.status == 200)
        #expect(answer.bodyText == "slow done")
        #expect(answer.header("connection")?.lowercased() == "close")

        #expect(stopped.wait(atLeast: 1), "shutdown() returned")
        #expect(elapsedSeconds(since: start) < 4)  // well under the 5 s grace period
        #expect(server.port == nil)
        #expect(server.inFlightRequestCount == 0)
        let refused = #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: port) }
        #expect(refused?.errorNumber == ECONNREFUSED)
    }

    @Test func shutdownGivesUpAfterTheGracePeriod() throws {
        let responder = SlowResponder(delayMilliseconds: 3000)
        let server = HTTPServer(
            configuration: testConfiguration(shutdownGracePeriodSeconds: 0.3),
            responder: responder,
            logger: .silent
        )
        let port = try server.start()
        let client = try RawHTTPClient(port: port)
        try client.send("GET /slow HTTP/1.1\r\nHost: test\r\n\r\n")
        try #require(responder.started.wait(atLeast: 1), "the request reached the handler")
        let start = ContinuousClock.now
        server.shutdown()
        // MHD_stop_daemon still joins the worker thread that is inside the responder.
        #expect(elapsedSeconds(since: start) < 3.5)
        #expect(server.port == nil)
        #expect(server.inFlightRequestCount == 0)
        _ = client
    }

    @Test func startingOnAPortInUseThrows() throws {
        try withServer(responder: RecordingResponder()) { _, port in
            var configuration = testConfiguration()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, responder: RecordingResponder(), logger: .silent)
            let error = #expect(throws: HTTPServerError.self) { try second.start() }
            #expect(error?.code == .addressInUse)
            #expect(error?.message.contains("\(port)") == true)
            #expect(second.port == nil)
            second.shutdown()
        }
    }

    @Test func aServerGivenABoundSocketServesItAndAStoppedOneReleasesIt() throws {
        let socket = try ListeningSocket(host: "127.0.0.1", port: 0)
        let port = socket.port
        #expect(port > 0)
        // Bound but not served yet: a second bind of the port is refused already.
        let taken = #expect(throws: HTTPServerError.self) { try ListeningSocket(host: "127.0.0.1", port: port) }
        #expect(taken?.code == .addressInUse)
        #expect(taken?.message.contains("127.0.0.1:\(port)") == true)
        let server = HTTPServer(
            configuration: testConfiguration(),
            responder: RecordingResponder(),
            logger: .silent,
            socket: socket
        )
        #expect(try server.start() == port)
        let client = try RawHTTPClient(port: port, readTimeoutSeconds: 10)
        try client.send("GET /bound HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        server.shutdown()
        // Never started: shutting down closes the socket, so the port is free again.
        let unused = try ListeningSocket(host: "127.0.0.1", port: 0)
        let unusedPort = unused.port
        HTTPServer(configuration: testConfiguration(), responder: RecordingResponder(), logger: .silent, socket: unused)
            .shutdown()
        _ = try ListeningSocket(host: "127.0.0.1", port: unusedPort)
    }

    @Test func microhttpdErrorsGoToTheLogger() throws {
        let capture = CapturingLogHandler.Storage()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(storage: capture) }
        var configuration = testConfiguration()
        configuration.tls = TLSCredentials(
            certificatePEM: Array("not a certificate".utf8),
            privateKeyPEM: Array("nor a key".utf8)
        )
        let server = HTTPServer(configuration: configuration, responder: RecordingResponder(), logger: logger)
        #expect(throws: HTTPServerError.self) { try server.start() }
        let messages = capture.entries.compactMap { $0.metadata["microhttpd.message"] }
        #expect(!messages.isEmpty, "microhttpd's refusal of the TLS pair reaches the logger")
    }

    @Test(arguments: ["example.com", "300.1.1.1", "", "fe80::1%lo", "[::1", "::1]", "1::2::3"])
    func unsupportedHostsAreRejected(host: String) throws {
        var configuration = testConfiguration()
        configuration.host = host
        let server = HTTPServer(configuration: configuration, responder: RecordingResponder(), logger: .silent)
        let error = #expect(throws: HTTPServerError.self) { try server.start() }
        #expect(error?.code == .invalidConfiguration)
        server.shutdown()
    }

    @Test(arguments: ["127.0.0.1", "localhost", "0.0.0.0", "::", "[::]"])
    func supportedHostsServeOverLoopback(host: String) throws {
        // `::` is dual stack: the IPv4 client below reaches it. Without IPv6 on the machine it cannot bind.
        if host.contains(":"), (try? ListeningSocket(host: "::1", port: 0)) == nil {
            print("skipped \(host): this machine has no IPv6 loopback")
            return
        }
        var configuration = testConfiguration()
        configuration.host = host
        let responder = RecordingResponder()
        try withServer(configuration, responder: responder) { _, port in
            let client = try RawHTTPClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(responder.requests.first?.remoteAddress == "127.0.0.1")
        }
    }

    @Test(arguments: ["127.0.0.1", "127.10.200.3", "127.255.0.99"])
    func remoteAddressIsThePeersAddress(source: String) throws {
        let responder = RecordingResponder()
        try withServer(responder: responder) { _, port in
            let client = try RawHTTPClient(port: port, sourceAddress: source)
            try client.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(responder.requests.first?.remoteAddress == source)
        }
    }

    @Test func runServesUntilCancelled() async throws {
        let logs = CapturingLogHandler.Storage()
        let server = HTTPServer(
            configuration: testConfiguration(),
            responder: RecordingResponder(),
            logger: Logger(label: "test") { _ in CapturingLogHandler(storage: logs) }
        )
        let task = Task { try await server.run() }
        // Logged once run() has started the daemon and the port is bound.
        try #require(await logs.waitAsync(for: "HTTP server listening"))
        let boundPort = try #require(server.port)
        let result = try Curl.run(["http://127.0.0.1:\(boundPort)/"])
        #expect(result.status == 200)
        task.cancel()
        try await task.value
        #expect(server.port == nil)
        #expect(throws: RawHTTPClient.Failure.self) { try RawHTTPClient(port: boundPort) }
    }

    @Test func runReturnsWhenShutdownIsCalled() async throws {
        let logs = CapturingLogHandler.Storage()
        let server = HTTPServer(
            configuration: testConfiguration(),
            responder: RecordingResponder(),
            logger: Logger(label: "test") { _ in CapturingLogHandler(storage: logs) }
        )
        let task = Task { try await server.run() }
        // run() started the daemon; shutdown() now, whether or not run() has reached its wait for the stop request
        // yet (a stop requested before that wait ends it at once).
        try #require(await logs.waitAsync(for: "HTTP server listening"))
        #expect(server.port != nil)
        server.shutdown()
        try await task.value
        #expect(server.port == nil)
    }
}
