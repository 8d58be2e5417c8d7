import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A raw HTTP/1.1 server on `127.0.0.1` standing in for an outside peer (a device backend, HomeGraph, a token
/// endpoint) that misbehaves as real ones do: answers that never end, answers far too large, drips, redirects,
/// silence. Each connection is served on a thread of its own; the peer counts what it saw as events tests await
/// (``requests``, ``closedWhileSending``), never by sleeping.
public final class MisbehavingPeer: Sendable {
    /// How the peer answers every request.
    public enum Behaviour: Sendable {
        /// `status` with `body` (`Content-Length`), and the connection kept for the next request.
        case answer(status: Int, body: String, headers: [String] = [])
        /// 200, chunked, 64 KiB chunks as fast as the client reads, forever.
        case endlessChunked
        /// 200, chunked, `chunk` bytes every `interval`, forever: never large, never done.
        case drip(chunk: Int, interval: Duration)
        /// 200 with `bytes` of body, declared in `Content-Length` when `declared`, else chunked.
        case large(bytes: Int, declared: Bool)
        /// 200 whose head never ends: one more header line after another.
        case endlessHead
        /// Reads the request and never answers.
        case silence
    }

    private struct State {
        var bodies: [[UInt8]] = []
        var heads: [String] = []
        var connections = 0
    }

    /// The port it listens on.
    public let port: Int
    /// One event per request read (head and body).
    public let requests = EventCount()
    /// One event per connection the client closed while the peer was still sending an answer.
    public let closedWhileSending = EventCount()
    /// Body bytes written to the client, across connections.
    public var bytesSent: Int { sent.load(ordering: .relaxed) }
    /// The request heads it read, in order.
    public var heads: [String] { state.withLock { $0.heads } }
    /// The request bodies it read, in order.
    public var bodies: [[UInt8]] { state.withLock { $0.bodies } }
    /// How many connections were accepted.
    public var connections: Int { state.withLock { $0.connections } }

    private let listener: Int32
    private let behaviour: Behaviour
    private let state = Mutex(State())
    private let sent = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    /// Listens on a free loopback port and serves each connection as `behaviour` says until ``stop()``.
    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 128) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw TestFailure("bind/listen failed: errno \(errno)")
        }
        listener = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting; connections being served end at their next write or read.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit {
        close(listener)
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            state.withLock { $0.connections += 1 }
            let thread = Thread { [self] in
                serve(connection)
                close(connection)
            }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var buffer: [UInt8] = []
        while !stopped.load(ordering: .relaxed) {
            guard let (head, body) = readRequest(connection, &buffer) else { return }
            state.withLock {
                $0.heads.append(head)
                $0.bodies.append(body)
            }
            requests.increment()
            switch behaviour {
            case .answer(let status, let text, let headers):
                let head =
                    "HTTP/1.1 \(status) X\r\nContent-Length: \(text.utf8.count)\r\n"
                    + headers.map { $0 + "\r\n" }.joined() + "\r\n"
                guard write(connection, Array(head.utf8) + Array(text.utf8)) else { return }
            case .endlessChunked:
                let chunk = Self.chunk(65_536)
                guard write(connection, Array(Self.chunkedHead.utf8)) else { return }
                while write(connection, chunk, counting: 65_536) {}
                closedWhileSending.increment()
                return
            case .drip(let size, let interval):
                let chunk = Self.chunk(size)
                guard write(connection, Array(Self.chunkedHead.utf8)) else { return }
                while write(connection, chunk, counting: size) {
                    // The drip's pace is the behaviour under test, not a synchronisation.
                    Thread.sleep(
                        forTimeInterval: Double(interval.components.attoseconds) / 1e18
                            + Double(interval.components.seconds)
                    )
                }
                closedWhileSending.increment()
                return
            case .large(let bytes, let declared):
                let head =
                    declared
                    ? "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(bytes)\r\n\r\n"
                    : Self.chunkedHead
                guard write(connection, Array(head.utf8)) else { return }
                let piece = 65_536
                var left = bytes
                while left > 0 {
                    let size = min(piece, left)
                    let data = declared ? [UInt8](repeating: UInt8(ascii: "x"), count: size) : Self.chunk(size)
                    guard write(connection, data, counting: size) else {
                        closedWhileSending.increment()
                        return
                    }
                    left -= size
                }
                if !declared, !write(connection, Array("0\r\n\r\n".utf8)) { return }
            case .endlessHead:
                guard write(connection, Array("HTTP/1.1 200 OK\r\n".utf8)) else { return }
                let line = Array("X-Filler: \(String(repeating: "y", count: 1000))\r\n".utf8)
                while write(connection, line, counting: line.count) {}
                closedWhileSending.increment()
                return
            case .silence:
                var byte: UInt8 = 0
                // Waits for the client to give up: read returns 0 (or an error) once it closes.
                while recv(connection, &byte, 1, 0) > 0 {}
                closedWhileSending.increment()
                return
            }
        }
    }

    private static let chunkedHead =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// One chunk of `size` bytes of `x`, framed.
    private static func chunk(_ size: Int) -> [UInt8] {
        Array((String(size, radix: 16) + "\r\n").utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: size)
            + Array("\r\n".utf8)
    }

    /// Writes all of `bytes`; false once the client is gone. `counting` body bytes go into ``bytesSent``.
    private func write(_ connection: Int32, _ bytes: [UInt8], counting: Int = 0) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        sent.add(counting, ordering: .relaxed)
        return true
    }

    /// Reads one request: its head (as text) and its `Content-Length` body; nil when the client closed.
    private func readRequest(_ connection: Int32, _ buffer: inout [UInt8]) -> (String, [UInt8])? {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while true {
            if let end = Self.find(separator, in: buffer) {
                headEnd = end
                break
            }
            guard receive(connection, into: &buffer) else { return nil }
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        let bodyStart = headEnd + separator.count
        while buffer.count < bodyStart + length {
            guard receive(connection, into: &buffer) else { return nil }
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeFirst(bodyStart + length)
        return (head, body)
    }

    private func receive(_ connection: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
