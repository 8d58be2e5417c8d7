extension AttributeSchema {
    /// Level Control cluster (0x0008), Matter 1.3 Application Cluster Specification §1.6, with the OnOff and
    /// Lighting features. Lighting narrows levels to 1…254: `CurrentLevel` is not nullable here (Hearth always
    /// knows the level) and its default is 254, full brightness, where Matter leaves it null.
    static let levelControl: [AttributeSpec] = [
        AttributeSpec(
            .LevelControl.currentLevel,
            id: 0x0000,
            type: .uint8,
            range: 1...254,
            unit: "level (1–254)",
            defaultValue: .int(254)
        ),
        AttributeSpec(
            .LevelControl.remainingTime,
            id: 0x0001,
            type: .uint16,
            unit: "1/10 s",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .LevelControl.minLevel,
            id: 0x0002,
            type: .uint8,
            range: 1...254,
            unit: "level (1–254)",
            defaultValue: .int(1)
        ),
        AttributeSpec(
            .LevelControl.maxLevel,
            id: 0x0003,
            type: .uint8,
            range: 1...254,
            unit: "level (1–254)",
            defaultValue: .int(254)
        ),
        AttributeSpec(
            .LevelControl.options,
            id: 0x000F,
            type: .bitmap8,
            range: 0...0b11,
            unit: "OptionsBitmap: bit 0 ExecuteIfOff, bit 1 CoupleColorTempToLevel",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .LevelControl.onOffTransitionTime,
            id: 0x0010,
            type: .uint16,
            unit: "1/10 s",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .LevelControl.onLevel,
            id: 0x0011,
            type: .uint8,
            range: 1...254,
            nullValue: 0xFF,
            unit: "level (1–254); null = the level before off",
            defaultValue: .int(0xFF)
        ),
        AttributeSpec(
            .LevelControl.onTransitionTime,
            id: 0x0012,
            type: .uint16,
            range: 0...0xFFFE,
            nullValue: 0xFFFF,
            unit: "1/10 s; null = OnOffTransitionTime",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .LevelControl.offTransitionTime,
            id: 0x0013,
            type: .uint16,
            range: 0...0xFFFE,
            nullValue: 0xFFFF,
            unit: "1/10 s; null = OnOffTransitionTime",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .LevelControl.defaultMoveRate,
            id: 0x0014,
            type: .uint8,
            range: 1...254,
            nullValue: 0xFF,
            unit: "levels per second; null = device-specific",
            defaultValue: .int(0xFF)
        ),
        AttributeSpec(
            .LevelControl.startUpCurrentLevel,
            id: 0x4000,
            type: .uint8,
            range: 0...254,
            nullValue: 0xFF,
            unit: "level (1–254); 0 = MinLevel, null = previous",
            defaultValue: .int(0xFF)
        ),
    ]
}
