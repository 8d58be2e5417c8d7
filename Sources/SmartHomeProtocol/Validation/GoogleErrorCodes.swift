/// The error codes Google lists, as strings, kept apart from Hearth's ``ErrorCode`` so that
/// ``ResponseShapeValidator`` judges Hearth's answers independently of the enum that produced them.
///
/// Google's errors reference (https://developers.home.google.com/cloud-to-cloud/intents/errors-exceptions): "This
/// document lists the officially-supported errors and exceptions for smart home devices. Please use these given
/// errors and exceptions codes in the intent response [...] If the response contains incorrect formatting or
/// `errorCode`, Google Assistant gives users a generic error message, for example, "Sorry, device is not available
/// right now"."
public enum GoogleErrorCodes {
    /// Every error code on the errors reference's list (its "Errors" table, each with the sentence Assistant says,
    /// such as `maxSettingReached`: "<device(s)> <is/are> already set to the highest setting.").
    public static let listed: Set<String> = [
        "aboveMaximumLightEffectsDuration", "aboveMaximumTimerDuration", "actionNotAvailable",
        "actionUnavailableWhileRunning", "alreadyArmed", "alreadyAtMax", "alreadyAtMin", "alreadyClosed",
        "alreadyDisarmed", "alreadyDocked", "alreadyInState", "alreadyLocked", "alreadyOff", "alreadyOn",
        "alreadyOpen", "alreadyPaused", "alreadyStarted", "alreadyStopped", "alreadyUnlocked", "ambiguousZoneName",
        "amountAboveLimit", "appLaunchFailed", "armFailure", "armLevelNeeded", "authFailure", "bagFull",
        "belowMinimumLightEffectsDuration", "belowMinimumTimerDuration", "binFull", "cancelArmingRestricted",
        "cancelTooLate", "channelSwitchFailed", "chargerIssue", "commandInsertFailed", "deadBattery",
        "degreesOutOfRange", "deviceAlertNeedsAssistance", "deviceAtExtremeTemperature", "deviceBusy",
        "deviceCharging", "deviceClogged", "deviceCurrentlyDispensing", "deviceDoorOpen", "deviceHandleClosed",
        "deviceJammingDetected", "deviceLidOpen", "deviceNeedsRepair", "deviceNotDocked", "deviceNotFound",
        "deviceNotMounted", "deviceNotReady", "deviceOffline", "deviceStuck", "deviceTampered",
        "deviceThermalShutdown", "deviceTurnedOff", "directResponseOnlyUnreachable", "disarmFailure",
        "discreteOnlyOpenClose", "dispenseAmountAboveLimit", "dispenseAmountBelowLimit",
        "dispenseAmountRemainingExceeded", "dispenseFractionalAmountNotSupported",
        "dispenseFractionalUnitNotSupported", "dispenseUnitNotSupported", "doorClosedTooLong", "emergencyHeatOn",
        "faultyBattery", "floorUnreachable", "functionNotSupported", "genericDispenseNotSupported", "hardError",
        "inAutoMode", "inAwayMode", "inDryMode", "inEcoMode", "inFanOnlyMode", "inHeatOrCool", "inHumidifierMode",
        "inOffMode", "inPurifierMode", "inSleepMode", "inSoftwareUpdate", "lockFailure", "lockedState",
        "lockedToRange", "lowBattery", "maxSettingReached", "maxSpeedReached", "minSettingReached", "minSpeedReached",
        "monitoringServiceConnectionLost", "needsAttachment", "needsBin", "needsPads", "needsSoftwareUpdate",
        "needsWater", "networkProfileNotRecognized", "networkSpeedTestInProgress", "noAvailableApp",
        "noAvailableChannel", "noChannelSubscription", "noTimerExists", "notSupported", "obstructionDetected",
        "offline", "onRequiresMode", "passphraseIncorrect", "percentOutOfRange", "pinIncorrect", "rainDetected",
        "rangeTooClose", "relinkRequired", "remoteSetDisabled", "roomsOnDifferentFloors", "safetyShutOff",
        "sceneCannotBeApplied", "securityRestriction", "softwareUpdateNotAvailable", "startRequiresTime",
        "stillCoolingDown", "stillWarmingUp", "streamUnavailable", "streamUnplayable", "tankEmpty",
        "targetAlreadyReached", "timerValueOutOfRange", "tooManyFailedAttempts", "transientError", "turnedOff",
        "unableToLocateDevice", "unknownFoodPreset", "unlockFailure", "unpausableState", "userCancelled",
        "valueOutOfRange",
    ]

    /// Codes Google documents outside the errors reference, with where: `challengeNeeded`, the EXECUTE answer that
    /// asks for secondary user verification (the 2FA guide's `"errorCode": "challengeNeeded"` with
    /// `challengeNeeded: {"type": ...}`).
    public static let documentedElsewhere: Set<String> = ["challengeNeeded"]

    /// Codes Hearth answers only for a whole request (payload level), which the errors reference does not list:
    /// `protocolError`, Hearth's answer to a request it cannot read (an unknown intent, a payload of the wrong
    /// shape), from Google's earlier error list. Accepted at payload level only: a device entry never carries it.
    public static let wholeRequestOnly: Set<String> = ["protocolError"]

    /// Whether a device entry (`commands[]`, `devices.<id>`) may carry `code`.
    public static func isListed(_ code: String) -> Bool {
        listed.contains(code) || documentedElsewhere.contains(code)
    }

    /// Whether a whole-request answer (`payload.errorCode`) may carry `code`.
    public static func isListedForPayload(_ code: String) -> Bool {
        isListed(code) || wholeRequestOnly.contains(code)
    }
}
