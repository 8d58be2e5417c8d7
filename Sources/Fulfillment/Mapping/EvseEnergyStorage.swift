import JSON
import MatterModel
import SmartHomeProtocol

/// Google `EnergyStorage` for an EV charger ⇄ Matter Energy EVSE (0x0099): what the charger knows of the vehicle's
/// battery, and `Charge` as `EnableCharging` / `Disable`.
///
/// **Attributes.** `queryOnlyEnergyStorage` false and `isRechargeable` true: Google, "Set to true if this device
/// is rechargeable. This indicates the device may report `capacityUntilFull`, `isCharging`, and optionally
/// `isPluggedIn` state, and can accept the `Charge` command." No `energyStorageDistanceUnitForUX`: Hearth reports
/// no distance.
///
/// **States** (``EvseConversion``):
/// - `isPluggedIn`: `State` PluggedInNoDemand, PluggedInDemand, PluggedInCharging or PluggedInDischarging;
///   `false` for NotPluggedIn and SessionEnding ("transitioning from any plugged-in state to NotPluggedIn"); left
///   out for Fault or a null `State` (nothing says where the cable is).
/// - `isCharging`: `State` PluggedInCharging ("charging is in progress, and current is flowing").
/// - `capacityRemaining`: `[{"rawValue": <StateOfCharge>, "unit": "PERCENTAGE"}]`, plus `KILOWATT_HOURS` when
///   `BatteryCapacity` (mWh) is known; `capacityUntilFull` the complement. Both only when the SOC feature's
///   `StateOfCharge` is not null (Matter: null when the EV does not report it).
/// - `descriptiveCapacityRemaining` ("Required."): from `StateOfCharge` with the battery thresholds of
///   ``BatteryConversion/descriptiveCapacity(percent:batChargeLevel:batChargeState:)``; `MEDIUM` without one.
///
/// **Charge** (errors are Google's codes; the list has none for "no vehicle"):
/// - `{"charge": true}` → `EnergyEvse.EnableCharging` (a timed invoke in Matter) with `ChargingEnabledUntil` null
///   ("indefinitely", Google's command has no end time), `MinimumChargeCurrent` the stored `MinimumChargeCurrent`
///   (Matter default 6000 mA) and `MaximumChargeCurrent` the installation's `CircuitCapacity` (the EVSE "SHALL
///   NOT exceed" the lowest of its limits, so asking for the circuit's capacity adds no limit of Hearth's own),
///   else the stored `MaximumChargeCurrent`, else the minimum. The registry takes what Matter says the EVSE does:
///   `SupplyState` ChargingEnabled (Enabled stays Enabled on a V2X charger), the three arguments as attributes,
///   and a vehicle demanding current (PluggedInDemand) starts charging (PluggedInCharging).
///   Refused with `deviceNotReady` when no vehicle is plugged in (`State` NotPluggedIn, SessionEnding or null):
///   Google's `Charge` means "start charging", which cannot happen; Google's `deviceUnplugged` is an exception
///   about the device itself, not an error. Refused with `chargerIssue` in Fault or `SupplyState` DisabledError,
///   and with `deviceNotReady` in DisabledDiagnostics.
/// - `{"charge": false}` → `EnergyEvse.Disable`: `SupplyState` Disabled; current stops (PluggedInCharging or
///   PluggedInDischarging become PluggedInDemand). Always allowed: stopping is safe in every state.
/// - Both are idempotent (Google's list has no "already charging"): a repeated command succeeds.
enum EvseEnergyStorage {
    typealias State = EvseConversion.State
    typealias SupplyState = EvseConversion.SupplyState

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        attributes.append("queryOnlyEnergyStorage", .bool(false))
        attributes.append("isRechargeable", .bool(true))
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let evse = endpoint.cluster(.EnergyEvse)
        let percent = EvseConversion.stateOfCharge(evse["StateOfCharge"])
        let capacity = EvseConversion.milliwattHours(evse["BatteryCapacity"])
        states.append(
            "descriptiveCapacityRemaining",
            .string(EvseConversion.descriptiveCapacity(stateOfCharge: percent).rawValue)
        )
        if let percent {
            states.append("capacityRemaining", .array(capacityPairs(percent: percent, batteryCapacity: capacity)))
            states.append(
                "capacityUntilFull",
                .array(capacityPairs(percent: 100 - percent, batteryCapacity: capacity))
            )
        }
        let state = EvseConversion.state(evse["State"])
        states.append("isCharging", .bool(state == .pluggedInCharging))
        if let pluggedIn = state.flatMap(EvseConversion.isPluggedIn) {
            states.append("isPluggedIn", .bool(pluggedIn))
        }
    }

    /// `[{"rawValue": percent, "unit": "PERCENTAGE"}]`, and the same share of the battery in `KILOWATT_HOURS`.
    static func capacityPairs(percent: Int, batteryCapacity: Int?) -> [JSONValue] {
        var pairs: [JSONValue] = [pair(percent, "PERCENTAGE")]
        if let batteryCapacity {
            pairs.append(
                pair(
                    EvseConversion.kilowattHours(percent: percent, ofMilliwattHours: batteryCapacity),
                    "KILOWATT_HOURS"
                )
            )
        }
        return pairs
    }

    static func pair(_ value: Int, _ unit: String) -> JSONValue {
        .object(JSONObject([("rawValue", .int(value)), ("unit", .string(unit))]))
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .charge else {
            throw CommandError(.functionNotSupported, "an EV charger takes Charge, not \(command.rawValue)")
        }
        let charge = try params.bool("charge")
        var evse = endpoint.cluster(.EnergyEvse)
        let state = EvseConversion.state(evse["State"])
        let supply = evse.int("SupplyState").flatMap(SupplyState.init(rawValue:))
        if charge {
            if let refusal = EvseConversion.chargeRefusal(state: state, supplyState: supply) { throw refusal }
            let currents = EvseConversion.chargeCurrents(
                minimumChargeCurrent: evse.int("MinimumChargeCurrent"),
                circuitCapacity: evse.int("CircuitCapacity"),
                maximumChargeCurrent: evse.int("MaximumChargeCurrent")
            )
            if supply != .enabled { evse["SupplyState"] = .int(SupplyState.chargingEnabled.rawValue) }
            evse["ChargingEnabledUntil"] = .null
            evse["MinimumChargeCurrent"] = .int(currents.minimum)
            evse["MaximumChargeCurrent"] = .int(currents.maximum)
            if state == .pluggedInDemand { evse["State"] = .int(State.pluggedInCharging.rawValue) }
        } else {
            evse["SupplyState"] = .int(SupplyState.disabled.rawValue)
            if state == .pluggedInCharging || state == .pluggedInDischarging {
                evse["State"] = .int(State.pluggedInDemand.rawValue)
            }
        }
        endpoint.clusters[.EnergyEvse] = evse
    }

    /// `EnergyEvse.EnableCharging {"ChargingEnabledUntil": null, "MinimumChargeCurrent": mA,
    /// "MaximumChargeCurrent": mA}` (the currents as stored by ``execute(_:_:on:mode:)``) or `EnergyEvse.Disable`.
    static func matterCommands(
        _ command: Command,
        params: JSONObject,
        before: Endpoint,
        after: Endpoint
    ) -> [MatterCommandDescription]? {
        guard command == .charge, let charge = params["charge"]?.boolValue else { return nil }
        let changed = after.changedAttributes(since: before)
        guard charge else {
            return [MatterCommandDescription(command: "EnergyEvse.Disable", arguments: JSONObject(), changed: changed)]
        }
        let evse = after.cluster(.EnergyEvse)
        let arguments = JSONObject([
            ("ChargingEnabledUntil", .null),
            ("MinimumChargeCurrent", evse.int("MinimumChargeCurrent").map { .int($0) } ?? .null),
            ("MaximumChargeCurrent", evse.int("MaximumChargeCurrent").map { .int($0) } ?? .null),
        ])
        return [MatterCommandDescription(command: "EnergyEvse.EnableCharging", arguments: arguments, changed: changed)]
    }
}
