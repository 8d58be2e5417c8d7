import MatterModel
import SmartHomeProtocol

extension DeviceTypeMapping {
    /// A Window Covering's Google type by its `Type` attribute:
    ///
    /// | `Type` | Google type |
    /// |---|---|
    /// | 0–3 rollershades (one or two motors, interior or exterior) | BLINDS |
    /// | 4 drapery | CURTAIN |
    /// | 5 awning | AWNING |
    /// | 6 shutter | SHUTTER |
    /// | 7 tilt-only blind, 8 lift-and-tilt blind | BLINDS |
    /// | 9 projector screen, 255 unknown (and anything else) | BLINDS |
    ///
    /// Google has no shade or screen type; BLINDS is the general one for coverings that roll or slide. A Fixed Label
    /// `formFactor` of `garage`, `gate`, `door` or `window` comes first (``coveringOpeningType(_:)``).
    static func windowCoveringGoogleType(_ endpoint: Endpoint) -> GoogleDeviceType {
        if let opening = coveringOpeningType(endpoint) { return opening }
        let types = AttributeSchema.WindowCoveringType.self
        switch endpoint.cluster(.WindowCovering).int(.WindowCovering.type) ?? types.rollershade {
        case types.drapery: return .curtain
        case types.awning: return .awning
        case types.shutter: return .shutter
        default: return .blinds
        }
    }

    /// A Smoke CO Alarm's Google type: SMOKE_DETECTOR when it detects smoke (with or without CO),
    /// CARBON_MONOXIDE_DETECTOR when it detects carbon monoxide only (`FeatureMap` 2).
    static func smokeCOAlarmGoogleType(_ endpoint: Endpoint) -> GoogleDeviceType {
        let features =
            endpoint.cluster(.SmokeCOAlarm).int(.SmokeCOAlarm.featureMap) ?? AttributeSchema.SmokeCOAlarmFeature.smoke
        return features & AttributeSchema.SmokeCOAlarmFeature.smoke != 0 ? .smokeDetector : .carbonMonoxideDetector
    }
}

extension DeviceTypeMapping {
    /// The highest setpoint, in 0.01 °C, a cabinet may have and still count as a freezer compartment: 0 °C.
    static let freezerMaxTemperature = 0

    /// A Refrigerator's Google type: FREEZER when every one of its Temperature Controlled Cabinets is a freezer
    /// compartment (``isFreezerCabinet(_:)``), REFRIGERATOR otherwise (a fridge-freezer, a fridge, or cabinets
    /// whose temperatures are not known).
    ///
    /// Google: REFRIGERATOR "Refrigerators are temperature-managing devices which may have various
    /// modes/settings"; FREEZER "Freezers are temperature-managing devices which may be adjusted to various mode
    /// settings, and may allow temperature monitoring". Both guides require TemperatureControl, so the choice only
    /// changes the icon and the names users say. Matter has one Refrigerator device type for both (its cabinets'
    /// semantic tags would say "Freezer", but a device file carries none), so Hearth decides by what the cabinets
    /// can be set to, which a device file always gives for a TemperatureNumber cabinet.
    static func refrigeratorGoogleType(_ device: Device) -> GoogleDeviceType {
        let cabinets = device.endpoints.filter { $0.deviceTypes.contains(.TemperatureControlledCabinet) }
        guard !cabinets.isEmpty, cabinets.allSatisfy(isFreezerCabinet) else { return .refrigerator }
        return .freezer
    }

    /// Whether a cabinet can only be set to freeze: its Temperature Control has the TemperatureNumber feature
    /// (`FeatureMap` bit 0) and `MaxTemperature` is at most 0 °C. Matter 1.4 Temperature Control: `MaxTemperature`
    /// "SHALL indicate the maximum temperature to which the TemperatureSetpoint attribute MAY be set". A cabinet
    /// with levels instead (TemperatureLevel: "Low", "High") names no temperature, so it never counts as a freezer.
    static func isFreezerCabinet(_ endpoint: Endpoint) -> Bool {
        let control = endpoint.cluster(.TemperatureControl)
        guard let features = control.int("FeatureMap"), features & 1 != 0,
            let max = control.int("MaxTemperature")
        else { return false }
        return max <= freezerMaxTemperature
    }
}
