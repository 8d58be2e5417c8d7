import Foundation
import HearthTestSupport
import JSON
import MatterModel
import Registry
import SmartHomeProtocol
import Testing

@testable import Fulfillment

/// `Config/sensors.json` (the sensors, switches and valves of the device catalogue) as the tests' home, and small
/// helpers over it.
enum SensorsFixtures {
    typealias G = GoogleRequest

    /// The user of `Config/sensors.json`.
    static let user = "demo-user"

    /// The text of `Config/sensors.json`.
    static func text() throws -> String {
        let data = try #require(FileManager.default.contents(atPath: RepositoryRoot.config("sensors.json").path))
        return String(decoding: data, as: UTF8.self)
    }

    /// A fulfillment over `Config/sensors.json`.
    static func catalogue(mode: ValidationMode = .strict) throws -> TestFulfillment {
        var options = FulfillmentOptions()
        options.validationMode = mode
        return try TestFulfillment(devices: try text(), options: options)
    }

    /// A fulfillment over the given devices (JSON objects), owned by ``user``.
    static func fulfillment(_ devices: String..., mode: ValidationMode = .strict) throws -> TestFulfillment {
        var options = FulfillmentOptions()
        options.validationMode = mode
        return try TestFulfillment(
            devices: #"{"users": [{"agentUserId": "\#(user)", "devices": [\#(devices.joined(separator: ","))]}]}"#,
            options: options
        )
    }

    /// The one result of an EXECUTE of `steps` on `id`.
    static func run(_ fulfillment: TestFulfillment, _ id: String, _ steps: JSONValue...) throws -> JSONValue {
        let group: JSONValue = ["devices": [["id": .string(id)]], "execution": .array(steps)]
        let results = try fulfillment.execute(group, as: user)
        #expect(results.count == 1)
        return try #require(results.first)
    }

    /// The error code of an EXECUTE of `step` on `id` (`nil` when it succeeded).
    static func errorCode(_ fulfillment: TestFulfillment, _ id: String, _ step: JSONValue) throws -> String? {
        let result = try run(fulfillment, id, step)
        return result["status"] == "ERROR" ? result["errorCode"]?.stringValue : nil
    }

    /// One stored cluster of the first endpoint of `id`.
    static func stored(_ fulfillment: TestFulfillment, _ id: String, _ cluster: ClusterID) throws -> ClusterState {
        let device = try #require(try fulfillment.storedDevice(id, of: user))
        return try #require(device.endpoints.first).cluster(cluster)
    }

    /// The `command` records EXECUTE wrote for `steps` on `id`: `[command, arguments]` pairs.
    static func commands(
        _ fulfillment: TestFulfillment,
        _ id: String,
        _ steps: JSONValue...
    ) throws -> [[JSONValue]] {
        let before = try fulfillment.store.changeBounds().latest
        let group: JSONValue = ["devices": [["id": .string(id)]], "execution": .array(steps)]
        _ = try fulfillment.send(G.execute([group]), as: user)
        return try fulfillment.store.changes(after: before, limit: 20, users: nil, kinds: [.command]).map {
            [$0.record.data["command"] ?? .null, $0.record.data["arguments"] ?? .null]
        }
    }

    /// The SYNC payload's violations (what Google would refuse) for the user.
    static func syncViolations(_ fulfillment: TestFulfillment) throws -> [String] {
        let payload = try #require(try fulfillment.sync(as: user).body["payload"]?.objectValue)
        return SyncValidator.violations(inPayload: payload).map(\.description)
    }
}
