/// What the dispatcher answers a ``FulfillmentRequest`` with: an HTTP status, a JSON body
/// (``FulfillmentResponseBody``) and what the answer came to (``IntentSummary``), for the log line and the metrics.
public struct FulfillmentResponse: Sendable, Hashable {
    /// 200 for every intent answer (errors included, as Google's protocol puts them in the payload); 400 when
    /// the body is not JSON; 500 when the registry failed.
    public var status: Int
    /// The JSON body.
    public var body: [UInt8]
    /// The intent, outcome, error codes and devices of the answer.
    public var summary: IntentSummary

    public init(status: Int, body: [UInt8], summary: IntentSummary) {
        self.status = status
        self.body = body
        self.summary = summary
    }
}
