/// What the dispatcher answers a ``FulfillmentRequest`` with: an HTTP status and a JSON body
/// (``FulfillmentResponseBody``).
public struct FulfillmentResponse: Sendable, Hashable {
    /// 200 for every intent answer (errors included, as Google's protocol puts them in the payload); 400 when
    /// the body is not JSON; 500 when the registry failed.
    public var status: Int
    /// The JSON body.
    public var body: [UInt8]

    public init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}
