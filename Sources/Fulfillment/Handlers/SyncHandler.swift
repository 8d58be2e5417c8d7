import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.SYNC`: every device of the user, mapped to Google's types and traits. The payload is written
/// once per registry revision (``AnswerCache``).
struct SyncHandler {
    let store: any DeviceStore
    let options: FulfillmentOptions
    let answers: AnswerCache

    func handle(requestId: String, agentUserId: String) throws -> [UInt8] {
        let snapshot = try store.snapshot(forUser: agentUserId)
        let payload = answers.syncPayload(user: agentUserId, snapshot: snapshot) {
            let devices = snapshot.devices.map {
                SyncDeviceMapping.syncDevice(for: $0, willReportState: options.willReportState)
            }
            return FulfillmentResponse.syncPayload(agentUserId: agentUserId, devices: devices)
        }
        return FulfillmentResponse.sync(requestId: requestId, payload: payload)
    }
}
