import MatterModel
import SmartHomeProtocol

extension DeviceTypeMapping {
    /// The query-only climate traits an Air Quality Sensor's optional measurement clusters bring: TemperatureSetting
    /// for Temperature Measurement, HumiditySetting for Relative Humidity Measurement (the Temperature Sensor's and
    /// Humidity Sensor's mappings, ``TemperatureSettingTrait``, ``HumiditySettingTrait``). Matter 1.4 lists both as
    /// optional server clusters of the Air Quality Sensor device type. Only on an Air Quality Sensor endpoint: on other
    /// device types these clusters are read by their own mappings (a thermostat's own reading) or not at all.
    static func sensorClusterTraits(for endpoint: Endpoint) -> [Trait] {
        guard endpoint.deviceTypes.contains(.AirQualitySensor) else { return [] }
        var traits: [Trait] = []
        if endpoint.has(.TemperatureMeasurement) { traits.append(.temperatureSetting) }
        if endpoint.has(.RelativeHumidityMeasurement) { traits.append(.humiditySetting) }
        return traits
    }

    /// Why a device whose primary type is `type` is not exposed to Google, for `devices validate`: `no Google type
    /// for Pump`, or, for a type Google has no way to show, the reason.
    ///
    /// A Water Freeze Detector (0x0041: Boolean State true "when water freezing is detected") would be a SENSOR with
    /// SensorState, but Google's "Supported Sensors" table
    /// (https://developers.home.google.com/cloud-to-cloud/traits/sensorstate) names no freeze sensor, and the
    /// SYNC validator refuses a sensor name outside it.
    public static func notExposedReason(for type: DeviceType) -> String {
        switch type {
        case .WaterFreezeDetector:
            return "no Google type for WaterFreezeDetector: Google's SensorState has no freeze sensor (its Supported "
                + "Sensors table names air quality, gases, particles, smoke, filters, water leak and rain)"
        default:
            return "no Google type for \(type.rawValue)"
        }
    }
}

extension DeviceTypeMapping {
    /// Whether endpoint `index` of `device` is a zone valve of an Irrigation System: a Water Valve endpoint after an
    /// Irrigation System primary. Such a valve brings no traits of its own (no OpenClose or Timer beside the
    /// sprinkler's StartStop): it is a zone of the sprinkler's StartStop (``IrrigationStartStop``).
    static func isSprinklerZone(_ index: Int, of device: Device) -> Bool {
        index > 0 && device.endpoints.first?.primaryType == .IrrigationSystem
            && device.endpoints[index].deviceTypes.contains(.WaterValve)
    }
}
