import Foundation
import HTTPMessages
import HTTPTypes
import HearthFakes
import HearthTestSupport
import Logging
import Synchronization
import Testing

@testable import MicroHTTPD

/// `/stream` answers with a ``ResponseStream`` the test writes to; everything else answers at once.
private final class StreamingResponder: HTTPResponder {
    let capacity: Int
    let streams = Mutex<[ResponseStream]>([])
    let ends = Mutex<[ResponseStream.EndReason]>([])
    /// `/stream` requests received, and streams ended: tests wait on these instead of polling.
    let received = EventCount()
    let ended = EventCount()

    init(capacity: Int = 1 << 20) {
        self.capacity = capacity
    }

    func respond(to request: Request) -> Response {
        guard request.path == "/stream" else {
            return Response(status: 200, body: Array("prompt".utf8))
        }
        let stream = ResponseStream(capacity: capacity)
        stream.onEnd { [self] reason in
            ends.withLock { $0.append(reason) }
            ended.increment()
        }
        streams.withLock { $0.append(stream) }
        received.increment()
        return .stream(stream, headerFields: [.contentType: "text/event-stream"])
    }

    var first: ResponseStream? { streams.withLock { $0.first } }
}

/// ``Response/stream(_:status:headerFields:)``: a body written over time, through the real listener, with no
/// listener thread held while the stream is idle, a bounded buffer, and the producer told when it ends.
struct StreamingResponseTests {
    private func startServer(_ responder: StreamingResponder) throws -> (HTTPServer, Int) {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 1, shutdownGracePeriodSeconds: 5),
            responder: responder,
            logger: .silent,
            clock: ManualClock()
        )
        return (server, try server.start())
    }

    private func openStream(_ port: Int, _ responder: StreamingResponder, count: Int = 1) throws -> RawHTTPClient {
        let client = try RawHTTPClient(port: port)
        try client.send("GET /stream HTTP/1.1\r\nHost: t\r\n\r\n")
        try #require(responder.received.wait(atLeast: count))
        return client
    }

    @Test func writesArriveAsTheyComeWhileNoListenerThreadWaits() throws {
        let responder = StreamingResponder()
        let (server, port) = try startServer(responder)
        defer { server.shutdown() }
        let clients = try (1...3).map { try openStream(port, responder, count: $0) }
        let streams = responder.streams.withLock { $0 }
        for stream in streams { stream.write(Array("hello\n".utf8)) }
        for client in clients {
            let head = try client.readHead()
            #expect(head.status == 200)
            #expect(head.header("Content-Type") == "text/event-stream")
            #expect(head.header("Transfer-Encoding") == "chunked")
            #expect(try client.readChunked(until: "hello\n"))
        }
        // Three idle streams on a pool of one thread: had one held it, this request could not be served.
        #expect(try Curl.run(["http://127.0.0.1:\(port)/prompt"]).status == 200)
        #expect(server.streamingResponseCount == 3)
        streams[1].write(Array("second\n".utf8))
        #expect(try clients[1].readChunked(until: "second\n"))
        #expect(clients[1].decodedText == "hello\nsecond\n")
        streams[1].finish()
        #expect(try !clients[1].readChunked(until: nil))
        #expect(clients[1].chunkedBodyEnded)
        #expect(responder.ended.wait(atLeast: 1))
        #expect(responder.ends.withLock { $0 } == [.finished])
        #expect(!streams[1].write(Array("late".utf8)))
    }

    @Test func theProducerLearnsThatTheClientLeft() throws {
        let responder = StreamingResponder()
        let (server, port) = try startServer(responder)
        defer { server.shutdown() }
        let client = try openStream(port, responder)
        let stream = try #require(responder.first)
        stream.write(Array("x\n".utf8))
        _ = try client.readHead()
        #expect(try client.readChunked(until: "x\n"))
        client.close()
        // A suspended connection is not polled: the next writes (heartbeats) resume it and find the peer gone.
        var writes = 0
        while !responder.ended.wait(atLeast: 1, timeout: .milliseconds(50)), writes < 400 {
            stream.write(Array(": heartbeat\n\n".utf8))
            writes += 1
        }
        #expect(responder.ends.withLock { $0 } == [.clientLeft])
        #expect(stream.hasEnded)
    }

    /// Nothing is written after the client closes: only the listener's watch on the suspended connection's socket
    /// can tell the producer, and it does so at once (the bound is for a failing test, far below any heartbeat).
    @Test func aClientThatClosesAnIdleStreamEndsItWithoutAWrite() throws {
        let responder = StreamingResponder()
        let (server, port) = try startServer(responder)
        defer { server.shutdown() }
        let client = try openStream(port, responder)
        let stream = try #require(responder.first)
        stream.write(Array("x\n".utf8))
        _ = try client.readHead()
        #expect(try client.readChunked(until: "x\n"))
        client.close()
        #expect(responder.ended.wait(atLeast: 1, timeout: .seconds(5)))
        #expect(responder.ends.withLock { $0 } == [.clientLeft])
        #expect(stream.hasEnded)
        // The listener still serves, and a new stream works after the closed one.
        let next = try openStream(port, responder, count: 2)
        let second = try #require(responder.streams.withLock { $0.last })
        second.write(Array("y\n".utf8))
        _ = try next.readHead()
        #expect(try next.readChunked(until: "y\n"))
    }

    @Test func aConsumerThatStopsReadingIsCutOffAtTheBound() throws {
        let capacity = 64 << 10
        let responder = StreamingResponder(capacity: capacity)
        let (server, port) = try startServer(responder)
        defer { server.shutdown() }
        let client = try openStream(port, responder)
        let stream = try #require(responder.first)
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4096)
        var accepted = 0
        var largestHeld = 0
        // The client reads nothing: the kernel's buffers fill, then microhttpd's, then the stream's.
        while stream.write(chunk), accepted < 1 << 30 {
            accepted += chunk.count
            largestHeld = max(largestHeld, stream.pendingByteCount)
        }
        #expect(responder.ended.wait(atLeast: 1))
        #expect(responder.ends.withLock { $0 } == [.overflow])
        #expect(largestHeld <= capacity)
        #expect(stream.pendingByteCount == 0)
        // The connection is dropped without the last chunk: the client can tell it was cut off.
        _ = try client.readHead()
        #expect(try !client.readChunked(until: nil))
        #expect(!client.chunkedBodyEnded)
        #expect(server.streamingResponseCount == 0)
    }

    @Test func shutdownEndsOpenStreamsCleanly() throws {
        let responder = StreamingResponder()
        let (server, port) = try startServer(responder)
        let client = try openStream(port, responder)
        let stream = try #require(responder.first)
        stream.write(Array("before\n".utf8))
        _ = try client.readHead()
        #expect(try client.readChunked(until: "before\n"))
        server.shutdown()
        #expect(responder.ends.withLock { $0 } == [.shutdown])
        #expect(try !client.readChunked(until: nil))
        #expect(client.chunkedBodyEnded)
    }
}
