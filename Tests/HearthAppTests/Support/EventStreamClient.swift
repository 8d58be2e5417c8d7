import HearthTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A consumer of `GET /v1/changes` as Server-Sent Events on a raw socket, decoding the chunked body and the events
/// as they arrive (in time linear in the bytes read, for streams of megabytes), for soak tests.
///
/// ``next()`` returns each complete event (one that its blank line ended); a partly received last event, cut off by
/// the end of the connection, is never returned: what a consumer resumes after with `Last-Event-ID` is the last id
/// ``next()`` gave. Comment lines (`: heartbeat`) are skipped.
final class EventStreamClient {
    /// One complete event.
    struct Event {
        var id: Int64
        var event: String
        var data: String
    }

    /// Why a read failed (not the end of the stream, which ``next()`` reports as `nil`).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32
    private var isClosed = false
    /// Bytes read from the socket and not yet decoded, from `rawStart`.
    private var raw: [UInt8] = []
    private var rawStart = 0
    /// Decoded body bytes not yet parsed into events, from `bodyStart`.
    private var body: [UInt8] = []
    private var bodyStart = 0
    /// Where to look for the next blank line (no earlier one exists after `bodyStart`).
    private var scanFrom = 0
    /// Bytes left of the chunk being decoded, and whether its CRLF is still to come.
    private var chunkLeft = 0
    private var chunkCRLFDue = false
    /// Whether the response head was read.
    private var headRead = false
    /// When reads fail even if bytes (heartbeats) keep coming: a bound on a failing test.
    private let deadline: ContinuousClock.Instant

    /// Whether the body ended with its last chunk (a clean end, not a dropped connection).
    private(set) var endedCleanly = false
    /// Whether the connection ended (cleanly or not).
    private(set) var ended = false
    /// Body bytes decoded so far.
    private(set) var bodyByteCount = 0
    /// Heartbeat comments (`: heartbeat`) read so far.
    private(set) var heartbeats = 0

    /// Connects to `127.0.0.1:port` and sends `GET path` with `Accept: text/event-stream`, the API key and
    /// `Last-Event-ID` when given. A read that waits longer than `readTimeoutSeconds` fails, and so does any read
    /// `giveUpAfter` after the connection was opened (heartbeats would keep a stream that never ends alive).
    ///
    /// `maximumSegmentSize` is the TCP MSS the connection announces (`TCP_MAXSEG`). On loopback the MSS is 64 KiB
    /// and Linux sizes the server's send buffer from it (about 4 MB here), far more than on a network path (1460:
    /// some tens of KiB): a consumer that wants Hearth's own buffering to be what fills up announces 1460.
    init(
        port: Int,
        path: String,
        key: String,
        lastEventID: Int64? = nil,
        readTimeoutSeconds: Int = 20,
        maximumSegmentSize: Int32? = nil,
        giveUpAfter: Duration = .seconds(240)
    ) throws {
        deadline = ContinuousClock.now + giveUpAfter
        do {
            descriptor = try LoopbackSocket.connect(port: port, readTimeoutSeconds: readTimeoutSeconds) { descriptor in
                if var segment = maximumSegmentSize {
                    setsockopt(
                        descriptor,
                        Int32(IPPROTO_TCP),
                        TCP_MAXSEG,
                        &segment,
                        socklen_t(MemoryLayout<Int32>.size)
                    )
                }
            }
        } catch {
            throw Failure(description: "\(error)")
        }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(key)\r\n"
        request += "Accept: text/event-stream\r\n"
        if let lastEventID { request += "Last-Event-ID: \(lastEventID)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else {
                let number = errno
                close()
                throw Failure(description: "send: errno \(number)")
            }
            offset += written
        }
    }

    deinit {
        close()
    }

    func close() {
        if !isClosed {
            isClosed = true
            Glibc.close(descriptor)
        }
    }

    /// Reads the response head and returns its status (200 for a stream).
    func readStatus() throws -> Int {
        let separator = Array("\r\n\r\n".utf8)
        var end = find(separator, in: raw, from: rawStart)
        while end == nil {
            guard try fill() else { throw Failure(description: "the connection closed before the response head") }
            end = find(separator, in: raw, from: rawStart)
        }
        let head = String(decoding: raw[rawStart..<end!], as: UTF8.self)
        rawStart = end! + separator.count
        headRead = true
        let statusLine = head.split(separator: "\r\n").first?.split(separator: " ") ?? []
        return statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
    }

    /// The next complete event, or `nil` once the stream ended (its last chunk, the peer closing or resetting the
    /// connection). Throws when a read times out.
    func next() throws -> Event? {
        if !headRead, try readStatus() != 200 { return nil }
        while true {
            if let event = parseEvent() { return event }
            if ended { return nil }
            decodeChunks()
            if let event = parseEvent() { return event }
            if endedCleanly {
                ended = true
                return nil
            }
            if try !fill() {
                ended = true
                decodeChunks()
            }
        }
    }

    // MARK: - Reading and decoding

    /// Reads more bytes; false at the end of the connection (closed or reset).
    private func fill() throws -> Bool {
        guard ContinuousClock.now < deadline else { throw Failure(description: "still reading after the deadline") }
        if rawStart > 65_536, rawStart * 2 > raw.count {
            raw.removeFirst(rawStart)
            rawStart = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            let number = errno
            if number == ECONNRESET { return false }
            throw Failure(description: "recv: errno \(number) (\(String(cString: strerror(number))))")
        }
        raw.append(contentsOf: chunk[..<count])
        return count > 0
    }

    /// Moves complete chunk data from `raw` to `body`.
    private func decodeChunks() {
        while !endedCleanly {
            if chunkLeft > 0 {
                let count = min(chunkLeft, raw.count - rawStart)
                guard count > 0 else { return }
                body.append(contentsOf: raw[rawStart..<(rawStart + count)])
                bodyByteCount += count
                rawStart += count
                chunkLeft -= count
                if chunkLeft == 0 { chunkCRLFDue = true }
                continue
            }
            if chunkCRLFDue {
                guard raw.count - rawStart >= 2 else { return }
                rawStart += 2
                chunkCRLFDue = false
                continue
            }
            guard let lineEnd = find(Array("\r\n".utf8), in: raw, from: rawStart) else { return }
            let sizeText = String(decoding: raw[rawStart..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            rawStart = lineEnd + 2
            guard let size = Int(sizeText, radix: 16) else {
                // Not chunked framing: treat as the end, the caller sees a stream that did not end cleanly.
                ended = true
                return
            }
            if size == 0 {
                endedCleanly = true
                return
            }
            chunkLeft = size
        }
    }

    /// The next event in `body`, if a blank line has ended one; comment-only blocks are skipped.
    private func parseEvent() -> Event? {
        let separator = Array("\n\n".utf8)
        while let end = find(separator, in: body, from: max(scanFrom, bodyStart)) {
            let block = body[bodyStart..<end]
            bodyStart = end + 2
            scanFrom = bodyStart
            if bodyStart > 65_536, bodyStart * 2 > body.count {
                body.removeFirst(bodyStart)
                bodyStart = 0
                scanFrom = 0
            }
            var id: Int64?
            var name = ""
            var data = ""
            for line in block.split(separator: UInt8(ascii: "\n")) {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix(": heartbeat") { heartbeats += 1 }
                if text.hasPrefix("id: ") { id = Int64(text.dropFirst(4)) }
                if text.hasPrefix("event: ") { name = String(text.dropFirst(7)) }
                if text.hasPrefix("data: ") { data = String(text.dropFirst(6)) }
            }
            if let id { return Event(id: id, event: name, data: data) }
        }
        scanFrom = max(bodyStart, body.count - 1)
        return nil
    }

    /// The index of the first occurrence of `needle` in `haystack` at or after `start` (`memchr` for its first
    /// byte, then `memcmp`).
    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        let last = haystack.count - needle.count
        guard start <= last else { return nil }
        return haystack.withUnsafeBufferPointer { bytes -> Int? in
            needle.withUnsafeBufferPointer { pattern -> Int? in
                let base = bytes.baseAddress!
                var index = start
                while index <= last {
                    guard let found = memchr(base + index, Int32(pattern[0]), last - index + 1) else { return nil }
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, pattern.baseAddress!, pattern.count) == 0 { return at }
                    index = at + 1
                }
                return nil
            }
        }
    }
}
