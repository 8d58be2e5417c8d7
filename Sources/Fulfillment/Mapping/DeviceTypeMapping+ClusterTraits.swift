import MatterModel
import SmartHomeProtocol

extension DeviceTypeMapping {
    /// The Google traits an endpoint's clusters bring whatever its device types, in this order:
    /// - `EnergyStorage` for a Power Source, which Matter allows on any device type, and for Energy EVSE (an EV
    ///   charger's vehicle battery);
    /// - `Modes` when a mode cluster (``ClusterID/modeClusters``), a laundry appliance's controls (spin speed,
    ///   rinses, dryness) or Temperature Control's levels offer at least one mode of two settings or more
    ///   (``ModeOffer/hasUsableMode(_:)``);
    /// - `Toggles` for a water heater's boost (Water Heater Management) or a fan's rock and wind settings
    ///   (``ToggleOffer/hasToggle(_:)``);
    /// - `TemperatureControl` for Temperature Control with a numeric setpoint (TN feature: a cabinet, an oven cavity);
    /// - `StartStop`, `Timer` and `Cook` for an oven cavity (Oven Cavity Operational State, Oven Mode);
    /// - `SensorState` for the filter monitors (HEPA, Activated Carbon);
    /// - `Locator` for Identify;
    /// - `LightEffects` for Color Control with the color loop capability, `SoftwareUpdate` for OTA Software Update
    ///   Requestor, `Reboot` for General Diagnostics (``LightEffectsTrait``, ``SoftwareUpdateTrait``, ``RebootTrait``).
    public static func clusterTraits(for endpoint: Endpoint) -> [Trait] {
        // Most endpoints (a light, a plug, a sensor) have none of these clusters: one pass over the endpoint's few
        // clusters answers for them before any offer is built.
        guard endpoint.clusters.keys.contains(where: traitClusters.contains) else { return [] }
        return everyClusterTrait(for: endpoint)
    }

    /// Every cluster that can bring a trait in ``clusterTraits(for:)``; `ClusterTraitsTests` checks that an endpoint
    /// without them brings none.
    static let traitClusters: Set<ClusterID> = Set(
        ClusterID.modeClusters + [
            .PowerSource, .EnergyEvse, .LaundryWasherControls, .LaundryDryerControls, .TemperatureControl,
            .WaterHeaterManagement, .FanControl, .OvenCavityOperationalState, .OvenMode, .HepaFilterMonitoring,
            .ActivatedCarbonFilterMonitoring, .Identify, .ColorControl, .OtaSoftwareUpdateRequestor,
            .GeneralDiagnostics,
        ]
    )

    /// ``clusterTraits(for:)`` without its shortcut.
    static func everyClusterTrait(for endpoint: Endpoint) -> [Trait] {
        var traits: [Trait] = []
        if endpoint.has(.PowerSource) || endpoint.has(.EnergyEvse) { traits.append(.energyStorage) }
        if ModeOffer.hasUsableMode(endpoint) { traits.append(.modes) }
        if ToggleOffer.hasToggle(endpoint) { traits.append(.toggles) }
        if TemperatureControlTrait.isNumeric(endpoint) { traits.append(.temperatureControl) }
        if endpoint.has(.OvenCavityOperationalState) { traits.append(contentsOf: [.startStop, .timer]) }
        if endpoint.has(.OvenMode) { traits.append(.cook) }
        if endpoint.has(.HepaFilterMonitoring) || endpoint.has(.ActivatedCarbonFilterMonitoring) {
            traits.append(.sensorState)
        }
        if endpoint.has(.Identify) { traits.append(.locator) }
        if LightEffectsTrait.hasColorLoop(endpoint) { traits.append(.lightEffects) }
        if endpoint.has(.OtaSoftwareUpdateRequestor) { traits.append(.softwareUpdate) }
        if endpoint.has(.GeneralDiagnostics) { traits.append(.reboot) }
        return traits
    }
}
