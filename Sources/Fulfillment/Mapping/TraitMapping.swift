import MatterModel
import SmartHomeProtocol

/// How one Google trait is backed by a device's Matter clusters: its SYNC attributes, its QUERY states and
/// its EXECUTE commands. One conforming type per trait, in `Mapping/<Trait>Trait.swift`.
protocol TraitMapping {
    /// The Google trait.
    static var trait: Trait { get }

    /// Adds the trait's SYNC attributes.
    static func attributes(of device: Device, into attributes: inout JSONObject)

    /// Adds the trait's full state, as QUERY and EXECUTE report it.
    static func states(of device: Device, into states: inout JSONObject)

    /// Carries out one command of this trait on `device`.
    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on device: inout Device,
        mode: ValidationMode
    ) throws(CommandError)
}

/// Every trait mapping, by trait.
enum TraitMappings {
    static func mapping(for trait: Trait) -> any TraitMapping.Type {
        switch trait {
        case .onOff: return OnOffTrait.self
        case .brightness: return BrightnessTrait.self
        case .colorSetting: return ColorSettingTrait.self
        }
    }
}

extension Device {
    /// The state of a cluster the device type guarantees. Import fills required clusters, so a missing one
    /// means a corrupt registry; an empty state then reads as defaults rather than crashing.
    func cluster(_ id: ClusterID) -> ClusterState {
        clusters[id] ?? ClusterState()
    }
}
