import JSON

/// The intent requests the harnesses' `sync`, `query` and `execute` send, as Google sends them
/// (`{"requestId", "inputs": [{"intent": "action.devices.…", "payload": …}]}`).
enum IntentRequest {
    /// SYNC.
    static let sync = #"{"requestId": "sync", "inputs": [{"intent": "action.devices.SYNC"}]}"#

    /// QUERY of `deviceIds`.
    static func query(_ deviceIds: [String]) -> String {
        text(
            requestId: "query",
            intent: "action.devices.QUERY",
            payload: JSONObject([("devices", devices(deviceIds))])
        )
    }

    /// EXECUTE of one command with `params` on `deviceIds`.
    static func execute(_ command: String, params: JSONObject, on deviceIds: [String]) -> String {
        let execution = JSONValue.object(JSONObject([("command", .string(command)), ("params", .object(params))]))
        let commands = JSONValue.array([
            .object(JSONObject([("devices", devices(deviceIds)), ("execution", .array([execution]))]))
        ])
        return text(
            requestId: "execute",
            intent: "action.devices.EXECUTE",
            payload: JSONObject([("commands", commands)])
        )
    }

    private static func devices(_ ids: [String]) -> JSONValue {
        .array(ids.map { .object(JSONObject([("id", .string($0))])) })
    }

    private static func text(requestId: String, intent: String, payload: JSONObject) -> String {
        let input = JSONValue.object(JSONObject([("intent", .string(intent)), ("payload", .object(payload))]))
        let request = JSONValue.object(JSONObject([("requestId", .string(requestId)), ("inputs", .array([input]))]))
        return String(decoding: JSONWriter.bytes(request), as: UTF8.self)
    }
}
