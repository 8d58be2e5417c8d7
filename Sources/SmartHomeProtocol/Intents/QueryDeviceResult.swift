import JSON

/// One device's entry in a QUERY answer (`payload.devices.<id>`).
public struct QueryDeviceResult: Sendable, Hashable {
    public var online: Bool
    public var status: ExecuteStatus
    public var errorCode: ErrorCode?
    /// The full state of every trait, flat (`on`, `brightness`, `color`, …).
    public var states: JSONObject

    public init(online: Bool, status: ExecuteStatus, errorCode: ErrorCode? = nil, states: JSONObject = JSONObject()) {
        self.online = online
        self.status = status
        self.errorCode = errorCode
        self.states = states
    }

    /// The answer for an id the user does not have.
    public static let notFound = QueryDeviceResult(online: false, status: .error, errorCode: .deviceNotFound)

    /// The entry as JSON text.
    public var jsonBytes: [UInt8] {
        JSONWriter.bytes(.object(json), capacity: 128 + states.count * 32)
    }

    /// The entry as JSON: `online`, `status`, `errorCode` when set, then the states.
    public var json: JSONObject {
        var object = JSONObject()
        object.append("online", .bool(online))
        object.append("status", .string(status.rawValue))
        if let errorCode { object.append("errorCode", .string(errorCode.rawValue)) }
        for (key, value) in states.members where key != "online" && key != "status" {
            object.append(key, value)
        }
        return object
    }
}
