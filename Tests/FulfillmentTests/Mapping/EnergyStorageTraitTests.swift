import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// EnergyStorage from a Power Source on any device type, and Google's `lowBattery` exception in QUERY and EXECUTE.
struct EnergyStorageTraitTests {
    typealias G = GoogleRequest

    /// An On/Off Light (any type will do: Power Source is allowed everywhere) with the given Power Source members.
    static func fulfillment(_ powerSource: String, type: String = "OnOffLight") throws -> TestFulfillment {
        try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "lamp", "name": "Lamp", "deviceTypes": ["\#(type)"],
                 "clusters": {"PowerSource": {\#(powerSource)}}}
                """#
            )
        )
    }

    @Test func powerSourceAddsEnergyStorageToAnyType() throws {
        let fulfillment = try Self.fulfillment(#""BatPercentRemaining": 200, "BatReplaceability": 2"#)
        let device = try #require(try fulfillment.syncDevice("lamp"))
        #expect(device["type"] == Fixtures.light)
        #expect(device["traits"] == [Fixtures.onOff, "action.devices.traits.EnergyStorage"])
        #expect(device["attributes"] == ["queryOnlyEnergyStorage": true, "isRechargeable": false])
    }

    /// On a composed device the Power Source's endpoint backs EnergyStorage; its low battery speaks for the device.
    @Test func powerSourceOnASecondEndpoint() throws {
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"""
                {"id": "combo", "name": "Speaker lamp", "endpoints": [
                  {"deviceType": "Speaker", "clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 127}}},
                  {"deviceTypes": ["DimmableLight"], "clusters": {"PowerSource": {"BatPercentRemaining": 10}}}]}
                """#
            )
        )
        let device = try #require(try fulfillment.syncDevice("combo"))
        #expect(
            device["traits"] == [
                Fixtures.onOff, Fixtures.brightness, "action.devices.traits.Volume",
                "action.devices.traits.EnergyStorage",
            ]
        )
        let states = try #require(try fulfillment.query("combo"))
        #expect(states["descriptiveCapacityRemaining"] == "CRITICALLY_LOW")
        #expect(states["exceptionCode"] == "lowBattery")
        #expect(states["status"] == "SUCCESS")
        #expect(states["currentVolume"] == 50)
        let results = try fulfillment.execute(G.group(["combo"], G.step("setVolume", ["volumeLevel": 20])))
        #expect(
            results == [
                [
                    "ids": ["combo"], "status": "SUCCESS",
                    "states": ["currentVolume": 20, "isMuted": false, "exceptionCode": "lowBattery", "online": true],
                ]
            ]
        )
    }

    /// A primary cell reports no charging states: Google's `isRechargeable` false says there are none.
    @Test func nonRechargeableReportsNoChargingStates() throws {
        let fulfillment = try Self.fulfillment(#""BatPercentRemaining": 100, "BatReplaceability": 2"#)
        #expect(
            try fulfillment.query("lamp")
                == [
                    "online": true, "status": "SUCCESS", "on": false, "descriptiveCapacityRemaining": "MEDIUM",
                    "capacityRemaining": [["rawValue": 50, "unit": "PERCENTAGE"]],
                ]
        )
    }

    /// A device without Power Source has no EnergyStorage and no exception.
    @Test func noPowerSourceNoEnergyStorage() throws {
        let fulfillment = try TestFulfillment()
        #expect(try fulfillment.syncDevice("hall")?["traits"] == [Fixtures.onOff])
        #expect(try fulfillment.query("hall") == ["online": true, "status": "SUCCESS", "on": true])
    }

    struct Battery: Sendable, CustomTestStringConvertible {
        var members: String
        var capacity: String
        var percent: Int?
        var charging: Bool = false
        var pluggedIn: Bool = false
        var testDescription: String { members }
    }

    static let batteries: [Battery] = [
        Battery(
            members: #""BatPercentRemaining": 200, "BatChargeState": 2"#,
            capacity: "FULL",
            percent: 100,
            pluggedIn: true
        ),
        Battery(members: #""BatPercentRemaining": 199"#, capacity: "HIGH", percent: 99),
        Battery(
            members: #""BatPercentRemaining": 120, "BatChargeState": 1"#,
            capacity: "HIGH",
            percent: 60,
            charging: true,
            pluggedIn: true
        ),
        Battery(members: #""BatPercentRemaining": 119, "BatChargeState": 3"#, capacity: "MEDIUM", percent: 59),
        Battery(members: #""BatPercentRemaining": 40"#, capacity: "MEDIUM", percent: 20),
        Battery(members: #""BatPercentRemaining": 39"#, capacity: "LOW", percent: 19),
        Battery(members: #""BatPercentRemaining": 19"#, capacity: "CRITICALLY_LOW", percent: 9),
        Battery(members: #""BatPercentRemaining": 160, "BatChargeLevel": 1"#, capacity: "LOW", percent: 80),
        Battery(members: #""BatPercentRemaining": 160, "BatChargeLevel": 2"#, capacity: "CRITICALLY_LOW", percent: 80),
        Battery(members: #""BatPercentRemaining": null"#, capacity: "MEDIUM", percent: nil),
        Battery(
            members: #""BatPercentRemaining": null, "BatChargeState": 2"#,
            capacity: "FULL",
            percent: nil,
            pluggedIn: true
        ),
        Battery(members: #""BatPercentRemaining": null, "BatChargeLevel": 1"#, capacity: "LOW", percent: nil),
    ]

    @Test(arguments: batteries)
    func queryStates(_ battery: Battery) throws {
        let fulfillment = try Self.fulfillment(battery.members)
        var expected: JSONValue = [
            "online": true, "status": "SUCCESS", "on": false,
            "descriptiveCapacityRemaining": .string(battery.capacity),
            "isCharging": .bool(battery.charging), "isPluggedIn": .bool(battery.pluggedIn),
        ]
        if var object = expected.objectValue {
            if let percent = battery.percent {
                object["capacityRemaining"] = [["rawValue": .int(percent), "unit": "PERCENTAGE"]]
            }
            if battery.capacity == "LOW" || battery.capacity == "CRITICALLY_LOW" {
                // The query worked; the battery is an alert beside the state, as in Google's EXECUTE example.
                object["exceptionCode"] = "lowBattery"
            }
            expected = .object(object)
        }
        #expect(try fulfillment.query("lamp") == expected)
    }

    /// A command that works on a device with a low battery answers SUCCESS, carrying the exception in its states
    /// (Google's error-handling guide, "Example 2: Non-blocking exception for EXECUTE intent").
    @Test func executeOnLowBatteryAnswersSuccessWithTheExceptionInItsStates() throws {
        let fulfillment = try Self.fulfillment(#""BatChargeLevel": 2"#)
        let results = try fulfillment.execute(G.group(["lamp"], G.onOff(true)))
        #expect(
            results == [
                [
                    "ids": ["lamp"], "status": "SUCCESS",
                    "states": ["on": true, "exceptionCode": "lowBattery", "online": true],
                ]
            ]
        )
    }

    /// The catalogue's battery speaker: muting works, and Google hears about the battery.
    @Test func catalogueSpeakerMutesWithLowBattery() throws {
        let fulfillment = try TestFulfillment(devices: AppliancesCatalogue.deviceFile)
        let results = try fulfillment.execute(
            G.group(["patio-speaker"], G.step("mute", ["mute": false])),
            as: AppliancesCatalogue.user
        )
        #expect(
            results == [
                [
                    "ids": ["patio-speaker"], "status": "SUCCESS",
                    "states": ["currentVolume": 25, "isMuted": false, "exceptionCode": "lowBattery", "online": true],
                ]
            ]
        )
    }

    @Test func executeOnAHealthyBatteryHasNoException() throws {
        let fulfillment = try Self.fulfillment(#""BatPercentRemaining": 180"#)
        let results = try fulfillment.execute(G.group(["lamp"], G.onOff(true)))
        #expect(results == [["ids": ["lamp"], "status": "SUCCESS", "states": ["on": true, "online": true]]])
    }

    /// Failing commands stay ERROR: the exception only rides on success.
    @Test func failedCommandOnLowBatteryIsAnError() throws {
        let fulfillment = try Self.fulfillment(#""BatChargeLevel": 1"#)
        let results = try fulfillment.execute(G.group(["lamp"], G.brightnessAbsolute(10)))
        #expect(results == [["ids": ["lamp"], "status": "ERROR", "errorCode": "functionNotSupported"]])
    }

    @Test func chargeIsNotSupported() throws {
        let fulfillment = try Self.fulfillment(#""BatChargeLevel": 0"#)
        let results = try fulfillment.execute(G.group(["lamp"], G.step("Charge", ["charge": true])))
        #expect(results == [["ids": ["lamp"], "status": "ERROR", "errorCode": "functionNotSupported"]])
    }

    /// An offline device with a low battery is offline, nothing more.
    @Test func offlineLowBatteryIsOffline() throws {
        let fulfillment = try TestFulfillment(
            devices: Fixtures.deviceFile(
                #"{"id": "lamp", "name": "Lamp", "deviceTypes": ["OnOffLight"], "online": false, "clusters": {"PowerSource": {"BatChargeLevel": 2}}}"#
            )
        )
        #expect(try fulfillment.query("lamp") == ["online": false, "status": "ERROR", "errorCode": "deviceOffline"])
    }
}
