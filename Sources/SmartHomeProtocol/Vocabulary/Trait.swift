/// Google traits (`action.devices.traits.*`) Hearth sends.
public enum Trait: String, Sendable, Hashable, CaseIterable {
    case onOff = "action.devices.traits.OnOff"
    case brightness = "action.devices.traits.Brightness"
    case colorSetting = "action.devices.traits.ColorSetting"
    case sensorState = "action.devices.traits.SensorState"
    case startStop = "action.devices.traits.StartStop"
    case fanSpeed = "action.devices.traits.FanSpeed"
    case temperatureSetting = "action.devices.traits.TemperatureSetting"
    case humiditySetting = "action.devices.traits.HumiditySetting"
    case openClose = "action.devices.traits.OpenClose"
    case lockUnlock = "action.devices.traits.LockUnlock"
    case occupancySensing = "action.devices.traits.OccupancySensing"
    case volume = "action.devices.traits.Volume"
    case dock = "action.devices.traits.Dock"
    case runCycle = "action.devices.traits.RunCycle"
    case energyStorage = "action.devices.traits.EnergyStorage"
    case objectDetection = "action.devices.traits.ObjectDetection"
}
