import JSON

/// One entry of an EXECUTE answer (`payload.commands[]`): devices that share one outcome.
public struct ExecuteResult: Sendable, Hashable {
    public var ids: [String]
    public var status: ExecuteStatus
    /// New state after execution (with `online`), on SUCCESS.
    public var states: JSONObject?
    public var errorCode: ErrorCode?
    public var challengeNeeded: ChallengeType?
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

    /// Whether two results say the same thing apart from their ids, so they can share one entry.
    public func hasSameOutcome(as other: ExecuteResult) -> Bool {
        status == other.status && errorCode == other.errorCode && challengeNeeded == other.challengeNeeded
            && states == other.states && debugString == other.debugString
    }

    /// The entry as JSON.
    public var json: JSONObject {
        var object = JSONObject()
        object.append("ids", .array(ids.map { .string($0) }))
        object.append("status", .string(status.rawValue))
        if let states { object.append("states", .object(states)) }
        if let errorCode { object.append("errorCode", .string(errorCode.rawValue)) }
        if let challengeNeeded {
            object.append("challengeNeeded", .object(JSONObject([("type", .string(challengeNeeded.rawValue))])))
        }
        if let debugString { object.append("debugString", .string(debugString)) }
        return object
    }
}
