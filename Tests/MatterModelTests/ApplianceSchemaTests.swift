import Testing

@testable import MatterModel

/// The Appliances family's clusters (Power Source, RVC Run Mode, Operational State, RVC Operational State) and
/// device types (Dimmable Plug-in Unit, Speaker, Robotic Vacuum Cleaner, Laundry Washer, Dishwasher).
struct ApplianceSchemaTests {
    static let edges: [EdgeValue] = [
        EdgeValue(cluster: .PowerSource, attribute: "BatPercentRemaining", value: .int(200), allowed: true),
        EdgeValue(cluster: .PowerSource, attribute: "BatPercentRemaining", value: .int(0), allowed: true),
        EdgeValue(cluster: .PowerSource, attribute: "BatPercentRemaining", value: .int(201), allowed: false),
        EdgeValue(cluster: .PowerSource, attribute: "BatPercentRemaining", value: .int(255), allowed: true),
        EdgeValue(cluster: .PowerSource, attribute: "BatChargeLevel", value: .int(2), allowed: true),
        EdgeValue(cluster: .PowerSource, attribute: "BatChargeLevel", value: .int(3), allowed: false),
        EdgeValue(cluster: .PowerSource, attribute: "BatChargeState", value: .int(3), allowed: true),
        EdgeValue(cluster: .PowerSource, attribute: "BatChargeState", value: .int(4), allowed: false),
        EdgeValue(cluster: .PowerSource, attribute: "BatReplaceability", value: .int(4), allowed: false),
        EdgeValue(cluster: .PowerSource, attribute: "Status", value: .int(4), allowed: false),
        EdgeValue(cluster: .PowerSource, attribute: "Description", value: .string("Li-ion pack"), allowed: true),
        EdgeValue(cluster: .PowerSource, attribute: "Description", value: .int(1), allowed: false),
        EdgeValue(cluster: .PowerSource, attribute: "BatReplacementNeeded", value: .int(0), allowed: false),
        EdgeValue(cluster: .RvcRunMode, attribute: "CurrentMode", value: .int(2), allowed: true),
        EdgeValue(cluster: .RvcRunMode, attribute: "CurrentMode", value: .int(3), allowed: false),
        EdgeValue(cluster: .RvcRunMode, attribute: "SupportedModes", value: .int(0), allowed: false),
        EdgeValue(cluster: .OperationalState, attribute: "OperationalState", value: .int(3), allowed: true),
        EdgeValue(cluster: .OperationalState, attribute: "OperationalState", value: .int(0x40), allowed: false),
        EdgeValue(cluster: .OperationalState, attribute: "OperationalError", value: .int(4), allowed: false),
        EdgeValue(cluster: .OperationalState, attribute: "CountdownTime", value: .int(259_200), allowed: true),
        EdgeValue(cluster: .OperationalState, attribute: "CountdownTime", value: .int(259_201), allowed: false),
        EdgeValue(cluster: .OperationalState, attribute: "CountdownTime", value: .int(0xFFFF_FFFF), allowed: true),
        EdgeValue(cluster: .OperationalState, attribute: "CurrentPhase", value: .int(0xFF), allowed: true),
        EdgeValue(cluster: .RvcOperationalState, attribute: "OperationalState", value: .int(0x42), allowed: true),
        EdgeValue(cluster: .RvcOperationalState, attribute: "OperationalState", value: .int(0x43), allowed: false),
        EdgeValue(cluster: .RvcOperationalState, attribute: "OperationalError", value: .int(0x47), allowed: true),
        EdgeValue(cluster: .RvcOperationalState, attribute: "OperationalError", value: .int(0x48), allowed: false),
    ]

    @Test(arguments: edges)
    func edgeValue(_ edge: EdgeValue) {
        let reason = AttributeSchema.validate(edge.value, cluster: edge.cluster, attribute: edge.attribute)
        #expect((reason == nil) == edge.allowed, "reason: \(reason ?? "nil")")
    }

    @Test func matterIdsAreTheSpecificationsOnes() {
        #expect(ClusterID.PowerSource.matterID == 0x002F)
        #expect(ClusterID.RvcRunMode.matterID == 0x0054)
        #expect(ClusterID.OperationalState.matterID == 0x0060)
        #expect(ClusterID.RvcOperationalState.matterID == 0x0061)
        #expect(DeviceType.DimmablePlugInUnit.matterID == 0x010B)
        #expect(DeviceType.Speaker.matterID == 0x0022)
        #expect(DeviceType.RoboticVacuumCleaner.matterID == 0x0074)
        #expect(DeviceType.LaundryWasher.matterID == 0x0073)
        #expect(DeviceType.Dishwasher.matterID == 0x0075)
        #expect(AttributeSchema.spec(.PowerSource, "BatPercentRemaining")?.id == 0x000C)
        #expect(AttributeSchema.spec(.PowerSource, "BatChargeState")?.id == 0x001A)
        #expect(AttributeSchema.spec(.OperationalState, "OperationalState")?.id == 0x0004)
        #expect(AttributeSchema.spec(.OperationalState, "CountdownTime")?.type == .uint32)
        #expect(AttributeSchema.RvcRunMode.supportedModes.map(\.modeTag) == [0x4000, 0x4001, 0x4002])
    }

    @Test func requiredClusters() {
        #expect(DeviceType.DimmablePlugInUnit.requiredClusters == [.OnOff, .LevelControl])
        #expect(DeviceType.Speaker.requiredClusters == [.OnOff, .LevelControl])
        #expect(DeviceType.RoboticVacuumCleaner.requiredClusters == [.RvcRunMode, .RvcOperationalState])
        #expect(DeviceType.LaundryWasher.requiredClusters == [.OnOff, .OperationalState])
        #expect(DeviceType.Dishwasher.requiredClusters == [.OnOff, .OperationalState])
    }

    /// Power Source is allowed on every device type, once, after the type's own clusters.
    @Test(arguments: DeviceType.modelled)
    func powerSourceIsAllowedEverywhere(_ type: DeviceType) {
        #expect(type.allowedClusters.last == .PowerSource)
        #expect(type.allowedClusters.count(where: { $0 == .PowerSource }) == 1)
    }

    /// `CurrentPhase` defaults to null, and to the first phase for a type with phases.
    @Test func currentPhaseDefault() {
        #expect(AttributeSchema.filled(ClusterState(), cluster: .OperationalState).int("CurrentPhase") == 0xFF)
        #expect(
            AttributeSchema.filled(ClusterState(), cluster: .OperationalState, deviceTypes: [.Dishwasher])
                .int("CurrentPhase") == 0
        )
        let given = ClusterState(["CurrentPhase": .int(0xFF)])
        #expect(
            AttributeSchema.filled(given, cluster: .OperationalState, deviceTypes: [.LaundryWasher]).int("CurrentPhase")
                == 0xFF
        )
    }

    @Test func phases() {
        #expect(DeviceType.LaundryWasher.phaseList == ["wash", "rinse", "spin"])
        #expect(DeviceType.Dishwasher.phaseList == ["pre-wash", "wash", "rinse", "dry"])
        #expect(DeviceType.Speaker.phaseList == nil)
        #expect(DeviceType.phaseList(of: [.OnOffPlugInUnit, .Dishwasher])?.count == 4)
    }
}

/// Importing appliance devices: defaults, good values, refusals.
struct ApplianceDeviceFileTests {
    func device(_ json: String) throws -> Device {
        let file = try DeviceFile.parse(deviceFile(json))
        return try #require(file.users.first?.devices.first)
    }

    @Test func robotVacuumGetsItsClustersAtDefaults() throws {
        let robot = try device(#"{"id": "robot", "name": "Robot", "deviceTypes": ["RoboticVacuumCleaner"]}"#)
        let endpoint = robot.endpoints[0]
        #expect(Set(endpoint.clusters.keys) == [.RvcRunMode, .RvcOperationalState])
        #expect(endpoint.cluster(.RvcRunMode).int("CurrentMode") == 0)
        #expect(endpoint.cluster(.RvcOperationalState).int("OperationalState") == 0x42)
        #expect(endpoint.cluster(.RvcOperationalState).int("OperationalError") == 0)
    }

    @Test func washerGetsOnOffAndOperationalState() throws {
        let washer = try device(#"{"id": "washer", "name": "Washer", "deviceTypes": ["LaundryWasher"]}"#)
        let endpoint = washer.endpoints[0]
        #expect(Set(endpoint.clusters.keys) == [.OnOff, .OperationalState])
        let state = endpoint.cluster(.OperationalState)
        #expect(state.int("OperationalState") == 0)
        #expect(state.int("CurrentPhase") == 0)
        #expect(state.int("CountdownTime") == 0xFFFF_FFFF)
    }

    @Test func goodValuesAreKept() throws {
        let washer = try device(
            #"""
            {"id": "washer", "name": "Washer", "deviceTypes": ["LaundryWasher"],
             "clusters": {"OnOff": {"OnOff": true},
                          "OperationalState": {"OperationalState": 1, "CurrentPhase": 2, "CountdownTime": 1200}}}
            """#
        )
        let state = washer.endpoints[0].cluster(.OperationalState)
        #expect(state.int("OperationalState") == 1)
        #expect(state.int("CurrentPhase") == 2)
        #expect(state.int("CountdownTime") == 1200)
    }

    @Test func powerSourceOnAnyDeviceTypeGetsItsDefaults() throws {
        let light = try device(
            #"{"id": "l", "name": "L", "deviceTypes": ["OnOffLight"], "clusters": {"PowerSource": {"BatPercentRemaining": 150}}}"#
        )
        let power = light.endpoints[0].cluster(.PowerSource)
        #expect(power.int("BatPercentRemaining") == 150)
        #expect(power.int("BatChargeLevel") == 0)
        #expect(power["Description"] == .string("Battery"))
        #expect(power.int("Status") == 1)
    }

    @Test func nullBatteryPercentRoundTrips() throws {
        let json = deviceFile(
            #"{"id": "r", "name": "R", "deviceTypes": ["RoboticVacuumCleaner"], "clusters": {"PowerSource": {"BatPercentRemaining": null}}}"#
        )
        let file = try DeviceFile.parse(json)
        #expect(file.users[0].devices[0].endpoints[0].cluster(.PowerSource).int("BatPercentRemaining") == 0xFF)
        #expect(try DeviceFile.parse(file.encoded()) == file)
    }

    @Test func dishwasherAllowsItsFourthPhase() throws {
        let dishwasher = try device(
            #"{"id": "d", "name": "D", "deviceTypes": ["Dishwasher"], "clusters": {"OperationalState": {"OperationalState": 1, "CurrentPhase": 3}}}"#
        )
        #expect(dishwasher.endpoints[0].cluster(.OperationalState).int("CurrentPhase") == 3)
    }

    static let refusals: [RefusalCase] = [
        RefusalCase.device(
            "battery percent above 200 half-percent",
            RefusalCase.cluster("PowerSource", #""BatPercentRemaining": 201"#, types: #"["RoboticVacuumCleaner"]"#),
            .outOfRange,
            field: "clusters.PowerSource.BatPercentRemaining",
            "201 is outside 0…200 (or null)"
        ),
        RefusalCase.device(
            "power source description longer than 60",
            RefusalCase.cluster(
                "PowerSource",
                #""Description": "\#(String(repeating: "x", count: 61))""#,
                types: #"["Speaker"]"#
            ),
            .inconsistentAttributes,
            field: "clusters.PowerSource.Description",
            "61 characters is longer than 60"
        ),
        RefusalCase.device(
            "RVC operational state in the gap",
            RefusalCase.cluster("RvcOperationalState", #""OperationalState": 5"#, types: #"["RoboticVacuumCleaner"]"#),
            .inconsistentAttributes,
            field: "clusters.RvcOperationalState.OperationalState",
            "5 is not an RvcOperationalStateEnum value"
        ),
        RefusalCase.device(
            "RVC error in the gap",
            RefusalCase.cluster(
                "RvcOperationalState",
                #""OperationalState": 3, "OperationalError": 16"#,
                types: #"["RoboticVacuumCleaner"]"#
            ),
            .inconsistentAttributes,
            field: "clusters.RvcOperationalState.OperationalError",
            "16 is not an RVC ErrorStateEnum value"
        ),
        RefusalCase.device(
            "RVC error without the Error state",
            RefusalCase.cluster(
                "RvcOperationalState",
                #""OperationalState": 1, "OperationalError": 65"#,
                types: #"["RoboticVacuumCleaner"]"#
            ),
            .inconsistentAttributes,
            field: "clusters.RvcOperationalState.OperationalError",
            "65 needs OperationalState 3 (Error), not 1 (Running)"
        ),
        RefusalCase.device(
            "Error state without an error",
            RefusalCase.cluster("OperationalState", #""OperationalState": 3"#, types: #"["LaundryWasher"]"#),
            .inconsistentAttributes,
            field: "clusters.OperationalState.OperationalError",
            "0 (NoError) contradicts OperationalState 3 (Error)"
        ),
        RefusalCase.device(
            "washer phase past its three phases",
            RefusalCase.cluster("OperationalState", #""CurrentPhase": 3"#, types: #"["LaundryWasher"]"#),
            .inconsistentAttributes,
            field: "clusters.OperationalState.CurrentPhase",
            "3 is outside the 3 phases of LaundryWasher (0…2: wash, rinse, spin)"
        ),
        RefusalCase.device(
            "countdown past 72 hours",
            RefusalCase.cluster("OperationalState", #""CountdownTime": 259201"#, types: #"["Dishwasher"]"#),
            .outOfRange,
            field: "clusters.OperationalState.CountdownTime",
            "259201 is outside 0…259200 (or null)"
        ),
        RefusalCase.device(
            "run mode outside the fixed modes",
            RefusalCase.cluster("RvcRunMode", #""CurrentMode": 3"#, types: #"["RoboticVacuumCleaner"]"#),
            .outOfRange,
            field: "clusters.RvcRunMode.CurrentMode",
            "3 is outside 0…2"
        ),
        RefusalCase.device(
            "operational state on a speaker",
            RefusalCase.cluster("OperationalState", #""OperationalState": 0"#, types: #"["Speaker"]"#),
            .clusterNotAllowed,
            field: "clusters.OperationalState",
            "OperationalState is not allowed on Speaker (allowed: OnOff, LevelControl, PowerSource)"
        ),
        RefusalCase.device(
            "speaker level out of range",
            RefusalCase.cluster("LevelControl", #""CurrentLevel": 255"#, types: #"["Speaker"]"#),
            .outOfRange,
            field: "clusters.LevelControl.CurrentLevel",
            "255 is outside 1…254"
        ),
        RefusalCase.device(
            "boolean charge level",
            RefusalCase.cluster("PowerSource", #""BatChargeLevel": true"#, types: #"["DimmablePlugInUnit"]"#),
            .wrongType,
            field: "clusters.PowerSource.BatChargeLevel",
            "expected an integer"
        ),
    ]

    @Test(arguments: refusals)
    func refusal(_ refusal: RefusalCase) throws {
        let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(refusal.json) }
        #expect(error.code == refusal.code)
        #expect(error.device == refusal.device)
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.message), "message: \(error.message)")
    }
}
