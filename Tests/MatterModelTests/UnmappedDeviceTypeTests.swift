import JSON
import Testing

@testable import MatterModel

/// Device types and clusters Hearth does not map to Google, accepted by the device file and checked against the
/// specification's generated definitions alone (``SpecificationSchema``).
struct UnmappedDeviceTypeTests {
    /// A refrigerator as Matter 1.4 composes one: the Refrigerator endpoint with its cabinet mode cluster, then a
    /// Temperature Controlled Cabinet with Temperature Control (TemperatureNumber, bit 0) and a thermometer.
    static let fridge = """
        {"id": "fridge", "name": "Fridge", "endpoints": [
          {"deviceType": "Refrigerator", "clusters": {"RefrigeratorAndTemperatureControlledCabinetMode": {
            "SupportedModes": [
              {"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
              {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]}
            ],
            "CurrentMode": 0}}},
          {"deviceType": "TemperatureControlledCabinet", "clusters": {
            "TemperatureControl": {"FeatureMap": 1, "TemperatureSetpoint": 400, "MinTemperature": 100,
                                   "MaxTemperature": 800},
            "TemperatureMeasurement": {"MeasuredValue": 380}}}
        ]}
        """

    static func parse(_ device: String) throws -> Device {
        try #require(try DeviceFile.parse(deviceFile(device)).users.first?.devices.first)
    }

    static func refusal(_ device: String) throws -> DeviceFileError {
        try #require(throws: DeviceFileError.self) { try DeviceFile.parse(deviceFile(device)) }
    }

    @Test func aRefrigeratorWithItsCabinetIsKeptWithEveryValueTyped() throws {
        let device = try Self.parse(Self.fridge)
        #expect(device.endpoints.map(\.deviceTypes) == [[.init(matterID: 0x0070)], [.init(matterID: 0x0071)]])
        let mode = try #require(ClusterID(rawValue: "RefrigeratorAndTemperatureControlledCabinetMode"))
        #expect(mode.matterID == 0x0052)
        // Neither cluster has hand-written rules: the specification's definitions alone type their values.
        #expect(!mode.isModelled && !ClusterID.TemperatureControl.isModelled)
        let modes = try #require(device.endpoints[0].clusters[mode]?["SupportedModes"]?.listValue)
        #expect(
            modes[1]
                == .structure([
                    "Label": .string("Rapid cool"), "Mode": .int(1),
                    "ModeTags": .list([.structure(["Value": .int(0x4000)])]),
                ])
        )
        #expect(device.endpoints[0].clusters[mode]?["CurrentMode"] == .int(0))
        let control = try #require(ClusterID(rawValue: "TemperatureControl"))
        #expect(device.endpoints[1].clusters[control]?["TemperatureSetpoint"] == .int(400))
        // A modelled cluster beside them keeps Hearth's own rules and defaults.
        #expect(device.endpoints[1].clusters[.TemperatureMeasurement]?["MeasuredValue"] == .int(380))
        #expect(device.endpoints[1].clusters[.TemperatureMeasurement]?["MinMeasuredValue"] != nil)
    }

    @Test func theCanonicalFormParsesBackEqual() throws {
        let file = try DeviceFile.parse(deviceFile(Self.fridge))
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains(#""deviceType": "Refrigerator""#))
        #expect(try DeviceFile.parse(text) == file)
    }

    @Test func typeNamesAreTheSpecificationsWithoutSpacesInAnyCase() {
        #expect(DeviceType(rawValue: "Refrigerator")?.matterID == 0x0070)
        #expect(DeviceType(rawValue: "waterValve")?.rawValue == "WaterValve")
        #expect(DeviceType(rawValue: "OnOffLightSwitch")?.matterID == 0x0103)
        #expect(ClusterID(rawValue: "Pm25ConcentrationMeasurement")?.matterID == 0x042A)
        #expect(ClusterID(rawValue: "ValveConfigurationAndControl")?.matterID == 0x0081)
        #expect(DeviceType(rawValue: "Toaster") == nil)
        #expect(ClusterID(rawValue: "Toaster") == nil)
        // Hearth's spelling of the clusters it models stays its own.
        #expect(ClusterID(matterID: 0x0054).rawValue == "RvcRunMode")
    }

    @Test func everyDeviceTypeOfTheLibraryIsKnownByName() {
        let names = DeviceType.knownNames
        #expect(names.count == Set(names).count)
        #expect(names.count >= 70)
        for name in names { #expect(DeviceType(rawValue: name)?.rawValue == name) }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var device: String
        var code: DeviceFileError.Code
        var field: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "the root node as an endpoint",
            device: #"{"id": "n", "name": "N", "deviceType": "RootNode"}"#,
            code: .unknownDeviceType,
            field: "deviceType",
            message: "RootNode is the node itself (Matter's endpoint 0)"
        ),
        Refusal(
            name: "a required cluster's mandatory attributes missing",
            device: #"{"id": "c", "name": "C", "deviceType": "TemperatureControlledCabinet"}"#,
            code: .inconsistentAttributes,
            field: "clusters.TemperatureControl.FeatureMap",
            message: "needs exactly one of TemperatureNumber (TN, bit 0), TemperatureLevel (TL, bit 1)"
        ),
        Refusal(
            name: "an attribute its features disallow",
            device: #"""
                {"id": "c", "name": "C", "deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl":
                  {"FeatureMap": 2, "SelectedTemperatureLevel": 0, "SupportedTemperatureLevels": ["Low"],
                   "TemperatureSetpoint": 400}}}
                """#,
            code: .inconsistentAttributes,
            field: "clusters.TemperatureControl.TemperatureSetpoint",
            message: "not allowed without the feature its conformance names"
        ),
        Refusal(
            name: "a mandatory attribute with no default",
            device: #"""
                {"id": "c", "name": "C", "deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl":
                  {"FeatureMap": 1, "TemperatureSetpoint": 400, "MaxTemperature": 800}}}
                """#,
            code: .inconsistentAttributes,
            field: "clusters.TemperatureControl.MinTemperature",
            message: "missing: mandatory with these features"
        ),
        Refusal(
            name: "a list element of the wrong type, naming its Matter type",
            device: #"""
                {"id": "c", "name": "C", "deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl":
                  {"FeatureMap": 2, "SelectedTemperatureLevel": 0, "SupportedTemperatureLevels": ["Low", 3]}}}
                """#,
            code: .wrongType,
            field: "clusters.TemperatureControl.SupportedTemperatureLevels[1]",
            message: "string"
        ),
        Refusal(
            name: "a temperature below absolute zero",
            device: #"""
                {"id": "c", "name": "C", "deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl":
                  {"FeatureMap": 1, "TemperatureSetpoint": -30000, "MinTemperature": 0, "MaxTemperature": 800}}}
                """#,
            code: .wrongType,
            field: "clusters.TemperatureControl.TemperatureSetpoint",
            message: "temperature"
        ),
        Refusal(
            name: "an attribute the cluster does not have",
            device: #"""
                {"id": "c", "name": "C", "deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl":
                  {"FeatureMap": 1, "TemperatureSetpoin": 400}}}
                """#,
            code: .unknownAttribute,
            field: "clusters.TemperatureControl.TemperatureSetpoin",
            message: #"did you mean "TemperatureSetpoint"?"#
        ),
        Refusal(
            name: "a cluster the device type does not list",
            device: #"{"id": "c", "name": "C", "deviceType": "Refrigerator", "clusters": {"DoorLock": {}}}"#,
            code: .clusterNotAllowed,
            field: "clusters.DoorLock",
            message: "DoorLock is not allowed on Refrigerator"
        ),
        Refusal(
            name: "an attribute the derived cluster disallows",
            device: #"""
                {"id": "f", "name": "F", "deviceType": "Refrigerator", "clusters": {
                  "RefrigeratorAndTemperatureControlledCabinetMode": {
                    "SupportedModes": [{"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
                                       {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]}],
                    "CurrentMode": 0, "StartUpMode": 0}}}
                """#,
            code: .inconsistentAttributes,
            field: "clusters.RefrigeratorAndTemperatureControlledCabinetMode.StartUpMode",
            message: "not allowed"
        ),
    ]

    @Test(arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let error = try Self.refusal(refusal.device)
        #expect(error.code == refusal.code, "\(error)")
        #expect(error.field == refusal.field, "\(error)")
        #expect(error.message.contains(refusal.message), "\(error.message)")
    }

    /// What a device type adds to a cluster's conformance: a Content App's Application Launcher must not have the
    /// Application Platform feature, a Casting Video Player's must (`device_types/ContentApp.xml`,
    /// `CastingVideoPlayer.xml`: `<feature name="ApplicationPlatform"><disallowConform/>` and `<mandatoryConform/>`).
    @Test func aDeviceTypesOwnConformanceIsChecked() throws {
        let launcher = try #require(MatterClusterDefinition.definition(id: 0x050C))
        let contentApp = try #require(MatterDeviceTypeDefinition.definition(id: 0x0024))
        let player = try #require(MatterDeviceTypeDefinition.definition(id: 0x0023))
        let platform = ClusterState(["FeatureMap": .int(1), "CatalogList": .list([])])
        let plain = ClusterState(["FeatureMap": .int(0)])
        let refused = SpecificationSchema.deviceTypeFailure(platform, of: launcher, on: contentApp)
        #expect(refused?.reason == "a Content App must not have the ApplicationPlatform feature (bit 0)")
        #expect(SpecificationSchema.deviceTypeFailure(plain, of: launcher, on: contentApp) == nil)
        let missing = SpecificationSchema.deviceTypeFailure(plain, of: launcher, on: player)
        #expect(missing?.reason == "a Casting Video Player requires the ApplicationPlatform feature (bit 0)")
        #expect(SpecificationSchema.deviceTypeFailure(platform, of: launcher, on: player) == nil)
    }

    /// A device type Hearth maps accepts the specification's other clusters for it (a robot vacuum's Service Area
    /// listed by Matter, here RVC Clean Mode), kept beside the ones Google sees.
    @Test func aMappedTypeKeepsTheSpecificationsOtherClusters() throws {
        let device = try Self.parse(
            #"""
            {"id": "v", "name": "V", "deviceType": "RoboticVacuumCleaner", "clusters": {"RvcCleanMode": {
              "SupportedModes": [{"Label": "Vacuum", "Mode": 0, "ModeTags": [{"Value": 16385}]},
                                 {"Label": "Mop", "Mode": 1, "ModeTags": [{"Value": 16386}]}], "CurrentMode": 0}}}
            """#
        )
        let clean = try #require(ClusterID(rawValue: "RvcCleanMode"))
        #expect(device.endpoints[0].clusters[clean]?["CurrentMode"] == .int(0))
        #expect(device.endpoints[0].clusters[.RvcRunMode] != nil)
    }

    @Test func aStateChangeOnAnUnmodelledClusterIsReadByItsTypeAndChecked() throws {
        var device = try Self.parse(Self.fridge)
        let setpoint = try DeviceStateChange.parse("TemperatureControl.TemperatureSetpoint=500")
        #expect(setpoint.value == .int(500))
        try DeviceStateChange.apply([setpoint], online: nil, endpoint: nil, to: &device)
        let control = try #require(ClusterID(rawValue: "TemperatureControl"))
        #expect(device.endpoints[1].clusters[control]?["TemperatureSetpoint"] == .int(500))
        let modes = try DeviceStateChange.parse(
            #"RefrigeratorAndTemperatureControlledCabinetMode.SupportedModes=[{"Label":"Eco","Mode":2,"ModeTags":[{"Value":4}]},"#
                + #"{"Label":"Max","Mode":3,"ModeTags":[{"Value":7}]}]"#
        )
        #expect(
            modes.value.listValue?.first
                == .structure([
                    "Label": .string("Eco"), "Mode": .int(2), "ModeTags": .list([.structure(["Value": .int(4)])]),
                ])
        )
        let wrong = try #require(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.parse("TemperatureControl.TemperatureSetpoint=\"warm\"")
        }
        #expect(wrong.message.contains("temperature"), "\(wrong.message)")
        let level = try DeviceStateChange.parse("TemperatureControl.SelectedTemperatureLevel=1")
        let refused = try #require(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.apply([level], online: nil, endpoint: nil, to: &device)
        }
        #expect(refused.message.contains("SelectedTemperatureLevel"), "\(refused.message)")
    }
}
