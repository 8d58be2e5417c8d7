extension AttributeSchema {
    /// Color Control cluster (0x0300), Matter 1.3 Application Cluster Specification §3.2: the hue/saturation,
    /// enhanced hue, color loop, xy and color temperature attributes (not the primaries, not
    /// `CoupleColorTempToLevelMinMireds`, not `DriftCompensation`/`CompensationText`).
    ///
    /// Where Matter's default is a placeholder, Hearth picks a usable one: `ColorTempPhysicalMinMireds` 153
    /// (≈ 6500 K) and `ColorTempPhysicalMaxMireds` 500 (2000 K) instead of 0 and 0xFEFF; `ColorCapabilities`
    /// hue/saturation, xy and color temperature (an Extended Color Light's) instead of 0, which would contradict
    /// `ColorMode`'s default 1 (xy). For a device, `ColorCapabilities` and `ColorMode` follow its types
    /// (``AttributeSchema/defaults(for:deviceTypes:)``).
    static let colorControl: [AttributeSpec] = [
        AttributeSpec(
            .ColorControl.currentHue,
            id: 0x0000,
            type: .uint8,
            range: 0...254,
            unit: "1/254 of 360°",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.currentSaturation,
            id: 0x0001,
            type: .uint8,
            range: 0...254,
            unit: "1/254 of full saturation",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.remainingTime,
            id: 0x0002,
            type: .uint16,
            range: 0...0xFFFE,
            unit: "1/10 s",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.currentX,
            id: 0x0003,
            type: .uint16,
            range: 0...0xFEFF,
            unit: "CIE 1931 x × 65536",
            defaultValue: .int(0x616B)
        ),
        AttributeSpec(
            .ColorControl.currentY,
            id: 0x0004,
            type: .uint16,
            range: 0...0xFEFF,
            unit: "CIE 1931 y × 65536",
            defaultValue: .int(0x607D)
        ),
        AttributeSpec(
            .ColorControl.colorTemperatureMireds,
            id: 0x0007,
            type: .uint16,
            range: 1...0xFEFF,
            unit: "mireds (1,000,000 / kelvin)",
            defaultValue: .int(0x00FA)
        ),
        AttributeSpec(
            .ColorControl.colorMode,
            id: 0x0008,
            type: .enum8,
            range: 0...2,
            unit: "ColorModeEnum: 0 = hue/saturation, 1 = xy, 2 = color temperature",
            defaultValue: .int(ColorMode.xy)
        ),
        AttributeSpec(
            .ColorControl.options,
            id: 0x000F,
            type: .bitmap8,
            range: 0...0b1,
            unit: "OptionsBitmap: bit 0 ExecuteIfOff",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.enhancedCurrentHue,
            id: 0x4000,
            type: .uint16,
            unit: "1/65535 of 360°",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.enhancedColorMode,
            id: 0x4001,
            type: .enum8,
            range: 0...3,
            unit:
                "EnhancedColorModeEnum: 0 = hue/saturation, 1 = xy, 2 = color temperature, 3 = enhanced hue/saturation",
            defaultValue: .int(ColorMode.xy)
        ),
        AttributeSpec(
            .ColorControl.colorLoopActive,
            id: 0x4002,
            type: .uint8,
            range: 0...1,
            unit: "0 = inactive, 1 = active",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.colorLoopDirection,
            id: 0x4003,
            type: .uint8,
            range: 0...1,
            unit: "0 = decrement hue, 1 = increment hue",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.colorLoopTime,
            id: 0x4004,
            type: .uint16,
            unit: "s per full loop",
            defaultValue: .int(0x0019)
        ),
        AttributeSpec(
            .ColorControl.colorLoopStartEnhancedHue,
            id: 0x4005,
            type: .uint16,
            unit: "1/65535 of 360°",
            defaultValue: .int(0x2300)
        ),
        AttributeSpec(
            .ColorControl.colorLoopStoredEnhancedHue,
            id: 0x4006,
            type: .uint16,
            unit: "1/65535 of 360°",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .ColorControl.colorCapabilities,
            id: 0x400A,
            type: .bitmap16,
            range: 0...0b1_1111,
            unit:
                "ColorCapabilitiesBitmap: bit 0 hue/saturation, 1 enhanced hue, 2 color loop, 3 xy, 4 color temperature",
            defaultValue: .int(
                ColorCapabilities.hueSaturation | ColorCapabilities.xy | ColorCapabilities.colorTemperature
            )
        ),
        AttributeSpec(
            .ColorControl.colorTempPhysicalMinMireds,
            id: 0x400B,
            type: .uint16,
            range: 1...0xFEFF,
            unit: "mireds (1,000,000 / kelvin)",
            defaultValue: .int(153)
        ),
        AttributeSpec(
            .ColorControl.colorTempPhysicalMaxMireds,
            id: 0x400C,
            type: .uint16,
            range: 1...0xFEFF,
            unit: "mireds (1,000,000 / kelvin)",
            defaultValue: .int(500)
        ),
        AttributeSpec(
            .ColorControl.startUpColorTemperatureMireds,
            id: 0x4010,
            type: .uint16,
            range: 1...0xFEFF,
            nullValue: 0xFFFF,
            unit: "mireds; null = previous",
            defaultValue: .int(0xFFFF)
        ),
    ]
}
