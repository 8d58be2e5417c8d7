extension AttributeSchema {
    /// Temperature Measurement cluster (0x0402), Matter 1.3 Application Cluster Specification §2.3. Values are
    /// int16 hundredths of a degree Celsius; every one is null (unknown) by default, as in Matter.
    static let temperatureMeasurement: [AttributeSpec] = [
        AttributeSpec(
            .TemperatureMeasurement.measuredValue,
            id: 0x0000,
            type: .int16,
            range: -27315...32767,
            nullValue: -0x8000,
            unit: "1/100 °C; null = unknown",
            defaultValue: .int(-0x8000)
        ),
        AttributeSpec(
            .TemperatureMeasurement.minMeasuredValue,
            id: 0x0001,
            type: .int16,
            range: -27315...32766,
            nullValue: -0x8000,
            unit: "1/100 °C; null = unknown",
            defaultValue: .int(-0x8000)
        ),
        AttributeSpec(
            .TemperatureMeasurement.maxMeasuredValue,
            id: 0x0002,
            type: .int16,
            range: -27314...32767,
            nullValue: -0x8000,
            unit: "1/100 °C; null = unknown",
            defaultValue: .int(-0x8000)
        ),
        AttributeSpec(
            .TemperatureMeasurement.tolerance,
            id: 0x0003,
            type: .uint16,
            range: 0...2048,
            unit: "1/100 °C",
            defaultValue: .int(0)
        ),
    ]
}
