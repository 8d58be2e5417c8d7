import JSON
import MatterModel
import SmartHomeProtocol

/// Google `EnergyStorage`, from one of two sources chosen by cluster: an endpoint with Energy EVSE is an EV
/// charger (``EvseEnergyStorage``: the vehicle's charge, and `Charge`); any other endpoint with a Power Source is
/// a battery, described below (``DeviceTypeMapping/clusterTraits(for:)``).
///
/// Battery: query only, ⇄ Matter Power Source (Battery and Rechargeable features).
///
/// - Attributes: `queryOnlyEnergyStorage` true (no `Charge` command); `isRechargeable` false only when
///   `BatReplaceability` is UserReplaceable: Matter says "rechargeable" with its RECHG feature bit, and Hearth does
///   not model feature maps; user-replaceable cells (AA, CR2032 in locks and sensors) are taken as primary
///   cells, built-in and factory-replaceable packs as rechargeable.
/// - States: `descriptiveCapacityRemaining` (``BatteryConversion/descriptiveCapacity(percent:batChargeLevel:batChargeState:)``);
///   `capacityRemaining` `[{"rawValue": <percent>, "unit": "PERCENTAGE"}]` when `BatPercentRemaining` is not
///   null (half percent, rounded down); for a rechargeable battery only (Google: `isRechargeable` says the device
///   reports them), `isCharging` when `BatChargeState` is IsCharging and `isPluggedIn` when it is IsCharging or
///   IsAtFullCharge (a full battery that still reports its charger is on it).
/// - Low battery (`descriptiveCapacityRemaining` LOW or CRITICALLY_LOW) adds Google's `lowBattery` exception to
///   the device's answers (``exceptionCode(of:)``).
enum EnergyStorageTrait: TraitMapping {
    static let trait = Trait.energyStorage

    typealias ChargeState = AttributeSchema.BatChargeState

    /// Whether the endpoint is an EV charger rather than a battery.
    static func isCharger(_ endpoint: Endpoint) -> Bool {
        endpoint.has(.EnergyEvse)
    }

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        if isCharger(endpoint) { return EvseEnergyStorage.attributes(of: endpoint, into: &attributes) }
        attributes.append("queryOnlyEnergyStorage", .bool(true))
        attributes.append("isRechargeable", .bool(isRechargeable(endpoint.cluster(.PowerSource))))
    }

    static func isRechargeable(_ power: ClusterState) -> Bool {
        power.int(.PowerSource.batReplaceability) != AttributeSchema.BatReplaceability.userReplaceable
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        if isCharger(endpoint) { return EvseEnergyStorage.states(of: endpoint, into: &states) }
        let power = endpoint.cluster(.PowerSource)
        let chargeState = power.int(.PowerSource.batChargeState) ?? ChargeState.unknown
        let percent = percent(of: power)
        states.append("descriptiveCapacityRemaining", .string(capacity(of: power).rawValue))
        if let percent {
            states.append(
                "capacityRemaining",
                .array([.object(JSONObject([("rawValue", .int(percent)), ("unit", .string("PERCENTAGE"))]))])
            )
        }
        guard isRechargeable(power) else { return }
        states.append("isCharging", .bool(chargeState == ChargeState.isCharging))
        states.append(
            "isPluggedIn",
            .bool(chargeState == ChargeState.isCharging || chargeState == ChargeState.isAtFullCharge)
        )
    }

    /// Whole percent, or `nil` when `BatPercentRemaining` is null.
    static func percent(of power: ClusterState) -> Int? {
        guard let value = power[.PowerSource.batPercentRemaining],
            AttributeSchema.spec(.PowerSource.batPercentRemaining)?.isNull(value) == false,
            let halfPercent = value.intValue
        else { return nil }
        return BatteryConversion.percent(fromHalfPercent: halfPercent)
    }

    static func capacity(of power: ClusterState) -> BatteryConversion.DescriptiveCapacity {
        BatteryConversion.descriptiveCapacity(
            percent: percent(of: power),
            batChargeLevel: power.int(.PowerSource.batChargeLevel) ?? AttributeSchema.BatChargeLevel.ok,
            batChargeState: power.int(.PowerSource.batChargeState) ?? ChargeState.unknown
        )
    }

    /// `lowBattery` when any endpoint's Power Source is low, else `nil`. Google wants it with `status: "SUCCESS"`:
    /// the query or command worked, the battery is an alert (error-handling guide, "Example 2: Non-blocking
    /// exception for EXECUTE intent").
    static func exceptionCode(of device: Device) -> ExceptionCode? {
        for endpoint in device.endpoints {
            if let power = endpoint.clusters[.PowerSource], capacity(of: power).isLow { return .lowBattery }
        }
        return nil
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        if isCharger(endpoint) { return try EvseEnergyStorage.execute(command, params, on: &endpoint, mode: mode) }
        throw CommandError(.functionNotSupported, "EnergyStorage is query only (\(command.rawValue))")
    }

    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard isCharger(after) else { return nil }
        return EvseEnergyStorage.matterCommands(command, params: params, before: before, after: after)
    }
}
