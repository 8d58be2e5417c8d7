import JSON
import MatterModel
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// Google `Toggles` from Water Heater Management's boost, through SYNC attributes, QUERY and EXECUTE.
struct TogglesTraitTests {
    typealias G = GoogleRequest

    /// A water heater (Thermostat, Water Heater Management, Water Heater Mode) with boost `boost`.
    static func heater(boost: Int = 0, mode: ValidationMode = .strict) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "heater", "name": "Water heater", "deviceTypes": ["WaterHeater"],
                 "clusters": {"Thermostat": {},
                   "WaterHeaterManagement": {"BoostState": \#(boost)},
                   "WaterHeaterMode": {"CurrentMode": 1, "SupportedModes": [
                     {"Label": "Off", "Mode": 0, "ModeTags": [{"Value": 16384}]},
                     {"Label": "Manual", "Mode": 1, "ModeTags": [{"Value": 16385}]},
                     {"Label": "Timed", "Mode": 2, "ModeTags": [{"Value": 16386}]}]}}}
                """#
            ),
            options: FulfillmentOptions(validationMode: mode)
        )
    }

    static func setToggles(_ settings: JSONValue) -> JSONValue {
        G.step("SetToggles", ["updateToggleSettings": settings])
    }

    static func endpoint(of fulfillment: TestFulfillment) throws -> Endpoint {
        try #require(try fulfillment.storedDevice("heater")).endpoints[0]
    }

    /// The heater's traits include Modes (its Water Heater Mode) and Toggles (boost). SYNC leaves a water heater
    /// out until its TemperatureControl trait is written, so the attributes are read from the mappings.
    @Test func heaterBringsBoostAndItsModes() throws {
        let fulfillment = try Self.heater()
        let endpoint = try Self.endpoint(of: fulfillment)
        let traits = DeviceTypeMapping.clusterTraits(for: endpoint)
        #expect(traits.contains(.toggles) && traits.contains(.modes))
        var attributes = JSONObject()
        TogglesTrait.attributes(of: endpoint, into: &attributes)
        #expect(
            attributes
                == JSONObject([
                    (
                        "availableToggles",
                        [
                            [
                                "name": "boost",
                                "name_values": [["name_synonym": ["boost", "hot water boost"], "lang": "en"]],
                            ]
                        ]
                    )
                ])
        )
        var modes = JSONObject()
        ModesTrait.attributes(of: endpoint, into: &modes)
        #expect(modes["availableModes"]?.arrayValue?.first?["name"] == "water heater mode")
        #expect(
            SyncValidator.violations(
                in: JSONObject([
                    ("id", "heater"), ("type", "action.devices.types.WATERHEATER"),
                    ("traits", ["action.devices.traits.Toggles", "action.devices.traits.Modes"]),
                    ("name", ["name": "Water heater"]), ("willReportState", false),
                    ("attributes", .object(JSONObject(Array(attributes) + Array(modes)))),
                ])
            ) == []
        )
    }

    @Test func boostOnAndOff() throws {
        let fulfillment = try Self.heater()
        let states = try #require(try fulfillment.query("heater"))
        #expect(states["currentToggleSettings"] == ["boost": false])
        #expect(states["currentModeSettings"] == ["water heater mode": "mode-1"])
        let on = try fulfillment.execute(G.group(["heater"], Self.setToggles(["boost": true])))
        #expect(on.first?["status"] == "SUCCESS")
        #expect(on.first?["states"]?["currentToggleSettings"] == ["boost": true])
        #expect(try Self.endpoint(of: fulfillment).cluster(.WaterHeaterManagement).int("BoostState") == 1)
        let off = try fulfillment.execute(G.group(["heater"], Self.setToggles(["boost": false])))
        #expect(off.first?["states"]?["currentToggleSettings"] == ["boost": false])
        #expect(try Self.endpoint(of: fulfillment).cluster(.WaterHeaterManagement).int("BoostState") == 0)
    }

    static let refusals: [(String, JSONValue)] = [
        ("an unknown toggle", ["sterilization": true]),
        ("a value that is not a boolean", ["boost": "on"]),
        ("a known and an unknown toggle", ["boost": true, "sterilization": true]),
        ("not an object", "boost"),
    ]

    @Test(arguments: refusals)
    func strictRefusesWhatTheDeviceDoesNotOffer(_ name: String, _ settings: JSONValue) throws {
        let fulfillment = try Self.heater()
        let results = try fulfillment.execute(G.group(["heater"], Self.setToggles(settings)))
        #expect(results == [["ids": ["heater"], "status": "ERROR", "errorCode": "notSupported"]], "\(name)")
        #expect(try Self.endpoint(of: fulfillment).cluster(.WaterHeaterManagement).int("BoostState") == 0)
    }

    @Test func lenientAppliesTheKnownEntries() throws {
        let fulfillment = try Self.heater(mode: .lenient)
        let mixed = try fulfillment.execute(
            G.group(["heater"], Self.setToggles(["boost": true, "sterilization": true]))
        )
        #expect(mixed.first?["states"]?["currentToggleSettings"] == ["boost": true])
        let none = try fulfillment.execute(G.group(["heater"], Self.setToggles(["sterilization": true])))
        #expect(none == [["ids": ["heater"], "status": "ERROR", "errorCode": "notSupported"]])
    }

    /// Boost is Matter's `Boost` command with a duration (mandatory, at least 1 s); off is `CancelBoost`.
    @Test func boostIsDescribedAsMattersCommands() throws {
        let before = try Self.endpoint(of: try Self.heater())
        var after = before
        after.clusters[.WaterHeaterManagement]?["BoostState"] = .int(1)
        let on = MatterCommandDescription.describe(
            .setToggles,
            params: JSONObject([("updateToggleSettings", ["boost": true])]),
            before: before,
            after: after
        )
        #expect(on.map(\.command) == ["WaterHeaterManagement.Boost"])
        #expect(on.first?.arguments["BoostInfo"] == ["Duration": 3600])
        #expect(on.first?.changed["WaterHeaterManagement"]?["BoostState"] == 1)
        let off = MatterCommandDescription.describe(
            .setToggles,
            params: JSONObject([("updateToggleSettings", ["boost": false])]),
            before: after,
            after: before
        )
        #expect(off.map(\.command) == ["WaterHeaterManagement.CancelBoost"])
        #expect(off.first?.arguments == JSONObject())
    }
}

/// Google `Toggles` from Fan Control's Rocking and Wind features: one toggle per supported bit.
struct FanTogglesTests {
    typealias G = GoogleRequest

    static func fan(_ fanControl: String) throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "fan", "name": "Fan", "deviceTypes": ["Fan"], "clusters": {"FanControl": {\#(fanControl)}}}"#
            )
        )
    }

    @Test func rockAndWindBitsAreToggles() throws {
        let fulfillment = try Self.fan(#""RockSupport": 5, "RockSetting": 1, "WindSupport": 2"#)
        let device = try #require(try fulfillment.syncDevice("fan"))
        #expect(device["traits"]?.arrayValue?.contains("action.devices.traits.Toggles") == true)
        #expect(
            device["attributes"]?["availableToggles"]
                == [
                    [
                        "name": "rock-left-right",
                        "name_values": [
                            [
                                "name_synonym": ["side to side rocking", "left right rocking", "oscillation"],
                                "lang": "en",
                            ]
                        ],
                    ],
                    [
                        "name": "rock-round",
                        "name_values": [["name_synonym": ["round rocking", "circular rocking"], "lang": "en"]],
                    ],
                    [
                        "name": "natural-wind",
                        "name_values": [["name_synonym": ["natural wind", "natural breeze"], "lang": "en"]],
                    ],
                ]
        )
        #expect(
            try fulfillment.query("fan")?["currentToggleSettings"]
                == ["rock-left-right": true, "rock-round": false, "natural-wind": false]
        )
        let results = try fulfillment.execute(
            G.group(
                ["fan"],
                G.step(
                    "SetToggles",
                    ["updateToggleSettings": ["rock-left-right": false, "rock-round": true, "natural-wind": true]]
                )
            )
        )
        #expect(
            results.first?["states"]?["currentToggleSettings"]
                == ["rock-left-right": false, "rock-round": true, "natural-wind": true]
        )
        let fan = try #require(try fulfillment.storedDevice("fan")).endpoints[0].cluster(.FanControl)
        #expect(fan.int("RockSetting") == 4)
        #expect(fan.int("WindSetting") == 2)
    }

    /// An unsupported bit is not a toggle: asking for it is `notSupported`.
    @Test func anUnsupportedBitIsNotSupported() throws {
        let fulfillment = try Self.fan(#""RockSupport": 1"#)
        let results = try fulfillment.execute(
            G.group(["fan"], G.step("SetToggles", ["updateToggleSettings": ["rock-up-down": true]]))
        )
        #expect(results == [["ids": ["fan"], "status": "ERROR", "errorCode": "notSupported"]])
    }

    /// A fan without the features keeps its SYNC: no Toggles trait, no toggle attributes.
    @Test func aPlainFanHasNoToggles() throws {
        let fulfillment = try Self.fan(#""FanMode": 1"#)
        let device = try #require(try fulfillment.syncDevice("fan"))
        #expect(device["traits"] == ["action.devices.traits.OnOff", "action.devices.traits.FanSpeed"])
        #expect(device["attributes"]?["availableToggles"] == nil)
        #expect(try fulfillment.query("fan")?["currentToggleSettings"] == nil)
    }

    /// Rock and wind changes are Fan Control attribute writes, one per attribute with the resulting bits.
    @Test func rockAndWindAreDescribedAsWrites() throws {
        let before = try #require(
            try Self.fan(#""RockSupport": 7, "WindSupport": 3"#).storedDevice("fan")
        ).endpoints[0]
        var after = before
        after.clusters[.FanControl]?["RockSetting"] = .int(3)
        after.clusters[.FanControl]?["WindSetting"] = .int(1)
        let descriptions = MatterCommandDescription.describe(
            .setToggles,
            params: JSONObject([
                ("updateToggleSettings", ["rock-left-right": true, "rock-up-down": true, "sleep-wind": true])
            ]),
            before: before,
            after: after
        )
        #expect(descriptions.map(\.command) == ["FanControl.Write"])
        #expect(descriptions.first?.arguments == JSONObject([("RockSetting", 3), ("WindSetting", 1)]))
    }
}
