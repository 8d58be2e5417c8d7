import JSON

/// Checks QUERY, EXECUTE and SYNC answers against Google's published shapes for them, where Hearth once broke them:
/// the keys of EXECUTE's `commands[]` entries, the shape of TemperatureSetting's states and attributes, and error
/// codes being among those Google lists (``GoogleErrorCodes``). SYNC's full check is ``SyncValidator``; this adds
/// the attribute pairing it does not check.
///
/// Google's shapes, as its intent references and published JSON schemas for smart-home intents state them:
/// - EXECUTE response (https://developers.home.google.com/cloud-to-cloud/intents/execute): `payload` has
///   `errorCode`, `debugString` ("Detailed error which will never be presented to users but may be logged or used
///   during development") and `commands`; each `commands[]` entry has `ids` ("Required."), `status` ("Required.",
///   `SUCCESS`, `PENDING`, `OFFLINE`, `EXCEPTIONS` or `ERROR`), `states`, `errorCode` and no other key
///   (`"additionalProperties": false`), besides `challengeNeeded` for secondary user verification.
/// - QUERY response (https://developers.home.google.com/cloud-to-cloud/intents/query): `payload` has `errorCode`,
///   `debugString` and `devices`; each device object has `online` and `status` (`SUCCESS`, `OFFLINE`,
///   `EXCEPTIONS`, `ERROR`), `errorCode` when it failed, and its traits' states.
/// - TemperatureSetting states (traits/temperaturesetting) are one of "States for fixed set point" (`required`:
///   `thermostatMode`, `thermostatTemperatureAmbient`, `thermostatTemperatureSetpoint`) or "States for set point
///   range" (`thermostatMode`, `thermostatTemperatureAmbient`, `thermostatTemperatureSetpointHigh`,
///   `thermostatTemperatureSetpointLow`), exactly one (`oneOf`).
/// - TemperatureSetting attributes: "Supports only queries": with `queryOnlyTemperatureSetting: true`,
///   `commandOnlyTemperatureSetting` is `false`; "Supports only commands": with `commandOnlyTemperatureSetting:
///   true`, `queryOnlyTemperatureSetting` is `false`. Hearth writes the pair out (a query-only sensor says
///   `commandOnlyTemperatureSetting: false`), and this check requires it.
public enum ResponseShapeValidator {
    /// EXECUTE's device statuses.
    static let executeStatuses: Set<String> = ["SUCCESS", "PENDING", "OFFLINE", "EXCEPTIONS", "ERROR"]
    /// QUERY's device statuses.
    static let queryStatuses: Set<String> = ["SUCCESS", "OFFLINE", "EXCEPTIONS", "ERROR"]
    /// The keys of an EXECUTE `commands[]` entry.
    public static let executeEntryKeys: Set<String> = ["ids", "status", "states", "errorCode", "challengeNeeded"]
    /// Secondary user verification's challenge types.
    static let challengeTypes: Set<String> = ["ackNeeded", "pinNeeded", "challengeFailedPinNeeded"]

    // MARK: - EXECUTE

    /// What breaks Google's shape in an EXECUTE response body (`{"requestId", "payload"}`).
    public static func violations(inExecute body: JSONValue) -> [ResponseViolation] {
        var found: [ResponseViolation] = []
        guard let payload = envelope(body, payloadKeys: ["errorCode", "debugString", "commands"], &found) else {
            return found
        }
        guard let commands = payload["commands"] else {
            if payload["errorCode"] == nil {
                found.append(.init(path: "payload", message: "has neither commands nor a whole-request errorCode"))
            }
            return found
        }
        guard let entries = commands.arrayValue else {
            found.append(.init(path: "payload.commands", message: "must be an array"))
            return found
        }
        for (index, entry) in entries.enumerated() {
            found += violations(inExecuteEntry: entry, path: "payload.commands[\(index)]")
        }
        return found
    }

    /// What breaks Google's shape in one EXECUTE `commands[]` entry.
    public static func violations(inExecuteEntry entry: JSONValue, path: String) -> [ResponseViolation] {
        var found: [ResponseViolation] = []
        guard let object = entry.objectValue else {
            return [.init(path: path, message: "must be an object")]
        }
        for key in object.keys where !executeEntryKeys.contains(key) {
            found.append(
                .init(
                    path: "\(path).\(key)",
                    message: "is not a key of an EXECUTE commands[] entry (ids, status, states, errorCode, "
                        + "challengeNeeded); debugString belongs to the payload"
                )
            )
        }
        if let ids = object["ids"]?.arrayValue {
            if ids.contains(where: { $0.stringValue == nil }) {
                found.append(.init(path: "\(path).ids", message: "must hold strings"))
            }
        } else {
            found.append(.init(path: "\(path).ids", message: "is required, an array of device ids"))
        }
        if let status = object["status"]?.stringValue {
            if !executeStatuses.contains(status) {
                found.append(.init(path: "\(path).status", message: "\"\(status)\" is not an EXECUTE status"))
            }
        } else {
            found.append(.init(path: "\(path).status", message: "is required, a string"))
        }
        if let states = object["states"] {
            if let states = states.objectValue {
                found += violations(inStates: states, path: "\(path).states")
            } else {
                found.append(.init(path: "\(path).states", message: "must be an object"))
            }
        }
        if let code = object["errorCode"] {
            found += errorCodeViolations(code, path: "\(path).errorCode", payloadLevel: false)
        }
        if let challenge = object["challengeNeeded"] {
            let type = challenge["type"]?.stringValue ?? ""
            if challenge.objectValue == nil || !challengeTypes.contains(type) {
                found.append(
                    .init(
                        path: "\(path).challengeNeeded",
                        message: "must be {\"type\": ackNeeded | pinNeeded | challengeFailedPinNeeded}"
                    )
                )
            }
        }
        return found
    }

    // MARK: - QUERY

    /// What breaks Google's shape in a QUERY response body.
    public static func violations(inQuery body: JSONValue) -> [ResponseViolation] {
        var found: [ResponseViolation] = []
        guard let payload = envelope(body, payloadKeys: ["errorCode", "debugString", "devices"], &found) else {
            return found
        }
        guard let devices = payload["devices"] else {
            if payload["errorCode"] == nil {
                found.append(.init(path: "payload.devices", message: "is required"))
            }
            return found
        }
        guard let map = devices.objectValue else {
            found.append(.init(path: "payload.devices", message: "must be an object of device ids"))
            return found
        }
        for (id, device) in map {
            let path = "payload.devices.\(id)"
            guard let states = device.objectValue else {
                found.append(.init(path: path, message: "must be an object"))
                continue
            }
            if let status = states["status"]?.stringValue {
                if !queryStatuses.contains(status) {
                    found.append(.init(path: "\(path).status", message: "\"\(status)\" is not a QUERY status"))
                }
            } else {
                found.append(.init(path: "\(path).status", message: "is required, a string"))
            }
            if states["online"]?.boolValue == nil {
                found.append(.init(path: "\(path).online", message: "is required, a boolean"))
            }
            if let code = states["errorCode"] {
                found += errorCodeViolations(code, path: "\(path).errorCode", payloadLevel: false)
            }
            found += violations(inStates: states, path: path)
        }
        return found
    }

    // MARK: - SYNC

    /// What breaks Google's shape in a SYNC response body: ``SyncValidator``'s violations, and the
    /// TemperatureSetting attribute pairing of each device.
    public static func violations(inSync body: JSONValue) -> [ResponseViolation] {
        var found: [ResponseViolation] = []
        guard let payload = envelope(body, payloadKeys: ["agentUserId", "errorCode", "debugString", "devices"], &found)
        else { return found }
        for violation in SyncValidator.violations(inPayload: payload) {
            found.append(.init(path: "payload.\(violation.path)", message: violation.message))
        }
        for (index, device) in (payload["devices"]?.arrayValue ?? []).enumerated() {
            guard let attributes = device["attributes"]?.objectValue else { continue }
            found += temperatureSettingAttributeViolations(attributes, path: "payload.devices[\(index)].attributes")
        }
        return found
    }

    /// The query-only / command-only pairing of TemperatureSetting's attributes (Google's schema: "Supports only
    /// queries", "Supports only commands"), with the pair written out.
    public static func temperatureSettingAttributeViolations(
        _ attributes: JSONObject,
        path: String
    ) -> [ResponseViolation] {
        let queryOnly = attributes["queryOnlyTemperatureSetting"]?.boolValue
        let commandOnly = attributes["commandOnlyTemperatureSetting"]?.boolValue
        var found: [ResponseViolation] = []
        if queryOnly == true, commandOnly != false {
            found.append(
                .init(
                    path: "\(path).commandOnlyTemperatureSetting",
                    message: "must be false beside queryOnlyTemperatureSetting: true (\"Supports only queries\")"
                )
            )
        }
        if commandOnly == true, queryOnly == true {
            found.append(
                .init(
                    path: "\(path).queryOnlyTemperatureSetting",
                    message: "must be false beside commandOnlyTemperatureSetting: true (\"Supports only commands\")"
                )
            )
        }
        return found
    }

    // MARK: - States

    /// The TemperatureSetting state keys that make a states object TemperatureSetting's.
    static let temperatureSettingStateKeys: Set<String> = [
        "thermostatMode", "thermostatTemperatureAmbient", "thermostatTemperatureSetpoint",
        "thermostatTemperatureSetpointHigh", "thermostatTemperatureSetpointLow",
    ]

    /// What breaks Google's shapes in one device's states (QUERY's device object or EXECUTE's `states`): today the
    /// TemperatureSetting states, when the object has any.
    public static func violations(inStates states: JSONObject, path: String) -> [ResponseViolation] {
        guard states.keys.contains(where: temperatureSettingStateKeys.contains) else { return [] }
        // A failed device answers no trait state worth judging; an error entry has none anyway.
        if let status = states["status"]?.stringValue, status != "SUCCESS" { return [] }
        return temperatureSettingStateViolations(states, path: path)
    }

    /// TemperatureSetting states: exactly one of Google's two shapes (fixed set point, set point range).
    public static func temperatureSettingStateViolations(_ states: JSONObject, path: String) -> [ResponseViolation] {
        var found: [ResponseViolation] = []
        func requireNumber(_ key: String) {
            if states[key]?.doubleValue == nil {
                found.append(
                    .init(path: "\(path).\(key)", message: "is required in TemperatureSetting states, a number")
                )
            }
        }
        if states["thermostatMode"]?.stringValue == nil {
            found.append(.init(path: "\(path).thermostatMode", message: "is required in TemperatureSetting states"))
        }
        requireNumber("thermostatTemperatureAmbient")
        let fixed = states["thermostatTemperatureSetpoint"] != nil
        let range =
            states["thermostatTemperatureSetpointHigh"] != nil || states["thermostatTemperatureSetpointLow"] != nil
        switch (fixed, range) {
        case (true, false):
            requireNumber("thermostatTemperatureSetpoint")
        case (false, true):
            requireNumber("thermostatTemperatureSetpointHigh")
            requireNumber("thermostatTemperatureSetpointLow")
        case (true, true):
            found.append(
                .init(
                    path: path,
                    message: "has both a fixed setpoint and a setpoint range: Google's states are one of the two"
                )
            )
        case (false, false):
            found.append(
                .init(
                    path: "\(path).thermostatTemperatureSetpoint",
                    message: "TemperatureSetting states need thermostatTemperatureSetpoint, or "
                        + "thermostatTemperatureSetpointHigh and thermostatTemperatureSetpointLow"
                )
            )
        }
        return found
    }

    // MARK: - Shared

    /// The `{"requestId", "payload"}` envelope: its payload when it has one, findings added for what is wrong.
    static func envelope(
        _ body: JSONValue,
        payloadKeys: Set<String>,
        _ found: inout [ResponseViolation]
    ) -> JSONObject? {
        guard let root = body.objectValue else {
            found.append(.init(path: "", message: "the response must be an object"))
            return nil
        }
        for key in root.keys where key != "requestId" && key != "payload" {
            found.append(.init(path: key, message: "is not a key of an intent response (requestId, payload)"))
        }
        if root["requestId"]?.stringValue == nil {
            found.append(.init(path: "requestId", message: "is required, a string"))
        }
        guard let payload = root["payload"]?.objectValue else {
            found.append(.init(path: "payload", message: "is required, an object"))
            return nil
        }
        for key in payload.keys where !payloadKeys.contains(key) {
            found.append(
                .init(
                    path: "payload.\(key)",
                    message: "is not a payload key (\(payloadKeys.sorted().joined(separator: ", ")))"
                )
            )
        }
        if let code = payload["errorCode"] {
            found += errorCodeViolations(code, path: "payload.errorCode", payloadLevel: true)
        }
        if let debug = payload["debugString"], debug.stringValue == nil {
            found.append(.init(path: "payload.debugString", message: "must be a string"))
        }
        return payload
    }

    /// An `errorCode`: a string among the codes Google lists (``GoogleErrorCodes``).
    static func errorCodeViolations(_ code: JSONValue, path: String, payloadLevel: Bool) -> [ResponseViolation] {
        guard let name = code.stringValue else { return [.init(path: path, message: "must be a string")] }
        let listed = payloadLevel ? GoogleErrorCodes.isListedForPayload(name) : GoogleErrorCodes.isListed(name)
        return listed
            ? []
            : [.init(path: path, message: "\"\(name)\" is not an error code Google lists (errors-exceptions)")]
    }
}
