import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.QUERY`: the full state of each requested device.
///
/// Ids the user does not have (unknown, or another user's) get `status: ERROR, errorCode: deviceNotFound`
/// and no state; an offline device gets `online: false, status: ERROR, errorCode: deviceOffline` (Google's
/// errors reference, device-level QUERY errors).
struct QueryHandler {
    let store: any DeviceStore

    func handle(requestId: String, request: QueryRequest, agentUserId: String) throws -> [UInt8] {
        let ids = request.devices.map(\.id)
        let devices = try store.devices(forUser: agentUserId, ids: ids)
        var results: [(id: String, result: QueryDeviceResult)] = []
        results.reserveCapacity(ids.count)
        for id in ids {
            guard let device = devices[id] else {
                results.append((id, .notFound))
                continue
            }
            guard device.online else {
                results.append((id, QueryDeviceResult(online: false, status: .error, errorCode: .deviceOffline)))
                continue
            }
            let states = SyncDeviceMapping.states(of: device, traits: DeviceTypeMapping.traits(of: device))
            results.append((id, QueryDeviceResult(online: true, status: .success, states: states)))
        }
        return FulfillmentResponse.query(requestId: requestId, devices: results)
    }
}
