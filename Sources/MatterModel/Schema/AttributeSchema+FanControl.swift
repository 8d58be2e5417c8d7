extension AttributeSchema {
    /// Fan Control cluster (0x0202), Matter 1.3 Application Cluster Specification §4.4, with the MultiSpeed
    /// feature's attributes. Matter gives `FanModeSequence` and `SpeedMax` no default (the manufacturer decides);
    /// Hearth's are Off/Low/Medium/High and 100 (one speed step per percent).
    static let fanControl: [AttributeSpec] = [
        AttributeSpec(
            .FanControl.fanMode,
            id: 0x0000,
            type: .enum8,
            range: 0...6,
            unit: "FanModeEnum: 0 Off, 1 Low, 2 Medium, 3 High, 4 On, 5 Auto, 6 Smart",
            defaultValue: .int(FanMode.off)
        ),
        AttributeSpec(
            .FanControl.fanModeSequence,
            id: 0x0001,
            type: .enum8,
            range: 0...5,
            unit: "FanModeSequenceEnum: 0 Off/Low/Med/High, 1 Off/Low/High, 2 Off/Low/Med/High/Auto, "
                + "3 Off/Low/High/Auto, 4 Off/High/Auto, 5 Off/High",
            defaultValue: .int(FanModeSequence.offLowMedHigh)
        ),
        AttributeSpec(
            .FanControl.percentSetting,
            id: 0x0002,
            type: .uint8,
            range: 0...100,
            nullValue: 0xFF,
            unit: "percent (0–100); null while FanMode is Auto",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .FanControl.percentCurrent,
            id: 0x0003,
            type: .uint8,
            range: 0...100,
            unit: "percent (0–100)",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .FanControl.speedMax,
            id: 0x0004,
            type: .uint8,
            range: 1...100,
            unit: "speed steps (1–100)",
            defaultValue: .int(100)
        ),
        AttributeSpec(
            .FanControl.speedSetting,
            id: 0x0005,
            type: .uint8,
            range: 0...100,
            nullValue: 0xFF,
            unit: "speed (0–SpeedMax); null while FanMode is Auto",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .FanControl.speedCurrent,
            id: 0x0006,
            type: .uint8,
            range: 0...100,
            unit: "speed (0–SpeedMax)",
            defaultValue: .int(0)
        ),
        // The Rocking (RCK, FeatureMap bit 2) and Wind (WND, bit 3) features' attributes (Matter 1.4 `FanControl.xml`, ids 0x0007–0x000A):
        // each "M" with its feature, default 0. Hearth models no FeatureMap for Fan Control, so 0 stands for a fan
        // without the feature: a `…Support` of 0 offers nothing to rock or blow.
        AttributeSpec(
            Attribute(.FanControl, "RockSupport"),
            id: 0x0007,
            type: .bitmap8,
            range: 0...0b111,
            unit: "RockBitmap: bit 0 RockLeftRight, bit 1 RockUpDown, bit 2 RockRound",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            Attribute(.FanControl, "RockSetting"),
            id: 0x0008,
            type: .bitmap8,
            range: 0...0b111,
            unit: "RockBitmap: bit 0 RockLeftRight, bit 1 RockUpDown, bit 2 RockRound",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            Attribute(.FanControl, "WindSupport"),
            id: 0x0009,
            type: .bitmap8,
            range: 0...0b11,
            unit: "WindBitmap: bit 0 SleepWind, bit 1 NaturalWind",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            Attribute(.FanControl, "WindSetting"),
            id: 0x000A,
            type: .bitmap8,
            range: 0...0b11,
            unit: "WindBitmap: bit 0 SleepWind, bit 1 NaturalWind",
            defaultValue: .int(0)
        ),
    ]
}
