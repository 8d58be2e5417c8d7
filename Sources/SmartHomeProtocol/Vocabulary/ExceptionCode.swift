/// Google's exception codes: alerts about a device that do not make the request fail, spelled as Google spells
/// them (errors-and-exceptions reference, "Exceptions").
///
/// A device whose command or query succeeded but that has an alert answers `status: "SUCCESS"` and carries the
/// code as `exceptionCode` among its states (in QUERY `devices.<id>`, in EXECUTE `commands[].states`); Google's
/// example is a lock that locked but has a low battery (error-handling guide, "Example 2: Non-blocking exception
/// for EXECUTE intent"). Hearth never answers `status: "EXCEPTIONS"`: the QUERY reference keeps it for "additional
/// information about another connected device" (StatusReport), which Hearth does not send.
///
/// Google's full list (errors-and-exceptions reference, "Exceptions"): `bagFull`, `binFull`,
/// `carbonMonoxideDetected`, `deviceAtExtremeTemperature`, `deviceJammingDetected`, `deviceMoved`, `deviceOpen`,
/// `deviceTampered`, `deviceUnplugged`, `floorUnreachable`, `hardwareFailure`, `inSoftwareUpdate`, `isBypassed`,
/// `lowBattery`, `motionDetected`, `needsPads`, `needsSoftwareUpdate`, `needsWater`, `networkJammingDetected`,
/// `noIssuesReported`, `roomsOnDifferentFloors`, `runCycleFinished`, `securityRestriction`, `smokeDetected`,
/// `tankEmpty`, `usingCellularBackup`, `waterLeakDetected`. Only the ones Hearth produces are cases here.
public enum ExceptionCode: String, Sendable, Hashable, CaseIterable {
    /// The device's battery is low.
    case lowBattery
    /// Google: "<device(s)> <is/are> at <an extreme temperature/extreme temperatures>." (a dishwasher's
    /// TempTooHigh alarm).
    case deviceAtExtremeTemperature
    /// Google: "<device(s)> <is/are> open." (a refrigerator's DoorOpen alarm, a dishwasher's DoorError alarm).
    case deviceOpen
    /// Google: "<device(s)> <need(s)> water." (a dishwasher's InflowError alarm).
    case needsWater
}
