import OutboundHTTP

/// Sends HTTP requests. Throwing means the request did not get a usable HTTP answer (no connection, deadline, TLS,
/// an answer over its size limit): the caller treats that as retryable.
public protocol HomeGraphTransport: Sendable {
    /// Sends `request` and returns the answer, whatever its status (a 3xx included: redirects are not followed).
    func send(_ request: OutboundRequest) async throws -> OutboundResponse
}

/// ``HomeGraphTransport`` over ``HTTPClient``: each request bounded by ``limits``.
public struct HTTPClientTransport: HomeGraphTransport {
    /// Report State and Request Sync: Google answers `{}` or a `google.rpc.Status` of a few hundred bytes, so
    /// 64 KiB is generous; 30 s for the whole call (HomeGraph can be slow: NabuCasa settled on 30 s).
    public static let homeGraphLimits = OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 65_536)
    /// The OAuth token endpoint: its answer (an access token of about 1 KiB and its lifetime) fits 64 KiB many
    /// times; 30 s for the whole call.
    public static let tokenEndpointLimits = OutboundLimits(deadline: .seconds(30), maxAnswerBytes: 65_536)

    /// The bounds every request through this transport gets.
    public let limits: OutboundLimits
    private let client: HTTPClient

    /// Creates a transport on `client` (the process's shared one by default).
    public init(limits: OutboundLimits, client: HTTPClient = .shared) {
        self.limits = limits
        self.client = client
    }

    /// Sends `request` with ``HTTPClient/send(_:limits:)``.
    public func send(_ request: OutboundRequest) async throws -> OutboundResponse {
        try await client.send(request, limits: limits)
    }
}
