import Fulfillment
import JSON
import SmartHomeProtocol
import Testing

/// SYNC and QUERY for the access family (window coverings, locks, contact, occupancy, leak and smoke/CO
/// sensors), over ``AccessCatalogue`` and the bench home's own devices.
struct AccessMappingTests {
    static let user = AccessCatalogue.user

    static let startStop: JSONValue = "action.devices.traits.StartStop"
    static let openClose: JSONValue = "action.devices.traits.OpenClose"
    static let lockUnlock: JSONValue = "action.devices.traits.LockUnlock"
    static let occupancySensing: JSONValue = "action.devices.traits.OccupancySensing"
    static let sensorState: JSONValue = "action.devices.traits.SensorState"

    static let waterLeak: JSONValue = [
        "name": "WaterLeak", "descriptiveCapabilities": ["availableStates": ["leak", "no leak"]],
    ]
    static let smokeLevel: JSONValue = [
        "name": "SmokeLevel",
        "descriptiveCapabilities": ["availableStates": ["smoke detected", "high", "no smoke detected"]],
    ]
    static let carbonMonoxideLevel: JSONValue = [
        "name": "CarbonMonoxideLevel",
        "descriptiveCapabilities": [
            "availableStates": ["carbon monoxide detected", "high", "no carbon monoxide detected"]
        ],
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var type: String
        var traits: JSONValue
        var attributes: JSONValue
        var state: JSONValue

        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "living-room-blinds",
            type: "BLINDS",
            traits: [startStop, openClose],
            attributes: ["pausable": false],
            state: ["openPercent": 75, "isRunning": false, "isPaused": false]
        ),
        Case(
            id: "bedroom-curtains",
            type: "CURTAIN",
            traits: [startStop, openClose],
            attributes: ["pausable": false],
            state: ["openPercent": 0, "isRunning": false, "isPaused": false]
        ),
        Case(
            id: "patio-awning",
            type: "AWNING",
            traits: [startStop, openClose],
            attributes: ["pausable": false],
            state: ["openPercent": 40, "targetOpenPercent": 100, "isRunning": true, "isPaused": false]
        ),
        Case(
            id: "kitchen-shutters",
            type: "SHUTTER",
            traits: [startStop, openClose],
            attributes: ["pausable": false],
            state: ["openPercent": 100, "isRunning": false, "isPaused": false]
        ),
        Case(
            id: "front-door",
            type: "LOCK",
            traits: [lockUnlock],
            attributes: [:],
            state: ["isLocked": true, "isJammed": false]
        ),
        Case(
            id: "back-door",
            type: "LOCK",
            traits: [lockUnlock],
            attributes: [:],
            state: ["isLocked": false, "isJammed": false]
        ),
        Case(
            id: "hall-window-contact",
            type: "SENSOR",
            traits: [openClose],
            attributes: ["discreteOnlyOpenClose": true, "queryOnlyOpenClose": true],
            state: ["openPercent": 0]
        ),
        Case(
            id: "hallway-motion",
            type: "SENSOR",
            traits: [occupancySensing],
            attributes: ["occupancySensorConfiguration": [["occupancySensorType": "PIR"]]],
            state: ["occupancy": "OCCUPIED"]
        ),
        Case(
            id: "office-presence",
            type: "SENSOR",
            traits: [occupancySensing],
            attributes: [
                "occupancySensorConfiguration": [["occupancySensorType": "PIR"], ["occupancySensorType": "ULTRASONIC"]]
            ],
            state: ["occupancy": "UNOCCUPIED"]
        ),
        Case(
            id: "kitchen-leak",
            type: "SENSOR",
            traits: [sensorState],
            attributes: ["sensorStatesSupported": [waterLeak]],
            state: ["currentSensorStateData": [["name": "WaterLeak", "currentSensorState": "no leak"]]]
        ),
        Case(
            id: "hallway-smoke-co",
            type: "SMOKE_DETECTOR",
            traits: [sensorState],
            attributes: ["sensorStatesSupported": [smokeLevel, carbonMonoxideLevel]],
            state: [
                "currentSensorStateData": [
                    ["name": "SmokeLevel", "currentSensorState": "no smoke detected"],
                    ["name": "CarbonMonoxideLevel", "currentSensorState": "no carbon monoxide detected"],
                ]
            ]
        ),
        Case(
            id: "attic-smoke",
            type: "SMOKE_DETECTOR",
            traits: [sensorState],
            attributes: ["sensorStatesSupported": [smokeLevel]],
            state: ["currentSensorStateData": [["name": "SmokeLevel", "currentSensorState": "smoke detected"]]]
        ),
        Case(
            id: "boiler-room-co",
            type: "CARBON_MONOXIDE_DETECTOR",
            traits: [sensorState],
            attributes: ["sensorStatesSupported": [carbonMonoxideLevel]],
            state: ["currentSensorStateData": [["name": "CarbonMonoxideLevel", "currentSensorState": "high"]]]
        ),
    ]

    @Test(arguments: cases)
    func syncTypeTraitsAndAttributes(_ expected: Case) throws {
        let fulfillment = try TestFulfillment(devices: AccessCatalogue.deviceFile)
        let device = try #require(try fulfillment.syncDevice(expected.id, as: Self.user))
        #expect(device["type"] == .string("action.devices.types.\(expected.type)"))
        #expect(device["traits"] == expected.traits)
        #expect(device["attributes"] == expected.attributes)
    }

    @Test(arguments: cases)
    func queryStates(_ expected: Case) throws {
        let fulfillment = try TestFulfillment(devices: AccessCatalogue.deviceFile)
        var state = try #require(expected.state.objectValue)
        state["online"] = true
        state["status"] = "SUCCESS"
        #expect(try fulfillment.query(expected.id, as: Self.user) == .object(state))
    }

    @Test func catalogueHasEveryFamilyTypeAndMatterIdentity() throws {
        let fulfillment = try TestFulfillment(devices: AccessCatalogue.deviceFile)
        let devices = try fulfillment.sync(as: Self.user).body["payload"]?["devices"]?.arrayValue ?? []
        #expect(devices.count == Self.cases.count)
        for device in devices {
            #expect(device["matterOriginalVendorId"] == "0xfff1", "\(device["id"] ?? nil)")
            #expect(device["matterUniqueId"]?.stringValue?.isEmpty == false, "\(device["id"] ?? nil)")
            #expect(device["matterOriginalProductId"]?.stringValue?.hasPrefix("0x") == true)
        }
        let front = try #require(devices.first { $0["id"] == "front-door" })
        #expect(front["matterOriginalProductId"] == "0x8040")
        #expect(
            front["deviceInfo"] == [
                "manufacturer": "Acme Locks", "model": "Smart Deadbolt", "hwVersion": "1.0", "swVersion": "3.0.1",
            ]
        )
    }

    // MARK: - Window covering type

    struct CoveringType: Sendable, CustomTestStringConvertible {
        var matterType: Int
        var google: String

        var testDescription: String { "Type \(matterType) → \(google)" }
    }

    @Test(arguments: [
        CoveringType(matterType: 0, google: "BLINDS"),
        CoveringType(matterType: 1, google: "BLINDS"),
        CoveringType(matterType: 2, google: "BLINDS"),
        CoveringType(matterType: 3, google: "BLINDS"),
        CoveringType(matterType: 4, google: "CURTAIN"),
        CoveringType(matterType: 5, google: "AWNING"),
        CoveringType(matterType: 6, google: "SHUTTER"),
        CoveringType(matterType: 8, google: "BLINDS"),
        CoveringType(matterType: 9, google: "BLINDS"),
        CoveringType(matterType: 255, google: "BLINDS"),
    ])
    func windowCoveringTypeDecidesGoogleType(_ expected: CoveringType) throws {
        let file = Fixtures.deviceFile(
            #"{"id": "w", "name": "W", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"Type": \#(expected.matterType)}}}"#
        )
        let device = try #require(try TestFulfillment(devices: file).syncDevice("w"))
        #expect(device["type"] == .string("action.devices.types.\(expected.google)"))
    }

    // MARK: - Edge states

    @Test func lockStates() throws {
        let file = Fixtures.deviceFile(
            #"{"id": "jammed", "challenge": "ack", "name": "J", "deviceTypes": ["DoorLock"], "clusters": {"DoorLock": {"LockState": 0}}}"#,
            #"{"id": "unknown", "challenge": "ack", "name": "U", "deviceTypes": ["DoorLock"], "clusters": {"DoorLock": {"LockState": null}}}"#,
            #"{"id": "unlatched", "challenge": "ack", "name": "L", "deviceTypes": ["DoorLock"], "clusters": {"DoorLock": {"LockState": 3}}}"#
        )
        let fulfillment = try TestFulfillment(devices: file)
        #expect(
            try fulfillment.query("jammed") == [
                "online": true, "status": "SUCCESS", "isLocked": false, "isJammed": true,
            ]
        )
        #expect(try fulfillment.query("unknown") == ["online": true, "status": "SUCCESS", "isJammed": false])
        #expect(
            try fulfillment.query("unlatched")
                == ["online": true, "status": "SUCCESS", "isLocked": false, "isJammed": false]
        )
    }

    @Test func coveringWithUnknownPositionReportsNoOpenPercent() throws {
        let file = Fixtures.deviceFile(
            #"{"id": "w", "name": "W", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"CurrentPositionLiftPercent100ths": null}}}"#
        )
        #expect(
            try TestFulfillment(devices: file).query("w")
                == ["online": true, "status": "SUCCESS", "isRunning": false, "isPaused": false]
        )
    }

    @Test func sensorStatesFollowTheirAttributes() throws {
        let file = Fixtures.deviceFile(
            #"{"id": "leak", "name": "L", "deviceTypes": ["WaterLeakDetector"], "clusters": {"BooleanState": {"StateValue": true}}}"#,
            #"{"id": "open", "name": "O", "deviceTypes": ["ContactSensor"], "clusters": {"BooleanState": {"StateValue": false}}}"#,
            #"{"id": "alarm", "name": "A", "deviceTypes": ["SmokeCOAlarm"], "clusters": {"SmokeCOAlarm": {"SmokeState": 2, "COState": 1}}}"#
        )
        let fulfillment = try TestFulfillment(devices: file)
        #expect(
            try fulfillment.query("leak")?["currentSensorStateData"]
                == [["name": "WaterLeak", "currentSensorState": "leak"]]
        )
        #expect(try fulfillment.query("open")?["openPercent"] == 100)
        #expect(
            try fulfillment.query("alarm")?["currentSensorStateData"]
                == [
                    ["name": "SmokeLevel", "currentSensorState": "high"],
                    ["name": "CarbonMonoxideLevel", "currentSensorState": "carbon monoxide detected"],
                ]
        )
    }

    // MARK: - Bench home

    /// The bench home's window covering and door lock (the 33-device benchmark home, `home-33.json`), verbatim.
    static let benchHome = Fixtures.deviceFile(
        user: "bench-user",
        """
        {"id": "living-room-blinds", "name": "Blinds", "room": "Living Room", "deviceTypes": ["WindowCovering"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Roller Blind", "productID": 32816, "serialNumber": "SN-hearth-living-room-blinds", "uniqueID": "hearth-living-room-blinds", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"WindowCovering": {"Type": 0, "CurrentPositionLiftPercent100ths": 2500, "TargetPositionLiftPercent100ths": 2500, "OperationalStatus": 0}}}
        """,
        """
        {"id": "front-door", "name": "Front door", "room": "Hallway", "deviceTypes": ["DoorLock"], "challenge": "ack", "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Smart Lock", "productID": 32832, "serialNumber": "SN-hearth-front-door", "uniqueID": "hearth-front-door", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"DoorLock": {"LockState": 1, "LockType": 0, "ActuatorEnabled": true}}}
        """
    )

    @Test func benchBlindsSyncAndQuery() throws {
        let fulfillment = try TestFulfillment(devices: Self.benchHome)
        let device = try #require(try fulfillment.syncDevice("living-room-blinds", as: "bench-user"))
        #expect(device["type"] == "action.devices.types.BLINDS")
        #expect(device["traits"] == [Self.startStop, Self.openClose])
        #expect(device["attributes"] == ["pausable": false])
        #expect(device["roomHint"] == "Living Room")
        #expect(device["matterUniqueId"] == "hearth-living-room-blinds")
        #expect(device["matterOriginalVendorId"] == "0xfff1")
        #expect(device["matterOriginalProductId"] == "0x8030")
        #expect(
            try fulfillment.query("living-room-blinds", as: "bench-user")
                == ["online": true, "status": "SUCCESS", "openPercent": 75, "isRunning": false, "isPaused": false]
        )
    }

    @Test func benchLockSyncAndQuery() throws {
        let fulfillment = try TestFulfillment(devices: Self.benchHome)
        let device = try #require(try fulfillment.syncDevice("front-door", as: "bench-user"))
        #expect(device["type"] == "action.devices.types.LOCK")
        #expect(device["traits"] == [Self.lockUnlock])
        #expect(device["attributes"] == [:])
        #expect(device["matterOriginalProductId"] == "0x8040")
        #expect(
            try fulfillment.query("front-door", as: "bench-user")
                == ["online": true, "status": "SUCCESS", "isLocked": true, "isJammed": false]
        )
    }
}
