import MatterModel
import SmartHomeProtocol

extension DeviceTypeMapping {
    /// The Google traits an endpoint's clusters bring whatever its device types, in this order:
    /// - `EnergyStorage` for a Power Source, which Matter allows on any device type, and for Energy EVSE (an EV
    ///   charger's vehicle battery);
    /// - `Modes` for any mode cluster (``ClusterID/modeClusters``) or a laundry appliance's controls (spin speed,
    ///   rinses, dryness);
    /// - `Toggles` for a water heater's boost (Water Heater Management);
    /// - `TemperatureControl` for Temperature Control (a cabinet, a cook surface);
    /// - `StartStop`, `Timer` and `Cook` for an oven cavity (Oven Cavity Operational State, Oven Mode);
    /// - `SensorState` for the filter monitors (HEPA, Activated Carbon);
    /// - `Locator` for Identify.
    public static func clusterTraits(for endpoint: Endpoint) -> [Trait] {
        var traits: [Trait] = []
        if endpoint.has(.PowerSource) || endpoint.has(.EnergyEvse) { traits.append(.energyStorage) }
        if ClusterID.modeClusters.contains(where: endpoint.has)
            || endpoint.has(.LaundryWasherControls) || endpoint.has(.LaundryDryerControls)
        {
            traits.append(.modes)
        }
        if endpoint.has(.WaterHeaterManagement) { traits.append(.toggles) }
        if endpoint.has(.TemperatureControl) { traits.append(.temperatureControl) }
        if endpoint.has(.OvenCavityOperationalState) { traits.append(contentsOf: [.startStop, .timer]) }
        if endpoint.has(.OvenMode) { traits.append(.cook) }
        if endpoint.has(.HepaFilterMonitoring) || endpoint.has(.ActivatedCarbonFilterMonitoring) {
            traits.append(.sensorState)
        }
        if endpoint.has(.Identify) { traits.append(.locator) }
        return traits
    }
}
