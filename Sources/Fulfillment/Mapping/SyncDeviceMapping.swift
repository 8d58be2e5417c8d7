import MatterModel
import SmartHomeProtocol

/// A registry device → its SYNC entry and its full QUERY state.
enum SyncDeviceMapping {
    static func syncDevice(for device: Device, willReportState: Bool) -> SyncDevice {
        let traits = DeviceTypeMapping.traits(of: device)
        var attributes = JSONObject()
        for trait in traits { TraitMappings.mapping(for: trait).attributes(of: device, into: &attributes) }
        let info = device.basicInformation
        let deviceInfo: SyncDevice.DeviceInfo?
        if info.vendorName == nil, info.productName == nil, info.hardwareVersionString == nil,
            info.softwareVersionString == nil
        {
            deviceInfo = nil
        } else {
            deviceInfo = SyncDevice.DeviceInfo(
                manufacturer: info.vendorName,
                model: info.productName,
                hwVersion: info.hardwareVersionString,
                swVersion: info.softwareVersionString
            )
        }
        var defaultNames: [String] = []
        if let product = info.productName {
            defaultNames.append(
                SyncDevice.truncatedName([info.vendorName, product].compactMap { $0 }.joined(separator: " "))
            )
        }
        return SyncDevice(
            id: device.id,
            type: DeviceTypeMapping.googleType(for: device.primaryType),
            traits: traits,
            name: SyncDevice.Name(
                name: SyncDevice.truncatedName(device.name),
                defaultNames: defaultNames,
                nicknames: device.nicknames.map(SyncDevice.truncatedName)
            ),
            willReportState: willReportState,
            roomHint: device.room,
            deviceInfo: deviceInfo,
            attributes: attributes,
            otherDeviceIds: device.otherDeviceIds,
            matterUniqueId: info.uniqueID,
            matterOriginalVendorId: info.vendorID.map(SyncDevice.matterHexId),
            matterOriginalProductId: info.productID.map(SyncDevice.matterHexId)
        )
    }

    /// The full state of every trait of the device (without `online` / `status`).
    static func states(of device: Device, traits: [Trait]) -> JSONObject {
        var states = JSONObject()
        for trait in traits { TraitMappings.mapping(for: trait).states(of: device, into: &states) }
        return states
    }
}
