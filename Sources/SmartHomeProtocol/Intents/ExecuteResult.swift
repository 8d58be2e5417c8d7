import JSON

/// One entry of an EXECUTE answer (`payload.commands[]`): devices that share one outcome.
///
/// The entry Google receives holds only what Google's EXECUTE response allows in `commands[]`: `ids` ("Required."),
/// `status` ("Required."), `states`, `errorCode` and, for secondary user verification, `challengeNeeded`. Google's
/// published schema for the EXECUTE response closes the entry (`"required": ["ids", "status"]`,
/// `"additionalProperties": false`) and puts `debugString` at the payload level only: "Detailed error which will
/// never be presented to users but may be logged or used during development". So ``debugString`` is Hearth's
/// explanation for developers and is never written into the entry: ``FulfillmentResponseBody/execute(requestId:results:)``
/// joins the entries' explanations into the payload's `debugString` (``debugSummary(_:)``), and the request's log
/// line carries the same text as its `reason`.
public struct ExecuteResult: Sendable, Hashable {
    public var ids: [String]
    public var status: ExecuteStatus
    /// New state after execution (with `online`), on SUCCESS.
    public var states: JSONObject?
    public var errorCode: ErrorCode?
    public var challengeNeeded: ChallengeType?
    /// Why the devices failed, for developers: joined into the payload-level `debugString` and the log line, never
    /// written into the entry (Google's `commands[]` entries have no `debugString`).
    public var debugString: String?

    public init(
        ids: [String],
        status: ExecuteStatus,
        states: JSONObject? = nil,
        errorCode: ErrorCode? = nil,
        challengeNeeded: ChallengeType? = nil,
        debugString: String? = nil
    ) {
        self.ids = ids
        self.status = status
        self.states = states
        self.errorCode = errorCode
        self.challengeNeeded = challengeNeeded
        self.debugString = debugString
    }

    /// Whether two results say the same thing apart from their ids, so they can share one entry. Entries whose
    /// explanations differ stay apart, so each explanation still names exactly the ids it is about.
    public func hasSameOutcome(as other: ExecuteResult) -> Bool {
        status == other.status && errorCode == other.errorCode && challengeNeeded == other.challengeNeeded
            && states == other.states && debugString == other.debugString
    }

    /// The entry as JSON, exactly Google's keys: `ids`, `status`, `states`?, `errorCode`?, `challengeNeeded`?.
    public var json: JSONObject {
        var object = JSONObject()
        object.append("ids", .array(ids.map { .string($0) }))
        object.append("status", .string(status.rawValue))
        if let states { object.append("states", .object(states)) }
        if let errorCode { object.append("errorCode", .string(errorCode.rawValue)) }
        if let challengeNeeded {
            object.append("challengeNeeded", .object(JSONObject([("type", .string(challengeNeeded.rawValue))])))
        }
        return object
    }

    /// The payload-level `debugString` for `results`: each explained entry as `<ids>: <explanation>`, joined with
    /// `"; "` in answer order; `nil` when no entry is explained (then the payload has no `debugString`).
    public static func debugSummary(_ results: [ExecuteResult]) -> String? {
        var parts: [String] = []
        for result in results {
            guard let debugString = result.debugString, !debugString.isEmpty else { continue }
            parts.append(result.ids.joined(separator: ",") + ": " + debugString)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
