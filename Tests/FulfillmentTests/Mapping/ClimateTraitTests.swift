import Fulfillment
import JSON
import MatterModel
import SmartHomeProtocol
import Testing

/// SYNC, QUERY and EXECUTE for the climate family, over ``ClimateCatalogue`` and the bench home's devices.
struct ClimateTraitTests {
    typealias G = GoogleRequest
    static let user = "catalogue-user"

    static func fulfillment(_ mode: ValidationMode = .strict) throws -> TestFulfillment {
        try TestFulfillment(
            devices: ClimateCatalogue.deviceFile,
            options: FulfillmentOptions(validationMode: mode)
        )
    }

    static func error(_ id: String, _ code: String) -> [JSONValue] {
        [["ids": [.string(id)], "status": "ERROR", "errorCode": .string(code)]]
    }

    static func success(_ id: String, _ states: JSONValue) -> [JSONValue] {
        var object = states.objectValue ?? JSONObject()
        object["online"] = true
        return [["ids": [.string(id)], "status": "SUCCESS", "states": .object(object)]]
    }

    static let threeSpeeds: JSONValue = [
        "speeds": [
            ["speed_name": "low", "speed_values": [["speed_synonym": ["low", "slow"], "lang": "en"]]],
            ["speed_name": "medium", "speed_values": [["speed_synonym": ["medium", "mid"], "lang": "en"]]],
            ["speed_name": "high", "speed_values": [["speed_synonym": ["high", "fast", "full"], "lang": "en"]]],
        ],
        "ordered": true,
    ]

    // MARK: - Bench home

    /// The bench home's climate devices, imported verbatim, answer SYNC and QUERY as documented.
    @Test func benchDevicesSyncAndQuery() throws {
        let file = Fixtures.deviceFile(user: "bench", BenchClimate.devices.joined(separator: ","))
        let fulfillment = try TestFulfillment(devices: file)
        let fan = try #require(try fulfillment.syncDevice("bedroom-ceiling-fan", as: "bench"))
        #expect(fan["type"] == "action.devices.types.FAN")
        #expect(fan["traits"] == ["action.devices.traits.OnOff", "action.devices.traits.FanSpeed"])
        #expect(fan["attributes"] == ["availableFanSpeeds": Self.threeSpeeds, "supportsFanSpeedPercent": true])
        #expect(
            try fulfillment.query("bedroom-ceiling-fan", as: "bench")
                == [
                    "online": true, "status": "SUCCESS", "on": true, "currentFanSpeedSetting": "medium",
                    "currentFanSpeedPercent": 66,
                ]
        )

        let thermostat = try #require(try fulfillment.syncDevice("living-room-thermostat", as: "bench"))
        #expect(thermostat["type"] == "action.devices.types.THERMOSTAT")
        #expect(thermostat["traits"] == ["action.devices.traits.TemperatureSetting"])
        #expect(
            thermostat["attributes"]
                == [
                    "availableThermostatModes": ["off", "heat", "cool", "heatcool"],
                    "thermostatTemperatureRange": ["minThresholdCelsius": 7, "maxThresholdCelsius": 32],
                    "thermostatTemperatureUnit": "C", "bufferRangeCelsius": 2.5,
                ]
        )
        #expect(
            try fulfillment.query("living-room-thermostat", as: "bench")
                == [
                    "online": true, "status": "SUCCESS", "thermostatMode": "heat", "thermostatTemperatureAmbient": 21.5,
                    "thermostatTemperatureSetpoint": 20,
                ]
        )

        for (id, celsius) in [
            ("living-room-temperature", 21.3), ("bedroom-temperature", 15.3), ("outdoor-temperature", 9.3),
        ] {
            let sensor = try #require(try fulfillment.syncDevice(id, as: "bench"))
            #expect(sensor["type"] == "action.devices.types.SENSOR")
            #expect(sensor["traits"] == ["action.devices.traits.TemperatureSetting"])
            #expect(
                sensor["attributes"]
                    == [
                        "availableThermostatModes": ["off"],
                        "thermostatTemperatureRange": ["minThresholdCelsius": -40, "maxThresholdCelsius": 85],
                        "thermostatTemperatureUnit": "C", "commandOnlyTemperatureSetting": false,
                        "queryOnlyTemperatureSetting": true,
                    ]
            )
            // Google's states need a setpoint: a sensor's is its reading.
            #expect(
                try fulfillment.query(id, as: "bench")
                    == [
                        "online": true, "status": "SUCCESS", "thermostatMode": "off",
                        "thermostatTemperatureAmbient": .double(celsius),
                        "thermostatTemperatureSetpoint": .double(celsius),
                    ]
            )
        }

        for (id, percent) in [("living-room-humidity", 46), ("bathroom-humidity", 61)] {
            let sensor = try #require(try fulfillment.syncDevice(id, as: "bench"))
            #expect(sensor["type"] == "action.devices.types.SENSOR")
            #expect(sensor["traits"] == ["action.devices.traits.HumiditySetting"])
            #expect(sensor["attributes"] == ["queryOnlyHumiditySetting": true])
            #expect(
                try fulfillment.query(id, as: "bench")
                    == ["online": true, "status": "SUCCESS", "humidityAmbientPercent": .int(percent)]
            )
        }
    }

    // MARK: - SYNC and QUERY of the catalogue

    @Test func catalogueTypesAndTraits() throws {
        let fulfillment = try Self.fulfillment()
        let expected: [(String, JSONValue, JSONValue)] = [
            (
                "ceiling-fan", "action.devices.types.FAN",
                ["action.devices.traits.OnOff", "action.devices.traits.FanSpeed"]
            ),
            (
                "desk-fan", "action.devices.types.FAN",
                ["action.devices.traits.OnOff", "action.devices.traits.FanSpeed"]
            ),
            (
                "air-purifier", "action.devices.types.AIRPURIFIER",
                ["action.devices.traits.OnOff", "action.devices.traits.SensorState", "action.devices.traits.FanSpeed"]
            ),
            ("hallway-thermostat", "action.devices.types.THERMOSTAT", ["action.devices.traits.TemperatureSetting"]),
            ("radiator-thermostat", "action.devices.types.THERMOSTAT", ["action.devices.traits.TemperatureSetting"]),
            (
                "bedroom-ac", "action.devices.types.AC_UNIT",
                [
                    "action.devices.traits.OnOff", "action.devices.traits.FanSpeed",
                    "action.devices.traits.TemperatureSetting",
                ]
            ),
            ("balcony-temperature", "action.devices.types.SENSOR", ["action.devices.traits.TemperatureSetting"]),
            ("bathroom-humidity", "action.devices.types.SENSOR", ["action.devices.traits.HumiditySetting"]),
        ]
        for (id, type, traits) in expected {
            let device = try #require(try fulfillment.syncDevice(id, as: Self.user), "\(id)")
            #expect(device["type"] == type, "\(id)")
            #expect(device["traits"] == traits, "\(id)")
            #expect(device["matterUniqueId"] != nil, "\(id)")
        }
    }

    @Test func airPurifierSyncAndQuery() throws {
        let fulfillment = try Self.fulfillment()
        let device = try #require(try fulfillment.syncDevice("air-purifier", as: Self.user))
        #expect(
            device["attributes"]?["sensorStatesSupported"]
                == [
                    [
                        "name": "AirQuality",
                        "descriptiveCapabilities": [
                            "availableStates": ["good", "fair", "moderate", "poor", "very poor", "severe"]
                        ],
                    ]
                ]
        )
        #expect(device["attributes"]?["availableFanSpeeds"]?["speeds"]?.arrayValue?.count == 2)
        #expect(
            try fulfillment.query("air-purifier", as: Self.user)
                == [
                    "online": true, "status": "SUCCESS", "on": true,
                    "currentSensorStateData": [["name": "AirQuality", "currentSensorState": "fair"]],
                    "currentFanSpeedSetting": "low", "currentFanSpeedPercent": 50,
                ]
        )
    }

    @Test func radiatorOffersHeatOnly() throws {
        let fulfillment = try Self.fulfillment()
        let device = try #require(try fulfillment.syncDevice("radiator-thermostat", as: Self.user))
        #expect(
            device["attributes"]
                == [
                    "availableThermostatModes": ["off", "heat"],
                    "thermostatTemperatureRange": ["minThresholdCelsius": 5, "maxThresholdCelsius": 28],
                    "thermostatTemperatureUnit": "C",
                ]
        )
        #expect(try fulfillment.query("radiator-thermostat", as: Self.user)?["thermostatTemperatureSetpoint"] == 21)
    }

    @Test func airConditionerSyncAndQuery() throws {
        let fulfillment = try Self.fulfillment()
        let device = try #require(try fulfillment.syncDevice("bedroom-ac", as: Self.user))
        #expect(
            device["attributes"]?["availableThermostatModes"] == ["off", "heat", "cool", "heatcool", "fan-only", "dry"]
        )
        #expect(device["attributes"]?["bufferRangeCelsius"] == 1)
        #expect(
            try fulfillment.query("bedroom-ac", as: Self.user)
                == [
                    "online": true, "status": "SUCCESS", "on": true, "currentFanSpeedSetting": "medium",
                    "currentFanSpeedPercent": 66, "thermostatMode": "cool", "thermostatTemperatureAmbient": 27.1,
                    "thermostatTemperatureSetpoint": 24,
                ]
        )
    }

    /// A fan on Auto reports the speed whose band holds `PercentCurrent`.
    @Test func autoFanReportsTheSpeedItRunsAt() throws {
        let fulfillment = try Self.fulfillment()
        #expect(
            try fulfillment.query("desk-fan", as: Self.user)
                == [
                    "online": true, "status": "SUCCESS", "on": true, "currentFanSpeedSetting": "medium",
                    "currentFanSpeedPercent": 40,
                ]
        )
    }

    // MARK: - FanSpeed and OnOff

    @Test(arguments: [
        ("low", 33, "low"), ("medium", 66, "medium"), ("high", 100, "high"),
    ])
    func setNamedSpeed(name: String, percent: Int, setting: String) throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["ceiling-fan"], G.step("SetFanSpeed", ["fanSpeed": .string(name)])),
            as: Self.user
        )
        #expect(
            results
                == Self.success(
                    "ceiling-fan",
                    ["currentFanSpeedSetting": .string(setting), "currentFanSpeedPercent": .int(percent)]
                )
        )
        let fan = try #require(try fulfillment.storedDevice("ceiling-fan", of: Self.user)).endpoints[0].cluster(
            .FanControl
        )
        #expect(fan.int("PercentSetting") == percent)
        #expect(fan.int("SpeedSetting") == FanSpeedConversion.speed(fromPercent: percent, speedMax: 3))
    }

    @Test(arguments: [(20.4, 20, "low"), (50, 50, "medium"), (0, 0, "low"), (100, 100, "high")])
    func setPercentSpeed(percent: Double, stored: Int, setting: String) throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["ceiling-fan"], G.step("SetFanSpeed", ["fanSpeedPercent": .double(percent)])),
            as: Self.user
        )
        #expect(
            results
                == Self.success(
                    "ceiling-fan",
                    ["currentFanSpeedSetting": .string(setting), "currentFanSpeedPercent": .int(stored)]
                )
        )
        #expect(try fulfillment.query("ceiling-fan", as: Self.user)?["on"] == .bool(stored > 0))
    }

    @Test func percentOutOfRange() throws {
        let strict = try Self.fulfillment(.strict)
        let step = G.step("SetFanSpeed", ["fanSpeedPercent": 120])
        #expect(
            try strict.execute(G.group(["ceiling-fan"], step), as: Self.user)
                == Self.error("ceiling-fan", "valueOutOfRange")
        )
        #expect(try strict.query("ceiling-fan", as: Self.user)?["currentFanSpeedPercent"] == 66)
        let lenient = try Self.fulfillment(.lenient)
        #expect(
            try lenient.execute(G.group(["ceiling-fan"], step), as: Self.user)
                == Self.success("ceiling-fan", ["currentFanSpeedSetting": "high", "currentFanSpeedPercent": 100])
        )
    }

    @Test func unknownSpeedNameAndMissingParams() throws {
        let fulfillment = try Self.fulfillment()
        for step in [G.step("SetFanSpeed", ["fanSpeed": "turbo"]), G.step("SetFanSpeed", [:])] {
            #expect(
                try fulfillment.execute(G.group(["ceiling-fan"], step), as: Self.user)
                    == Self.error("ceiling-fan", "notSupported")
            )
        }
        // The purifier offers low and high only.
        #expect(
            try fulfillment.execute(
                G.group(["air-purifier"], G.step("SetFanSpeed", ["fanSpeed": "medium"])),
                as: Self.user
            ) == Self.error("air-purifier", "notSupported")
        )
    }

    @Test(arguments: [
        (["fanSpeedRelativePercent": 10] as JSONValue, 76, "high"),
        (["fanSpeedRelativePercent": -70] as JSONValue, 0, "low"),
        (["fanSpeedRelativeWeight": 1] as JSONValue, 99, "high"),
        (["fanSpeedRelativeWeight": -1] as JSONValue, 33, "low"),
    ])
    func relativeSpeed(params: JSONValue, percent: Int, setting: String) throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(["ceiling-fan"], G.step("SetFanSpeedRelative", params)),
            as: Self.user
        )
        #expect(
            results
                == Self.success(
                    "ceiling-fan",
                    ["currentFanSpeedSetting": .string(setting), "currentFanSpeedPercent": .int(percent)]
                )
        )
    }

    /// A fan without an On/Off cluster: off is FanMode Off; on restarts a stopped fan at High and leaves a running
    /// one alone.
    @Test func onOffBackedByFanMode() throws {
        let fulfillment = try Self.fulfillment()
        #expect(
            try fulfillment.execute(G.group(["ceiling-fan"], G.onOff(true)), as: Self.user)
                == Self.success("ceiling-fan", ["on": true])
        )
        #expect(try fulfillment.query("ceiling-fan", as: Self.user)?["currentFanSpeedPercent"] == 66)
        #expect(
            try fulfillment.execute(G.group(["ceiling-fan"], G.onOff(false)), as: Self.user)
                == Self.success("ceiling-fan", ["on": false])
        )
        var fan = try #require(try fulfillment.storedDevice("ceiling-fan", of: Self.user)).endpoints[0].cluster(
            .FanControl
        )
        #expect(fan.int("FanMode") == 0)
        #expect(fan.int("PercentSetting") == 0)
        #expect(fan.int("SpeedSetting") == 0)
        _ = try fulfillment.execute(G.group(["ceiling-fan"], G.onOff(true)), as: Self.user)
        fan = try #require(try fulfillment.storedDevice("ceiling-fan", of: Self.user)).endpoints[0].cluster(.FanControl)
        #expect(fan.int("FanMode") == 3)
        #expect(fan.int("PercentSetting") == 100)
        #expect(fan.int("SpeedSetting") == 3)
    }

    /// A fan with an On/Off cluster keeps the On/Off cluster's behaviour: FanMode is untouched.
    @Test func onOffClusterWinsOverFanMode() throws {
        let fulfillment = try Self.fulfillment()
        #expect(
            try fulfillment.execute(G.group(["desk-fan"], G.onOff(false)), as: Self.user)
                == Self.success("desk-fan", ["on": false])
        )
        let endpoint = try #require(try fulfillment.storedDevice("desk-fan", of: Self.user)).endpoints[0]
        #expect(endpoint.cluster(.OnOff).bool("OnOff") == false)
        #expect(endpoint.cluster(.FanControl).int("FanMode") == 5)
    }

    // MARK: - TemperatureSetting

    @Test func setpointInHeatMode() throws {
        let fulfillment = try Self.fulfillment()
        let step = G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 22.25])
        #expect(
            try fulfillment.execute(G.group(["hallway-thermostat"], step), as: Self.user)
                == Self.success(
                    "hallway-thermostat",
                    [
                        "thermostatMode": "heat", "thermostatTemperatureAmbient": 21.5,
                        "thermostatTemperatureSetpoint": 22.25,
                    ]
                )
        )
    }

    /// Heating to 25 °C leaves less than the 2 °C dead band below the 26 °C cooling setpoint: cooling moves to 27.
    @Test func heatingSetpointPushesTheCoolingSetpoint() throws {
        let fulfillment = try Self.fulfillment()
        let step = G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 25])
        _ = try fulfillment.execute(G.group(["hallway-thermostat"], step), as: Self.user)
        let thermostat = try #require(try fulfillment.storedDevice("hallway-thermostat", of: Self.user))
            .endpoints[0].cluster(.Thermostat)
        #expect(thermostat.int("OccupiedHeatingSetpoint") == 2500)
        #expect(thermostat.int("OccupiedCoolingSetpoint") == 2700)
    }

    @Test func setpointOutOfRange() throws {
        let step = G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 35])
        let strict = try Self.fulfillment(.strict)
        #expect(
            try strict.execute(G.group(["hallway-thermostat"], step), as: Self.user)
                == Self.error("hallway-thermostat", "valueOutOfRange")
        )
        #expect(try strict.query("hallway-thermostat", as: Self.user)?["thermostatTemperatureSetpoint"] == 20)
        let lenient = try Self.fulfillment(.lenient)
        _ = try lenient.execute(G.group(["hallway-thermostat"], step), as: Self.user)
        #expect(try lenient.query("hallway-thermostat", as: Self.user)?["thermostatTemperatureSetpoint"] == 30)
    }

    @Test func setModeThenRange() throws {
        let fulfillment = try Self.fulfillment()
        let results = try fulfillment.execute(
            G.group(
                ["hallway-thermostat"],
                G.step("ThermostatSetMode", ["thermostatMode": "heatcool"]),
                G.step(
                    "ThermostatTemperatureSetRange",
                    ["thermostatTemperatureSetpointLow": 19, "thermostatTemperatureSetpointHigh": 24.5]
                )
            ),
            as: Self.user
        )
        #expect(
            results
                == Self.success(
                    "hallway-thermostat",
                    [
                        "thermostatMode": "heatcool", "thermostatTemperatureAmbient": 21.5,
                        "thermostatTemperatureSetpointLow": 19, "thermostatTemperatureSetpointHigh": 24.5,
                    ]
                )
        )
        let thermostat = try #require(try fulfillment.storedDevice("hallway-thermostat", of: Self.user))
            .endpoints[0].cluster(.Thermostat)
        #expect(thermostat.int("SystemMode") == 1)
    }

    @Test func rangeTooClose() throws {
        let step = G.step(
            "ThermostatTemperatureSetRange",
            ["thermostatTemperatureSetpointLow": 21, "thermostatTemperatureSetpointHigh": 22]
        )
        let strict = try Self.fulfillment(.strict)
        #expect(
            try strict.execute(G.group(["hallway-thermostat"], step), as: Self.user)
                == Self.error("hallway-thermostat", "rangeTooClose")
        )
        let lenient = try Self.fulfillment(.lenient)
        _ = try lenient.execute(G.group(["hallway-thermostat"], step), as: Self.user)
        let thermostat = try #require(try lenient.storedDevice("hallway-thermostat", of: Self.user))
            .endpoints[0].cluster(.Thermostat)
        #expect(thermostat.int("OccupiedHeatingSetpoint") == 2100)
        #expect(thermostat.int("OccupiedCoolingSetpoint") == 2300)
    }

    /// In heatcool a single setpoint moves the range to centre on it.
    @Test func setpointInHeatcoolCentresTheRange() throws {
        let fulfillment = try Self.fulfillment()
        _ = try fulfillment.execute(
            G.group(
                ["hallway-thermostat"],
                G.step("ThermostatSetMode", ["thermostatMode": "heatcool"]),
                G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 22])
            ),
            as: Self.user
        )
        let state = try fulfillment.query("hallway-thermostat", as: Self.user)
        #expect(state?["thermostatTemperatureSetpointLow"] == 19)
        #expect(state?["thermostatTemperatureSetpointHigh"] == 25)
    }

    @Test(arguments: [
        (["thermostatTemperatureRelativeDegree": 1.5] as JSONValue, 21.5 as Double),
        (["thermostatTemperatureRelativeDegree": -2] as JSONValue, 18 as Double),
        (["thermostatTemperatureRelativeWeight": 2] as JSONValue, 22 as Double),
    ])
    func relativeTemperatureInHeatMode(params: JSONValue, setpoint: Double) throws {
        let fulfillment = try Self.fulfillment()
        _ = try fulfillment.execute(
            G.group(["hallway-thermostat"], G.step("TemperatureRelative", params)),
            as: Self.user
        )
        #expect(
            try fulfillment.query("hallway-thermostat", as: Self.user)?["thermostatTemperatureSetpoint"]
                == .double(setpoint)
        )
    }

    @Test func relativeTemperatureErrors() throws {
        let strict = try Self.fulfillment(.strict)
        let far = G.step("TemperatureRelative", ["thermostatTemperatureRelativeDegree": 15])
        #expect(
            try strict.execute(G.group(["hallway-thermostat"], far), as: Self.user)
                == Self.error("hallway-thermostat", "valueOutOfRange")
        )
        #expect(
            try strict.execute(G.group(["hallway-thermostat"], G.step("TemperatureRelative", [:])), as: Self.user)
                == Self.error("hallway-thermostat", "notSupported")
        )
        let lenient = try Self.fulfillment(.lenient)
        _ = try lenient.execute(G.group(["hallway-thermostat"], far), as: Self.user)
        #expect(try lenient.query("hallway-thermostat", as: Self.user)?["thermostatTemperatureSetpoint"] == 30)
    }

    @Test func modeErrors() throws {
        let fulfillment = try Self.fulfillment()
        // The radiator cannot cool, nor keep a range.
        #expect(
            try fulfillment.execute(
                G.group(["radiator-thermostat"], G.step("ThermostatSetMode", ["thermostatMode": "cool"])),
                as: Self.user
            ) == Self.error("radiator-thermostat", "functionNotSupported")
        )
        #expect(
            try fulfillment.execute(
                G.group(
                    ["radiator-thermostat"],
                    G.step(
                        "ThermostatTemperatureSetRange",
                        ["thermostatTemperatureSetpointLow": 18, "thermostatTemperatureSetpointHigh": 24]
                    )
                ),
                as: Self.user
            ) == Self.error("radiator-thermostat", "functionNotSupported")
        )
        // Off: no setpoint to change, and nothing changes.
        #expect(
            try fulfillment.execute(
                G.group(
                    ["radiator-thermostat"],
                    G.step("ThermostatSetMode", ["thermostatMode": "off"]),
                    G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 22])
                ),
                as: Self.user
            ) == Self.error("radiator-thermostat", "inOffMode")
        )
        #expect(try fulfillment.query("radiator-thermostat", as: Self.user)?["thermostatMode"] == "heat")
        #expect(
            try fulfillment.execute(
                G.group(["radiator-thermostat"], G.step("ThermostatSetMode", [:])),
                as: Self.user
            ) == Self.error("radiator-thermostat", "notSupported")
        )
    }

    @Test func airConditionerModes() throws {
        let fulfillment = try Self.fulfillment()
        _ = try fulfillment.execute(G.group(["bedroom-ac"], G.onOff(false)), as: Self.user)
        let results = try fulfillment.execute(
            G.group(["bedroom-ac"], G.step("ThermostatSetMode", ["thermostatMode": "dry"])),
            as: Self.user
        )
        #expect(results.first?["status"] == "SUCCESS")
        #expect(try fulfillment.query("bedroom-ac", as: Self.user)?["on"] == true)
        #expect(try fulfillment.query("bedroom-ac", as: Self.user)?["thermostatMode"] == "dry")
        #expect(
            try fulfillment.execute(
                G.group(["bedroom-ac"], G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 23])),
                as: Self.user
            ) == Self.error("bedroom-ac", "inDryMode")
        )
        _ = try fulfillment.execute(
            G.group(["bedroom-ac"], G.step("ThermostatSetMode", ["thermostatMode": "fan-only"])),
            as: Self.user
        )
        #expect(
            try fulfillment.execute(
                G.group(["bedroom-ac"], G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 23])),
                as: Self.user
            ) == Self.error("bedroom-ac", "inFanOnlyMode")
        )
    }

    /// A wall thermostat in Sleep: Matter allows it with any sequence, so the registry keeps it; Google hears `eco`
    /// (its energy-saving mode), offered while the thermostat is in Sleep so that `thermostatMode` stays one of
    /// `availableThermostatModes`. There is no setpoint to set in it (`inEcoMode`); `eco` sets Sleep again, and
    /// once the thermostat left Sleep `eco` is offered no more. Entering and leaving Sleep changes the SYNC entry,
    /// so the outbox policy asks Google to SYNC again; a change between offered modes does not.
    @Test func aThermostatInSleepIsEco() throws {
        let file = Fixtures.deviceFile(
            #"""
            {"id": "t", "name": "T", "deviceTypes": ["Thermostat"],
             "clusters": {"Thermostat": {"ControlSequenceOfOperation": 4, "SystemMode": 9}}}
            """#
        )
        let fulfillment = try TestFulfillment(devices: file)
        let available = { try fulfillment.syncDevice("t")?["attributes"]?["availableThermostatModes"] }
        #expect(try available() == ["off", "heat", "cool", "heatcool", "eco"])
        #expect(try fulfillment.query("t")?["thermostatMode"] == "eco")
        #expect(try fulfillment.query("t")?["thermostatTemperatureSetpoint"] == 20, "the heating setpoint, as in heat")
        #expect(
            try fulfillment.execute(
                G.group(["t"], G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 21]))
            ) == Self.error("t", "inEcoMode")
        )
        #expect(
            try fulfillment.execute(
                G.group(["t"], G.step("TemperatureRelative", ["thermostatTemperatureRelativeDegree": 1]))
            ) == Self.error("t", "inEcoMode")
        )
        _ = try fulfillment.execute(G.group(["t"], G.step("ThermostatSetMode", ["thermostatMode": "heat"])))
        #expect(try fulfillment.query("t")?["thermostatMode"] == "heat")
        #expect(try available() == ["off", "heat", "cool", "heatcool"])
        #expect(
            try fulfillment.execute(G.group(["t"], G.step("ThermostatSetMode", ["thermostatMode": "eco"])))
                == Self.error("t", "functionNotSupported")
        )

        let sleeping = try DeviceFile.parse(file).users[0].devices[0]
        var heating = sleeping
        heating.endpoints[0].clusters[.Thermostat]?[.Thermostat.systemMode] = .int(4)
        var cooling = sleeping
        cooling.endpoints[0].clusters[.Thermostat]?[.Thermostat.systemMode] = .int(3)
        let policy = HomeGraphOutboxPolicy()
        #expect(policy.requiresSync(from: heating, to: sleeping), "eco appears")
        #expect(policy.requiresSync(from: sleeping, to: heating), "eco goes")
        #expect(!policy.requiresSync(from: heating, to: cooling), "both offered already")
    }

    @Test func sensorsAreQueryOnly() throws {
        let fulfillment = try Self.fulfillment()
        #expect(
            try fulfillment.execute(
                G.group(
                    ["balcony-temperature"],
                    G.step("ThermostatTemperatureSetpoint", ["thermostatTemperatureSetpoint": 20])
                ),
                as: Self.user
            ) == Self.error("balcony-temperature", "functionNotSupported")
        )
        #expect(
            try fulfillment.execute(
                G.group(["bathroom-humidity"], G.step("SetHumidity", ["humidity": 40])),
                as: Self.user
            ) == Self.error("bathroom-humidity", "functionNotSupported")
        )
        #expect(
            try fulfillment.execute(G.group(["bathroom-humidity"], G.onOff(true)), as: Self.user)
                == Self.error("bathroom-humidity", "functionNotSupported")
        )
    }

    /// A sensor whose reading is unknown (null) leaves the state out rather than inventing one.
    @Test func unknownReadingsAreLeftOut() throws {
        let file = Fixtures.deviceFile(
            #"{"id": "t", "name": "T", "deviceTypes": ["TemperatureSensor"]}"#,
            #"{"id": "h", "name": "H", "deviceTypes": ["HumiditySensor"]}"#
        )
        let fulfillment = try TestFulfillment(devices: file)
        #expect(try fulfillment.query("t") == ["online": true, "status": "SUCCESS", "thermostatMode": "off"])
        #expect(try fulfillment.query("h") == ["online": true, "status": "SUCCESS"])
        #expect(try fulfillment.syncDevice("t")?["attributes"]?["thermostatTemperatureRange"] == nil)
    }
}

/// The climate devices of the 33-device benchmark home (`home-33.json`), copied verbatim.
enum BenchClimate {
    static let devices = [
        #"{"id": "bedroom-ceiling-fan", "name": "Ceiling fan", "room": "Bedroom", "deviceTypes": ["Fan"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Ceiling Fan", "productID": 32800, "serialNumber": "SN-hearth-bedroom-ceiling-fan", "uniqueID": "hearth-bedroom-ceiling-fan", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"FanControl": {"FanMode": 2, "FanModeSequence": 0, "PercentSetting": 66, "PercentCurrent": 66, "SpeedMax": 3, "SpeedSetting": 2, "SpeedCurrent": 2}}}"#,
        #"{"id": "living-room-thermostat", "name": "Thermostat", "room": "Living Room", "deviceTypes": ["Thermostat"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Thermostat", "productID": 32848, "serialNumber": "SN-hearth-living-room-thermostat", "uniqueID": "hearth-living-room-thermostat", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"Thermostat": {"LocalTemperature": 2150, "OccupiedHeatingSetpoint": 2000, "OccupiedCoolingSetpoint": 2600, "SystemMode": 4, "ControlSequenceOfOperation": 4, "AbsMinHeatSetpointLimit": 700, "AbsMaxHeatSetpointLimit": 3000, "AbsMinCoolSetpointLimit": 1600, "AbsMaxCoolSetpointLimit": 3200}}}"#,
        #"{"id": "living-room-temperature", "name": "Living room temperature", "room": "Living Room", "deviceTypes": ["TemperatureSensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Temperature Sensor", "productID": 32864, "serialNumber": "SN-hearth-living-room-temperature", "uniqueID": "hearth-living-room-temperature", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"TemperatureMeasurement": {"MeasuredValue": 2130, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500}}}"#,
        #"{"id": "bedroom-temperature", "name": "Bedroom temperature", "room": "Bedroom", "deviceTypes": ["TemperatureSensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Temperature Sensor", "productID": 32864, "serialNumber": "SN-hearth-bedroom-temperature", "uniqueID": "hearth-bedroom-temperature", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"TemperatureMeasurement": {"MeasuredValue": 1530, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500}}}"#,
        #"{"id": "outdoor-temperature", "name": "Outdoor temperature", "room": "Garden", "deviceTypes": ["TemperatureSensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Temperature Sensor", "productID": 32864, "serialNumber": "SN-hearth-outdoor-temperature", "uniqueID": "hearth-outdoor-temperature", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"TemperatureMeasurement": {"MeasuredValue": 930, "MinMeasuredValue": -4000, "MaxMeasuredValue": 8500}}}"#,
        #"{"id": "living-room-humidity", "name": "Living room humidity", "room": "Living Room", "deviceTypes": ["HumiditySensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Humidity Sensor", "productID": 32880, "serialNumber": "SN-hearth-living-room-humidity", "uniqueID": "hearth-living-room-humidity", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"RelativeHumidityMeasurement": {"MeasuredValue": 4550, "MinMeasuredValue": 0, "MaxMeasuredValue": 10000}}}"#,
        #"{"id": "bathroom-humidity", "name": "Bathroom humidity", "room": "Bathroom", "deviceTypes": ["HumiditySensor"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Humidity Sensor", "productID": 32880, "serialNumber": "SN-hearth-bathroom-humidity", "uniqueID": "hearth-bathroom-humidity", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"RelativeHumidityMeasurement": {"MeasuredValue": 6050, "MinMeasuredValue": 0, "MaxMeasuredValue": 10000}}}"#,
    ]
}
