import HTTPTypes

/// One answer to an ``OutboundRequest``: whatever its status, a 3xx included (``HTTPClient`` never follows one).
public struct OutboundResponse: Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// Header fields of the final answer.
    public var headerFields: HTTPFields
    /// The body, at most the request's ``OutboundLimits/maxAnswerBytes``.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: [UInt8] = []) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
    }

    /// The `Location` of a redirect, for the log of a refused 3xx.
    public var location: String? {
        headerFields[.location]
    }
}
