import Foundation
import HTTPTypes

/// One outbound HTTP request: a webhook delivery, a call to HomeGraph, a token request.
public struct OutboundRequest: Sendable {
    /// The method; `POST` for everything the product sends.
    public var method: HTTPRequest.Method
    /// The absolute `http` or `https` URL.
    public var url: URL
    /// Header fields, in order.
    public var headerFields: HTTPFields
    /// The body.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: HTTPRequest.Method = .post, url: URL, headerFields: HTTPFields, body: [UInt8]) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
    }
}
