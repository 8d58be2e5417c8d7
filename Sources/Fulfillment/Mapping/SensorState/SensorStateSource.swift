import JSON
import MatterModel
import SmartHomeProtocol

/// One kind of sensor that Google's `SensorState` trait reports, backed by a Matter cluster (Air Quality, a
/// Boolean State water leak detector, Smoke CO Alarm, …). One conforming type per cluster, in
/// `Mapping/SensorState/<Cluster>Sensor.swift`, listed in ``SensorStateTrait/sources``.
protocol SensorStateSource {
    /// The entries of `sensorStatesSupported` this source adds for the endpoint (none when the endpoint does not
    /// have the cluster): `{"name": …, "descriptiveCapabilities": {"availableStates": […]}}` and/or
    /// `"numericCapabilities": {"rawValueUnit": …}`.
    static func capabilities(of endpoint: Endpoint) -> [JSONValue]

    /// The entries of `currentSensorStateData` (`{"name": …, "currentSensorState": …, "rawValue": …}`), one per
    /// capability, in the same order.
    static func currentStates(of endpoint: Endpoint) -> [JSONValue]
}
