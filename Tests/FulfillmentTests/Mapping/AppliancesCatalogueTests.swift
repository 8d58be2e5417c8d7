import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// SYNC and QUERY of every device in ``AppliancesCatalogue``, compared whole.
struct AppliancesCatalogueTests {
    static let user = AppliancesCatalogue.user

    static func fulfillment() throws -> TestFulfillment {
        try TestFulfillment(devices: AppliancesCatalogue.deviceFile)
    }

    static let outlet: JSONValue = "action.devices.types.OUTLET"
    static let speaker: JSONValue = "action.devices.types.SPEAKER"
    static let vacuum: JSONValue = "action.devices.types.VACUUM"
    static let washer: JSONValue = "action.devices.types.WASHER"
    static let dishwasher: JSONValue = "action.devices.types.DISHWASHER"
    static let volume: JSONValue = "action.devices.traits.Volume"
    static let startStop: JSONValue = "action.devices.traits.StartStop"
    static let dock: JSONValue = "action.devices.traits.Dock"
    static let runCycle: JSONValue = "action.devices.traits.RunCycle"
    static let energyStorage: JSONValue = "action.devices.traits.EnergyStorage"

    /// Google type, traits (in Hearth's order) and SYNC attributes per device.
    static let expectedSync: [(id: String, type: JSONValue, traits: JSONValue, attributes: JSONValue)] = [
        ("hall-dimmer-plug", outlet, [Fixtures.onOff, Fixtures.brightness], [:]),
        ("living-room-speaker", speaker, [volume], ["volumeMaxLevel": 100, "volumeCanMuteAndUnmute": true]),
        (
            "patio-speaker", speaker, [volume, energyStorage],
            [
                "volumeMaxLevel": 100, "volumeCanMuteAndUnmute": true, "queryOnlyEnergyStorage": true,
                "isRechargeable": true,
            ]
        ),
        (
            "robot-vacuum", vacuum, [startStop, dock, energyStorage],
            ["pausable": true, "queryOnlyEnergyStorage": true, "isRechargeable": true]
        ),
        ("laundry-washer", washer, [Fixtures.onOff, startStop, runCycle], ["pausable": true]),
        ("kitchen-dishwasher", dishwasher, [Fixtures.onOff, startStop, runCycle], ["pausable": true]),
    ]

    @Test(arguments: expectedSync.indices)
    func syncTypeTraitsAndAttributes(_ index: Int) throws {
        let expected = Self.expectedSync[index]
        let device = try #require(try Self.fulfillment().syncDevice(expected.id, as: Self.user))
        #expect(device["type"] == expected.type)
        #expect(device["traits"] == expected.traits)
        #expect(device["attributes"] == expected.attributes)
    }

    @Test func syncCarriesMatterIdentity() throws {
        let device = try #require(try Self.fulfillment().syncDevice("robot-vacuum", as: Self.user))
        #expect(device["matterUniqueId"] == "acme-sweeper-s7-1234")
        #expect(device["matterOriginalVendorId"] == "0xfff3")
        #expect(device["matterOriginalProductId"] == "0x1004")
        #expect(device["roomHint"] == "Living Room")
        #expect(device["deviceInfo"]?["model"] == "Sweeper S7")
    }

    @Test func syncListsEveryCatalogueDevice() throws {
        let devices = try Self.fulfillment().sync(as: Self.user).body["payload"]?["devices"]?.arrayValue ?? []
        #expect(devices.compactMap { $0["id"]?.stringValue } == Self.expectedSync.map(\.id))
    }

    static let expectedQuery: [(id: String, states: JSONValue)] = [
        ("hall-dimmer-plug", ["online": true, "status": "SUCCESS", "on": true, "brightness": 71]),
        ("living-room-speaker", ["online": true, "status": "SUCCESS", "currentVolume": 40, "isMuted": false]),
        (
            "patio-speaker",
            [
                "online": true, "status": "SUCCESS", "currentVolume": 25, "isMuted": true,
                "descriptiveCapacityRemaining": "LOW", "capacityRemaining": [["rawValue": 15, "unit": "PERCENTAGE"]],
                "isCharging": false, "isPluggedIn": false, "exceptionCode": "lowBattery",
            ]
        ),
        (
            "robot-vacuum",
            [
                "online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false, "isDocked": true,
                "descriptiveCapacityRemaining": "HIGH", "capacityRemaining": [["rawValue": 65, "unit": "PERCENTAGE"]],
                "isCharging": true, "isPluggedIn": true,
            ]
        ),
        (
            "laundry-washer",
            [
                "online": true, "status": "SUCCESS", "on": true, "isRunning": true, "isPaused": false,
                "currentRunCycle": [["currentCycle": "rinse", "nextCycle": "spin", "lang": "en"]],
                "currentTotalRemainingTime": 1500, "currentCycleRemainingTime": 750,
            ]
        ),
        (
            "kitchen-dishwasher",
            [
                "online": true, "status": "SUCCESS", "on": true, "isRunning": false, "isPaused": false,
                "currentRunCycle": [], "currentTotalRemainingTime": 0, "currentCycleRemainingTime": 0,
            ]
        ),
    ]

    /// The dimmable plug's brightness follows the validation mode like a light's.
    @Test func dimmablePlugBrightnessStrictAndLenient() throws {
        let step = GoogleRequest.brightnessAbsolute(150)
        let strict = try Self.fulfillment()
        #expect(
            try strict.execute(GoogleRequest.group(["hall-dimmer-plug"], step), as: Self.user)
                == [["ids": ["hall-dimmer-plug"], "status": "ERROR", "errorCode": "valueOutOfRange"]]
        )
        let lenient = try TestFulfillment(
            devices: AppliancesCatalogue.deviceFile,
            options: FulfillmentOptions(validationMode: .lenient)
        )
        #expect(
            try lenient.execute(GoogleRequest.group(["hall-dimmer-plug"], step), as: Self.user)
                == [["ids": ["hall-dimmer-plug"], "status": "SUCCESS", "states": ["brightness": 100, "online": true]]]
        )
    }

    @Test(arguments: expectedQuery.indices)
    func queryStates(_ index: Int) throws {
        let expected = Self.expectedQuery[index]
        #expect(try Self.fulfillment().query(expected.id, as: Self.user) == expected.states)
    }
}
