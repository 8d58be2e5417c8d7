/// An HTTP response a responder returns.
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Response headers (`Content-Type`, …). `Content-Length` and `Transfer-Encoding` are set by the listener;
    /// such fields here are ignored.
    public var headers: HTTPHeaders
    /// The response body.
    public var body: [UInt8]
    /// How long the listener holds the response before sending it; zero (the default) sends it at once.
    ///
    /// The connection is suspended meanwhile, so no listener thread waits. Use it to slow a client down (for
    /// example one that keeps sending bad credentials) without changing what it is told. During a shutdown the
    /// response goes out at once.
    public var delay: Duration
    /// Set by ``deferred(_:ifAbandoned:)``: the answer comes later from this ``DeferredResponse``.
    public internal(set) var deferred: DeferredResponse?

    /// Creates a response with a status and, optionally, headers, a body and a delay.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], delay: Duration = .zero) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
    }
}
