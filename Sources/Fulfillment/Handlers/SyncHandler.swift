import Logging
import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.SYNC`: every device of the user, mapped to Google's types and traits. The payload is written
/// once per registry revision (``AnswerCache``); a device whose SYNC entry did not change since the last
/// rebuild reuses its validated, written entry (``SyncEntryCache``).
///
/// Each device is validated before it is sent (``DeviceValidation``): Google rejects the whole response for one
/// device it cannot accept, and the user would lose every device. A device with violations is left out, and a
/// warning names it and says why; `hearth devices validate` reports the same.
struct SyncHandler {
    let store: any DeviceStore
    let options: FulfillmentOptions
    let answers: AnswerCache
    let entries: SyncEntryCache
    let logger: Logger

    /// The answer, and how many devices the user has (the summary's device count).
    func handle(requestId: String, agentUserId: String) throws -> (body: [UInt8], devices: Int) {
        let snapshot = try store.snapshot(forUser: agentUserId)
        let payload = answers.syncPayload(user: agentUserId, snapshot: snapshot) {
            let previous = entries.entries(forUser: agentUserId)
            var current: [String: SyncEntryCache.Entry] = [:]
            current.reserveCapacity(snapshot.devices.count)
            var written: [[UInt8]] = []
            written.reserveCapacity(snapshot.devices.count)
            for device in snapshot.devices {
                // A device type with no Google type yet is kept in the registry and left out of SYNC.
                guard
                    let syncDevice = SyncDeviceMapping.syncDevice(for: device, willReportState: options.willReportState)
                else { continue }
                let entry: SyncEntryCache.Entry
                if let kept = previous[device.id], kept.syncDevice == syncDevice {
                    entry = kept
                } else {
                    let violations = SyncValidator.violations(in: syncDevice)
                    entry = SyncEntryCache.Entry(
                        syncDevice: syncDevice,
                        violations: violations,
                        bytes: violations.isEmpty ? syncDevice.jsonBytes : []
                    )
                }
                current[device.id] = entry
                guard entry.violations.isEmpty else {
                    logger.warning(
                        "Left a device out of SYNC: Google would reject it",
                        metadata: [
                            "agent_user.id": "\(agentUserId)",
                            "device.id": "\(device.id)",
                            "violations": "\(entry.violations.map(\.description).joined(separator: "; "))",
                        ]
                    )
                    continue
                }
                written.append(entry.bytes)
            }
            entries.store(current, forUser: agentUserId)
            return FulfillmentResponseBody.syncPayload(agentUserId: agentUserId, deviceEntries: written)
        }
        return (FulfillmentResponseBody.sync(requestId: requestId, payload: payload), snapshot.devices.count)
    }
}
