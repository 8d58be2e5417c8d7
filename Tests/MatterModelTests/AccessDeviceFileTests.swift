import Testing

@testable import MatterModel

/// Import of the access family (Window Covering, Door Lock, Contact Sensor, Occupancy Sensor, Water Leak Detector,
/// Smoke CO Alarm): good values, defaults, and the refusals in ``RefusalCase/access``.
struct AccessDeviceFileTests {
    /// The bench home's window covering (the 33-device benchmark home, `home-33.json`), verbatim.
    static let benchBlinds = """
        {"id": "living-room-blinds", "name": "Blinds", "room": "Living Room", "deviceTypes": ["WindowCovering"], "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Roller Blind", "productID": 32816, "serialNumber": "SN-hearth-living-room-blinds", "uniqueID": "hearth-living-room-blinds", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"WindowCovering": {"Type": 0, "CurrentPositionLiftPercent100ths": 2500, "TargetPositionLiftPercent100ths": 2500, "OperationalStatus": 0}}}
        """

    /// The bench home's door lock, verbatim but for the `"challenge"` every DoorLock now needs (the verbatim one is
    /// refused: ``ChallengeDeviceFileTests``).
    static let benchLock = """
        {"id": "front-door", "name": "Front door", "room": "Hallway", "deviceTypes": ["DoorLock"], "challenge": "ack", "basicInformation": {"vendorName": "Hearth Test Vendor", "vendorID": 65521, "productName": "Smart Lock", "productID": 32832, "serialNumber": "SN-hearth-front-door", "uniqueID": "hearth-front-door", "hardwareVersionString": "1.0", "softwareVersionString": "1.4.2"}, "online": true, "clusters": {"DoorLock": {"LockState": 1, "LockType": 0, "ActuatorEnabled": true}}}
        """

    /// The one device of a one-device file.
    static func device(_ json: String) throws -> Device {
        let file = try DeviceFile.parse(deviceFile(json))
        return try #require(file.users.first?.devices.first)
    }

    @Test func benchWindowCoveringImportsWithItsValuesAndDefaults() throws {
        let device = try Self.device(Self.benchBlinds)
        #expect(device.primaryType == .WindowCovering)
        let covering = try #require(device.endpoints[0].clusters[.WindowCovering])
        #expect(Set(device.endpoints[0].clusters.keys) == [.WindowCovering])
        #expect(covering.int("Type") == 0)
        #expect(covering.int("CurrentPositionLiftPercent100ths") == 2500)
        #expect(covering.int("TargetPositionLiftPercent100ths") == 2500)
        #expect(covering.int("OperationalStatus") == 0)
        #expect(covering.int("ConfigStatus") == 0b1001)
        #expect(covering.int("EndProductType") == 0)
        #expect(covering.int("Mode") == 0)
        #expect(covering.attributes.count == AttributeSchema.attributes(of: .WindowCovering).count)
    }

    @Test func benchDoorLockImportsWithItsValuesAndDefaults() throws {
        let device = try Self.device(Self.benchLock)
        let lock = try #require(device.endpoints[0].clusters[.DoorLock])
        #expect(lock.int("LockState") == 1)
        #expect(lock.int("LockType") == 0)
        #expect(lock.bool("ActuatorEnabled") == true)
        #expect(lock.int("OperatingMode") == 0)
        #expect(lock.int("SupportedOperatingModes") == 0xFFF6)
        #expect(device.basicInformation.vendorID == 65521)
        #expect(device.basicInformation.uniqueID == "hearth-front-door")
    }

    @Test func omittedTargetFollowsTheCurrentPosition() throws {
        let device = try Self.device(
            #"{"id": "b", "name": "B", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"CurrentPositionLiftPercent100ths": 7000}}}"#
        )
        #expect(device.endpoints[0].clusters[.WindowCovering]?.int("TargetPositionLiftPercent100ths") == 7000)
        let bare = try Self.device(#"{"id": "b", "name": "B", "deviceTypes": ["WindowCovering"]}"#)
        let covering = try #require(bare.endpoints[0].clusters[.WindowCovering])
        #expect(covering.int("CurrentPositionLiftPercent100ths") == 0)
        #expect(covering.int("TargetPositionLiftPercent100ths") == 0)
    }

    @Test func movingCoveringWithTargetInItsDirectionImports() throws {
        // Opening (lift and global field 1): the target lies below the current position.
        let opening = try Self.device(
            #"{"id": "b", "name": "B", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"OperationalStatus": 5, "CurrentPositionLiftPercent100ths": 6000, "TargetPositionLiftPercent100ths": 0}}}"#
        )
        #expect(opening.endpoints[0].clusters[.WindowCovering]?.int("OperationalStatus") == 5)
        // Closing (field 2) from an unknown position.
        let closing = try Self.device(
            #"{"id": "b", "name": "B", "deviceTypes": ["WindowCovering"], "clusters": {"WindowCovering": {"OperationalStatus": 10, "CurrentPositionLiftPercent100ths": null, "TargetPositionLiftPercent100ths": 10000}}}"#
        )
        #expect(closing.endpoints[0].clusters[.WindowCovering]?.int("CurrentPositionLiftPercent100ths") == 0xFFFF)
    }

    @Test func lockStateDefaultsToNullAndAcceptsNull() throws {
        let device = try Self.device(#"{"id": "l", "name": "L", "deviceTypes": ["DoorLock"], "challenge": "ack"}"#)
        #expect(device.endpoints[0].clusters[.DoorLock]?.int("LockState") == AttributeSchema.LockState.null)
        let unknown = try Self.device(
            #"{"id": "l", "name": "L", "deviceTypes": ["DoorLock"], "challenge": "ack", "clusters": {"DoorLock": {"LockState": null}}}"#
        )
        #expect(unknown.endpoints[0].clusters[.DoorLock]?.int("LockState") == 0xFF)
    }

    @Test func contactAndLeakSensorsShareBooleanState() throws {
        for type in ["ContactSensor", "WaterLeakDetector"] {
            let device = try Self.device(
                #"{"id": "s", "name": "S", "deviceTypes": ["\#(type)"], "clusters": {"BooleanState": {"StateValue": true}}}"#
            )
            #expect(
                device.endpoints[0].clusters == [.BooleanState: ClusterState(["StateValue": .bool(true)])],
                "\(type)"
            )
        }
    }

    @Test func occupancySensorTypeAndBitmapFollowEachOther() throws {
        let fromType = try Self.device(
            #"{"id": "o", "name": "O", "deviceTypes": ["OccupancySensor"], "clusters": {"OccupancySensing": {"OccupancySensorType": 2}}}"#
        )
        #expect(fromType.endpoints[0].clusters[.OccupancySensing]?.int("OccupancySensorTypeBitmap") == 3)
        let fromBitmap = try Self.device(
            #"{"id": "o", "name": "O", "deviceTypes": ["OccupancySensor"], "clusters": {"OccupancySensing": {"Occupancy": 1, "OccupancySensorTypeBitmap": 4}}}"#
        )
        let sensing = try #require(fromBitmap.endpoints[0].clusters[.OccupancySensing])
        #expect(sensing.int("OccupancySensorType") == 3)
        #expect(sensing.int("Occupancy") == 1)
        let defaults = try Self.device(#"{"id": "o", "name": "O", "deviceTypes": ["OccupancySensor"]}"#)
        #expect(defaults.endpoints[0].clusters[.OccupancySensing]?.int("OccupancySensorType") == 0)
        #expect(defaults.endpoints[0].clusters[.OccupancySensing]?.int("OccupancySensorTypeBitmap") == 1)
    }

    @Test func smokeCOAlarmImportsInAlarm() throws {
        let device = try Self.device(
            #"{"id": "a", "name": "A", "deviceTypes": ["SmokeCOAlarm"], "clusters": {"SmokeCOAlarm": {"ExpressedState": 1, "SmokeState": 2, "COState": 1}}}"#
        )
        let alarm = try #require(device.endpoints[0].clusters[.SmokeCOAlarm])
        #expect(alarm.int("SmokeState") == 2)
        #expect(alarm.int("COState") == 1)
        #expect(alarm.int("FeatureMap") == 3)
        #expect(alarm.bool("TestInProgress") == false)
        let coOnly = try Self.device(
            #"{"id": "a", "name": "A", "deviceTypes": ["SmokeCOAlarm"], "clusters": {"SmokeCOAlarm": {"FeatureMap": 2, "ExpressedState": 2, "COState": 2}}}"#
        )
        #expect(coOnly.endpoints[0].clusters[.SmokeCOAlarm]?.int("FeatureMap") == 2)
    }

    @Test func roundTripKeepsTheAccessFamily() throws {
        let file = try DeviceFile.parse(
            deviceFile(
                Self.benchBlinds,
                #"{"id": "l", "name": "L", "deviceTypes": ["DoorLock"], "challenge": "ack", "clusters": {"DoorLock": {"LockState": null}}}"#,
                #"{"id": "o", "name": "O", "deviceTypes": ["OccupancySensor"], "clusters": {"OccupancySensing": {"OccupancySensorTypeBitmap": 3}}}"#,
                #"{"id": "a", "name": "A", "deviceTypes": ["SmokeCOAlarm"], "clusters": {"SmokeCOAlarm": {"FeatureMap": 1}}}"#
            )
        )
        #expect(try DeviceFile.parse(file.encoded()) == file)
    }

    @Test func matterIdsAndClusters() {
        #expect(DeviceType.WindowCovering.matterID == 0x0202)
        #expect(DeviceType.DoorLock.matterID == 0x000A)
        #expect(DeviceType.ContactSensor.matterID == 0x0015)
        #expect(DeviceType.OccupancySensor.matterID == 0x0107)
        #expect(DeviceType.WaterLeakDetector.matterID == 0x0043)
        #expect(DeviceType.SmokeCOAlarm.matterID == 0x0076)
        #expect(ClusterID.WindowCovering.matterID == 0x0102)
        #expect(ClusterID.DoorLock.matterID == 0x0101)
        #expect(ClusterID.BooleanState.matterID == 0x0045)
        #expect(ClusterID.OccupancySensing.matterID == 0x0406)
        #expect(ClusterID.SmokeCOAlarm.matterID == 0x005C)
        #expect(DeviceType.ContactSensor.allowedClusters == [.BooleanState, .PowerSource])
        #expect(DeviceType.WaterLeakDetector.allowedClusters == [.BooleanState, .PowerSource])
        #expect(AttributeSchema.spec(.WindowCovering, "CurrentPositionLiftPercent100ths")?.id == 0x000E)
        #expect(AttributeSchema.spec(.WindowCovering, "CurrentPositionLiftPercent100ths")?.nullValue == 0xFFFF)
        #expect(AttributeSchema.spec(.DoorLock, "LockState")?.nullValue == 0xFF)
    }

    @Test(arguments: RefusalCase.access)
    func refusal(_ refusal: RefusalCase) throws {
        let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(refusal.json) }
        #expect(error.code == refusal.code)
        #expect(error.user == refusal.user)
        #expect(error.device == refusal.device)
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.message), "message: \(error.message)")
    }
}

extension RefusalCase {
    /// A device `lamp` of one access-family type with one cluster's attributes.
    static func access(_ type: String, _ cluster: String, _ attributes: String) -> String {
        Self.cluster(cluster, attributes, types: #"["\#(type)"]"#)
    }

    static let access: [RefusalCase] = [
        // Window Covering.
        device(
            "lift position above 10000",
            access("WindowCovering", "WindowCovering", #""CurrentPositionLiftPercent100ths": 10001"#),
            .outOfRange,
            field: "clusters.WindowCovering.CurrentPositionLiftPercent100ths",
            "10001 is outside 0…10000 (or null)"
        ),
        device(
            "target position above 10000",
            access("WindowCovering", "WindowCovering", #""TargetPositionLiftPercent100ths": 20000"#),
            .outOfRange,
            field: "clusters.WindowCovering.TargetPositionLiftPercent100ths",
            "20000 is outside 0…10000"
        ),
        device(
            "lift position as a percent with a fraction",
            access("WindowCovering", "WindowCovering", #""CurrentPositionLiftPercent100ths": 25.5"#),
            .wrongType,
            field: "clusters.WindowCovering.CurrentPositionLiftPercent100ths",
            "not an integer"
        ),
        device(
            "tilt target away from the tilt at rest",
            access(
                "WindowCovering",
                "WindowCovering",
                #""Type": 7, "CurrentPositionTiltPercent100ths": 100, "TargetPositionTiltPercent100ths": 900"#
            ),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.TargetPositionTiltPercent100ths",
            "while the tilt is at rest"
        ),
        device(
            "reserved covering type",
            access("WindowCovering", "WindowCovering", #""Type": 10"#),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.Type",
            "10 is reserved"
        ),
        device(
            "reserved end product type",
            access("WindowCovering", "WindowCovering", #""EndProductType": 24"#),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.EndProductType",
            "24 is reserved"
        ),
        device(
            "operational status beyond its six bits",
            access("WindowCovering", "WindowCovering", #""OperationalStatus": 64"#),
            .outOfRange,
            field: "clusters.WindowCovering.OperationalStatus",
            "64 is outside 0…63"
        ),
        device(
            "reserved movement value",
            access("WindowCovering", "WindowCovering", #""OperationalStatus": 15"#),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.OperationalStatus",
            "reserved value 3"
        ),
        device(
            "lift moving while global stopped",
            access(
                "WindowCovering",
                "WindowCovering",
                #""OperationalStatus": 4, "CurrentPositionLiftPercent100ths": 5000, "TargetPositionLiftPercent100ths": 0"#
            ),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.OperationalStatus",
            "global field (stopped) must equal the lift field (opening)"
        ),
        device(
            "tilt moving",
            access("WindowCovering", "WindowCovering", #""OperationalStatus": 17"#),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.OperationalStatus",
            "moves the tilt"
        ),
        device(
            "stopped away from its target",
            access(
                "WindowCovering",
                "WindowCovering",
                #""CurrentPositionLiftPercent100ths": 2500, "TargetPositionLiftPercent100ths": 3000"#
            ),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.TargetPositionLiftPercent100ths",
            "3000 differs from CurrentPositionLiftPercent100ths (2500) while the lift is stopped"
        ),
        device(
            "opening towards a more closed target",
            access(
                "WindowCovering",
                "WindowCovering",
                #""OperationalStatus": 5, "CurrentPositionLiftPercent100ths": 2500, "TargetPositionLiftPercent100ths": 3000"#
            ),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.TargetPositionLiftPercent100ths",
            "3000 must be below CurrentPositionLiftPercent100ths (2500) while the lift is opening"
        ),
        device(
            "closing towards a more open target",
            access(
                "WindowCovering",
                "WindowCovering",
                #""OperationalStatus": 10, "CurrentPositionLiftPercent100ths": 2500, "TargetPositionLiftPercent100ths": 2500"#
            ),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.TargetPositionLiftPercent100ths",
            "must be above"
        ),
        device(
            "moving without a target",
            access(
                "WindowCovering",
                "WindowCovering",
                #""OperationalStatus": 10, "TargetPositionLiftPercent100ths": null"#
            ),
            .inconsistentAttributes,
            field: "clusters.WindowCovering.TargetPositionLiftPercent100ths",
            "null while the lift is closing"
        ),
        // Door Lock.
        device(
            "lock state beyond unlatched",
            access("DoorLock", "DoorLock", #""LockState": 4"#),
            .outOfRange,
            field: "clusters.DoorLock.LockState",
            "4 is outside 0…3 (or null)"
        ),
        device(
            "unknown lock type",
            access("DoorLock", "DoorLock", #""LockType": 12"#),
            .outOfRange,
            field: "clusters.DoorLock.LockType",
            "12 is outside 0…11"
        ),
        device(
            "actuator enabled as a number",
            access("DoorLock", "DoorLock", #""ActuatorEnabled": 1"#),
            .wrongType,
            field: "clusters.DoorLock.ActuatorEnabled",
            "boolean"
        ),
        device(
            "operating mode the lock does not support",
            access("DoorLock", "DoorLock", #""OperatingMode": 2"#),
            .inconsistentAttributes,
            field: "clusters.DoorLock.OperatingMode",
            "2 is not supported"
        ),
        device(
            "normal mode unsupported",
            access("DoorLock", "DoorLock", #""SupportedOperatingModes": 65535"#),
            .inconsistentAttributes,
            field: "clusters.DoorLock.SupportedOperatingModes",
            "has bit 0 set"
        ),
        device(
            "door lock with a boolean state",
            access("DoorLock", "BooleanState", #""StateValue": true"#),
            .clusterNotAllowed,
            field: "clusters.BooleanState",
            "BooleanState is not allowed on DoorLock"
        ),
        // Boolean State.
        device(
            "contact as a string",
            access("ContactSensor", "BooleanState", #""StateValue": "closed""#),
            .wrongType,
            field: "clusters.BooleanState.StateValue",
            "boolean"
        ),
        device(
            "leak detector attribute misspelled",
            access("WaterLeakDetector", "BooleanState", #""StateVal": true"#),
            .unknownAttribute,
            field: "clusters.BooleanState.StateVal",
            "did you mean \"StateValue\"?"
        ),
        // Occupancy Sensing.
        device(
            "occupancy beyond bit 0",
            access("OccupancySensor", "OccupancySensing", #""Occupancy": 2"#),
            .outOfRange,
            field: "clusters.OccupancySensing.Occupancy",
            "2 is outside 0…1"
        ),
        device(
            "no sensing technology",
            access("OccupancySensor", "OccupancySensing", #""OccupancySensorTypeBitmap": 0"#),
            .outOfRange,
            field: "clusters.OccupancySensing.OccupancySensorTypeBitmap",
            "0 is outside 1…7"
        ),
        device(
            "sensor type disagrees with its bitmap",
            access(
                "OccupancySensor",
                "OccupancySensing",
                #""OccupancySensorType": 0, "OccupancySensorTypeBitmap": 2"#
            ),
            .inconsistentAttributes,
            field: "clusters.OccupancySensing.OccupancySensorType",
            "0 disagrees with OccupancySensorTypeBitmap 2, which stands for type 1"
        ),
        // Smoke CO Alarm.
        device(
            "smoke state beyond critical",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""SmokeState": 3"#),
            .outOfRange,
            field: "clusters.SmokeCOAlarm.SmokeState",
            "3 is outside 0…2"
        ),
        device(
            "no feature",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""FeatureMap": 0"#),
            .outOfRange,
            field: "clusters.SmokeCOAlarm.FeatureMap",
            "0 is outside 1…3"
        ),
        device(
            "smoke on a CO-only alarm",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""FeatureMap": 2, "SmokeState": 1"#),
            .inconsistentAttributes,
            field: "clusters.SmokeCOAlarm.SmokeState",
            "needs the SMOKE feature"
        ),
        device(
            "CO on a smoke-only alarm",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""FeatureMap": 1, "COState": 2"#),
            .inconsistentAttributes,
            field: "clusters.SmokeCOAlarm.COState",
            "needs the CO feature"
        ),
        device(
            "smoke alarm expressed without smoke",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""ExpressedState": 1"#),
            .inconsistentAttributes,
            field: "clusters.SmokeCOAlarm.ExpressedState",
            "1 needs SmokeState other than 0"
        ),
        device(
            "testing expressed without a test",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""ExpressedState": 4"#),
            .inconsistentAttributes,
            field: "clusters.SmokeCOAlarm.ExpressedState",
            "4 needs TestInProgress true"
        ),
        device(
            "interconnect CO on a smoke-only alarm",
            access("SmokeCOAlarm", "SmokeCOAlarm", #""FeatureMap": 1, "ExpressedState": 8"#),
            .inconsistentAttributes,
            field: "clusters.SmokeCOAlarm.ExpressedState",
            "8 needs the CO feature"
        ),
    ]
}
