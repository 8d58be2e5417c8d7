import Foundation
import Fulfillment
import HearthTestSupport
import JSON
import MatterModel
import MicroHTTPD
import Registry
import RegistrySQLite
import Testing

/// No token reads, changes or learns the existence of another user's device, through any intent.
struct IsolationTests {
    @Test func syncListsOnlyTheCallersDevices() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let alice = try await hearth.intent(TestHomes.sync, token: try hearth.token(for: "alice"))
        let ids = alice.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["lamp", "color", "white", "plug", "porch"])
        #expect(alice.json?["payload"]?["agentUserId"] == "alice")
        let bob = try await hearth.intent(TestHomes.sync, token: try hearth.token(for: "bob"))
        #expect(bob.json?["payload"]?["devices"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["bob-light"])
    }

    @Test func queryAnswersAnotherUsersDeviceExactlyLikeAnUnknownOne() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let bob = try hearth.token(for: "bob")
        let response = try await hearth.intent(TestHomes.query(["lamp", "no-such-device", "bob-light"]), token: bob)
        let devices = try #require(response.json?["payload"]?["devices"])
        let notFound: JSONValue = ["online": false, "status": "ERROR", "errorCode": "deviceNotFound"]
        #expect(devices["lamp"] == notFound)
        #expect(devices["no-such-device"] == notFound)
        #expect(devices["bob-light"]?["status"] == "SUCCESS")
    }

    @Test func executeOnAnotherUsersDeviceChangesNothing() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let alice = try hearth.token(for: "alice")
        let bob = try hearth.token(for: "bob")
        let response = try await hearth.intent(
            TestHomes.execute(["lamp", "bob-light"], command: "OnOff", params: #"{"on":true}"#),
            token: bob
        )
        let commands = try #require(response.json?["payload"]?["commands"]?.arrayValue)
        #expect(commands.count == 2)
        #expect(commands.contains(["ids": ["lamp"], "status": "ERROR", "errorCode": "deviceNotFound"]))
        #expect(commands.contains { $0["ids"] == ["bob-light"] && $0["status"] == "SUCCESS" })
        let lamp = try await hearth.intent(TestHomes.query(["lamp"]), token: alice)
        #expect(lamp.json?["payload"]?["devices"]?["lamp"]?["on"] == false, "alice's lamp is untouched")
    }

    @Test func disconnectRevokesOnlyTheCallersTokens() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let alice = try hearth.token(for: "alice")
        let aliceSecond = try hearth.token(for: "alice")
        let bob = try hearth.token(for: "bob")
        let response = try await hearth.intent(TestHomes.disconnect, token: alice)
        #expect(response.status == 200)
        #expect(response.json == [:])
        #expect(try await hearth.intent(TestHomes.sync, token: alice).status == 401)
        #expect(try await hearth.intent(TestHomes.sync, token: aliceSecond).status == 401)
        #expect(try await hearth.intent(TestHomes.sync, token: bob).status == 200)
        #expect(try hearth.store.devices(forUser: "alice").count == 5, "the devices stay")
    }
}

/// EXECUTE through the listener: validation modes and durability.
struct ExecuteThroughListenerTests {
    @Test func strictRefusesOutOfRangeAndChangesNothing() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let response = try await hearth.intent(
            TestHomes.execute(["lamp"], command: "BrightnessAbsolute", params: #"{"brightness":150}"#),
            token: token
        )
        let result = try #require(response.json?["payload"]?["commands"]?.arrayValue?.first)
        #expect(result["status"] == "ERROR")
        #expect(result["errorCode"] == "valueOutOfRange")
        let query = try await hearth.intent(TestHomes.query(["lamp"]), token: token)
        #expect(query.json?["payload"]?["devices"]?["lamp"]?["brightness"] == 50)
    }

    @Test func lenientClampsIntoRange() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers, options: .init(validationMode: .lenient))
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let response = try await hearth.intent(
            TestHomes.execute(["lamp"], command: "BrightnessAbsolute", params: #"{"brightness":150}"#),
            token: token
        )
        #expect(
            response.json?["payload"]?["commands"]
                == [["ids": ["lamp"], "status": "SUCCESS", "states": ["brightness": 100, "online": true]]]
        )
    }

    @Test func offlineDeviceGetsDeviceOfflineAndStaysUnchanged() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let response = try await hearth.intent(
            TestHomes.execute(["porch"], command: "OnOff", params: #"{"on":true}"#),
            token: token
        )
        #expect(
            response.json?["payload"]?["commands"] == [
                ["ids": ["porch"], "status": "ERROR", "errorCode": "deviceOffline"]
            ]
        )
        let porch = try #require(try hearth.store.devices(forUser: "alice", ids: ["porch"])["porch"])
        #expect(porch.endpoints[0].clusters[.OnOff]?.bool("OnOff") == false)
    }

    @Test func acknowledgedExecuteSurvivesClosingAndReopeningTheDatabase() async throws {
        let hearth = try TestHearth(devices: TestHomes.twoUsers)
        defer { hearth.shutdown() }
        let token = try hearth.token(for: "alice")
        let response = try await hearth.intent(
            TestHomes.execute(["color"], command: "ColorAbsolute", params: #"{"color":{"spectrumRGB":16711680}}"#),
            token: token
        )
        #expect(response.json?["payload"]?["commands"]?.arrayValue?.first?["status"] == "SUCCESS")
        hearth.server.shutdown()
        try hearth.store.close()
        let reopened = try RegistrySQLite.SQLiteRegistry(path: hearth.databasePath)
        defer { try? reopened.close() }
        let color = try #require(try reopened.devices(forUser: "alice", ids: ["color"])["color"])
        #expect(color.endpoints[0].clusters[.ColorControl]?.int("ColorMode") == 0)
        #expect(color.endpoints[0].clusters[.ColorControl]?.int("CurrentHue") == 0)
        #expect(color.endpoints[0].clusters[.ColorControl]?.int("CurrentSaturation") == 254)
    }
}
