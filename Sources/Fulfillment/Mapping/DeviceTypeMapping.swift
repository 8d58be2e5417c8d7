import MatterModel
import SmartHomeProtocol

/// Matter device types → Google device types and traits.
///
/// | Matter device type | Google type | traits |
/// |---|---|---|
/// | OnOffLight | LIGHT | OnOff |
/// | DimmableLight | LIGHT | OnOff, Brightness |
/// | ColorTemperatureLight | LIGHT | OnOff, Brightness, ColorSetting (temperature only) |
/// | ExtendedColorLight | LIGHT | OnOff, Brightness, ColorSetting (`hsv` + temperature) |
/// | OnOffPlugInUnit | OUTLET | OnOff |
///
/// The primary (first) device type picks the Google type; the traits are the union over all device types,
/// each once, in the order of ``Trait``'s cases.
public enum DeviceTypeMapping {
    /// The Google device type for a Matter device type.
    public static func googleType(for type: DeviceType) -> GoogleDeviceType {
        switch type {
        case .OnOffLight, .DimmableLight, .ColorTemperatureLight, .ExtendedColorLight: return .light
        case .OnOffPlugInUnit: return .outlet
        }
    }

    /// The Google traits a Matter device type brings.
    public static func traits(for type: DeviceType) -> [Trait] {
        switch type {
        case .OnOffLight, .OnOffPlugInUnit: return [.onOff]
        case .DimmableLight: return [.onOff, .brightness]
        case .ColorTemperatureLight, .ExtendedColorLight: return [.onOff, .brightness, .colorSetting]
        }
    }

    /// The Google traits of a device: the union over its device types, each once, in a fixed order.
    public static func traits(of device: Device) -> [Trait] {
        if device.deviceTypes.count == 1 { return traits(for: device.deviceTypes[0]) }
        var present = Set<Trait>()
        for type in device.deviceTypes { present.formUnion(traits(for: type)) }
        return Trait.allCases.filter(present.contains)
    }

    /// Whether the device can show colors (hue and saturation), not only white temperatures.
    static func supportsSpectrum(_ device: Device) -> Bool {
        device.deviceTypes.contains(.ExtendedColorLight)
    }
}
