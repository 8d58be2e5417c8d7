/// Google's error codes, spelled exactly as Google spells them.
///
/// Every case is on Google's errors reference (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions:
/// "Please use these given errors and exceptions codes in the intent response"), except `challengeNeeded` (the
/// secondary user verification guide's) and `protocolError` (Hearth's whole-request answer to a request it cannot
/// read); ``GoogleErrorCodes`` holds Google's list and a test keeps this enum inside it. `authExpired` and
/// `unknownError` (on no current Google list, and never answered by Hearth) and `volumeAlreadyMax` /
/// `volumeAlreadyMin` (on no Google list: Volume answers `maxSettingReached` / `minSettingReached`) were removed.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable {
    case authFailure
    case protocolError
    case deviceOffline
    case deviceNotFound
    case deviceNotReady
    case deviceTurnedOff
    case functionNotSupported
    case notSupported
    case valueOutOfRange
    case alreadyInState
    case alreadyOn
    case alreadyOff
    case challengeNeeded
    case tooManyFailedAttempts
    case transientError
    /// A failure the device backend reported that is not one of these codes (command delivery answers it so).
    case hardError
    /// TemperatureSetting: the thermostat is off, so there is no setpoint to change.
    case inOffMode
    /// TemperatureSetting: the thermostat only runs its fan.
    case inFanOnlyMode
    /// TemperatureSetting: the thermostat only dehumidifies.
    case inDryMode
    /// TemperatureSetting: the thermostat is in an energy-saving mode.
    case inEcoMode
    /// TemperatureSetting: the low and high setpoints are closer than the device allows.
    case rangeTooClose
    case remoteSetDisabled
    case deviceJammingDetected
    case alreadyStarted
    case alreadyStopped
    case alreadyPaused
    case alreadyDocked
    case unpausableState
    case actionNotAvailable
    /// Google: "<device(s)> <is/are> already set to the highest setting." (Volume: `volumeRelative` up at the top;
    /// replaces `volumeAlreadyMax`, which Google's errors reference does not list).
    case maxSettingReached
    /// Google: "<device(s)> <is/are> already set to the lowest setting." (Volume: `volumeRelative` down at the
    /// bottom; replaces `volumeAlreadyMin`).
    case minSettingReached
    // modes
    /// The device is busy with something else (Modes: a new cycle while one runs, Matter's `InvalidInMode`).
    case deviceBusy
    // kitchen (traits/timer, traits/cook)
    /// Timer: a command needs a running or paused timer and there is none.
    case noTimerExists
    /// Timer: `timerTimeSec` is not a timer length the device can take.
    case timerValueOutOfRange
    /// Timer: the timer would run longer than the device allows (`maxTimerLimitSec`).
    case aboveMaximumTimerDuration
    /// Timer: the timer would run shorter than the device allows.
    case belowMinimumTimerDuration
    /// Cook: the food preset is not one of the device's `foodPresets`.
    case unknownFoodPreset
    // traits (SensorState, EnergyStorage, Locator, appliance alarms)
    /// Google: "The door is open on <device(s)>. Please close it and try again." (a dishwasher start refused while
    /// its DoorError alarm is active).
    case deviceDoorOpen
    /// Google: "Sorry, it looks like <device(s)> <has/have> <a charger issue/charger issues>." (an EV charger in
    /// Fault, or disabled by an error).
    case chargerIssue
    /// Google: "I wasn't able to locate <device(s)>." (Locate on a device whose Identify has no presentation).
    case unableToLocateDevice
    // media inputs (traits/channel, traits/appselector)
    /// Channel: the requested channel is not one the device has (`selectChannel` with an unknown code, name or
    /// number).
    case noAvailableChannel
    /// AppSelector: the requested application is not one the device has (`appSelect` with an unknown key or name).
    case noAvailableApp
    // security systems (traits/armdisarm)
    /// ArmDisarm: arming a security system that is already armed (at the level asked for).
    case alreadyArmed
    /// ArmDisarm: disarming (or cancelling the arming of) a security system that is already disarmed.
    case alreadyDisarmed
    // openings (traits/openclose, guides/garage)
    /// OpenClose: the opening is already fully open.
    case alreadyOpen
    /// OpenClose: the opening is already fully closed.
    case alreadyClosed
    /// OpenClose: the opening is latched (locked) and so cannot be moved ("if the door is locked and therefore
    /// cannot be controlled", GARAGE guide).
    case lockedState
    /// OpenClose: something is in the opening's way ("if an object has obstructed the path of the door while
    /// closing", GARAGE guide).
    case obstructionDetected
    /// The device needs servicing (a closure's `MaintenanceRequired`).
    case deviceNeedsRepair
    // dispense (traits/dispense)
    /// Dispense: the amount asked for is below what the device dispenses (zero or less).
    case dispenseAmountBelowLimit
    /// Dispense: more is asked for than the device holds (`amountRemaining`).
    case dispenseAmountRemainingExceeded
    /// Dispense: a fractional amount of an item dispensed in whole units.
    case dispenseFractionalAmountNotSupported
    /// Dispense: the unit is not one of the item's `supported_units`.
    case dispenseUnitNotSupported
    // network control (traits/networkcontrol)
    /// NetworkControl: `EnableDisableNetworkProfile` names a profile the device does not list (`networkProfiles`).
    case networkProfileNotRecognized
    /// NetworkControl: `TestNetworkSpeed` while a speed test is running.
    case networkSpeedTestInProgress
}
