public import HTTPTypes

/// One HTTP request as the listener hands it to an ``HTTPResponder``: swift-http-types' head, the body read in full,
/// and the peer.
///
/// The head maps HTTP/1.1 as swift-http-types does: ``head``'s `path` is the request target exactly as sent (path and
/// query, not percent-decoded), its `authority` the `Host` header, its `headerFields` every other header line in
/// order, and its `scheme` `nil` (an HTTP/1.1 request line has none). ``path`` and ``query`` split the target at its
/// first `?` without copying it.
public struct Request: Sendable {
    /// Method, target and header fields.
    public var head: HTTPRequest
    /// The request body (at most the listener's body limit).
    public var body: [UInt8]
    /// The peer's address (`127.0.0.1`), when known.
    public var remoteAddress: String?

    /// Creates a request; the listener does this for every request it reads, tests may do it directly.
    public init(head: HTTPRequest, body: [UInt8] = [], remoteAddress: String? = nil) {
        self.head = head
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// Creates a request from a method, a target (`/path?query`), the `Host` header and the other header fields.
    public init(
        method: HTTPRequest.Method,
        target: String,
        authority: String? = nil,
        headerFields: HTTPFields = [:],
        body: [UInt8] = [],
        remoteAddress: String? = nil
    ) {
        self.init(
            head: HTTPRequest(
                method: method,
                scheme: nil,
                authority: authority,
                path: target,
                headerFields: headerFields
            ),
            body: body,
            remoteAddress: remoteAddress
        )
    }

    /// The method (`GET`, `POST`, …).
    public var method: HTTPRequest.Method {
        head.method
    }

    /// The header fields, in the order sent.
    public var headerFields: HTTPFields {
        head.headerFields
    }

    /// The target's path, without the query string (`/fulfillment`), exactly as sent: not percent-decoded.
    public var path: Substring {
        let target = head.path ?? ""
        guard let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return target[...]
        }
        return target[..<mark]
    }

    /// The raw query string after the first `?`, if the target has one.
    public var query: Substring? {
        guard let target = head.path, let mark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return nil
        }
        return target[target.utf8.index(after: mark)...]
    }
}
