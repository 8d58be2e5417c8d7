import MatterModel
import Testing

/// Every device type's Matter id against the specification's.
struct DeviceTypeTests {
    /// Each device type Hearth serves is the specification's device type of that id, named as the device file
    /// spells it: the specification's name without spaces and punctuation (`On/Off Plug-in Unit` is
    /// `OnOffPlugInUnit`), from the generated table (`MatterDeviceTypeDefinition`; the Doorbell from Matter 1.5).
    @Test(arguments: DeviceType.modelled)
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

    @Test func noTwoTypesShareAnId() {
        let ids = DeviceType.modelled.map(\.matterID)
        #expect(Set(ids).count == ids.count)
    }
}
