import JSON
import MatterModel
import SmartHomeProtocol

/// A registry device → its SYNC entry and its full QUERY state.
enum SyncDeviceMapping {
    /// The device's SYNC entry, or `nil` when it is not exposed to Google (``DeviceTypeMapping/isExposed(_:)``).
    static func syncDevice(for device: Device, willReportState: Bool) -> SyncDevice? {
        guard let type = DeviceTypeMapping.googleType(for: device) else { return nil }
        let bindings = DeviceTypeMapping.bindings(of: device)
        var attributes = JSONObject()
        for binding in bindings {
            TraitMappings.attributes(
                of: binding.trait,
                endpoints: device.endpoints,
                backing: binding.endpoint,
                into: &attributes
            )
        }
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
        var entry = SyncDevice(
            id: device.id,
            type: type,
            traits: bindings.map(\.trait),
            name: SyncDevice.Name(
                name: SyncDevice.truncatedName(device.name),
                defaultNames: defaultNames,
                nicknames: device.nicknames.map(SyncDevice.truncatedName)
            ),
            willReportState: willReportState,
            roomHint: device.room,
            structureHint: device.structure,
            deviceInfo: deviceInfo,
            attributes: attributes,
            otherDeviceIds: device.otherDeviceIds,
            matterUniqueId: info.uniqueID,
            matterOriginalVendorId: info.vendorID.map(SyncDevice.matterHexId),
            matterOriginalProductId: info.productID.map(SyncDevice.matterHexId)
        )
        entry.notificationSupportedByAgent = device.notificationSupportedByAgent
        return entry
    }

    /// The full state of the traits bound by `bindings` (without `online` / `status`).
    static func states(of device: Device, bindings: [DeviceTypeMapping.Binding]) -> JSONObject {
        var states = JSONObject()
        for binding in bindings {
            TraitMappings.states(
                of: binding.trait,
                endpoints: device.endpoints,
                backing: binding.endpoint,
                into: &states
            )
        }
        return states
    }
}
