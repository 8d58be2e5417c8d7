import Dispatch
import Foundation
import HearthTestSupport
import Testing

@testable import MicroHTTPD

#if canImport(Glibc)
import Glibc
#endif

/// A connected pair of stream sockets: `server` is handed to ``LingeringCloses``, the test plays the client on
/// `client`.
private struct SocketPair {
    let server: Int32
    let client: Int32

    init() throws {
        var descriptors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else {
            throw RawHTTPClient.Failure(operation: "socketpair", errorNumber: errno)
        }
        server = descriptors[0]
        client = descriptors[1]
    }

    /// Writes `count` bytes from the client side; returns how many were written before the peer went away.
    func write(_ count: Int) -> Int {
        let chunk = [UInt8](repeating: 0x61, count: 64 << 10)
        var written = 0
        while written < count {
            let sent = chunk.withUnsafeBytes {
                send(client, $0.baseAddress, min($0.count, count - written), Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else {
                return written
            }
            written += sent
        }
        return written
    }

    /// Waits until the lingering side has closed its socket (both directions hung up); false after `seconds`. Only
    /// meaningful while the client has not shut its own write side (then a hang-up comes without a close).
    func waitForServerClose(seconds: Int32) -> Bool {
        var descriptor = pollfd(fd: client, events: 0, revents: 0)
        return poll(&descriptor, 1, seconds * 1000) == 1 && descriptor.revents & Int16(POLLHUP) != 0
    }

    /// Whether the lingering side has shut its write side: the client reads end of stream.
    func readsEndOfStream() -> Bool {
        var byte: UInt8 = 0
        return recv(client, &byte, 1, 0) == 0
    }
}

private func elapsedSeconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Item 11 of issue 10: a 413 the client reads, and the lingering close that makes it possible.
struct LingeringCloseTests {
    private static let maxBodyBytes = 1 << 20
    /// The listener's 413 body for this limit.
    private static let tooLarge =
        #"{"error":"payloadTooLarge","message":"the request body is larger than the 1048576 bytes accepted"}"#
    private static let twoMebibytes = 2 << 20

    private func withServer(_ body: (HTTPServer, RecordingResponder, Int) throws -> Void) throws {
        let responder = RecordingResponder()
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2, maxBodyBytes: Self.maxBodyBytes),
            responder: responder,
            logger: .silent
        )
        let port = try server.start()
        defer {
            server.shutdown()
            #expect(server.inFlightRequestCount == 0)
            #expect(server.lingeringCloses.count == 0)
        }
        try body(server, responder, port)
    }

    @Test func aClientWithoutExpectReadsThe413ThirtyTimesInARow() throws {
        try withServer { _, responder, port in
            let body = [UInt8](repeating: UInt8(ascii: "x"), count: Self.twoMebibytes)
            var statuses: [String] = []
            for _ in 0..<30 {
                do {
                    let client = try RawHTTPClient(port: port, readTimeoutSeconds: 20)
                    try client.send(
                        "POST /fulfillment HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                            + "Content-Length: \(body.count)\r\n\r\n"
                    )
                    // The whole body, as a client without Expect: 100-continue sends it before reading anything.
                    try client.send(body)
                    let answer = try client.readResponse()
                    statuses.append("\(answer.status) \(answer.bodyText)")
                } catch {
                    statuses.append("\(error)")
                }
            }
            #expect(statuses == Array(repeating: "413 \(Self.tooLarge)", count: 30))
            #expect(responder.requests.isEmpty)
        }
    }

    @Test func pythonURLLibReadsThe413ThirtyTimesInARow() throws {
        // urllib sends no Expect header and writes the whole body before reading the answer.
        let script = """
            import sys, urllib.request, urllib.error
            port, size = int(sys.argv[1]), int(sys.argv[2])
            body = b"x" * size
            for _ in range(30):
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}/fulfillment", data=body, method="POST",
                    headers={"Content-Type": "application/json"})
                try:
                    with urllib.request.urlopen(request, timeout=20) as response:
                        print(response.status, flush=True)
                except urllib.error.HTTPError as error:
                    print(error.code, error.read().decode(), flush=True)
                except Exception as error:
                    print(type(error).__name__, error, flush=True)
            """
        try withServer { _, responder, port in
            let result = try ChildProcess.run(
                "/usr/bin/env",
                ["python3", "-c", script, "\(port)", "\(Self.twoMebibytes)"]
            )
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(lines == Array(repeating: "413 \(Self.tooLarge)", count: 30))
            #expect(result.termination.succeeded, "\(result)")
            #expect(responder.requests.isEmpty)
        }
    }

    @Test func aClientWithExpectGetsThe413WithoutSendingTheBody() throws {
        try withServer { _, _, port in
            let client = try RawHTTPClient(port: port)
            try client.send(
                "POST /fulfillment HTTP/1.1\r\nHost: t\r\nContent-Length: \(Self.twoMebibytes)\r\n"
                    + "Expect: 100-continue\r\n\r\n"
            )
            let answer = try client.readResponse()
            #expect(answer.status == 413)
            #expect(answer.bodyText == Self.tooLarge)
            #expect(client.waitForClose())
        }
    }

    @Test func aChunkedBodyFarOverTheLimitIsCutOffAfterTheDiscardLimit() throws {
        try withServer { server, responder, port in
            let client = try RawHTTPClient(port: port)
            try client.send("POST /fulfillment HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk =
                Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "c"), count: 0x10000) + Array("\r\n".utf8)
            var sent = 0
            // 64 MiB, far past the 1 MiB limit plus the 16 MiB discarded: the server drops the connection first.
            do {
                for _ in 0..<1024 {
                    try client.send(chunk)
                    sent += 0x10000
                }
            } catch {}
            #expect(sent < 64 << 20)
            #expect(sent >= Self.maxBodyBytes + server.lingeringCloses.limits.maxBytes)
            #expect(responder.requests.isEmpty)
        }
    }

    @Test func lingeringEndsWhenTheClientCloses() throws {
        let closed = DispatchSemaphore(value: 0)
        let closes = LingeringCloses(didClose: { closed.signal() })
        let pair = try SocketPair()
        closes.adopt(pair.server)
        #expect(pair.readsEndOfStream(), "the write side is shut at once, so the client sees the answer end")
        // Far more than a socket buffer: it only goes through because the other side keeps reading.
        #expect(pair.write(8 << 20) == 8 << 20)
        shutdown(pair.client, Int32(SHUT_WR))
        #expect(closed.wait(timeout: .now() + 5) == .success)
        #expect(closes.count == 0)
        close(pair.client)
    }

    @Test func lingeringEndsAfterTheIdleTimeout() throws {
        let limits = LingeringCloses.Limits(
            idleTimeout: .milliseconds(300),
            totalTimeout: .seconds(20),
            maxBytes: 1 << 20,
            maxSockets: 4
        )
        let closes = LingeringCloses(limits: limits)
        let pair = try SocketPair()
        let start = ContinuousClock.now
        closes.adopt(pair.server)
        #expect(pair.waitForServerClose(seconds: 10))
        let elapsed = elapsedSeconds(since: start)
        #expect(elapsed >= 0.3)
        #expect(elapsed < 10)
        #expect(closes.count == 0)
        close(pair.client)
    }

    @Test func lingeringEndsAfterTheByteLimit() throws {
        let limits = LingeringCloses.Limits(
            idleTimeout: .seconds(20),
            totalTimeout: .seconds(20),
            maxBytes: 1 << 20,
            maxSockets: 4
        )
        let closes = LingeringCloses(limits: limits)
        let pair = try SocketPair()
        closes.adopt(pair.server)
        let written = pair.write(64 << 20)
        #expect(written >= 1 << 20)
        #expect(written < 64 << 20, "the writer fails once the limit is reached and the socket closed")
        #expect(pair.waitForServerClose(seconds: 10))
        #expect(closes.count == 0)
        close(pair.client)
    }

    @Test func lingeringEndsAfterTheTotalTimeoutEvenIfTheClientKeepsSending() throws {
        let limits = LingeringCloses.Limits(
            idleTimeout: .seconds(20),
            totalTimeout: .milliseconds(500),
            maxBytes: .max,
            maxSockets: 4
        )
        let closes = LingeringCloses(limits: limits)
        let pair = try SocketPair()
        let start = ContinuousClock.now
        closes.adopt(pair.server)
        // A steady sender never lets the idle timeout fire; the write fails once the total timeout closed it.
        let written = pair.write(Int.max)
        let elapsed = elapsedSeconds(since: start)
        #expect(written > 0)
        #expect(elapsed >= 0.5)
        #expect(elapsed < 15)
        #expect(closes.count == 0)
        close(pair.client)
    }

    @Test func tooManyLingeringSocketsAreClosedAtOnceAndCloseAllEndsTheRest() throws {
        let limits = LingeringCloses.Limits(
            idleTimeout: .seconds(20),
            totalTimeout: .seconds(20),
            maxBytes: 1 << 20,
            maxSockets: 2
        )
        let closes = LingeringCloses(limits: limits)
        let pairs = try (0..<3).map { _ in try SocketPair() }
        for pair in pairs {
            closes.adopt(pair.server)
        }
        #expect(closes.count == 2)
        #expect(pairs[2].waitForServerClose(seconds: 5), "the third is over the limit")
        closes.closeAll()
        #expect(closes.count == 0)
        #expect(pairs[0].waitForServerClose(seconds: 5))
        #expect(pairs[1].waitForServerClose(seconds: 5))
        let late = try SocketPair()
        closes.adopt(late.server)
        #expect(late.waitForServerClose(seconds: 5), "after closeAll nothing lingers")
        for pair in pairs + [late] {
            close(pair.client)
        }
    }
}
