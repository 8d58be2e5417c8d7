import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.SYNC`: every device of the user, mapped to Google's types and traits.
struct SyncHandler {
    let store: any DeviceStore
    let options: FulfillmentOptions

    func handle(requestId: String, agentUserId: String) throws -> [UInt8] {
        let devices = try store.devices(forUser: agentUserId)
        let syncDevices = devices.map {
            SyncDeviceMapping.syncDevice(for: $0, willReportState: options.willReportState)
        }
        return FulfillmentResponse.sync(requestId: requestId, agentUserId: agentUserId, devices: syncDevices)
    }
}
