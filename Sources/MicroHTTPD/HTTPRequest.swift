/// One HTTP request as the listener hands it to a responder: fully read, body included.
public struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `POST`, …).
    public var method: String
    /// The path without the query string (`/fulfillment`), exactly as sent: not percent-decoded.
    public var path: String
    /// The raw query string without `?`, if any.
    public var query: String?
    /// Request headers.
    public var headers: HTTPHeaders
    /// The request body (at most the configured body limit).
    public var body: [UInt8]
    /// The peer's address (`127.0.0.1`), when known.
    public var remoteAddress: String?

    /// Creates a request; the listener does this for every request it reads, tests may do it directly.
    public init(
        method: String,
        path: String,
        query: String? = nil,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }
}
