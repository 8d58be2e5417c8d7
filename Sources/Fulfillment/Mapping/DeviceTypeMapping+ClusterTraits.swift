import MatterModel
import SmartHomeProtocol

extension DeviceTypeMapping {
    /// The Google traits an endpoint's clusters bring whatever its device types: `EnergyStorage` for a Power
    /// Source, which Matter allows on any device type.
    public static func clusterTraits(for endpoint: Endpoint) -> [Trait] {
        endpoint.has(.PowerSource) ? [.energyStorage] : []
    }
}
