import JSON

/// The envelope of every intent: `requestId` and exactly one input.
public struct FulfillmentRequest: Sendable, Hashable {
    /// Google's request id, echoed in the answer.
    public var requestId: String
    /// The input's intent as sent (`action.devices.QUERY`, …); may be one Hearth does not know.
    public var intentName: String
    /// The input's `payload`, when there is one.
    public var payload: JSONObject?

    /// The intent, or `nil` when Hearth does not know it.
    public var intent: Intent? { Intent(rawValue: intentName) }

    public init(requestId: String, intentName: String, payload: JSONObject? = nil) {
        self.requestId = requestId
        self.intentName = intentName
        self.payload = payload
    }

    /// Reads the envelope from a request body.
    ///
    /// Throws ``RequestError`` with kind `.malformedJSON` when the body is not JSON, and `.invalidRequest` when
    /// it is JSON but not an intent envelope (no `requestId`, not exactly one input, no intent).
    public static func parse(_ body: [UInt8]) throws(RequestError) -> FulfillmentRequest {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            throw RequestError(
                kind: .malformedJSON,
                requestId: RequestError.scanRequestId(body),
                reason: error.description
            )
        }
        guard case .object(let root) = json else {
            throw RequestError(kind: .invalidRequest, requestId: nil, reason: "the body is not a JSON object")
        }
        guard let requestId = root["requestId"]?.stringValue else {
            throw RequestError(kind: .invalidRequest, requestId: nil, reason: "requestId is missing or not a string")
        }
        guard let inputs = root["inputs"]?.arrayValue else {
            throw RequestError(kind: .invalidRequest, requestId: requestId, reason: "inputs is missing or not an array")
        }
        guard inputs.count == 1 else {
            throw RequestError(
                kind: .invalidRequest,
                requestId: requestId,
                reason: "inputs must hold exactly one input, not \(inputs.count)"
            )
        }
        guard let intentName = inputs[0]["intent"]?.stringValue else {
            throw RequestError(kind: .invalidRequest, requestId: requestId, reason: "inputs[0].intent is missing")
        }
        let payload = inputs[0]["payload"]
        if let payload, payload.objectValue == nil, payload != .null {
            throw RequestError(
                kind: .invalidRequest,
                requestId: requestId,
                reason: "inputs[0].payload is not an object"
            )
        }
        return FulfillmentRequest(requestId: requestId, intentName: intentName, payload: payload?.objectValue)
    }
}
