internal import CMicroHTTPD
internal import CMicroHTTPDShims
import Clocks
public import HTTPMessages
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 listener on libmicrohttpd that hands each fully read request to an ``HTTPResponder``.
///
/// microhttpd runs an internal polling thread with epoll and a thread pool, fed by an acceptor thread of Hearth's; the responder is called
/// synchronously on those threads, with no hop to Swift concurrency. Bodies over
/// ``HTTPServerConfiguration/maxBodyBytes`` are answered with 413, oversized headers with 431 (by microhttpd),
/// badly framed requests (RFC 9112 §3.2, §6.1, §6.3; see ``RequestRefusal``) with 400 or 501 and too many query
/// arguments with 414, and idle or stalled connections are closed after
/// ``HTTPServerConfiguration/connectionTimeoutSeconds``. An answer sent before the body the client announced was
/// read is followed by a lingering close (``LingeringCloses``), so the client reads it.
///
/// Use it as a swift-service-lifecycle `Service` (``run()`` starts it and stops it gracefully on shutdown), or
/// drive it by hand with ``start()`` and ``shutdown()``. A server starts at most once (a start that threw may be
/// retried).
///
/// `@unchecked Sendable`: this is the one class that owns microhttpd's daemon pointer. The pointer and the
/// lifecycle state live in a `Mutex`; the counters read on request threads are atomics; everything else is
/// immutable after `init`. While the daemon runs, the server retains itself (released after `MHD_stop_daemon`),
/// so microhttpd's callbacks never see a freed object.
public final class HTTPServer: Service, @unchecked Sendable {
    /// The lifecycle: `idle` → `running` → `stopping` → `stopped`; `idle` may go straight to `stopped`.
    private enum State {
        case idle
        case running(Running)
        case stopping(port: Int)
        case stopped
    }

    /// Who is waiting in ``run()`` for a stop request, and whether one came.
    private struct StopSignal {
        var requested = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A running server's daemon, the acceptor feeding it and the listening socket the acceptor reads; also what
    /// ``beginShutdown()`` hands to ``finishShutdown(_:)``.
    private struct Running {
        let daemon: OpaquePointer
        let acceptor: OpaquePointer
        let listenSocket: MHD_socket
        let port: Int
    }

    /// The configuration the server was created with.
    public let configuration: HTTPServerConfiguration

    let responder: any HTTPResponder
    let logger: Logger
    let maxBodyBytes: Int

    /// Requests between their URI-log callback and their completed callback (one per live ``RequestContext``).
    let inFlightRequests = Atomic<Int>(0)
    /// Set while shutting down: responses then carry `Connection: close`.
    let isDraining = Atomic<Bool>(false)
    /// Reusable responses for the listener's own errors (microhttpd reference-counts queued responses).
    let payloadTooLargeResponse: OpaquePointer?
    let internalErrorResponse: OpaquePointer?
    /// One reusable response per ``RequestRefusal``, indexed by its raw value; each carries `Connection: close`.
    let refusalResponses: [OpaquePointer?]
    /// Sockets drained after an early answer so the client reads it (see ``LingeringCloses``).
    let lingeringCloses = LingeringCloses()

    /// The most `&`-separated fields a request's query string may have; a request with more is answered 414 with
    /// `Connection: close`. Hearth's own endpoints take at most a handful (Google's account-linking request
    /// carries six).
    public static let maxQueryArguments = 64
    /// Connections whose response waits out its ``Response/delay``.
    let delayedResponses: DelayedResponses
    /// Connections waiting for a ``DeferredResponse``.
    let deferredResponses = DeferredResponses()
    /// Responses whose body is a ``ResponseStream``.
    let streamingResponses = StreamingResponses()
    /// NUL-terminated copies of the TLS certificate and key, alive as long as the server (microhttpd keeps the
    /// pointers); the key is wiped in `deinit`.
    private let tlsCertificate: UnsafeMutableBufferPointer<CChar>?
    private let tlsKey: UnsafeMutableBufferPointer<CChar>?

    /// The socket ``start()`` serves, when the caller bound it first; else ``start()`` binds one.
    private let listeningSocket: ListeningSocket?
    private let state = Mutex<State>(.idle)
    private let stopSignal = Mutex(StopSignal())
    /// The last message microhttpd logged, quoted in a start failure.
    let lastDaemonMessage = Mutex<String?>(nil)

    /// Creates a server; nothing is bound until ``start()`` or ``run()``.
    ///
    /// - Parameters:
    ///   - configuration: Address, port and limits.
    ///   - responder: Answers every request, concurrently, on microhttpd's threads.
    ///   - logger: Receives lifecycle events and microhttpd's own error messages (at debug level).
    ///   - socket: A socket bound beforehand (to find a busy port before creating anything else); `nil` binds
    ///     ``HTTPServerConfiguration/host`` and ``HTTPServerConfiguration/port`` in ``start()``.
    ///   - clock: The clock a delayed response (``HTTPResponse/delay``) waits on; tests pass one they advance.
    ///     (Connection timeouts are microhttpd's own and run on the system's time.)
    public init(
        configuration: HTTPServerConfiguration,
        responder: some HTTPResponder,
        logger: Logger,
        socket: ListeningSocket? = nil,
        clock: any HearthClock = SystemClock()
    ) {
        self.configuration = configuration
        self.delayedResponses = DelayedResponses(clock: clock)
        self.listeningSocket = socket
        self.responder = responder
        self.logger = logger
        self.maxBodyBytes = max(0, configuration.maxBodyBytes)
        self.payloadTooLargeResponse = Self.makeErrorResponse(
            RequestRefusal.errorBody(
                code: "payloadTooLarge",
                message: "the request body is larger than the \(max(0, configuration.maxBodyBytes)) bytes accepted"
            )
        )
        self.internalErrorResponse = Self.makeErrorResponse(
            RequestRefusal.errorBody(code: "internalError", message: "the server could not build its answer")
        )
        self.refusalResponses = RequestRefusal.allCases.map { refusal in
            let response = Self.makeErrorResponse(refusal.body)
            if let response {
                MHD_add_response_header(response, "Connection", "close")
            }
            return response
        }
        self.tlsCertificate = configuration.tls.map { Self.cString($0.certificatePEM) }
        self.tlsKey = configuration.tls.map { Self.cString($0.privateKeyPEM) }
    }

    deinit {
        if let payloadTooLargeResponse {
            MHD_destroy_response(payloadTooLargeResponse)
        }
        if let internalErrorResponse {
            MHD_destroy_response(internalErrorResponse)
        }
        for response in refusalResponses.compactMap({ $0 }) {
            MHD_destroy_response(response)
        }
        for buffer in [tlsCertificate, tlsKey].compactMap({ $0 }) {
            buffer.update(repeating: 0)
            buffer.deallocate()
        }
    }

    /// A NUL-terminated heap copy of `bytes`.
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<CChar> {
        let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() {
            buffer[index] = CChar(bitPattern: byte)
        }
        buffer[bytes.count] = 0
        return buffer
    }

    /// The bound port while the server is running or stopping; `nil` before ``start()`` and after it stopped.
    public var port: Int? {
        state.withLock { state in
            switch state {
            case .running(let running): running.port
            case .stopping(let port): port
            case .idle, .stopped: nil
            }
        }
    }

    /// The number of connections whose response is being held back by its ``Response/delay`` now.
    public var delayedResponseCount: Int {
        delayedResponses.count
    }

    /// The number of connections waiting for a ``DeferredResponse`` now.
    public var deferredResponseCount: Int {
        deferredResponses.count
    }

    /// The number of streamed responses (``Response/stream(_:status:headerFields:)``) open now.
    public var streamingResponseCount: Int {
        streamingResponses.count
    }

    /// The number of requests microhttpd has begun and not yet completed.
    var inFlightRequestCount: Int {
        inFlightRequests.load(ordering: .acquiring)
    }

    // MARK: - Starting

    /// Binds the configured address and starts serving.
    ///
    /// - Returns: The port really bound, which differs from the configured one when that is `0`.
    /// - Throws: ``HTTPServerError`` with ``HTTPServerError/Code/addressInUse`` when the port is taken,
    ///   ``HTTPServerError/Code/invalidConfiguration`` for a bad host or limit,
    ///   ``HTTPServerError/Code/alreadyStarted`` when called twice, ``HTTPServerError/Code/tlsUnavailable`` or
    ///   ``HTTPServerError/Code/invalidTLSCredentials`` when HTTPS cannot be served as configured.
    @discardableResult
    public func start() throws -> Int {
        try validateLimits()
        if tlsCertificate != nil, MHD_is_feature_supported(.FEATURE_TLS) != .YES {
            throw HTTPServerError(
                code: .tlsUnavailable,
                message: "HTTPS was configured, but libmicrohttpd has no TLS support (MHD_FEATURE_TLS)."
            )
        }
        return try state.withLock { state throws(HTTPServerError) -> Int in
            guard case .idle = state else {
                throw HTTPServerError(code: .alreadyStarted, message: "A server starts at most once.")
            }
            let listening: ListeningSocket
            if let listeningSocket {
                listening = listeningSocket
            } else {
                listening = try ListeningSocket(host: configuration.host, port: configuration.port)
            }
            guard let socket = listening.take() else {
                throw HTTPServerError(code: .alreadyStarted, message: "The listening socket was closed or used.")
            }
            // Retained for the daemon's lifetime: microhttpd calls back with this pointer on its own threads.
            var errorNumber: Int32 = 0
            // Connections reach the daemon from this acceptor thread, which Hearth can stop without
            // MHD_quiesce_daemon (CMicroHTTPDShims_acceptor_create says why).
            guard
                let acceptor = CMicroHTTPDShims_acceptor_create(
                    socket,
                    UInt32(clamping: configuration.connectionLimit),
                    &errorNumber
                )
            else {
                CMicroHTTPDShims_close_socket(socket)
                throw startFailure(errorNumber: errorNumber)
            }
            let context = Unmanaged.passRetained(self).toOpaque()
            var daemonConfiguration = makeDaemonConfiguration(
                family: listening.address.family,
                port: listening.port
            )
            let started = CMicroHTTPDShims_start_daemon(
                &daemonConfiguration,
                accessHandlerTrampoline,
                requestCompletedTrampoline,
                connectionNotifiedTrampoline,
                uriLoggerTrampoline,
                daemonLoggerTrampoline,
                context,
                acceptor,
                &errorNumber
            )
            guard let daemon = started else {
                CMicroHTTPDShims_acceptor_free(acceptor)
                CMicroHTTPDShims_close_socket(socket)
                Unmanaged<HTTPServer>.fromOpaque(context).release()
                throw startFailure(errorNumber: errorNumber)
            }
            let threadError = CMicroHTTPDShims_acceptor_start(acceptor, daemon)
            guard threadError == 0 else {
                MHD_stop_daemon(daemon)
                CMicroHTTPDShims_acceptor_free(acceptor)
                CMicroHTTPDShims_close_socket(socket)
                Unmanaged<HTTPServer>.fromOpaque(context).release()
                throw startFailure(errorNumber: threadError)
            }
            let port = listening.port
            state = .running(Running(daemon: daemon, acceptor: acceptor, listenSocket: socket, port: port))
            logger.info(
                "HTTP server listening",
                metadata: ["http.host": "\(configuration.host)", "http.port": "\(port)"]
            )
            return port
        }
    }

    /// The shim's view of ``configuration``; the TLS pointers stay valid as long as the server.
    private func makeDaemonConfiguration(
        family: ListenAddress.Family,
        port: Int
    ) -> CMicroHTTPDShims_DaemonConfiguration {
        var daemonConfiguration = CMicroHTTPDShims_DaemonConfiguration()
        daemonConfiguration.flags =
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_USE_NO_LISTEN_SOCKET.rawValue  // the acceptor accepts (CMicroHTTPDShims_acceptor_start)
            | MHD_USE_ITC.rawValue  // wakes a worker for a connection the acceptor adds
            | MHD_ALLOW_SUSPEND_RESUME.rawValue  // delayed and deferred responses (Response.delay, .deferred)
        if family == .ipv6 {
            // microhttpd listens on nothing here, but it expects the flag when its peers are IPv6.
            daemonConfiguration.flags |= MHD_USE_IPv6.rawValue
        }
        if let tlsCertificate, let tlsKey {
            daemonConfiguration.flags |= MHD_USE_TLS.rawValue
            daemonConfiguration.tls_certificate_pem = UnsafePointer(tlsCertificate.baseAddress)
            daemonConfiguration.tls_key_pem = UnsafePointer(tlsKey.baseAddress)
        }
        daemonConfiguration.port = UInt16(port)
        daemonConfiguration.thread_pool_size = UInt32(clamping: configuration.threadPoolSize)
        daemonConfiguration.connection_memory_limit = configuration.connectionMemoryLimit
        daemonConfiguration.connection_timeout = UInt32(clamping: configuration.connectionTimeoutSeconds)
        daemonConfiguration.connection_limit = UInt32(clamping: configuration.connectionLimit)
        daemonConfiguration.per_ip_connection_limit = UInt32(clamping: configuration.perIPConnectionLimit)
        return daemonConfiguration
    }

    private func validateLimits() throws(HTTPServerError) {
        let configuration = self.configuration
        func invalid(_ message: String) -> HTTPServerError {
            HTTPServerError(code: .invalidConfiguration, message: message)
        }
        guard (0...65535).contains(configuration.port) else {
            throw invalid("port \(configuration.port) is not in 0...65535.")
        }
        guard configuration.connectionMemoryLimit >= 0, configuration.connectionTimeoutSeconds >= 0,
            configuration.connectionLimit >= 0, configuration.threadPoolSize >= 0,
            configuration.perIPConnectionLimit >= 0
        else {
            throw invalid("limits must not be negative.")
        }
        guard configuration.shutdownGracePeriodSeconds.isFinite, configuration.shutdownGracePeriodSeconds >= 0 else {
            throw invalid("shutdownGracePeriodSeconds must be a finite number of seconds, at least 0.")
        }
        if listeningSocket == nil, ListenAddress(configuration.host) == nil {
            throw invalid("host \(ListenAddress.refusal(configuration.host)).")
        }
    }

    private func startFailure(errorNumber: Int32) -> HTTPServerError {
        let endpoint = "\(ListenAddress(configuration.host)?.urlHost ?? configuration.host):\(configuration.port)"
        let detail =
            lastDaemonMessage.withLock { $0 } ?? (errorNumber == 0 ? "no reason given" : errnoText(errorNumber))
        if errorNumber == EADDRINUSE || detail.contains("in use") {
            return HTTPServerError(code: .addressInUse, message: "Cannot listen on \(endpoint): \(detail)")
        }
        if configuration.tls != nil, Self.isTLSSetupFailure(detail) {
            return HTTPServerError(
                code: .invalidTLSCredentials,
                message: "Cannot serve HTTPS on \(endpoint): \(detail)"
            )
        }
        return HTTPServerError(code: .startFailed, message: "Cannot listen on \(endpoint): \(detail)")
    }

    /// Whether microhttpd's last message says GnuTLS refused the certificate or key ("GnuTLS failed to setup x509
    /// certificate/key: …", "Failed to initialize TLS support.").
    private static func isTLSSetupFailure(_ message: String) -> Bool {
        message.contains("certificate") || message.contains("TLS")
    }

    private func errnoText(_ number: Int32) -> String {
        guard let text = strerror(number) else {
            return "errno \(number)"
        }
        return String(cString: text)
    }

    // MARK: - Stopping

    /// Stops gracefully: stops accepting connections, waits for in-flight requests to finish (at most
    /// ``HTTPServerConfiguration/shutdownGracePeriodSeconds``), then stops the daemon and closes every connection.
    ///
    /// Blocks the calling thread until the daemon has stopped. Idempotent: later or concurrent calls wait for the
    /// first one to finish. On a server that never started, it only marks it stopped.
    public func shutdown() {
        guard let stopping = beginShutdown() else {
            while !isStopped {
                usleep(5_000)
            }
            return
        }
        let deadline = ContinuousClock.now + .seconds(configuration.shutdownGracePeriodSeconds)
        while inFlightRequestCount > 0, ContinuousClock.now < deadline {
            usleep(2_000)
        }
        finishShutdown(stopping)
    }

    /// Runs the server as a service: starts it unless already started, serves until graceful shutdown or task
    /// cancellation, then stops.
    ///
    /// On graceful shutdown, in-flight requests get up to ``HTTPServerConfiguration/shutdownGracePeriodSeconds``
    /// to finish; on cancellation (or cancellation during that wait) the daemon stops at once.
    ///
    /// The drain wait is an async sleep, so it blocks no cooperative thread. Only the final `MHD_stop_daemon`
    /// blocks, while it joins microhttpd's threads: normally milliseconds, but as long as a responder that is
    /// still running past the grace period takes to return. That short block is accepted rather than moving the
    /// call to a dedicated thread.
    public func run() async throws {
        switch state.withLock({ state -> Bool? in
            switch state {
            case .idle: false
            case .running: true
            case .stopping, .stopped: nil
            }
        }) {
        case false?:
            try start()
        case true?:
            break
        case nil:
            await waitUntilStopped()
            return
        }

        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await waitForStopRequest()
            } onGracefulShutdown: {
                self.requestStop()
            }
        } onCancel: {
            self.requestStop()
        }

        guard let stopping = beginShutdown() else {
            await waitUntilStopped()
            return
        }
        let deadline = ContinuousClock.now + .seconds(configuration.shutdownGracePeriodSeconds)
        while inFlightRequestCount > 0, ContinuousClock.now < deadline, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        finishShutdown(stopping)
    }

    private var isStopped: Bool {
        state.withLock { state in
            if case .stopped = state { true } else { false }
        }
    }

    /// Moves `running` to `stopping` and stops accepting; returns nil if someone else is already stopping.
    private func beginShutdown() -> Running? {
        let running = state.withLock { state -> Running? in
            switch state {
            case .idle:
                state = .stopped
                listeningSocket?.close()
                return nil
            case .running(let running):
                state = .stopping(port: running.port)
                return running
            case .stopping, .stopped:
                return nil
            }
        }
        requestStop()
        guard let running else {
            return nil
        }
        CMicroHTTPDShims_acceptor_stop(running.acceptor)
        // Set after the listener is shut, so whoever sees it (tests included) knows new connections are refused.
        isDraining.store(true, ordering: .releasing)
        // Held-back answers go out now: a shutdown does not wait for their delays.
        delayedResponses.resumeAll()
        // Deferred answers still being produced get their fallback now.
        deferredResponses.abandonAll()
        // Open streams end now: their connections resume, close their bodies, and can be drained.
        streamingResponses.endAll()
        logger.info("HTTP server shutting down", metadata: ["http.in_flight": "\(inFlightRequestCount)"])
        return running
    }

    private func finishShutdown(_ stopping: Running) {
        let abandoned = inFlightRequestCount
        MHD_stop_daemon(stopping.daemon)
        CMicroHTTPDShims_acceptor_free(stopping.acceptor)
        CMicroHTTPDShims_close_socket(stopping.listenSocket)
        lingeringCloses.closeAll()
        state.withLock { $0 = .stopped }
        logger.info("HTTP server stopped", metadata: ["http.abandoned_requests": "\(abandoned)"])
        // Balances the retain in start(); the caller still holds its own reference.
        Unmanaged.passUnretained(self).release()
    }

    private func requestStop() {
        let waiters = stopSignal.withLock { signal in
            signal.requested = true
            defer { signal.waiters = [] }
            return signal.waiters
        }
        for waiter in waiters {
            waiter.resume()
        }
    }

    private func waitForStopRequest() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let alreadyRequested = stopSignal.withLock { signal in
                if signal.requested {
                    return true
                }
                signal.waiters.append(continuation)
                return false
            }
            if alreadyRequested {
                continuation.resume()
            }
        }
    }

    private func waitUntilStopped() async {
        while !isStopped {
            try? await Task.sleep(for: .milliseconds(5))
            if Task.isCancelled {
                return
            }
        }
    }

    // MARK: - Error responses

    private static func makeErrorResponse(_ json: String) -> OpaquePointer? {
        var json = json
        let response = json.withUTF8 { bytes in
            MHD_create_response_from_buffer(
                bytes.count,
                UnsafeMutableRawPointer(mutating: bytes.baseAddress),
                .RESPMEM_MUST_COPY
            )
        }
        if let response {
            MHD_add_response_header(response, "Content-Type", "application/json")
        }
        return response
    }
}
