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
    /// | 8 lift-and-tilt blind | BLINDS |
    /// | 9 projector screen, 255 unknown (and anything else) | BLINDS |
    ///
    /// Google has no shade or screen type; BLINDS is the general one for coverings that roll or slide.
    static func windowCoveringGoogleType(_ endpoint: Endpoint) -> GoogleDeviceType {
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
