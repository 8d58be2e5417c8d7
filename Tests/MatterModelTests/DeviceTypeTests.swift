import MatterModel
import Testing

/// Every device type's Matter id against the specification's.
struct DeviceTypeTests {
    /// Each device type Hearth serves is the specification's device type of that id, named as the device file
    /// spells it: the specification's name without spaces and punctuation (`On/Off Plug-in Unit` is
    /// `OnOffPlugInUnit`), from the generated Matter 1.4 table (`MatterDeviceTypeDefinition`). The Matter 1.5 types
    /// (`DeviceType.matter15`) are checked when the table holds them.
    @Test(arguments: DeviceType.modelled.filter { !DeviceType.matter15.contains($0) || $0.definition != nil })
    func theMatterIdIsTheSpecifications(_ type: DeviceType) throws {
        let definition = try #require(MatterDeviceTypeDefinition.definition(id: type.matterID), "\(type)")
        let spelled = definition.name.filter { $0.isLetter || $0.isNumber }
        #expect(
            spelled.lowercased() == type.rawValue.lowercased(),
            "0x\(String(type.matterID, radix: 16)) is \(definition.name)"
        )
    }

    /// The Doorbell is Matter 1.5's: `data_model/1.5/device_types/device_type_ids.json` of
    /// `project-chip/connectedhomeip` gives it 328 (0x0148); 323 (0x0143) is the Video Doorbell, a composite of a
    /// Doorbell and a Camera (`VideoDoorbell.xml` lists no cluster of its own).
    @Test func theDoorbellIsNotTheVideoDoorbell() {
        #expect(DeviceType.Doorbell.matterID == 0x0148)
        #expect(DeviceType.Doorbell.matterID != 0x0143)
        #expect(DeviceType.VideoDoorbell.definition?.name == "Video Doorbell")
    }

    /// The Matter 1.5 camera and doorbell ids, as `data_model/1.5/device_types/device_type_ids.json` of
    /// `project-chip/connectedhomeip` gives them.
    @Test func theMatter15TypesIds() {
        #expect(DeviceType.AudioDoorbell.matterID == 0x0141)
        #expect(DeviceType.Camera.matterID == 0x0142)
        #expect(DeviceType.VideoDoorbell.matterID == 0x0143)
        #expect(DeviceType.FloodlightCamera.matterID == 0x0144)
        #expect(DeviceType.matter15.allSatisfy(DeviceType.modelled.contains))
        #expect(DeviceType(rawValue: "VideoDoorbell") == .VideoDoorbell)
        #expect(DeviceType(rawValue: "FloodlightCamera")?.rawValue == "FloodlightCamera")
    }

    @Test func noTwoTypesShareAnId() {
        let ids = DeviceType.modelled.map(\.matterID)
        #expect(Set(ids).count == ids.count)
    }
}
