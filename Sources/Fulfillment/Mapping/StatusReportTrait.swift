import JSON
import MatterModel
import SmartHomeProtocol

/// Google `StatusReport` ← a manufacturer-specific cluster declared with `"googleTrait": "StatusReport"`; its
/// attributes are ``ManufacturerTraitProfile/statusReport``'s.
///
/// Google's trait page (developers.home.google.com/cloud-to-cloud/traits/statusreport): "This trait reports the
/// current status of a specific device or a connected group of devices. A specific device can report its current
/// status as well as the status of any related devices in a group. For example, the target device could be a
/// security system with the related devices representing individual sensors", and "StatusReport can only be used
/// with the security system device type" (so its profile gives only SECURITYSYSTEM).
///
/// - SYNC: "Device ATTRIBUTES: None."
/// - QUERY: `currentStatusReport` ("Required. Current error or exception statuses of the device and any related
///   device IDs"), one object per non-empty entry of `StatusCodes`: `statusCode` ("The current status of the
///   device. See the full list of errors and exceptions"), `deviceTarget` ("The ID of the target device") from
///   `StatusDeviceIds` at the same position when it has a non-empty one, `priority` ("The lower the value, the higher
///   the priority, with the highest priority being 0") from `StatusPriorities` (0 without one), `blocking` ("True if
///   the error or current status is blocking further commands executions") from `StatusBlocking` (`false` without
///   one). The statuses are what the manufacturer's backend writes (its panel knows its sensors); Hearth does not
///   check the codes against Google's list, which is longer than Hearth's vocabulary. No status: `[]`.
/// - EXECUTE: "Device COMMANDS: None."
enum StatusReportTrait: TraitMapping {
    static let trait = Trait.statusReport

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {}

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        guard let (_, state, _) = ManufacturerTraits.cluster(backing: trait, on: endpoint) else { return }
        states.append("currentStatusReport", .array(report(state).map { .object($0) }))
    }

    /// The status objects of the cluster's parallel lists, in `StatusCodes` order.
    static func report(_ state: ClusterState) -> [JSONObject] {
        let codes = ManufacturerTraits.value(state, "StatusCodes")?.listValue ?? []
        let targets = ManufacturerTraits.value(state, "StatusDeviceIds")?.listValue ?? []
        let priorities = ManufacturerTraits.value(state, "StatusPriorities")?.listValue ?? []
        let blocking = ManufacturerTraits.value(state, "StatusBlocking")?.listValue ?? []
        return codes.enumerated().compactMap { position, value in
            guard let code = value.stringValue, !code.isEmpty else { return nil }
            var status = JSONObject()
            status.append("blocking", .bool(position < blocking.count ? blocking[position].boolValue ?? false : false))
            if position < targets.count, let target = targets[position].stringValue, !target.isEmpty {
                status.append("deviceTarget", .string(target))
            }
            let priority = position < priorities.count ? ManufacturerTraits.unsigned(priorities[position]) : nil
            status.append("priority", .int(priority ?? 0))
            status.append("statusCode", .string(code))
            return status
        }
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        throw CommandError(.functionNotSupported, "StatusReport has no commands")
    }
}
