import Clocks
import Fulfillment
import HearthFakes
import JSON
import Logging
import MatterModel
import Registry
import RegistrySQLite
import Synchronization

/// A ``CommandDeliverer`` that records every plan and confirms every device at once.
final class RecordingDeliverer: CommandDeliverer {
    private let plans = Mutex<[PlannedCommands]>([])

    var delivered: [PlannedCommands] { plans.withLock { $0 } }

    func deliver(
        _ commands: PlannedCommands,
        deadline: Duration,
        completion: @escaping @Sendable (DeliveryOutcome) -> Void
    ) {
        plans.withLock { $0.append(commands) }
        var outcomes: [String: DeviceOutcome] = [:]
        for device in commands.devices { outcomes[device.id] = .success(clusters: nil, endpoint: nil) }
        completion(.answered(outcomes))
    }
}

/// An ``IntentDispatcher`` in webhook mode over an in-memory registry, for the delivery tests.
struct DeliveringFulfillment {
    let store: SQLiteRegistry
    let dispatcher: IntentDispatcher

    init(devices: String, deliverer: any CommandDeliverer) throws {
        store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(try DeviceFile.parse(devices))
        dispatcher = IntentDispatcher(
            store: store,
            options: FulfillmentOptions(),
            logger: Logger(label: "delivery-tests", factory: { _ in SwiftLogNoOpLogHandler() }),
            clock: ManualClock(unixMilliseconds: 1_800_000_000_000),
            deliverer: deliverer
        )
    }

    /// EXECUTE as `user` (Fixtures' Alice unless said): `payload.commands`.
    func execute(_ groups: JSONValue..., as user: String = Fixtures.alice) throws -> [JSONValue] {
        let request = GoogleRequest.execute(groups)
        let answer = dispatcher.handle(body: Array(request.description.utf8), agentUserId: user)
        return try JSONParser.parse(answer.body)["payload"]?["commands"]?.arrayValue ?? []
    }
}
