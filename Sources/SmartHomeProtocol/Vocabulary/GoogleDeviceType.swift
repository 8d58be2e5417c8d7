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
}
