extension AttributeSchema {
    /// On/Off cluster (0x0006), Matter 1.3 Application Cluster Specification §1.5, with the Lighting feature's
    /// attributes.
    static let onOff: [AttributeSpec] = [
        AttributeSpec(
            .OnOff.onOff,
            id: 0x0000,
            type: .bool,
            unit: "on (true) / off (false)",
            defaultValue: .bool(false)
        ),
        AttributeSpec(
            .OnOff.globalSceneControl,
            id: 0x4000,
            type: .bool,
            unit: "flag",
            defaultValue: .bool(true)
        ),
        AttributeSpec(
            .OnOff.onTime,
            id: 0x4001,
            type: .uint16,
            unit: "1/10 s",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .OnOff.offWaitTime,
            id: 0x4002,
            type: .uint16,
            unit: "1/10 s",
            defaultValue: .int(0)
        ),
        AttributeSpec(
            .OnOff.startUpOnOff,
            id: 0x4003,
            type: .enum8,
            range: 0...2,
            nullValue: 0xFF,
            unit: "StartUpOnOffEnum: 0 = off, 1 = on, 2 = toggle; null = previous",
            defaultValue: .int(0xFF)
        ),
    ]
}
