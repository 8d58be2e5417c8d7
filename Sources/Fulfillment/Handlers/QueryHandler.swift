import JSON
import MatterModel
import Registry
import SmartHomeProtocol

/// `action.devices.QUERY`: the full state of each requested device.
///
/// Ids the user does not have (unknown, another user's, or a device not exposed to Google) get `status: ERROR, errorCode: deviceNotFound`
/// and no state; a device with no reachable endpoint gets `online: false, status: ERROR, errorCode: deviceOffline`
/// (Google's errors reference, device-level QUERY errors). A partially online device is `online: true` with the
/// full state, its unreachable endpoints' traits at their last known values. A device with a low battery answers
/// `status: SUCCESS` with `exceptionCode: "lowBattery"` beside its full state: the query worked and the battery is
/// an alert, the shape of Google's error-handling guide, "Example 2: Non-blocking exception for EXECUTE intent"
/// (`"status": "SUCCESS"`, `"exceptionCode": "lowBattery"` among the states). Google shows no QUERY example; the
/// QUERY reference describes `EXCEPTIONS` as "There is an issue or alert associated with a query. The query could
/// succeed or fail. This status type is typically set when you want to send additional information about another
/// connected device", i.e. StatusReport about other devices, which Hearth does not send. Each device's entry is
/// written once per registry revision (``AnswerCache``).
struct QueryHandler {
    let store: any DeviceStore
    let answers: AnswerCache

    /// The entry of an id the user does not have.
    static let notFoundEntry = AnswerCache.QueryEntry(
        bytes: QueryDeviceResult.notFound.jsonBytes,
        failure: .deviceNotFound
    )

    /// The answer, and its summary (device-level failures as the entries report them: `deviceNotFound`,
    /// `deviceOffline`).
    func handle(
        requestId: String,
        request: QueryRequest,
        agentUserId: String
    ) throws -> (
        body: [UInt8], summary: IntentSummary
    ) {
        let snapshot = try store.snapshot(forUser: agentUserId)
        // Distinct ids in request order: the answer is an object keyed by id.
        let ids = distinctIds(request.devices, id: \.id)
        let entries = answers.queryEntries(
            user: agentUserId,
            snapshot: snapshot,
            ids: ids,
            fallback: Self.notFoundEntry
        ) { id in
            // A device Google was never told about (no Google type yet) is not Google's to query.
            snapshot.device(id).flatMap { DeviceTypeMapping.isExposed($0) ? $0 : nil }.map { device in
                let entry = Self.entry(for: device)
                return AnswerCache.QueryEntry(bytes: entry.jsonBytes, failure: entry.errorCode)
            }
        }
        return (
            FulfillmentResponseBody.query(requestId: requestId, ids: ids, entries: entries.map(\.bytes)),
            IntentSummary.query(
                requestId: requestId,
                deviceCount: ids.count,
                failures: entries.compactMap(\.failure),
                agentUserId: agentUserId
            )
        )
    }

    /// One device's QUERY entry.
    static func entry(for device: Device) -> QueryDeviceResult {
        guard device.online else {
            return QueryDeviceResult(online: false, status: .error, errorCode: .deviceOffline)
        }
        var states = SyncDeviceMapping.states(of: device, bindings: DeviceTypeMapping.bindings(of: device))
        if let exception = DeviceExceptions.exceptionCode(of: device) {
            states.append("exceptionCode", .string(exception.rawValue))
        }
        return QueryDeviceResult(online: true, status: .success, states: states)
    }
}
