internal import CMicroHTTPD

// MARK: - C callbacks

// microhttpd calls these on its own threads. Each is a non-capturing global function (so it converts to a
// `@convention(c)` pointer and carries no actor isolation), recovers the server through `server(from:)`, and
// forwards at once to a method on `HTTPServer`. The server pointer was retained once in `HTTPServer.start()` and
// is released once after `MHD_stop_daemon`, so it is valid for every call. Nonsense pointers answer `.NO`,
// which makes microhttpd drop the connection instead of crashing the process.

/// The one place that turns microhttpd's closure pointer back into the server.
private func server(from context: UnsafeMutableRawPointer?) -> HTTPServer? {
    guard let context else {
        return nil
    }
    return Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
}

/// `MHD_AccessHandlerCallback`: called for the headers, for each body chunk, and once more at the end.
func accessHandlerTrampoline(
    context: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    url: UnsafePointer<CChar>?,
    method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let server = server(from: context), let connection, let method, let uploadDataSize, let requestContext
    else {
        return .NO
    }
    return server.handleAccess(
        connection: connection,
        url: url,
        method: method,
        version: version,
        uploadData: uploadData,
        uploadDataSize: uploadDataSize,
        requestContext: requestContext
    )
}

/// `MHD_OPTION_NOTIFY_COMPLETED`: the request is over (answered, timed out or aborted).
func requestCompletedTrampoline(
    context: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    reason: MHD_RequestTerminationCode
) {
    guard let server = server(from: context), let requestContext else {
        return
    }
    server.completeRequest(connection: connection, requestContext: requestContext)
}

/// `MHD_OPTION_NOTIFY_CONNECTION`: a TCP connection was accepted or is closed. microhttpd reports the close for
/// every connection it accepted, whatever happened to the requests on it.
func connectionNotifiedTrampoline(
    context: UnsafeMutableRawPointer?,
    connection: OpaquePointer?,
    socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_ConnectionNotificationCode
) {
    guard let server = server(from: context), let connection, let socketContext else {
        return
    }
    switch code {
    case .CONNECTION_NOTIFY_STARTED:
        server.openConnection(socketContext: socketContext)
    case .CONNECTION_NOTIFY_CLOSED:
        server.closeConnection(connection, socketContext: socketContext)
    }
}

/// `MHD_OPTION_URI_LOG_CALLBACK`: the raw request target, before microhttpd splits and decodes it. Its return
/// value becomes the request's context pointer.
func uriLoggerTrampoline(
    context: UnsafeMutableRawPointer?,
    uri: UnsafePointer<CChar>?,
    connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    guard let server = server(from: context) else {
        return nil
    }
    return server.beginRequest(target: uri, connection: connection)
}

/// `MHD_OPTION_EXTERNAL_LOGGER`, already formatted by the shim.
func daemonLoggerTrampoline(context: UnsafeMutableRawPointer?, message: UnsafePointer<CChar>) {
    guard let server = server(from: context) else {
        return
    }
    server.logDaemonMessage(message)
}

/// `MHD_KeyValueIteratorN` over the request headers; `context` points at the ``RequestHeaders`` being filled.
func headerLineTrampoline(
    context: UnsafeMutableRawPointer?,
    kind: MHD_ValueKind,
    name: UnsafePointer<CChar>?,
    nameLength: Int,
    value: UnsafePointer<CChar>?,
    valueLength: Int
) -> MHD_Result {
    guard let context, let name else {
        return .NO
    }
    context.assumingMemoryBound(to: RequestHeaders.self).pointee.record(
        name: name,
        nameLength: nameLength,
        value: value,
        valueLength: valueLength
    )
    return .YES
}

/// `MHD_ContentReaderCallback` of a streamed response; `context` is its retained ``StreamingResponses/Context``.
func streamReaderTrampoline(
    context: UnsafeMutableRawPointer?,
    position: UInt64,
    buffer: UnsafeMutablePointer<CChar>?,
    max: Int
) -> Int {
    guard let context, let buffer else {
        return -2  // MHD_CONTENT_READER_END_WITH_ERROR
    }
    return StreamingResponses.read(
        Unmanaged<StreamingResponses.Context>.fromOpaque(context).takeUnretainedValue(),
        into: UnsafeMutableRawBufferPointer(start: buffer, count: max)
    )
}

/// `MHD_ContentReaderFreeCallback` of a streamed response: releases the retain taken when it was created.
func streamFreedTrampoline(context: UnsafeMutableRawPointer?) {
    guard let context else {
        return
    }
    StreamingResponses.freed(Unmanaged<StreamingResponses.Context>.fromOpaque(context).takeRetainedValue())
}
