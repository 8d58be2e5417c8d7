import JSON

/// The payload of `action.devices.QUERY`: the devices whose state Google wants.
public struct QueryRequest: Sendable, Hashable {
    public var devices: [DeviceReference]

    public init(devices: [DeviceReference]) {
        self.devices = devices
    }

    /// Reads `inputs[0].payload`.
    public static func parse(_ payload: JSONObject?) throws(PayloadError) -> QueryRequest {
        guard let payload else { throw PayloadError(reason: "payload is missing") }
        return QueryRequest(devices: try DeviceReference.parseList(payload["devices"], field: "payload.devices"))
    }
}
