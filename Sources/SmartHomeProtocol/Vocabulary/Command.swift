/// Google EXECUTE commands (`action.devices.commands.*`) Hearth understands.
public enum Command: String, Sendable, Hashable, CaseIterable {
    case onOff = "action.devices.commands.OnOff"
    case brightnessAbsolute = "action.devices.commands.BrightnessAbsolute"
    case brightnessRelative = "action.devices.commands.BrightnessRelative"
    case colorAbsolute = "action.devices.commands.ColorAbsolute"
    case startStop = "action.devices.commands.StartStop"
    case pauseUnpause = "action.devices.commands.PauseUnpause"
    case setVolume = "action.devices.commands.setVolume"
    case volumeRelative = "action.devices.commands.volumeRelative"
    case mute = "action.devices.commands.mute"
    case dock = "action.devices.commands.Dock"

    /// The trait a command belongs to.
    public var trait: Trait {
        switch self {
        case .onOff: return .onOff
        case .brightnessAbsolute, .brightnessRelative: return .brightness
        case .colorAbsolute: return .colorSetting
        case .startStop, .pauseUnpause: return .startStop
        case .setVolume, .volumeRelative, .mute: return .volume
        case .dock: return .dock
        }
    }
}
