public import HTTPTypes

/// An HTTP response an ``HTTPResponder`` returns: swift-http-types' head, the body, and when the listener sends it.
public struct Response: Sendable {
    /// The status and header fields. `Content-Length` and `Transfer-Encoding` are set by the listener; such fields
    /// here are ignored. A status below 100 is sent as 500.
    public var head: HTTPResponse
    /// The response body.
    public var body: [UInt8]
    /// How long the listener holds the response before sending it; zero (the default) sends it at once.
    ///
    /// The connection is suspended meanwhile, so no listener thread waits. Use it to slow a client down (for
    /// example one that keeps sending bad credentials) without changing what it is told. During a shutdown the
    /// response goes out at once.
    public var delay: Duration
    /// Set by ``deferred(_:ifAbandoned:)``: the answer comes later from this ``DeferredResponse``.
    public package(set) var deferred: DeferredResponse?
    /// Set by ``stream(_:status:headerFields:)``: the body is produced over time by this ``ResponseStream``;
    /// ``body`` is ignored.
    public package(set) var stream: ResponseStream?

    /// Creates a response from a head and, optionally, a body and a delay.
    public init(head: HTTPResponse, body: [UInt8] = [], delay: Duration = .zero) {
        self.head = head
        self.body = body
        self.delay = delay
    }

    /// Creates a response with a status and, optionally, header fields, a body and a delay.
    public init(
        status: HTTPResponse.Status,
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        delay: Duration = .zero
    ) {
        self.init(head: HTTPResponse(status: status, headerFields: headerFields), body: body, delay: delay)
    }

    /// The status code.
    public var status: HTTPResponse.Status {
        get { head.status }
        set { head.status = newValue }
    }

    /// The header fields.
    public var headerFields: HTTPFields {
        get { head.headerFields }
        set { head.headerFields = newValue }
    }
}

extension Response {
    /// `Retry-After` of every 503 Hearth answers because its registry cannot be reached (a database restart or
    /// failover), on Google's intents, `/v1` and the token endpoint alike: a few seconds, the order of a failover; a
    /// client that waits longer is not turned away.
    public static let registryUnavailableRetryAfterSeconds = 5
}
