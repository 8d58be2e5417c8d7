import Fulfillment
import JSON

/// The JSON of one webhook delivery and the reading of the backend's answer.
///
/// Request: `{"requestId", "agentUserId", "devices": [{"id", "endpoints": [{"endpoint": 1, "commands":
/// [{"command": "OnOff.On", "arguments": {}}], "target": {"OnOff": {"OnOff": true}}}]}]}`: the commands as the
/// change stream's `command` records name them, in Matter units, and the attribute values Hearth computed.
///
/// Answer: `{"devices": {"<id>": {"status": "SUCCESS", "clusters": {…}, "endpoint"?: 1, "response"?: {…}} |
/// {"status": "ERROR", "errorCode": "deviceTurnedOff"} | {"status": "PENDING"}}}`. `response` (added for camera
/// streams, optional, so older backends' answers read as before) is the data a command answers: for
/// `CameraAvStreamManagement.HearthGetCameraStream`, Google's `cameraStream…` fields; Fulfillment checks it.
public enum DeliveryBody {
    /// The request body.
    public static func request(_ commands: PlannedCommands) -> [UInt8] {
        var root = JSONObject()
        root.append("requestId", .string(commands.requestId))
        root.append("agentUserId", .string(commands.agentUserId))
        root.append(
            "devices",
            .array(
                commands.devices.map { device in
                    var object = JSONObject()
                    object.append("id", .string(device.id))
                    object.append(
                        "endpoints",
                        .array(
                            device.endpoints.map { endpoint in
                                var entry = JSONObject()
                                entry.append("endpoint", .int(endpoint.endpoint))
                                entry.append(
                                    "commands",
                                    .array(
                                        endpoint.commands.map { command in
                                            .object(
                                                JSONObject([
                                                    ("command", .string(command.command)),
                                                    ("arguments", .object(command.arguments)),
                                                ])
                                            )
                                        }
                                    )
                                )
                                entry.append("target", .object(endpoint.target))
                                return .object(entry)
                            }
                        )
                    )
                    return .object(object)
                }
            )
        )
        return JSONWriter.bytes(.object(root), capacity: 256 + commands.devices.count * 160)
    }

    /// Reads a 2xx answer about the devices `asked`: one outcome per device it names, or a
    /// ``DeliveryOutcome/failed(reason:)`` when the answer is not what the protocol says (not JSON, no `devices`
    /// object, a device it was not asked about, an unknown status).
    public static func outcome(_ body: [UInt8], asked: [String]) -> DeliveryOutcome {
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            return .failed(reason: "the answer is not JSON: \(error)")
        }
        guard let devices = value["devices"]?.objectValue else {
            return .failed(reason: "the answer has no \"devices\" object")
        }
        var outcomes: [String: DeviceOutcome] = [:]
        for (id, answer) in devices {
            guard asked.contains(id) else {
                return .failed(reason: "the answer names device \"\(id)\", which was not asked about")
            }
            guard let answer = answer.objectValue, let status = answer["status"]?.stringValue else {
                return .failed(reason: "device \"\(id)\": expected an object with a \"status\"")
            }
            switch status {
            case "SUCCESS":
                let clusters = answer["clusters"]
                if let clusters, clusters.objectValue == nil {
                    return .failed(reason: "device \"\(id)\": \"clusters\" must be an object")
                }
                let endpoint = answer["endpoint"]
                if let endpoint, endpoint.intValue == nil {
                    return .failed(reason: "device \"\(id)\": \"endpoint\" must be an integer")
                }
                let response = answer["response"]
                if let response, response.objectValue == nil {
                    return .failed(reason: "device \"\(id)\": \"response\" must be an object")
                }
                outcomes[id] = .success(
                    clusters: clusters?.objectValue,
                    endpoint: endpoint?.intValue,
                    response: response?.objectValue
                )
            case "ERROR":
                outcomes[id] = .error(code: answer["errorCode"]?.stringValue ?? "")
            case "PENDING":
                outcomes[id] = .pending
            default:
                return .failed(reason: "device \"\(id)\": unknown status \"\(status)\"")
            }
        }
        return .answered(outcomes)
    }
}
