import Clocks
import DeviceAPI
import Foundation
import Fulfillment
import HTTPMessages
import HTTPTypes
import HearthApp
import HearthFakes
import HearthHTTP
import HearthTestSupport
import JSON
import Logging
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite
import Testing

/// API keys reach only `/v1`, Google's tokens only `/fulfillment`; bad keys are slowed like bad tokens; `/v1` is
/// 404 without the device API.
@Suite(.serialized) struct DeviceAPIIsolationTests {
    @Test func keysAndTokensAreEachRefusedWhereTheOtherBelongs() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers, deviceAPI: true)
        defer { hearth.shutdown() }
        let key = try hearth.store.create(name: "backend", now: SystemClock().unixTime)
        let token = try hearth.token(for: "alice")
        let sync = Data(#"{"requestId": "1", "inputs": [{"intent": "action.devices.SYNC"}]}"#.utf8)
        #expect(try await hearth.send(body: sync, token: token).status == 200)
        #expect(try await hearth.send(body: sync, token: key).status == 401)
        let list = "/v1/users/alice/devices"
        #expect(try await hearth.send("GET", path: list, token: key, contentType: nil).status == 200)
        let refused = try await hearth.send("GET", path: list, token: token, contentType: nil)
        #expect(refused.status == 401)
        #expect(refused.json?["error"]?.stringValue == "unauthorized")
    }

    /// `/v1` itself and every unknown path under it answer in the API's error shape, not the fulfillment one.
    @Test func unknownPathsUnderV1AnswerTheAPIsErrorShape() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers, deviceAPI: true)
        defer { hearth.shutdown() }
        let key = try hearth.store.create(name: "backend", now: SystemClock().unixTime)
        for path in ["/v1", "/v1/", "/v1/nothing", "/v1/users", "/v1/users/alice/devices/lamp/x/y"] {
            let answer = try await hearth.send("GET", path: path, token: key, contentType: nil)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.json?["error"]?.stringValue == "notFound", "\(path)")
            #expect(answer.json?["message"]?.stringValue != nil, "\(path)")
            #expect(answer.json?["error_description"] == nil, "\(path)")
        }
        let anonymous = try await hearth.send("GET", path: "/v1", contentType: nil)
        #expect(anonymous.status == 401)
        #expect(anonymous.json?["error"]?.stringValue == "unauthorized")
        // A path that only starts like the API is not the API's.
        #expect(try await hearth.send("GET", path: "/v1x", token: key, contentType: nil).json?["error"] == "not_found")
    }

    @Test func stateFromTheAPIShowsInQueryAndADeletedDeviceLeavesSync() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers, deviceAPI: true)
        defer { hearth.shutdown() }
        let key = try hearth.store.create(name: "backend", now: SystemClock().unixTime)
        let token = try hearth.token(for: "alice")
        let patched = try await hearth.send(
            "PATCH",
            path: "/v1/users/alice/devices/lamp/state",
            body: Data(#"{"clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 254}}}"#.utf8),
            token: key
        )
        #expect(patched.status == 200)
        let query = try await hearth.send(
            body: Data(
                #"{"requestId": "q", "inputs": [{"intent": "action.devices.QUERY", "payload": {"devices": [{"id": "lamp"}]}}]}"#
                    .utf8
            ),
            token: token
        )
        let lamp = query.json?["payload"]?["devices"]?["lamp"]
        #expect(lamp?["on"]?.boolValue == true)
        #expect(lamp?["brightness"]?.intValue == 100)
        let deleted = try await hearth.send(
            "DELETE",
            path: "/v1/users/alice/devices/lamp",
            token: key,
            contentType: nil
        )
        #expect(deleted.status == 204)
        let sync = try await hearth.send(
            body: Data(#"{"requestId": "s", "inputs": [{"intent": "action.devices.SYNC"}]}"#.utf8),
            token: token
        )
        let ids = sync.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(!ids.isEmpty)
        #expect(!ids.contains("lamp"))
    }

    @Test func withoutTheDeviceAPIV1IsNotFound() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let key = try hearth.store.create(name: "backend", now: SystemClock().unixTime)
        #expect(
            try await hearth.send("GET", path: "/v1/users/alice/devices", token: key, contentType: nil).status == 404
        )
    }

    @Test func badKeysSpendTheBadTokenBudget() throws {
        let store = try SQLiteRegistry.inMemory()
        let clock = ManualClock()
        let throttle = AuthFailureThrottle(burst: 2, perMinute: 1, clock: clock)
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let responder = HearthResponder(
            store: store,
            endpoints: HearthResponder.Endpoints(
                deviceAPI: DeviceAPIResponder(
                    store: store,
                    authFailureDelay: { request in throttle.delayAfterFailure(of: throttle.client(of: request)) },
                    logger: logger
                ),
                throttle: throttle
            ),
            logger: logger,
            clock: clock
        )
        func badKey() -> Response {
            responder.respond(
                to: Request(
                    method: .get,
                    target: "/v1/users/alice/devices",
                    headerFields: [.authorization: "Bearer hk_wrong"],
                    remoteAddress: "192.0.2.7"
                )
            )
        }
        #expect(badKey().delay == .zero)
        #expect(badKey().delay == .zero)
        let held = badKey()
        #expect(held.status == .unauthorized)
        #expect(held.delay > .zero)
    }
}
