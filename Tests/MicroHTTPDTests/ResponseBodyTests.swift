import Dispatch
import Foundation
import HTTPMessages
import HTTPTypes
import HearthTestSupport
import Synchronization
import Testing

@testable import MicroHTTPD

/// Response bodies are handed to microhttpd without a copy (``ResponseBody``): the bytes a client receives are the
/// responder's, and each body is released once microhttpd is done with it — after the last byte is sent, and also
/// when the client leaves before reading it.
@Suite(.serialized) struct ResponseBodyTests {
    /// Answers `GET /big` with `size` bytes of a pattern that shows a misplaced or reused byte, and anything else
    /// with an empty 204.
    private struct PatternResponder: HTTPResponder {
        let pattern: [UInt8]

        init(size: Int) {
            pattern = Self.pattern(size)
        }

        static func pattern(_ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        }

        /// A body of its own for each answer (a copy of the pattern, not its storage shared), as a responder that
        /// writes its answer makes.
        func respond(to request: Request) -> Response {
            guard request.path == "/big" else { return Response(status: .noContent) }
            let body = [UInt8](unsafeUninitializedCapacity: pattern.count) { buffer, count in
                pattern.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
                count = pattern.count
            }
            return Response(status: .ok, headerFields: [.contentType: "application/octet-stream"], body: body)
        }
    }

    private static func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kibibytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kibibytes << 10
    }

    private static func makeServer(size: Int) throws -> (HTTPServer, Int) {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, threadPoolSize: 2),
            responder: PatternResponder(size: size),
            logger: .silent
        )
        return (server, try server.start())
    }

    @Test func theClientReceivesTheRespondersBytesExactly() throws {
        let size = (1 << 20) + 4097  // more than one socket buffer, not a multiple of a page
        let (server, port) = try Self.makeServer(size: size)
        defer { server.shutdown() }
        let expected = PatternResponder.pattern(size)
        let client = try RawHTTPClient(port: port)
        defer { client.close() }
        for _ in 0..<3 {  // the same connection, one body after another
            try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.header("Content-Length") == String(size))
            #expect(response.body == expected)
        }
        try client.send("GET /empty HTTP/1.1\r\nHost: t\r\n\r\n")
        let empty = try client.readResponse()
        #expect(empty.status == 204)
        #expect(empty.body.isEmpty)
    }

    @Test func everyBodyIsReleasedWhetherReadOrAbandoned() throws {
        // 4 MiB bodies: 96 of them kept would be 384 MiB. Half the clients read the whole answer, half leave after
        // its head, with most of the body still unsent.
        let size = 4 << 20
        let (server, port) = try Self.makeServer(size: size)
        for _ in 0..<8 {  // warm up: threads, allocator arenas
            let client = try RawHTTPClient(port: port)
            try client.send("GET /big HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            _ = try client.readResponse()
            client.close()
        }
        let before = try Self.residentBytes()
        let answered = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<24 {
                guard let client = try? RawHTTPClient(port: port) else { continue }
                defer { client.close() }
                guard (try? client.send("GET /big HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")) != nil else {
                    continue
                }
                if (worker + index) % 2 == 0 {
                    if let response = try? client.readResponse(), response.body.count == size {
                        answered.add(1, ordering: .relaxed)
                    }
                } else if let head = try? client.readHead(), head.status == 200 {
                    answered.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(answered.load(ordering: .relaxed) == 96)
        // Shutting down ends every connection microhttpd still holds, so every response it made is destroyed: a
        // body whose release was missed on any path stays resident.
        server.shutdown()
        let after = try Self.residentBytes()
        // Measured: a few MiB (allocator arenas keep some freed pages). Kept bodies would be 384 MiB; other suites'
        // servers in the same process do not come near the margin.
        #expect(after - before < 96 << 20, "RSS grew \((after - before) >> 20) MiB")
    }
}
