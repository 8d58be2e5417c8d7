import Logging
import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.SYNC`: every device of the user, mapped to Google's types and traits. The payload is written
/// once per registry revision (``AnswerCache``).
///
/// Each device is validated before it is sent (``DeviceValidation``): Google rejects the whole response for one
/// device it cannot accept, and the user would lose every device. A device with violations is left out, and a
/// warning names it and says why; `hearth devices validate` reports the same.
struct SyncHandler {
    let store: any DeviceStore
    let options: FulfillmentOptions
    let answers: AnswerCache
    let logger: Logger

    func handle(requestId: String, agentUserId: String) throws -> [UInt8] {
        let snapshot = try store.snapshot(forUser: agentUserId)
        let payload = answers.syncPayload(user: agentUserId, snapshot: snapshot) {
            var devices: [SyncDevice] = []
            devices.reserveCapacity(snapshot.devices.count)
            for device in snapshot.devices {
                let validation = DeviceValidation(device: device, willReportState: options.willReportState)
                guard validation.isValid else {
                    logger.warning(
                        "Left a device out of SYNC: Google would reject it",
                        metadata: [
                            "agent_user.id": "\(agentUserId)",
                            "device.id": "\(device.id)",
                            "violations": "\(validation.violations.map(\.description).joined(separator: "; "))",
                        ]
                    )
                    continue
                }
                devices.append(validation.syncDevice)
            }
            return FulfillmentResponse.syncPayload(agentUserId: agentUserId, devices: devices)
        }
        return FulfillmentResponse.sync(requestId: requestId, payload: payload)
    }
}
