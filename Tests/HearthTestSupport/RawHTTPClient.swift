#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP client on raw POSIX sockets, for the requests real HTTP clients will not send: slow,
/// malformed, idle, or hand-chunked.
public final class RawHTTPClient {
    /// Why a socket operation failed.
    public struct Failure: Error, CustomStringConvertible {
        public let operation: String
        public let errorNumber: Int32

        public init(operation: String, errorNumber: Int32) {
            self.operation = operation
            self.errorNumber = errorNumber
        }

        public var description: String {
            "\(operation) failed: errno \(errorNumber) (\(String(cString: strerror(errorNumber))))"
        }
    }

    /// A parsed HTTP/1.1 response.
    public struct Response {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        public var bodyText: String {
            String(decoding: body, as: UTF8.self)
        }
    }

    private let descriptor: Int32
    private var buffered: [UInt8] = []
    private var isClosed = false

    /// Connects to `127.0.0.1:port`, from `sourceAddress` if given; reads time out after `readTimeoutSeconds`.
    public init(port: Int, readTimeoutSeconds: Int = 10, sourceAddress: String? = nil) throws {
        // A failed connection throws before `descriptor` is set, so no deinit closes a descriptor number that may by
        // then be another thread's (a dispatch source's, which once crashed libdispatch's event loop in CI).
        descriptor = try LoopbackSocket.connect(
            port: port,
            readTimeoutSeconds: readTimeoutSeconds,
            sourceAddress: sourceAddress
        )
    }

    deinit {
        close()
    }

    public func close() {
        if !isClosed {
            isClosed = true
            Glibc.close(descriptor)
        }
    }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else {
                throw Failure(operation: "send", errorNumber: errno)
            }
            offset += written
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0 {
            throw Failure(operation: "recv", errorNumber: errno)
        }
        buffered.append(contentsOf: chunk[..<count])
        return count > 0
    }

    /// Reads one response (Content-Length framed, or up to end of stream; none for 1xx, 204 and 304).
    public func readResponse() throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = firstRange(of: separator, in: buffered)
            if headerEnd == nil, try !fill() {
                throw Failure(operation: "read response head (connection closed)", errorNumber: 0)
            }
        }
        let head = String(decoding: buffered[..<headerEnd!], as: UTF8.self)
        buffered.removeFirst(headerEnd! + separator.count)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else {
                return nil
            }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            return (name: String(line[..<colon]), value: String(value))
        }
        var response = Response(status: status, headers: headers, body: [])
        // 1xx (e.g. `100 Continue`), 204 and 304 never have a body (RFC 9112 §6.3).
        if (100..<200).contains(status) || status == 204 || status == 304 {
            return response
        }
        if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            while buffered.count < length {
                guard try fill() else {
                    throw Failure(operation: "read body (connection closed)", errorNumber: 0)
                }
            }
            response.body = Array(buffered[..<length])
            buffered.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffered
            buffered = []
        }
        return response
    }

    /// Waits until the peer closes the connection; returns false if the read timed out first.
    public func waitForClose() -> Bool {
        while true {
            do {
                if try !fill() {
                    return true
                }
            } catch {
                return (error as? Failure)?.errorNumber == ECONNRESET
            }
        }
    }

    /// Whether the peer closes the connection within `milliseconds` (input the server sent is skipped).
    public func closes(withinMilliseconds milliseconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while true {
            let left = deadline - ContinuousClock.now
            let leftMilliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            var descriptorPoll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptorPoll, 1, Int32(max(0, leftMilliseconds))) > 0 else {
                return false
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                return true
            }
            if count < 0, errno != EAGAIN {
                return true
            }
        }
    }

    /// Reads a response head (status and headers) and leaves the body to ``readChunked(until:)``.
    public func readHead() throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while firstRange(of: separator, in: buffered) == nil {
            guard try fill() else {
                throw Failure(operation: "read response head (connection closed)", errorNumber: 0)
            }
        }
        let headerEnd = firstRange(of: separator, in: buffered)!
        let head = String(decoding: buffered[..<headerEnd], as: UTF8.self)
        buffered.removeFirst(headerEnd + separator.count)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        let headers = lines.compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else {
                return nil
            }
            return (name: String(line[..<colon]), value: String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return Response(status: status, headers: headers, body: [])
    }

    /// The chunked body decoded so far by ``readChunked(until:)``.
    public private(set) var decoded: [UInt8] = []
    /// Whether the chunked body ended with its last chunk (a clean end, not a dropped connection).
    public private(set) var chunkedBodyEnded = false

    /// The decoded body as text.
    public var decodedText: String {
        String(decoding: decoded, as: UTF8.self)
    }

    /// Reads and decodes a chunked body until what was decoded contains `text` (true), or the body ends or the
    /// connection closes first (false). `nil` waits for the end.
    public func readChunked(until text: String?) throws -> Bool {
        let needle = text.map { Array($0.utf8) }
        while true {
            decodeChunks()
            if let needle, firstRange(of: needle, in: decoded) != nil {
                return true
            }
            if chunkedBodyEnded {
                return false
            }
            guard try fill() else {
                return false
            }
        }
    }

    private func decodeChunks() {
        while !chunkedBodyEnded, let lineEnd = firstRange(of: Array("\r\n".utf8), in: buffered) {
            let sizeText = String(decoding: buffered[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else {
                return
            }
            if size == 0 {
                chunkedBodyEnded = true
                return
            }
            guard buffered.count >= lineEnd + 2 + size + 2 else {
                return
            }
            decoded.append(contentsOf: buffered[(lineEnd + 2)..<(lineEnd + 2 + size)])
            buffered.removeFirst(lineEnd + 2 + size + 2)
        }
    }

    private func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else {
            return nil
        }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
