internal import CMicroHTTPD
internal import CMicroHTTPDShims
import HTTPMessages
import HTTPTypes
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The hot path: everything here runs on microhttpd's threads for every request. No Foundation, no locks, no
// Swift concurrency; the only shared state touched is two atomics (and, for early answers only, the lingering
// closes' lock).

extension HTTPServer {
    /// A new request line arrived (the URI-log callback): count it in flight and give it a context holding the raw
    /// path and query.
    ///
    /// It also hides the query string from microhttpd. libmicrohttpd 0.9.75 splits the query into its own argument
    /// list right after this callback, in the connection's fixed-size memory pool, and when the pool runs out
    /// (a few hundred arguments at the default 16 KiB) it neither answers nor completes the request: the client
    /// waits for the inactivity timeout and the request-completed callback never comes. Hearth reads only the raw
    /// query copied here, never microhttpd's argument list, so ending the string after `?` in microhttpd's own
    /// buffer (which it modifies itself right after) costs nothing and removes that path. microhttpd documents the
    /// callback as the place "for processing the URI (including the options) before it is parsed".
    func beginRequest(target: UnsafePointer<CChar>?, connection: OpaquePointer?) -> UnsafeMutableRawPointer {
        let context = target.map(RequestContext.init(target:)) ?? RequestContext(target: "")
        if let target, context.hasQuery, let mark = strchr(target, Int32(UInt8(ascii: "?"))) {
            UnsafeMutablePointer(mutating: mark + 1).pointee = 0
        }
        if context.refusal == nil, context.queryArgumentCount > Self.maxQueryArguments {
            context.refusal = .tooManyQueryArguments
        }
        return track(context, on: connection)
    }

    /// Counts a new request in flight and records it on its connection; returns the retained context.
    private func track(_ context: RequestContext, on connection: OpaquePointer?) -> UnsafeMutableRawPointer {
        inFlightRequests.wrappingAdd(1, ordering: .relaxed)
        let raw = Unmanaged.passRetained(context).toOpaque()
        if let connection, let state = connectionState(of: connection) {
            if let abandoned = state.pointee.request {
                // The previous request on this connection was never completed: release it now.
                release(abandoned)
            }
            state.pointee.request = raw
        }
        return raw
    }

    /// The request is over: release its context and count it out.
    func completeRequest(connection: OpaquePointer?, requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let raw = requestContext.pointee else {
            return
        }
        requestContext.pointee = nil
        if let connection, let state = connectionState(of: connection), state.pointee.request == raw {
            state.pointee.request = nil
        }
        release(raw)
    }

    private func release(_ raw: UnsafeMutableRawPointer) {
        Unmanaged<RequestContext>.fromOpaque(raw).release()
        inFlightRequests.wrappingSubtract(1, ordering: .releasing)
    }

    /// microhttpd accepted a connection: give it a ``ConnectionState``.
    func openConnection(socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let state = UnsafeMutablePointer<ConnectionState>.allocate(capacity: 1)
        state.initialize(to: ConnectionState())
        socketContext.pointee = UnsafeMutableRawPointer(state)
    }

    /// microhttpd closed a connection: release a request it dropped without completing, start a lingering close
    /// if the answer went out before the request's body was read, and free the ``ConnectionState``.
    func closeConnection(_ connection: OpaquePointer, socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let raw = socketContext.pointee else {
            return
        }
        socketContext.pointee = nil
        let state = raw.assumingMemoryBound(to: ConnectionState.self)
        if let request = state.pointee.request {
            release(request)
            logger.debug("microhttpd closed a connection without completing its request")
        }
        if state.pointee.lingersOnClose {
            let descriptor = CMicroHTTPDShims_duplicate_connection_socket(connection)
            if descriptor >= 0 {
                lingeringCloses.adopt(descriptor)
            }
        }
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The connection's ``ConnectionState``, or nil if microhttpd reported no start for it.
    private func connectionState(of connection: OpaquePointer) -> UnsafeMutablePointer<ConnectionState>? {
        CMicroHTTPDShims_connection_socket_context(connection)?.assumingMemoryBound(to: ConnectionState.self)
    }

    /// One access-handler call: headers first, then body chunks, then the final call that answers.
    func handleAccess(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>,
        version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?,
        uploadDataSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let request: RequestContext
        if let raw = requestContext.pointee {
            request = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
        } else {
            // The URI-log callback always sets a context; this only guards against a microhttpd that skipped it.
            request = RequestContext(target: url.map { String(cString: $0) } ?? "")
            requestContext.pointee = track(request, on: connection)
        }

        if !request.headersSeen {
            request.headersSeen = true
            return handleHeaders(connection: connection, method: method, url: url, version: version, request: request)
        }

        let chunkSize = uploadDataSize.pointee
        if chunkSize > 0 {
            uploadDataSize.pointee = 0
            if request.bodyTooLarge {
                // Discarding is bounded like a lingering close; past that the connection is dropped.
                request.discardedBytes += chunkSize
                return request.discardedBytes <= lingeringCloses.limits.maxBytes ? .YES : .NO
            }
            guard !request.responded else {
                return .YES
            }
            guard let uploadData else {
                return .NO
            }
            guard chunkSize <= maxBodyBytes - request.body.count else {
                // Keep reading (and discarding) so the client sees the 413 rather than a reset connection.
                request.bodyTooLarge = true
                request.body = []
                return .YES
            }
            request.body.append(
                contentsOf: UnsafeRawBufferPointer(start: UnsafeRawPointer(uploadData), count: chunkSize)
            )
            return .YES
        }

        if let waiting = request.deferredResponse {
            // The connection was resumed with a deferred answer (or by the shutdown): send it, or hold it back.
            request.deferredResponse = nil
            let response = deferredResponses.answer(for: waiting)
            if response.delay > .zero {
                request.delayedResponse = response
                delayedResponses.suspend(connection, for: response.delay)
                return .YES
            }
            return queue(response, on: connection)
        }
        if let delayed = request.delayedResponse {
            // The connection was resumed after the delay: send what the responder answered.
            request.delayedResponse = nil
            return queue(delayed, on: connection)
        }
        guard !request.responded else {
            return .YES
        }
        request.responded = true
        if request.bodyTooLarge {
            return queue(payloadTooLargeResponse, status: 413, on: connection)
        }
        return answer(connection: connection, request: request)
    }

    /// First call: the headers are parsed, the body is not read yet. Refuse a request line a NUL byte cut short
    /// (``RequestLine``), what microhttpd would frame wrongly and a declared body over the limit, before reading any
    /// of it.
    private func handleHeaders(
        connection: OpaquePointer,
        method: UnsafePointer<CChar>,
        url: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?,
        request: RequestContext
    ) -> MHD_Result {
        if request.refusal == nil, let target = request.rawTarget,
            !RequestLine.isWhole(method: method, url: url, version: version, target: target)
        {
            request.refusal = .invalidRequestTarget
        }
        var headers = RequestHeaders(version: version)
        let headerCount = MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)
        if headerCount > 0 {
            headers.fields.reserveCapacity(Int(headerCount))
        }
        _ = withUnsafeMutablePointer(to: &headers) { headers in
            MHD_get_connection_values_n(connection, .HEADER_KIND, headerLineTrampoline, headers)
        }
        headers.checkEnd(
            blockStart: UnsafeRawPointer(method),
            size: CMicroHTTPDShims_connection_header_size(connection)
        )
        if request.refusal == nil, !headers.isIntact {
            request.refusal = .invalidHeaderField
        }
        let framing = headers.framing
        let announcesBody = framing.transferEncodingCount > 0 || framing.contentLengthCount > 0
        let isHTTP10 = version.map { strcmp($0, "HTTP/1.0") == 0 } ?? false
        request.method = Self.method(method)
        if request.method == nil, request.refusal == nil {
            request.refusal = .invalidMethod
        }
        if let refusal = request.refusal ?? framing.refusal(isHTTP10: isHTTP10) {
            request.responded = true
            if announcesBody {
                lingerOnClose(connection)
            }
            return queue(refusalResponses[refusal.rawValue], status: refusal.status, on: connection)
        }
        request.headerFields = headers.fields
        request.authority = headers.authority
        // microhttpd has already answered a malformed Content-Length itself (the access handler is not called).
        guard let declared = framing.contentLength, let length = parseContentLength(declared) else {
            return .YES
        }
        guard length <= maxBodyBytes else {
            request.responded = true
            lingerOnClose(connection)
            return queue(payloadTooLargeResponse, status: 413, on: connection)
        }
        // Reserve what the client announced, up to 64 KiB: a client that lies cannot make us reserve much.
        request.body.reserveCapacity(min(length, 64 << 10))
        return .YES
    }

    /// The answer goes out before the body the client announced was read: drain the socket after microhttpd
    /// closes it, so the client reads the answer instead of a reset (see ``LingeringCloses``).
    private func lingerOnClose(_ connection: OpaquePointer) {
        connectionState(of: connection)?.pointee.lingersOnClose = true
    }

    /// The request method, or nil when it is not a token (RFC 9110 §9.1). The common ones are swift-http-types'
    /// constants, so they cost no copy.
    private static func method(_ text: UnsafePointer<CChar>) -> HTTPRequest.Method? {
        if strcmp(text, "POST") == 0 {
            return .post
        }
        if strcmp(text, "GET") == 0 {
            return .get
        }
        if strcmp(text, "HEAD") == 0 {
            return .head
        }
        return HTTPRequest.Method(String(cString: text))
    }

    /// Final call: build the request, ask the responder, queue its answer.
    private func answer(connection: OpaquePointer, request: RequestContext) -> MHD_Result {
        guard let method = request.method else {
            return queue(internalErrorResponse, status: 500, on: connection)
        }
        var body: [UInt8] = []
        swap(&body, &request.body)
        var headerFields = HTTPFields()
        swap(&headerFields, &request.headerFields)
        let head = HTTPRequest(
            method: method,
            scheme: nil,
            authority: request.authority,
            path: request.target,
            headerFields: headerFields
        )
        let response = responder.respond(
            to: Request(head: head, body: body, remoteAddress: peerAddress(of: connection))
        )
        if let deferred = response.deferred {
            request.deferredResponse = response
            deferredResponses.suspend(connection, until: deferred)
            return .YES
        }
        if response.delay > .zero {
            request.delayedResponse = response
            delayedResponses.suspend(connection, for: response.delay)
            return .YES
        }
        return queue(response, on: connection)
    }

    /// Copies a responder's answer into microhttpd and queues it.
    private func queue(_ response: Response, on connection: OpaquePointer) -> MHD_Result {
        guard let mhdResponse = makeResponse(response, connection: connection) else {
            return queue(internalErrorResponse, status: 500, on: connection)
        }
        let code = response.head.status.code
        let status = (100...999).contains(code) ? UInt32(code) : 500
        let result = MHD_queue_response(connection, status, mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }

    /// Copies a responder's answer into a microhttpd response; nil if microhttpd cannot allocate one.
    private func makeResponse(_ response: Response, connection: OpaquePointer) -> OpaquePointer? {
        let created: OpaquePointer?
        if let stream = response.stream {
            created = streamingResponses.makeResponse(stream, connection: connection)
        } else {
            created = ResponseBody.makeResponse(response.body)
        }
        guard let created else {
            return nil
        }
        for field in response.head.headerFields {
            // microhttpd frames the body itself; a second Content-Length or a stray Transfer-Encoding would
            // corrupt the framing.
            if field.name == .contentLength || field.name == .transferEncoding {
                continue
            }
            if MHD_add_response_header(created, field.name.rawName, field.value) == .NO {
                logger.debug("Response header refused by microhttpd", metadata: ["http.header": "\(field.name)"])
            }
        }
        if isDraining.load(ordering: .relaxed) {
            MHD_add_response_header(created, "Connection", "close")
        }
        return created
    }

    /// Queues one of the prebuilt error responses.
    private func queue(_ response: OpaquePointer?, status: UInt32, on connection: OpaquePointer) -> MHD_Result {
        guard let response else {
            return .NO
        }
        return MHD_queue_response(connection, status, response)
    }

    /// The peer's numeric address, formatted by the shim into a stack buffer.
    private func peerAddress(of connection: OpaquePointer) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            guard let base = buffer.baseAddress else {
                return nil
            }
            let length = CMicroHTTPDShims_connection_peer_address(connection, base, buffer.count)
            guard length > 0 else {
                return nil
            }
            return base.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
        }
    }

    /// Parses a decimal `Content-Length`; nil if it is not all digits. Saturates instead of overflowing.
    private func parseContentLength(_ text: UnsafePointer<CChar>) -> Int? {
        var value = 0
        var index = 0
        while text[index] != 0 {
            let digit = Int(text[index]) - Int(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else {
                return nil
            }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            value = overflow1 || overflow2 ? Int.max : sum
            index += 1
        }
        return index == 0 ? nil : value
    }

    /// Forwards one of microhttpd's error messages to the logger and keeps it for start-failure reports.
    func logDaemonMessage(_ message: UnsafePointer<CChar>) {
        let text = String(cString: message)
        lastDaemonMessage.withLock { $0 = text }
        logger.debug("microhttpd", metadata: ["microhttpd.message": "\(text)"])
    }
}

/// A response body handed to microhttpd without copying it: the array is kept alive by this box, retained when the
/// microhttpd response is made and released by microhttpd's free callback when it is done with the bytes (after the
/// last byte was sent, or when the connection closed first).
///
/// `RESPMEM_MUST_COPY` copied every body once more (a `malloc` and a `memcpy` of the whole answer: ~20 KiB for a
/// SYNC of 33 devices, about 1 µs of the ~40 a SYNC costs). The box's array is a `let` that nothing else can reach,
/// so it is never mutated and its native contiguous storage (there is no bridging on Linux) stays where it is for the
/// box's lifetime: the address taken from `withUnsafeBytes` stays valid while the box is retained.
final class ResponseBody: Sendable {
    let bytes: [UInt8]

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A microhttpd response whose body is `body`'s bytes, not a copy of them; nil if microhttpd cannot allocate one.
    static func makeResponse(_ body: [UInt8]) -> OpaquePointer? {
        guard !body.isEmpty else {
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        let box = Unmanaged.passRetained(ResponseBody(body))
        let base = box.takeUnretainedValue().bytes.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress) }
        let response = MHD_create_response_from_buffer_with_free_callback_cls(
            body.count,
            base,
            { context in
                if let context { Unmanaged<ResponseBody>.fromOpaque(context).release() }
            },
            box.toOpaque()
        )
        if response == nil {
            box.release()
        }
        return response
    }
}
