import CMicroHTTPD
import CMicroHTTPDShims

// The hot path: everything here runs on microhttpd's threads for every request. No Foundation, no locks, no
// Swift concurrency; the only shared state touched is two atomics.

extension HTTPServer {
    /// A new request line arrived: count it in flight and give it a context holding the raw path and query.
    func beginRequest(target: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer {
        inFlightRequests.wrappingAdd(1, ordering: .relaxed)
        let context = target.map(RequestContext.init(target:)) ?? RequestContext(path: "", query: nil)
        return Unmanaged.passRetained(context).toOpaque()
    }

    /// The request is over: release its context and count it out.
    func completeRequest(requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        guard let raw = requestContext.pointee else {
            return
        }
        requestContext.pointee = nil
        Unmanaged<RequestContext>.fromOpaque(raw).release()
        inFlightRequests.wrappingSubtract(1, ordering: .releasing)
    }

    /// One access-handler call: headers first, then body chunks, then the final call that answers.
    func handleAccess(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?,
        uploadDataSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let request: RequestContext
        if let raw = requestContext.pointee {
            request = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
        } else {
            // The URI-log callback always sets a context; this only guards against a microhttpd that skipped it.
            requestContext.pointee = beginRequest(target: url)
            guard let raw = requestContext.pointee else {
                return .NO
            }
            request = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
        }

        if !request.headersSeen {
            request.headersSeen = true
            return handleHeaders(connection: connection, request: request)
        }

        let chunkSize = uploadDataSize.pointee
        if chunkSize > 0 {
            uploadDataSize.pointee = 0
            guard !request.responded, !request.bodyTooLarge else {
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
        return answer(connection: connection, method: method, request: request)
    }

    /// First call: the headers are parsed. Refuse a declared body over the limit before reading it.
    private func handleHeaders(connection: OpaquePointer, request: RequestContext) -> MHD_Result {
        guard let declared = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return .YES
        }
        guard let length = parseContentLength(declared) else {
            return .YES  // microhttpd rejects a malformed Content-Length itself
        }
        guard length <= maxBodyBytes else {
            request.responded = true
            return queue(payloadTooLargeResponse, status: 413, on: connection)
        }
        // Reserve what the client announced, up to 64 KiB: a client that lies cannot make us reserve much.
        request.body.reserveCapacity(min(length, 64 << 10))
        return .YES
    }

    /// Final call: build the request, ask the responder, queue its answer.
    private func answer(connection: OpaquePointer, method: UnsafePointer<CChar>, request: RequestContext) -> MHD_Result
    {
        var headers = HTTPHeaders()
        let headerCount = MHD_get_connection_values_n(connection, .HEADER_KIND, nil, nil)
        if headerCount > 0 {
            headers.reserveCapacity(Int(headerCount))
        }
        _ = withUnsafeMutablePointer(to: &headers) { headers in
            MHD_get_connection_values_n(connection, .HEADER_KIND, headerIteratorTrampoline, headers)
        }

        var body: [UInt8] = []
        swap(&body, &request.body)
        let httpRequest = HTTPRequest(
            method: String(cString: method),
            path: request.path,
            query: request.query,
            headers: headers,
            body: body,
            remoteAddress: peerAddress(of: connection)
        )
        let response = responder.respond(to: httpRequest)
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
    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        guard let mhdResponse = makeResponse(response) else {
            return queue(internalErrorResponse, status: 500, on: connection)
        }
        let status = (100...999).contains(response.status) ? UInt32(response.status) : 500
        let result = MHD_queue_response(connection, status, mhdResponse)
        MHD_destroy_response(mhdResponse)
        return result
    }

    /// Copies a responder's answer into a microhttpd response; nil if microhttpd cannot allocate one.
    private func makeResponse(_ response: HTTPResponse) -> OpaquePointer? {
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count,
                UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY
            )
        }
        guard let created else {
            return nil
        }
        for (name, value) in response.headers {
            // microhttpd frames the body itself; a second Content-Length or a stray Transfer-Encoding would
            // corrupt the framing.
            if HTTPHeaders.namesEqual(name, "Content-Length") || HTTPHeaders.namesEqual(name, "Transfer-Encoding") {
                continue
            }
            if MHD_add_response_header(created, name, value) == .NO {
                logger.debug("Response header refused by microhttpd", metadata: ["http.header": "\(name)"])
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
