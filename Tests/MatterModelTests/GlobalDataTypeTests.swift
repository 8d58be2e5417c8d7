import JSON
import Testing

@testable import MatterModel

/// The Matter Core specification's global data types (``MatterClusterDefinition/globalDataTypes``), generated from
/// connectedhomeip's `data_model/1.5/globals/`, and the cluster attributes that use them without defining them.
struct GlobalDataTypeTests {
    static func cluster(_ name: String) throws -> MatterClusterDefinition {
        try #require(MatterClusterDefinition.specification.first { $0.name == name }, "no cluster \(name)")
    }

    static func fields(_ type: MatterValueType?) -> [String: MatterValueType.Field] {
        guard case .structure(_, let fields)? = type?.kind else { return [:] }
        return Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `globals/Structs.xml`: `LocationDescriptorStruct` is `LocationName` `string` `<maxLength value="128"/>`,
    /// `FloorNumber` `int16` `<quality nullable="true"/>`, `AreaType` `tag` `<quality nullable="true"/>`, all
    /// `<mandatoryConform/>`. Service Area's `AreaInfoStruct.LocationInfo` names it (nullable there too).
    @Test func serviceAreaLocationInfoIsTheGlobalLocationDescriptorStruct() throws {
        let serviceArea = try Self.cluster("Service Area")
        let location = try #require(serviceArea.valueType(ofField: "LocationInfo", inStruct: "AreaInfoStruct"))
        #expect(location.name == "LocationDescriptorStruct")
        #expect(location.nullable)
        let fields = Self.fields(location)
        #expect(fields.keys.sorted() == ["AreaType", "FloorNumber", "LocationName"])
        #expect(fields["LocationName"]?.type.kind == .string)
        #expect(fields["LocationName"]?.type.bounds.length == 0...128)
        #expect(fields["LocationName"]?.type.nullable == false)
        #expect(fields["FloorNumber"]?.type.kind == .integer(bits: 16, signed: true))
        #expect(fields["FloorNumber"]?.type.nullable == true)
        #expect(fields["AreaType"]?.type.kind == .integer(bits: 8, signed: false))
        #expect(fields["AreaType"]?.type.nullable == true)
        #expect(fields.values.allSatisfy { $0.isMandatory })
        #expect(serviceArea.valueType(ofAttribute: "SupportedAreas")?.name == "list[AreaStruct]")
    }

    /// Ecosystem Information's `EcosystemLocationStruct.LocationDescriptor` is `type="locationdesc"`, the Core
    /// specification's short name of the same struct.
    @Test func locationdescIsTheLocationDescriptorStruct() throws {
        let ecosystem = try Self.cluster("Ecosystem Information")
        let type = ecosystem.valueType(ofField: "LocationDescriptor", inStruct: "EcosystemLocationStruct")
        #expect(type?.name == "LocationDescriptorStruct")
        #expect(Self.fields(type)["LocationName"]?.type.bounds.length == 0...128)
    }

    /// Electrical Power Measurement's `Accuracy` is a list of the global `MeasurementAccuracyStruct`, whose
    /// `MeasurementType` is the global `MeasurementTypeEnum` (`globals/Enums.xml`: 0 `Unspecified` … 17
    /// `SoilMoisture`) and whose `AccuracyRanges` lists `MeasurementAccuracyRangeStruct` (`minCount 1`).
    @Test func electricalPowerAccuracyResolvesThroughTheGlobals() throws {
        let power = try Self.cluster("Electrical Power Measurement")
        let accuracy = try #require(power.valueType(ofAttribute: "Accuracy"))
        #expect(accuracy.name == "list[MeasurementAccuracyStruct]")
        guard case .list(let entry) = accuracy.kind else {
            Issue.record("Accuracy is \(accuracy.kind)")
            return
        }
        let fields = Self.fields(entry)
        guard case .enumeration(let name, _, let items)? = fields["MeasurementType"]?.type.kind else {
            Issue.record("MeasurementType is \(String(describing: fields["MeasurementType"]))")
            return
        }
        #expect(name == "MeasurementTypeEnum")
        #expect(items[0] == "Unspecified" && items[1] == "Voltage" && items[17] == "SoilMoisture")
        #expect(items.count == 18)
        #expect(fields["AccuracyRanges"]?.type.name == "list[MeasurementAccuracyRangeStruct]")
        #expect(fields["AccuracyRanges"]?.type.bounds.count?.lowerBound == 1)
        #expect(power.valueType(ofAttribute: "Ranges") != nil)
        let energy = try Self.cluster("Electrical Energy Measurement")
        #expect(energy.valueType(ofAttribute: "Accuracy")?.name == "MeasurementAccuracyStruct")
    }

    /// A global type a cluster also defines is left to the cluster (the generated file's header says which:
    /// `SemanticTagStruct`, from the Descriptor cluster), and the global names are unique.
    @Test func theGlobalTableLeavesOutWhatAClusterDefines() {
        let names = MatterClusterDefinition.globalDataTypes.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.contains("LocationDescriptorStruct"))
        #expect(names.contains("MeasurementTypeEnum"))
        #expect(!names.contains("SemanticTagStruct"))
        #expect(names == names.sorted())
    }

    /// A robot vacuum as a device file: Service Area with two areas, each a `LocationDescriptorStruct`.
    static func robot(kitchen: String = "Kitchen") -> String {
        """
        {"id": "robot", "name": "Robot", "deviceType": "RoboticVacuumCleaner", "clusters": {"ServiceArea": {
          "SupportedAreas": [
            {"AreaID": 1, "MapID": null, "AreaInfo": {
              "LocationInfo": {"LocationName": "\(kitchen)", "FloorNumber": 0, "AreaType": 23},
              "LandmarkInfo": null}},
            {"AreaID": 2, "MapID": null, "AreaInfo": {
              "LocationInfo": {"LocationName": "Living room", "FloorNumber": 0, "AreaType": null},
              "LandmarkInfo": null}}
          ],
          "SelectedAreas": []}}}
        """
    }

    @Test func aRobotVacuumKeepsItsServiceAreas() throws {
        let file = try DeviceFile.parse(deviceFile(Self.robot()))
        let device = try #require(file.users.first?.devices.first)
        let serviceArea = try #require(ClusterID(rawValue: "ServiceArea"))
        let areas = try #require(device.endpoints[0].clusters[serviceArea]?["SupportedAreas"]?.listValue)
        #expect(areas.count == 2)
        #expect(
            areas[0]
                == .structure([
                    "AreaID": .int(1), "MapID": .null,
                    "AreaInfo": .structure([
                        "LocationInfo": .structure([
                            "LocationName": .string("Kitchen"), "FloorNumber": .int(0), "AreaType": .int(23),
                        ]),
                        "LandmarkInfo": .null,
                    ]),
                ])
        )
        #expect(device.endpoints[0].clusters[.RvcRunMode] != nil)
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains("Living room"))
        #expect(try DeviceFile.parse(text) == file)
    }

    /// `LocationName` is at most 128 bytes (`<maxLength value="128"/>`): 129 is refused, naming the field's path.
    @Test func aLocationNameTooLongIsRefusedNamingItsPath() throws {
        let error = try #require(throws: DeviceFileError.self) {
            try DeviceFile.parse(deviceFile(Self.robot(kitchen: String(repeating: "k", count: 129))))
        }
        #expect(error.field?.contains("ServiceArea.SupportedAreas") == true, "\(error)")
        #expect(error.description.contains("LocationName"), "\(error)")
        #expect(error.description.contains("128"), "\(error)")
        _ = try DeviceFile.parse(deviceFile(Self.robot(kitchen: String(repeating: "k", count: 128))))
    }
}
