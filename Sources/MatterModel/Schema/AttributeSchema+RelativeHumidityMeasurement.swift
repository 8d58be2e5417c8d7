extension AttributeSchema {
    /// Relative Humidity Measurement cluster (0x0405), Matter 1.3 Application Cluster Specification §2.6. Values
    /// are uint16 hundredths of a percent (0–10000); every one is null (unknown) by default, as in Matter.
    static let relativeHumidityMeasurement: [AttributeSpec] = [
        AttributeSpec(
            .RelativeHumidityMeasurement.measuredValue,
            id: 0x0000,
            type: .uint16,
            range: 0...10000,
            nullValue: 0xFFFF,
            unit: "1/100 % relative humidity; null = unknown",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .RelativeHumidityMeasurement.minMeasuredValue,
            id: 0x0001,
            type: .uint16,
            range: 0...9999,
            nullValue: 0xFFFF,
            unit: "1/100 %; null = unknown",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .RelativeHumidityMeasurement.maxMeasuredValue,
            id: 0x0002,
            type: .uint16,
            range: 1...10000,
            nullValue: 0xFFFF,
            unit: "1/100 %; null = unknown",
            defaultValue: .int(0xFFFF)
        ),
        AttributeSpec(
            .RelativeHumidityMeasurement.tolerance,
            id: 0x0003,
            type: .uint16,
            range: 0...2048,
            unit: "1/100 %",
            defaultValue: .int(0)
        ),
    ]
}
