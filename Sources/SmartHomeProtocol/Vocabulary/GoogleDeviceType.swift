/// Google device types (`action.devices.types.*`) Hearth sends.
public enum GoogleDeviceType: String, Sendable, Hashable, CaseIterable {
    case light = "action.devices.types.LIGHT"
    case outlet = "action.devices.types.OUTLET"
    case `switch` = "action.devices.types.SWITCH"
    case speaker = "action.devices.types.SPEAKER"
    case vacuum = "action.devices.types.VACUUM"
    case washer = "action.devices.types.WASHER"
    case dishwasher = "action.devices.types.DISHWASHER"
}
