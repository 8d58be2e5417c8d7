import SmartHomeProtocol

/// What the dispatcher answers a ``FulfillmentRequest`` with: an HTTP status, a JSON body
/// (``FulfillmentResponseBody``) and what the answer came to (``IntentSummary``), for the log line and the metrics.
public struct FulfillmentResponse: Sendable, Hashable {
    /// 200 for every intent answer (errors included, as Google's protocol puts them in the payload); 400 when
    /// the body is not JSON; 503 (with `transientError`) when the registry could not answer, 500 when its data is
    /// corrupt.
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

extension FulfillmentResponse {
    /// What an EXECUTE answers when its answer never came (the server stopped before the device backend answered):
    /// `status` with `transientError`, and a summary saying `reason`.
    public static func noAnswer(status: Int, reason: String) -> FulfillmentResponse {
        FulfillmentResponse(
            status: status,
            body: FulfillmentResponseBody.error(requestId: nil, code: .transientError),
            summary: .refused(intent: .execute, requestId: nil, agentUserId: nil, code: .transientError, reason: reason)
        )
    }
}
