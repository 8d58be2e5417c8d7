import Clocks
import Fulfillment
import HearthFakes
import HearthTestSupport
import JSON
import Logging
import MatterModel
import Registry
import RegistrySQLite
import SmartHomeProtocol

/// An ``IntentDispatcher`` over a ``SQLiteRegistry`` in memory filled from a device file, spoken to in JSON as
/// Google speaks to it. Every answer is decoded with ``JSONParser`` and compared as JSON, never as bytes.
struct TestFulfillment {
    let store: SQLiteRegistry
    let dispatcher: IntentDispatcher

    init(
        devices: String = Fixtures.home,
        options: FulfillmentOptions = FulfillmentOptions(),
        logger: Logger = Logger(label: "fulfillment-tests", factory: { _ in SwiftLogNoOpLogHandler() }),
        clock: any HearthClock = ManualClock(unixMilliseconds: 1_800_000_000_000)
    ) throws {
        store = try SQLiteRegistry.inMemory()
        _ = try store.importDevices(try DeviceFile.parse(devices))
        dispatcher = IntentDispatcher(store: store, options: options, logger: logger, clock: clock)
    }

    /// An answer: the HTTP status the dispatcher suggests and the decoded body.
    struct Reply {
        var status: Int
        var body: JSONValue
        /// What the answer came to, as the request's log line and the metrics see it.
        var summary: IntentSummary
    }

    /// Sends raw bytes as the body.
    func send(bytes: [UInt8], as user: String = Fixtures.alice) throws -> Reply {
        let answer = dispatcher.handle(body: bytes, agentUserId: user)
        return Reply(status: answer.status, body: try JSONParser.parse(answer.body), summary: answer.summary)
    }

    /// Sends a JSON request.
    func send(_ request: JSONValue, as user: String = Fixtures.alice) throws -> Reply {
        try send(bytes: Array(request.description.utf8), as: user)
    }

    /// SYNC: the whole answer.
    func sync(as user: String = Fixtures.alice, requestId: String = "sync-1") throws -> Reply {
        try send(GoogleRequest.sync(requestId: requestId), as: user)
    }

    /// SYNC: one device's entry in `payload.devices`, or `nil` when it is not listed.
    func syncDevice(_ id: String, as user: String = Fixtures.alice) throws -> JSONValue? {
        let devices = try sync(as: user).body["payload"]?["devices"]?.arrayValue ?? []
        return devices.first { $0["id"] == .string(id) }
    }

    /// QUERY: `payload.devices`.
    func query(_ ids: [String], as user: String = Fixtures.alice) throws -> JSONValue? {
        try send(GoogleRequest.query(ids), as: user).body["payload"]?["devices"]
    }

    /// QUERY: one device's entry.
    func query(_ id: String, as user: String = Fixtures.alice) throws -> JSONValue? {
        try query([id], as: user)?[id]
    }

    /// EXECUTE: `payload.commands`, each entry with its `ids` sorted, exactly as sent (Google's keys only: the
    /// explanations are in the payload-level `debugString`, which the tests that want it read with ``send(_:as:)``).
    func execute(_ groups: JSONValue..., as user: String = Fixtures.alice) throws -> [JSONValue] {
        let reply = try send(GoogleRequest.execute(groups), as: user)
        let commands = reply.body["payload"]?["commands"]?.arrayValue ?? []
        return commands.map { entry in
            guard var object = entry.objectValue else { return entry }
            if let ids = object["ids"]?.arrayValue {
                object["ids"] = .array(ids.sorted { ($0.stringValue ?? "") < ($1.stringValue ?? "") })
            }
            return .object(object)
        }
    }

    /// The stored device, to check what EXECUTE persisted where QUERY cannot show it (offline devices).
    func storedDevice(_ id: String, of user: String = Fixtures.alice) throws -> Device? {
        try store.devices(forUser: user, ids: [id])[id]
    }
}

/// Google's requests, as the intent references spell them.
enum GoogleRequest {
    static func sync(requestId: String = "sync-1") -> JSONValue {
        ["requestId": .string(requestId), "inputs": [["intent": "action.devices.SYNC"]]]
    }

    static func query(_ ids: [String], requestId: String = "query-1") -> JSONValue {
        [
            "requestId": .string(requestId),
            "inputs": [
                [
                    "intent": "action.devices.QUERY",
                    "payload": ["devices": .array(ids.map { ["id": .string($0)] })],
                ]
            ],
        ]
    }

    static func execute(_ groups: [JSONValue], requestId: String = "execute-1") -> JSONValue {
        [
            "requestId": .string(requestId),
            "inputs": [["intent": "action.devices.EXECUTE", "payload": ["commands": .array(groups)]]],
        ]
    }

    static func disconnect(requestId: String = "disconnect-1") -> JSONValue {
        ["requestId": .string(requestId), "inputs": [["intent": "action.devices.DISCONNECT"]]]
    }

    /// One `commands[]` group: devices and ordered execution steps.
    static func group(_ ids: [String], _ steps: JSONValue...) -> JSONValue {
        ["devices": .array(ids.map { ["id": .string($0)] }), "execution": .array(steps)]
    }

    /// One execution step; `command` without the `action.devices.commands.` prefix.
    static func step(_ command: String, _ params: JSONValue) -> JSONValue {
        ["command": .string("action.devices.commands.\(command)"), "params": params]
    }

    static func onOff(_ on: Bool) -> JSONValue {
        step("OnOff", ["on": .bool(on)])
    }

    static func brightnessAbsolute(_ brightness: JSONValue) -> JSONValue {
        step("BrightnessAbsolute", ["brightness": brightness])
    }

    static func brightnessRelative(percent: JSONValue) -> JSONValue {
        step("BrightnessRelative", ["brightnessRelativePercent": percent])
    }

    static func brightnessRelative(weight: JSONValue) -> JSONValue {
        step("BrightnessRelative", ["brightnessRelativeWeight": weight])
    }

    /// `ColorAbsolute` with `params.color` as given (`temperature`, `spectrumRGB` or `spectrumHSV`).
    static func colorAbsolute(_ color: JSONValue) -> JSONValue {
        step("ColorAbsolute", ["color": color])
    }
}
