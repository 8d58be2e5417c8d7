/// An HTTP response a responder returns.
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Response headers (`Content-Type`, …). `Content-Length` and `Transfer-Encoding` are set by the listener;
    /// such fields here are ignored.
    public var headers: HTTPHeaders
    /// The response body.
    public var body: [UInt8]

    /// Creates a response with a status and, optionally, headers and a body.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
