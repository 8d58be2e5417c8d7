/// An HTTP response a responder returns.
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Response headers (`Content-Type`, …). `Content-Length` is set by the listener.
    public var headers: HTTPHeaders
    /// The response body.
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
