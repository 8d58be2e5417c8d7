extension AttributeSchema {
    /// Air Quality cluster (0x005B), Matter 1.3 Application Cluster Specification §2.9.
    static let airQuality: [AttributeSpec] = [
        AttributeSpec(
            .AirQuality.airQuality,
            id: 0x0000,
            type: .enum8,
            range: 0...6,
            unit: "AirQualityEnum: 0 Unknown, 1 Good, 2 Fair, 3 Moderate, 4 Poor, 5 VeryPoor, 6 ExtremelyPoor",
            defaultValue: .int(AirQualityLevel.unknown)
        )
    ]
}
