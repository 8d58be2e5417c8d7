/// Google EXECUTE commands (`action.devices.commands.*`) Hearth understands.
public enum Command: String, Sendable, Hashable, CaseIterable {
    case onOff = "action.devices.commands.OnOff"
    case brightnessAbsolute = "action.devices.commands.BrightnessAbsolute"
    case brightnessRelative = "action.devices.commands.BrightnessRelative"
    case colorAbsolute = "action.devices.commands.ColorAbsolute"
    case startStop = "action.devices.commands.StartStop"
    case pauseUnpause = "action.devices.commands.PauseUnpause"
    case setFanSpeed = "action.devices.commands.SetFanSpeed"
    case setFanSpeedRelative = "action.devices.commands.SetFanSpeedRelative"
    case thermostatTemperatureSetpoint = "action.devices.commands.ThermostatTemperatureSetpoint"
    case thermostatTemperatureSetRange = "action.devices.commands.ThermostatTemperatureSetRange"
    case thermostatSetMode = "action.devices.commands.ThermostatSetMode"
    case temperatureRelative = "action.devices.commands.TemperatureRelative"
    case openClose = "action.devices.commands.OpenClose"
    case openCloseRelative = "action.devices.commands.OpenCloseRelative"
    case lockUnlock = "action.devices.commands.LockUnlock"
    case setVolume = "action.devices.commands.setVolume"
    case volumeRelative = "action.devices.commands.volumeRelative"
    case mute = "action.devices.commands.mute"
    case dock = "action.devices.commands.Dock"
    case charge = "action.devices.commands.Charge"
    case setModes = "action.devices.commands.SetModes"
    case setToggles = "action.devices.commands.SetToggles"
    case setTemperature = "action.devices.commands.SetTemperature"
    case timerStart = "action.devices.commands.TimerStart"
    case timerAdjust = "action.devices.commands.TimerAdjust"
    case timerPause = "action.devices.commands.TimerPause"
    case timerResume = "action.devices.commands.TimerResume"
    case timerCancel = "action.devices.commands.TimerCancel"
    case cook = "action.devices.commands.Cook"
    case locate = "action.devices.commands.Locate"
    case mediaStop = "action.devices.commands.mediaStop"
    case mediaNext = "action.devices.commands.mediaNext"
    case mediaPrevious = "action.devices.commands.mediaPrevious"
    case mediaPause = "action.devices.commands.mediaPause"
    case mediaResume = "action.devices.commands.mediaResume"
    case mediaSeekRelative = "action.devices.commands.mediaSeekRelative"
    case mediaSeekToPosition = "action.devices.commands.mediaSeekToPosition"
    case mediaRepeatMode = "action.devices.commands.mediaRepeatMode"
    case mediaShuffle = "action.devices.commands.mediaShuffle"
    case mediaClosedCaptioningOn = "action.devices.commands.mediaClosedCaptioningOn"
    case mediaClosedCaptioningOff = "action.devices.commands.mediaClosedCaptioningOff"
    case setInput = "action.devices.commands.SetInput"
    case nextInput = "action.devices.commands.NextInput"
    case previousInput = "action.devices.commands.PreviousInput"
    case selectChannel = "action.devices.commands.selectChannel"
    case relativeChannel = "action.devices.commands.relativeChannel"
    case returnChannel = "action.devices.commands.returnChannel"
    case appInstall = "action.devices.commands.appInstall"
    case appSearch = "action.devices.commands.appSearch"
    case appSelect = "action.devices.commands.appSelect"
    case getCameraStream = "action.devices.commands.GetCameraStream"
    case armDisarm = "action.devices.commands.ArmDisarm"
    case dispense = "action.devices.commands.Dispense"
    case fill = "action.devices.commands.Fill"
    case colorLoop = "action.devices.commands.ColorLoop"
    case sleep = "action.devices.commands.Sleep"
    case stopEffect = "action.devices.commands.StopEffect"
    case wake = "action.devices.commands.Wake"
    case enableDisableGuestNetwork = "action.devices.commands.EnableDisableGuestNetwork"
    case enableDisableNetworkProfile = "action.devices.commands.EnableDisableNetworkProfile"
    case getGuestNetworkPassword = "action.devices.commands.GetGuestNetworkPassword"
    case testNetworkSpeed = "action.devices.commands.TestNetworkSpeed"
    case reboot = "action.devices.commands.Reboot"
    case rotateAbsolute = "action.devices.commands.RotateAbsolute"
    case activateScene = "action.devices.commands.ActivateScene"
    case softwareUpdate = "action.devices.commands.SoftwareUpdate"

    /// The trait a command belongs to.
    public var trait: Trait {
        switch self {
        case .onOff: return .onOff
        case .brightnessAbsolute, .brightnessRelative: return .brightness
        case .colorAbsolute: return .colorSetting
        case .startStop, .pauseUnpause: return .startStop
        case .setFanSpeed, .setFanSpeedRelative: return .fanSpeed
        case .thermostatTemperatureSetpoint, .thermostatTemperatureSetRange, .thermostatSetMode, .temperatureRelative:
            return .temperatureSetting
        case .openClose, .openCloseRelative: return .openClose
        case .lockUnlock: return .lockUnlock
        case .setVolume, .volumeRelative, .mute: return .volume
        case .dock: return .dock
        case .charge: return .energyStorage
        case .setModes: return .modes
        case .setToggles: return .toggles
        case .setTemperature: return .temperatureControl
        case .timerStart, .timerAdjust, .timerPause, .timerResume, .timerCancel: return .timer
        case .cook: return .cook
        case .locate: return .locator
        case .mediaStop, .mediaNext, .mediaPrevious, .mediaPause, .mediaResume, .mediaSeekRelative,
            .mediaSeekToPosition, .mediaRepeatMode, .mediaShuffle, .mediaClosedCaptioningOn, .mediaClosedCaptioningOff:
            return .transportControl
        case .setInput, .nextInput, .previousInput: return .inputSelector
        case .selectChannel, .relativeChannel, .returnChannel: return .channel
        case .appInstall, .appSearch, .appSelect: return .appSelector
        case .getCameraStream: return .cameraStream
        case .armDisarm: return .armDisarm
        case .dispense: return .dispense
        case .fill: return .fill
        case .colorLoop, .sleep, .stopEffect, .wake: return .lightEffects
        case .enableDisableGuestNetwork, .enableDisableNetworkProfile, .getGuestNetworkPassword, .testNetworkSpeed:
            return .networkControl
        case .reboot: return .reboot
        case .rotateAbsolute: return .rotation
        case .activateScene: return .scene
        case .softwareUpdate: return .softwareUpdate
        }
    }
}
