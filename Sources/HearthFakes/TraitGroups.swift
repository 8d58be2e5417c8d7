/// Which trait each Report State field belongs to, so the fake can replace state per trait as HomeGraph does: a
/// report that carries any field of a trait replaces everything stored for that trait.
///
/// Fields not listed here form a group of their own (replaced alone); `online` is its own group.
enum TraitGroups {
    /// The group of a state field: a trait name, or the field itself when it is not listed.
    static func group(of field: String) -> String {
        table[field] ?? field
    }

    private static let table: [String: String] = {
        let traits: [(String, [String])] = [
            ("OnOff", ["on"]),
            ("Brightness", ["brightness"]),
            ("ColorSetting", ["color"]),
            ("OpenClose", ["openPercent", "openState", "openDirection"]),
            ("LockUnlock", ["isLocked", "isJammed"]),
            ("StartStop", ["isRunning", "isPaused", "activeZones"]),
            ("RunCycle", ["currentRunCycle", "currentTotalRemainingTime", "currentCycleRemainingTime"]),
            ("Modes", ["currentModeSettings"]),
            ("Toggles", ["currentToggleSettings"]),
            ("FanSpeed", ["currentFanSpeedSetting", "currentFanSpeedPercent"]),
            (
                "TemperatureSetting",
                [
                    "thermostatMode", "activeThermostatMode", "thermostatTemperatureAmbient",
                    "thermostatTemperatureSetpoint", "thermostatTemperatureSetpointHigh",
                    "thermostatTemperatureSetpointLow", "thermostatHumidityAmbient",
                    "targetTempReachedEstimateUnixTimestampSec",
                ]
            ),
            ("TemperatureControl", ["temperatureSetpointCelsius", "temperatureAmbientCelsius"]),
            ("HumiditySetting", ["humiditySetpointPercent", "humidityAmbientPercent"]),
            ("SensorState", ["currentSensorStateData"]),
            (
                "EnergyStorage",
                ["descriptiveCapacityRemaining", "capacityRemaining", "capacityUntilFull", "isCharging", "isPluggedIn"]
            ),
            ("Volume", ["currentVolume", "isMuted"]),
            ("Dock", ["isDocked"]),
            ("OccupancySensing", ["occupancy"]),
        ]
        var table: [String: String] = [:]
        for (trait, fields) in traits {
            for field in fields { table[field] = trait }
        }
        return table
    }()
}
