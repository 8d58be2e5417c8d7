/// Google device types (`action.devices.types.*`) Hearth sends.
public enum GoogleDeviceType: String, Sendable, Hashable, CaseIterable {
    case light = "action.devices.types.LIGHT"
    case outlet = "action.devices.types.OUTLET"
    case `switch` = "action.devices.types.SWITCH"
    case fan = "action.devices.types.FAN"
    case airPurifier = "action.devices.types.AIRPURIFIER"
    case thermostat = "action.devices.types.THERMOSTAT"
    case acUnit = "action.devices.types.AC_UNIT"
    case sensor = "action.devices.types.SENSOR"
    case blinds = "action.devices.types.BLINDS"
    case curtain = "action.devices.types.CURTAIN"
    case awning = "action.devices.types.AWNING"
    case shutter = "action.devices.types.SHUTTER"
    case lock = "action.devices.types.LOCK"
    case smokeDetector = "action.devices.types.SMOKE_DETECTOR"
    case carbonMonoxideDetector = "action.devices.types.CARBON_MONOXIDE_DETECTOR"
}
