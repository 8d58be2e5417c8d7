import JSON
import MatterModel
import SmartHomeProtocol

/// Every trait mapping, by trait.
enum TraitMappings {
    static func mapping(for trait: Trait) -> any TraitMapping.Type {
        switch trait {
        case .onOff: return OnOffTrait.self
        case .brightness: return BrightnessTrait.self
        case .colorSetting: return ColorSettingTrait.self
        case .sensorState: return SensorStateTrait.self
        case .startStop: return StartStopTrait.self
        case .fanSpeed: return FanSpeedTrait.self
        case .temperatureSetting: return TemperatureSettingTrait.self
        case .humiditySetting: return HumiditySettingTrait.self
        case .openClose: return OpenCloseTrait.self
        case .lockUnlock: return LockUnlockTrait.self
        case .occupancySensing: return OccupancySensingTrait.self
        case .volume: return VolumeTrait.self
        case .dock: return DockTrait.self
        case .runCycle: return RunCycleTrait.self
        case .energyStorage: return EnergyStorageTrait.self
        case .objectDetection: return ObjectDetectionTrait.self
        case .modes: return ModesTrait.self
        case .toggles: return TogglesTrait.self
        case .temperatureControl: return TemperatureControlTrait.self
        case .timer: return TimerTrait.self
        case .cook: return CookTrait.self
        case .locator: return LocatorTrait.self
        case .mediaState: return MediaStateTrait.self
        case .transportControl: return TransportControlTrait.self
        case .inputSelector: return InputSelectorTrait.self
        case .channel: return ChannelTrait.self
        case .appSelector: return AppSelectorTrait.self
        case .cameraStream: return CameraStreamTrait.self
        case .armDisarm: return ArmDisarmTrait.self
        case .dispense: return DispenseTrait.self
        case .fill: return FillTrait.self
        case .lightEffects: return LightEffectsTrait.self
        case .networkControl: return NetworkControlTrait.self
        case .reboot: return RebootTrait.self
        case .rotation: return RotationTrait.self
        case .scene: return SceneTrait.self
        case .softwareUpdate: return SoftwareUpdateTrait.self
        case .statusReport: return StatusReportTrait.self
        }
    }
}

extension TraitMappings {
    /// What a command answers beside the states of the traits it touched, read from the endpoint that carried it out:
    /// `guestNetworkPassword` for NetworkControl's `GetGuestNetworkPassword` (``NetworkControlTrait/results(of:on:)``);
    /// empty for every other command.
    static func results(of command: Command, on endpoint: Endpoint) -> JSONObject {
        command.trait == .networkControl ? NetworkControlTrait.results(of: command, on: endpoint) : JSONObject()
    }
}

extension TraitMappings {
    /// ``results(of:on:)`` for every step of one device, each read from the endpoint that backs its trait (what a
    /// delivered EXECUTE adds to the states the backend confirmed).
    static func results(of steps: [ExecuteRequest.Execution], on device: Device) -> JSONObject {
        var results = JSONObject()
        guard steps.contains(where: { $0.command == .getGuestNetworkPassword }) else { return results }
        let bindings = DeviceTypeMapping.bindings(of: device)
        for step in steps {
            guard let command = step.command, let binding = bindings.first(where: { $0.trait == command.trait }),
                binding.endpoint < device.endpoints.count
            else { continue }
            results.merge(Self.results(of: command, on: device.endpoints[binding.endpoint]))
        }
        return results
    }
}
