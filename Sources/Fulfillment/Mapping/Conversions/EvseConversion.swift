import MatterModel
import SmartHomeProtocol

/// Converts Matter Energy EVSE (0x0099) attributes to Google's EnergyStorage states and decides whether `Charge`
/// can start. Pure functions over Matter values; ``EvseEnergyStorage`` applies them.
public enum EvseConversion {
    /// Matter `StateEnum` (Energy EVSE `State`).
    public enum State: Int, Sendable, Hashable, CaseIterable {
        /// "The EV is not plugged in."
        case notPluggedIn = 0
        /// "The EV is plugged in, but not demanding current."
        case pluggedInNoDemand = 1
        /// "The EV is plugged in and is demanding current, but EVSE is not allowing current to flow."
        case pluggedInDemand = 2
        /// "The EV is plugged in, charging is in progress, and current is flowing"
        case pluggedInCharging = 3
        /// "The EV is plugged in, discharging is in progress, and current is flowing" (V2X)
        case pluggedInDischarging = 4
        /// "The EVSE is transitioning from any plugged-in state to NotPluggedIn"
        case sessionEnding = 5
        /// "There is a fault (see FaultState Attribute attribute)"
        case fault = 6
    }

    /// Matter `SupplyStateEnum` (Energy EVSE `SupplyState`).
    public enum SupplyState: Int, Sendable, Hashable, CaseIterable {
        /// "The EV is not currently allowed to charge or discharge"
        case disabled = 0
        /// "The EV is currently allowed to charge"
        case chargingEnabled = 1
        /// "The EV is currently allowed to discharge" (V2X)
        case dischargingEnabled = 2
        /// "The EV is not currently allowed to charge or discharge due to an error."
        case disabledError = 3
        /// "… due to self-diagnostics mode."
        case disabledDiagnostics = 4
        /// "The EV is currently allowed to charge and discharge" (V2X)
        case enabled = 5
    }

    /// The stored `State`, or `nil` when null, absent or not one of Matter's values.
    public static func state(_ value: AttributeValue?) -> State? {
        value?.intValue.flatMap(State.init(rawValue:))
    }

    /// Google's `isPluggedIn` ("Whether the device is currently plugged in. The device can be plugged in, but not
    /// actively charging."): `true` in the four PluggedIn states, `false` when not plugged in or the session is
    /// ending, `nil` (left out) in Fault, which says nothing about the cable.
    public static func isPluggedIn(_ state: State) -> Bool? {
        switch state {
        case .pluggedInNoDemand, .pluggedInDemand, .pluggedInCharging, .pluggedInDischarging: return true
        case .notPluggedIn, .sessionEnding: return false
        case .fault: return nil
        }
    }

    /// Whole percent from `StateOfCharge` (Matter `percent`, nullable: "null if the EV does not report it"),
    /// clamped to 0…100; `nil` when null, absent or not a number.
    public static func stateOfCharge(_ value: AttributeValue?) -> Int? {
        value?.intValue.map { min(max($0, 0), 100) }
    }

    /// A non-negative energy in mWh (`BatteryCapacity`), or `nil` when null, absent, negative or not a number.
    public static func milliwattHours(_ value: AttributeValue?) -> Int? {
        guard let value = value?.intValue, value >= 0 else { return nil }
        return value
    }

    /// `percent` % of a battery of `milliwattHours`, in whole kWh rounded down (Google's `rawValue` is an
    /// integer; rounding down never promises energy the battery does not hold). `percent` is clamped to 0…100.
    public static func kilowattHours(percent: Int, ofMilliwattHours milliwattHours: Int) -> Int {
        let share = min(max(percent, 0), 100)
        let energy = max(milliwattHours, 0)
        let (product, overflow) = energy.multipliedReportingOverflow(by: share)
        // 1 kWh is 1,000,000 mWh; a percent is a hundredth.
        return overflow ? energy / 100 * share / 1_000_000 : product / 100_000_000
    }

    /// Google's `descriptiveCapacityRemaining` for the vehicle's state of charge, with the battery thresholds
    /// (below 10 % CRITICALLY_LOW, below 20 % LOW, below 60 % MEDIUM, below 100 % HIGH, 100 % FULL); `MEDIUM`
    /// without one (Google requires the state; nothing says otherwise).
    public static func descriptiveCapacity(stateOfCharge: Int?) -> BatteryConversion.DescriptiveCapacity {
        BatteryConversion.descriptiveCapacity(percent: stateOfCharge, batChargeLevel: 0, batChargeState: 0)
    }

    /// Why `Charge {"charge": true}` cannot start, or `nil` when it can: `chargerIssue` in Fault or DisabledError,
    /// `deviceNotReady` in DisabledDiagnostics or with no vehicle plugged in (NotPluggedIn, SessionEnding, or a
    /// null `State`).
    public static func chargeRefusal(state: State?, supplyState: SupplyState?) -> CommandError? {
        if state == .fault || supplyState == .disabledError {
            return CommandError(.chargerIssue, "the charger is in a fault state")
        }
        if supplyState == .disabledDiagnostics {
            return CommandError(.deviceNotReady, "the charger is running its diagnostics")
        }
        guard let state, isPluggedIn(state) == true else {
            return CommandError(.deviceNotReady, "no vehicle is plugged in")
        }
        return nil
    }

    /// Matter's default `MinimumChargeCurrent` (6000 mA, IEC 61851's lowest charging current).
    public static let defaultMinimumChargeCurrent = 6000

    /// The `EnableCharging` currents in mA: the minimum is the stored `MinimumChargeCurrent` (default 6000); the
    /// maximum is `CircuitCapacity` when set (above 0), else the stored `MaximumChargeCurrent` when set, else the
    /// minimum; never below the minimum (Matter: "MaximumChargeCurrent … SHALL be greater than or equal to
    /// MinimumChargeCurrent").
    public static func chargeCurrents(
        minimumChargeCurrent: Int?,
        circuitCapacity: Int?,
        maximumChargeCurrent: Int?
    ) -> (minimum: Int, maximum: Int) {
        let minimum = max(minimumChargeCurrent ?? defaultMinimumChargeCurrent, 0)
        let limit = [circuitCapacity, maximumChargeCurrent].compactMap { $0 }.first { $0 > 0 } ?? minimum
        return (minimum, max(limit, minimum))
    }
}
