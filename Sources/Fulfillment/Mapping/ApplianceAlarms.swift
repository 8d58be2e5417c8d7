import MatterModel
import SmartHomeProtocol

/// The appliance alarm clusters (Matter "Alarm Base": Refrigerator Alarm 0x0057, Dishwasher Alarm 0x005D) as
/// Google exception codes, and the one alarm that makes a start fail.
///
/// Matter: `State` "each bit SHALL represent the state of an alarm. The value of true means the alarm is active";
/// `Mask` "each bit set … corresponds to an alarm that SHALL be enabled". An alarm counts when its `State` bit is
/// set and, when the cluster has a `Mask`, its `Mask` bit too (a suppressed alarm is not reported).
///
/// | cluster | `State` bit (Matter summary) | Google exception |
/// |---|---|---|
/// | Refrigerator Alarm | 0 DoorOpen ("The cabinet's door has been open for a vendor defined amount of time.") | `deviceOpen` ("<device(s)> <is/are> open.") |
/// | Dishwasher Alarm | 0 InflowError ("Water inflow is abnormal") | `needsWater` ("<device(s)> <need(s)> water.") |
/// | Dishwasher Alarm | 2 DoorError ("Door or door lock is abnormal") | `deviceOpen` |
/// | Dishwasher Alarm | 4 TempTooHigh ("Temperature is too high") | `deviceAtExtremeTemperature` ("<device(s)> <is/are> at <an extreme temperature/extreme temperatures>.") |
/// | Dishwasher Alarm | 1 DrainError, 3 TempTooLow ("Unable to reach normal temperature"), 5 WaterLevelError | none: Google's exception list (``ExceptionCode``) has no drain, heating or water-level code, and `hardwareFailure` would claim a broken device where a clogged filter or a kinked hose is likelier |
///
/// Google's `exceptionCode` is one string per device, so the most pressing one is reported (``priority``).
enum ApplianceAlarms {
    /// Refrigerator Alarm `AlarmBitmap` DoorOpen.
    static let refrigeratorDoorOpen = 1 << 0

    /// Dishwasher Alarm `AlarmBitmap` bits.
    enum Dishwasher {
        static let inflowError = 1 << 0
        static let drainError = 1 << 1
        static let doorError = 1 << 2
        static let tempTooLow = 1 << 3
        static let tempTooHigh = 1 << 4
        static let waterLevelError = 1 << 5
    }

    /// Exceptions most pressing first: heat (safety), an open door (food or water at risk), the water supply;
    /// ``DeviceExceptions`` puts `lowBattery` after them.
    static let priority: [ExceptionCode] = [.deviceAtExtremeTemperature, .deviceOpen, .needsWater]

    /// The active alarms of an alarm cluster: `State`, limited to `Mask` when the cluster has one.
    static func active(_ alarm: ClusterState) -> Int {
        let state = alarm.int("State") ?? 0
        guard let mask = alarm.int("Mask") else { return state }
        return state & mask
    }

    /// The Google exceptions of one endpoint's alarms, in ``priority`` order, each once.
    static func exceptions(of endpoint: Endpoint) -> [ExceptionCode] {
        var found: Set<ExceptionCode> = []
        if let fridge = endpoint.clusters[.RefrigeratorAlarm], active(fridge) & refrigeratorDoorOpen != 0 {
            found.insert(.deviceOpen)
        }
        if let dishwasher = endpoint.clusters[.DishwasherAlarm] {
            found.formUnion(dishwasherExceptions(active: active(dishwasher)))
        }
        return priority.filter(found.contains)
    }

    /// The Google exceptions for a Dishwasher Alarm's active bits (the table above).
    static func dishwasherExceptions(active: Int) -> Set<ExceptionCode> {
        var found: Set<ExceptionCode> = []
        if active & Dishwasher.inflowError != 0 { found.insert(.needsWater) }
        if active & Dishwasher.doorError != 0 { found.insert(.deviceOpen) }
        if active & Dishwasher.tempTooHigh != 0 { found.insert(.deviceAtExtremeTemperature) }
        return found
    }

    /// Why a dishwasher must not start, or `nil`: an active DoorError refuses StartStop `start` with Google's
    /// `deviceDoorOpen` error ("The door is open on <device(s)>. Please close it and try again."), the one Google
    /// error that names the door. Matter itself would refuse `OperationalState.Start` from a dishwasher whose door
    /// is open (its Operational State reports an error), so the command would never work.
    ///
    /// Call site: StartStop's `start` on an Operational State endpoint
    /// (`Sources/Fulfillment/Mapping/StartStop/OperationalStateStartStop.swift`), before it changes anything:
    /// `if start, let refusal = ApplianceAlarms.startRefusal(on: endpoint) { throw refusal }`.
    static func startRefusal(on endpoint: Endpoint) -> CommandError? {
        guard let dishwasher = endpoint.clusters[.DishwasherAlarm],
            active(dishwasher) & Dishwasher.doorError != 0
        else { return nil }
        return CommandError(.deviceDoorOpen, "the dishwasher's DoorError alarm is active")
    }
}
