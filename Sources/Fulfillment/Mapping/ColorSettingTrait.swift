import JSON
import MatterModel
import SmartHomeProtocol

/// Google `ColorSetting` ⇄ Matter `ColorControl`.
///
/// - Attributes: `colorTemperatureRange` from `ColorTempPhysicalMinMireds`/`ColorTempPhysicalMaxMireds`
///   (the warmest kelvin comes from the largest mireds); `colorModel: "hsv"` only for ExtendedColorLight,
///   whose Matter state is hue and saturation (ColorTemperatureLight sends no `colorModel`: white only).
/// - States (Google spells them `temperatureK`, `spectrumHsv`): `ColorMode` 2 (or a temperature-only light)
///   → `{"temperatureK": K}`; `ColorMode` 1 → `spectrumHsv` of the `CurrentX`/`CurrentY` chromaticity
///   (``XYConversion``); otherwise `spectrumHsv` from `CurrentHue` / `CurrentSaturation`. `value` is always 1:
///   brightness belongs to the Brightness trait (`CurrentLevel`).
/// - Command `ColorAbsolute` (Google spells the params `temperature`, `spectrumRGB`, `spectrumHSV`):
///   temperature → `ColorTemperatureMireds`, `ColorMode` 2; RGB or HSV → `CurrentHue`/`CurrentSaturation`,
///   `ColorMode` 0 when `ColorCapabilities` has hue/saturation, else `CurrentX`/`CurrentY`, `ColorMode` 1 when it
///   has xy (an HSV `value` is ignored, as above). RGB/HSV on a temperature-only light is `functionNotSupported`.
enum ColorSettingTrait: TraitMapping {
    static let trait = Trait.colorSetting

    /// Matter's `ColorMode` values and `ColorCapabilities` bits, from the attribute schema.
    typealias ColorMode = AttributeSchema.ColorMode
    typealias Capability = AttributeSchema.ColorCapabilities

    static func attributes(of endpoint: Endpoint, into attributes: inout JSONObject) {
        if DeviceTypeMapping.supportsSpectrum(endpoint) {
            attributes.append("colorModel", .string("hsv"))
        }
        let (minK, maxK) = temperatureRangeKelvin(of: endpoint)
        attributes.append(
            "colorTemperatureRange",
            .object(JSONObject([("temperatureMinK", .int(minK)), ("temperatureMaxK", .int(maxK))]))
        )
    }

    static func states(of endpoint: Endpoint, into states: inout JSONObject) {
        let color = endpoint.cluster(.ColorControl)
        var value = JSONObject()
        if !DeviceTypeMapping.supportsSpectrum(endpoint)
            || color.int(.ColorControl.colorMode) == ColorMode.colorTemperature
        {
            value.append(
                "temperatureK",
                .int(
                    ColorTemperatureConversion.kelvin(
                        fromMireds: color.int(.ColorControl.colorTemperatureMireds) ?? 250
                    )
                )
            )
        } else if color.int(.ColorControl.colorMode) == ColorMode.xy {
            let rgb = XYConversion.spectrumRgb(
                fromCurrentX: color.int(.ColorControl.currentX) ?? 0,
                currentY: color.int(.ColorControl.currentY) ?? 0
            )
            let hsv = RGBConversion.hsv(fromRGB: rgb)
            value.append(
                "spectrumHsv",
                .object(
                    JSONObject([
                        ("hue", .double(hsv.hueDegrees)), ("saturation", .double(hsv.saturation)), ("value", .int(1)),
                    ])
                )
            )
        } else {
            let hue = HueSaturationConversion.hueDegrees(fromCurrentHue: color.int(.ColorControl.currentHue) ?? 0)
            let saturation = HueSaturationConversion.saturationFraction(
                fromCurrentSaturation: color.int(.ColorControl.currentSaturation) ?? 0
            )
            value.append(
                "spectrumHsv",
                .object(JSONObject([("hue", .double(hue)), ("saturation", .double(saturation)), ("value", .int(1))]))
            )
        }
        states.append("color", .object(value))
    }

    static func temperatureRangeKelvin(of endpoint: Endpoint) -> (minK: Int, maxK: Int) {
        let color = endpoint.cluster(.ColorControl)
        let range = ColorTemperatureConversion.colorTemperatureRangeKelvin(
            physicalMinMireds: color.int(.ColorControl.colorTempPhysicalMinMireds) ?? 153,
            physicalMaxMireds: color.int(.ColorControl.colorTempPhysicalMaxMireds) ?? 500
        )
        return (range.minK, range.maxK)
    }

    static func execute(
        _ command: Command,
        _ params: CommandParameters,
        on endpoint: inout Endpoint,
        mode: ValidationMode
    ) throws(CommandError) {
        guard command == .colorAbsolute else {
            throw CommandError(.functionNotSupported, "\(command.rawValue) is not a ColorSetting command")
        }
        let color = try params.object("color")
        var cluster = endpoint.cluster(.ColorControl)
        if let temperature = color["temperature"] {
            guard let kelvin = temperature.doubleValue else {
                throw CommandError(.notSupported, "params.color.temperature must be a number")
            }
            let (minK, maxK) = temperatureRangeKelvin(of: endpoint)
            let inRange = try checked(kelvin, in: Double(minK)...Double(maxK), mode: mode, name: "color.temperature")
            let minMireds = cluster.int(.ColorControl.colorTempPhysicalMinMireds) ?? 153
            let maxMireds = cluster.int(.ColorControl.colorTempPhysicalMaxMireds) ?? 500
            let mireds = ColorTemperatureConversion.mireds(fromKelvin: Int(inRange.rounded()))
            cluster[.ColorControl.colorTemperatureMireds] = .int(min(max(mireds, minMireds), maxMireds))
            setColorMode(ColorMode.colorTemperature, in: &cluster)
        } else if let rgb = color["spectrumRGB"] {
            try requireSpectrum(endpoint)
            guard let number = rgb.doubleValue else {
                throw CommandError(.notSupported, "params.color.spectrumRGB must be a number")
            }
            let value = try checked(number, in: 0...Double(0xFF_FFFF), mode: mode, name: "color.spectrumRGB")
            try setColor(rgb: Int(value.rounded()), in: &cluster)
        } else if let hsv = color["spectrumHSV"] {
            try requireSpectrum(endpoint)
            guard let hsvObject = hsv.objectValue, let hue = hsvObject["hue"]?.doubleValue,
                let saturation = hsvObject["saturation"]?.doubleValue
            else {
                throw CommandError(.notSupported, "params.color.spectrumHSV needs numeric hue and saturation")
            }
            let checkedHue = try checked(hue, in: 0...360, mode: mode, name: "color.spectrumHSV.hue")
            let checkedSaturation = try checked(
                saturation,
                in: 0...1,
                mode: mode,
                name: "color.spectrumHSV.saturation"
            )
            if let value = hsvObject["value"]?.doubleValue {
                _ = try checked(value, in: 0...1, mode: mode, name: "color.spectrumHSV.value")
            }
            if hasCapability(Capability.hueSaturation, cluster) {
                cluster[.ColorControl.currentHue] = .int(HueSaturationConversion.currentHue(fromHueDegrees: checkedHue))
                cluster[.ColorControl.currentSaturation] = .int(
                    HueSaturationConversion.currentSaturation(fromSaturationFraction: checkedSaturation)
                )
                setColorMode(ColorMode.hueSaturation, in: &cluster)
            } else {
                try setColor(
                    rgb: RGBConversion.rgb(fromHueDegrees: checkedHue, saturation: checkedSaturation, value: 1),
                    in: &cluster
                )
            }
        } else {
            throw CommandError(.notSupported, "params.color needs temperature, spectrumRGB or spectrumHSV")
        }
        endpoint.clusters[.ColorControl] = cluster
    }

    /// Whether `ColorCapabilities` has a bit. A cluster without the attribute is treated as hue/saturation capable.
    private static func hasCapability(_ bit: Int, _ cluster: ClusterState) -> Bool {
        guard let capabilities = cluster.int(.ColorControl.colorCapabilities) else {
            return bit == Capability.hueSaturation
        }
        return capabilities & bit != 0
    }

    /// Sets a color the way the light can hold it: hue/saturation, else xy.
    private static func setColor(rgb: Int, in cluster: inout ClusterState) throws(CommandError) {
        if hasCapability(Capability.hueSaturation, cluster) {
            let matter = RGBConversion.hueSaturation(fromSpectrumRGB: rgb)
            cluster[.ColorControl.currentHue] = .int(matter.currentHue)
            cluster[.ColorControl.currentSaturation] = .int(matter.currentSaturation)
            setColorMode(ColorMode.hueSaturation, in: &cluster)
        } else if hasCapability(Capability.xy, cluster) {
            let xy = XYConversion.currentXY(fromSpectrumRGB: rgb)
            cluster[.ColorControl.currentX] = .int(xy.currentX)
            cluster[.ColorControl.currentY] = .int(xy.currentY)
            setColorMode(ColorMode.xy, in: &cluster)
        } else {
            throw CommandError(
                .functionNotSupported,
                "this light's ColorCapabilities allow neither hue/saturation nor xy"
            )
        }
    }

    private static func requireSpectrum(_ endpoint: Endpoint) throws(CommandError) {
        guard DeviceTypeMapping.supportsSpectrum(endpoint) else {
            throw CommandError(.functionNotSupported, "this light shows white temperatures only, not colors")
        }
    }

    private static func setColorMode(_ mode: Int, in cluster: inout ClusterState) {
        cluster[.ColorControl.colorMode] = .int(mode)
        // EnhancedColorMode mirrors ColorMode for these modes (Matter ColorControl 3.2.7.1).
        if cluster[.ColorControl.enhancedColorMode] != nil { cluster[.ColorControl.enhancedColorMode] = .int(mode) }
    }
}
