extension AttributeSchema {
    /// Thermostat cluster (0x0201), Matter 1.3 Application Cluster Specification §4.3, with the Heating, Cooling
    /// and AutoMode features' attributes. Temperatures are int16 hundredths of a degree Celsius, at least
    /// −273.15 °C; `MinSetpointDeadBand` is int8 tenths of a degree.
    ///
    /// Setpoint limits come in two rings: the absolute (`Abs…`) ones the manufacturer fixes, and inside them the
    /// user ones (`MinHeatSetpointLimit` 0x0015, `MaxHeatSetpointLimit` 0x0016, `MinCoolSetpointLimit` 0x0017,
    /// `MaxCoolSetpointLimit` 0x0018; Matter's data model, `data_model/1.4/clusters/Thermostat.xml`, gives each the
    /// default of its `Abs…` counterpart, which ``filledThermostat(_:_:)`` applies: the defaults listed here are
    /// Matter's `Abs…` defaults, used only when neither is given). The rules between them are
    /// ``thermostatViolation(_:)``'s.
    static let thermostat: [AttributeSpec] = [
        AttributeSpec(
            .Thermostat.localTemperature,
            id: 0x0000,
            type: .int16,
            range: -27315...32767,
            nullValue: -0x8000,
            unit: "1/100 °C; null = unknown",
            defaultValue: .int(-0x8000)
        ),
        temperature(.Thermostat.absMinHeatSetpointLimit, id: 0x0003, default: 700),
        temperature(.Thermostat.absMaxHeatSetpointLimit, id: 0x0004, default: 3000),
        temperature(.Thermostat.absMinCoolSetpointLimit, id: 0x0005, default: 1600),
        temperature(.Thermostat.absMaxCoolSetpointLimit, id: 0x0006, default: 3200),
        temperature(.Thermostat.occupiedCoolingSetpoint, id: 0x0011, default: 2600),
        temperature(.Thermostat.occupiedHeatingSetpoint, id: 0x0012, default: 2000),
        temperature(.Thermostat.minHeatSetpointLimit, id: 0x0015, default: 700),
        temperature(.Thermostat.maxHeatSetpointLimit, id: 0x0016, default: 3000),
        temperature(.Thermostat.minCoolSetpointLimit, id: 0x0017, default: 1600),
        temperature(.Thermostat.maxCoolSetpointLimit, id: 0x0018, default: 3200),
        AttributeSpec(
            .Thermostat.minSetpointDeadBand,
            id: 0x0019,
            type: .int8,
            range: 0...25,
            unit: "1/10 °C between the heating and cooling setpoints",
            defaultValue: .int(25)
        ),
        AttributeSpec(
            .Thermostat.controlSequenceOfOperation,
            id: 0x001B,
            type: .enum8,
            range: 0...5,
            unit: "ControlSequenceOfOperationEnum: 0 CoolingOnly, 1 CoolingWithReheat, 2 HeatingOnly, "
                + "3 HeatingWithReheat, 4 CoolingAndHeating, 5 CoolingAndHeatingWithReheat",
            defaultValue: .int(ControlSequence.coolingAndHeating)
        ),
        AttributeSpec(
            .Thermostat.systemMode,
            id: 0x001C,
            type: .enum8,
            range: 0...9,
            unit: "SystemModeEnum: 0 Off, 1 Auto, 3 Cool, 4 Heat, 5 EmergencyHeat, 6 Precooling, 7 FanOnly, "
                + "8 Dry, 9 Sleep (2 is reserved)",
            defaultValue: .int(SystemMode.auto)
        ),
    ]

    private static func temperature(_ attribute: Attribute, id: Int, default value: Int) -> AttributeSpec {
        AttributeSpec(
            attribute,
            id: id,
            type: .int16,
            range: -27315...32767,
            unit: "1/100 °C",
            defaultValue: .int(value)
        )
    }
}
