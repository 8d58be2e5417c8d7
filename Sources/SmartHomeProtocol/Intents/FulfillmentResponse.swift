/// Writes the answers to the four intents as JSON bytes.
public enum FulfillmentResponse {
    /// `{"requestId", "payload": {"agentUserId", "devices": […]}}`.
    public static func sync(requestId: String, agentUserId: String, devices: [SyncDevice]) -> [UInt8] {
        var payload = JSONObject()
        payload.append("agentUserId", .string(agentUserId))
        payload.append("devices", .array(devices.map { .object($0.json) }))
        return envelope(requestId: requestId, payload: payload, capacity: 512 + devices.count * 700)
    }

    /// `{"requestId", "payload": {"devices": {"<id>": {…}}}}`, in the order given.
    public static func query(requestId: String, devices: [(id: String, result: QueryDeviceResult)]) -> [UInt8] {
        var map = JSONObject()
        for (id, result) in devices { map[id] = .object(result.json) }
        var payload = JSONObject()
        payload.append("devices", .object(map))
        return envelope(requestId: requestId, payload: payload, capacity: 256 + devices.count * 200)
    }

    /// `{"requestId", "payload": {"commands": […]}}`.
    public static func execute(requestId: String, results: [ExecuteResult]) -> [UInt8] {
        var payload = JSONObject()
        payload.append("commands", .array(results.map { .object($0.json) }))
        return envelope(requestId: requestId, payload: payload, capacity: 256 + results.count * 200)
    }

    /// DISCONNECT's answer: an empty object.
    public static func disconnect() -> [UInt8] {
        Array("{}".utf8)
    }

    /// A whole-request error: `{"requestId"?, "payload": {"errorCode", "debugString"?}}`.
    public static func error(requestId: String?, code: ErrorCode, debugString: String? = nil) -> [UInt8] {
        var payload = JSONObject()
        payload.append("errorCode", .string(code.rawValue))
        if let debugString { payload.append("debugString", .string(debugString)) }
        var root = JSONObject()
        if let requestId { root.append("requestId", .string(requestId)) }
        root.append("payload", .object(payload))
        return JSONWriter.bytes(.object(root))
    }

    private static func envelope(requestId: String, payload: JSONObject, capacity: Int) -> [UInt8] {
        var root = JSONObject()
        root.append("requestId", .string(requestId))
        root.append("payload", .object(payload))
        var writer = JSONWriter(capacity: capacity)
        writer.write(root)
        return writer.bytes
    }
}
