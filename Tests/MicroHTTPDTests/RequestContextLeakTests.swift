import Dispatch
import Foundation
import HTTPMessages
import HearthTestSupport
import Synchronization
import Testing

@testable import MicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// This process's resident set size in bytes, from `/proc/self/status` (`VmRSS`).
private func residentBytes() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    let kibibytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    return kibibytes << 10
}

private func elapsedSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Item 15 of issue 10: every request context is released, whatever the query string, and the client is answered.
struct RequestContextLeakTests {
    /// Hearth's default `http.maxHeaderBytes`: with it, libmicrohttpd 0.9.75 gave up on ~220 query arguments.
    private static let memoryLimit = 16 << 10

    private func makeServer(grace: Double = 10) -> HTTPServer {
        HTTPServer(
            configuration: HTTPServerConfiguration(
                port: 0,
                threadPoolSize: 2,
                connectionMemoryLimit: Self.memoryLimit,
                connectionTimeoutSeconds: 30,
                shutdownGracePeriodSeconds: grace
            ),
            responder: RecordingResponder(),
            logger: .silent
        )
    }

    /// Sends one request on a new connection and returns the status, after the server closed the connection
    /// (microhttpd completes a request before it closes the connection, so the request is no longer in flight).
    private static func statusAfterClose(port: Int, request: String) -> Int {
        do {
            let client = try RawHTTPClient(port: port, readTimeoutSeconds: 10)
            try client.send(request)
            let status = try client.readResponse().status
            return client.waitForClose() ? status : -1
        } catch {
            return 0
        }
    }

    @Test func thousandsOfRequestsWithHundredsOfQueryArgumentsAreAnsweredAndLeakNothing() throws {
        let server = makeServer()
        let port = try server.start()
        let request = "GET /healthz?\(String(repeating: "a&", count: 300)) HTTP/1.1\r\nHost: t\r\n\r\n"
        // Warm up (threads, allocator arenas) before the baseline.
        for _ in 0..<200 {
            _ = Self.statusAfterClose(port: port, request: request)
        }
        let before = try residentBytes()
        let statuses = Mutex<[Int: Int]>([:])
        let requests = 5000
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<(requests / 4) {
                let status = Self.statusAfterClose(port: port, request: request)
                statuses.withLock { $0[status, default: 0] += 1 }
            }
        }
        let after = try residentBytes()
        #expect(statuses.withLock { $0 } == [414: requests], "each is answered 414, none times out")
        #expect(server.inFlightRequestCount == 0)
        // Measured: growth well under 1 MiB. Before the fix each request kept its context and connection for the
        // 30 s timeout (the issue saw 39 → 316 MB over 20,000). 32 MiB leaves room for other suites running in
        // the same process at the same time.
        #expect(after - before < 32 << 20, "RSS grew \((after - before) >> 10) KiB")

        let start = ContinuousClock.now
        server.shutdown()
        // Nothing is left in flight, so the 10 s grace period is not waited out.
        #expect(elapsedSeconds(since: start) < 5)
        #expect(server.inFlightRequestCount == 0)
    }

    @Test(arguments: [1, 63, 64])
    func queriesUpToTheLimitReachTheResponderVerbatim(arguments count: Int) throws {
        let responder = RecordingResponder()
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, connectionMemoryLimit: 4096),
            responder: responder,
            logger: .silent
        )
        let port = try server.start()
        defer { server.shutdown() }
        let query = (0..<count).map { "k\($0)=v%20\($0)+x" }.joined(separator: "&")
        let client = try RawHTTPClient(port: port)
        try client.send("GET /p%2Fq?\(query) HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(responder.requests.first?.path == "/p%2Fq")
        #expect(responder.requests.first?.query.map(String.init) == query)
    }

    @Test(arguments: [65, 300, 2000])
    func queriesOverTheLimitGet414(arguments count: Int) throws {
        let responder = RecordingResponder()
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, connectionMemoryLimit: Self.memoryLimit),
            responder: responder,
            logger: .silent
        )
        let port = try server.start()
        defer {
            server.shutdown()
            #expect(server.inFlightRequestCount == 0)
        }
        let client = try RawHTTPClient(port: port)
        try client.send("GET /healthz?\(String(repeating: "b=1&", count: count - 1))b=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 414)
        #expect(answer.bodyText == #"{"error":"tooManyQueryArguments","message":"too many query arguments"}"#)
        #expect(answer.header("connection")?.lowercased() == "close")
        #expect(client.waitForClose())
        #expect(responder.requests.isEmpty)
    }

    @Test func aLongQueryWithFewArgumentsIsServedWhereMicrohttpdUsedToGiveUp() throws {
        // Measured against libmicrohttpd 0.9.75 before the fix: with a 4 KiB pool and a 2,000-byte path, 28
        // arguments were answered and 30 were dropped without an answer.
        let responder = RecordingResponder(echoesPath: false)
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, connectionMemoryLimit: 4096),
            responder: responder,
            logger: .silent
        )
        let port = try server.start()
        defer {
            server.shutdown()
            #expect(server.inFlightRequestCount == 0)
        }
        let path = "/" + String(repeating: "p", count: 2000)
        let query = String(repeating: "a&", count: 39) + "a"
        let client = try RawHTTPClient(port: port, readTimeoutSeconds: 5)
        try client.send("GET \(path)?\(query) HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(responder.requests.first?.query.map(String.init) == query)
    }
}
