import JSON

/// The JSON bodies of fulfillment responses (the answers to the four intents and the whole-request error), written
/// as bytes. ``FulfillmentRequest`` is what Google sends; the `FulfillmentResponse` the dispatcher returns carries
/// one of these bodies with its HTTP status.
public enum FulfillmentResponseBody {
    /// `{"requestId", "payload": {"agentUserId", "devices": […]}}`.
    public static func sync(requestId: String, agentUserId: String, devices: [SyncDevice]) -> [UInt8] {
        sync(requestId: requestId, payload: syncPayload(agentUserId: agentUserId, devices: devices))
    }

    /// SYNC's `payload` object alone, to be cached and wrapped by ``sync(requestId:payload:)``.
    public static func syncPayload(agentUserId: String, devices: [SyncDevice]) -> [UInt8] {
        var payload = JSONObject()
        payload.append("agentUserId", .string(agentUserId))
        payload.append("devices", .array(devices.map { .object($0.json) }))
        var writer = JSONWriter(capacity: 256 + devices.count * 700)
        writer.write(payload)
        return writer.bytes
    }

    /// SYNC's `payload` object from device entries already written as JSON objects (``SyncDevice/jsonBytes``).
    public static func syncPayload(agentUserId: String, deviceEntries: [[UInt8]]) -> [UInt8] {
        var writer = JSONWriter(capacity: 64 + agentUserId.utf8.count + deviceEntries.reduce(0) { $0 + $1.count + 1 })
        writer.appendLiteral(#"{"agentUserId":"#)
        writer.writeString(agentUserId)
        writer.appendLiteral(#","devices":["#)
        for (index, entry) in deviceEntries.enumerated() {
            if index > 0 { writer.appendLiteral(",") }
            writer.writeRaw(entry)
        }
        writer.appendLiteral("]}")
        return writer.bytes
    }

    /// `{"requestId", "payload": <payload>}` around an already written SYNC payload.
    public static func sync(requestId: String, payload: [UInt8]) -> [UInt8] {
        var writer = JSONWriter(capacity: payload.count + requestId.utf8.count + 40)
        writer.appendLiteral(#"{"requestId":"#)
        writer.writeString(requestId)
        writer.appendLiteral(#","payload":"#)
        writer.writeRaw(payload)
        writer.appendLiteral("}")
        return writer.bytes
    }

    /// `{"requestId", "payload": {"devices": {"<id>": <entry>, …}}}` from entries already written as JSON
    /// (``QueryDeviceResult/jsonBytes``), `entries[i]` being `ids[i]`'s. Ids must be distinct.
    public static func query(requestId: String, ids: [String], entries: [[UInt8]]) -> [UInt8] {
        precondition(ids.count == entries.count, "one entry per id")
        var capacity = 64 + requestId.utf8.count
        for index in ids.indices { capacity += entries[index].count + ids[index].utf8.count + 4 }
        var writer = JSONWriter(capacity: capacity)
        writer.appendLiteral(#"{"requestId":"#)
        writer.writeString(requestId)
        writer.appendLiteral(#","payload":{"devices":{"#)
        for index in ids.indices {
            if index > 0 { writer.appendLiteral(",") }
            writer.writeString(ids[index])
            writer.appendLiteral(":")
            writer.writeRaw(entries[index])
        }
        writer.appendLiteral("}}}")
        return writer.bytes
    }

    /// `{"requestId", "payload": {"commands": […], "debugString"?}}`. The entries carry only Google's keys
    /// (``ExecuteResult/json``); the devices' explanations, if any, are joined into the payload's `debugString`
    /// (``ExecuteResult/debugSummary(_:)``), the one place Google's EXECUTE response has for them: payload
    /// `debugString`, "Detailed error which will never be presented to users but may be logged or used during
    /// development".
    public static func execute(requestId: String, results: [ExecuteResult]) -> [UInt8] {
        var payload = JSONObject()
        payload.append("commands", .array(results.map { .object($0.json) }))
        if let debugString = ExecuteResult.debugSummary(results) { payload.append("debugString", .string(debugString)) }
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
