import Clocks
import DeviceAPI
import Foundation
import HearthTestSupport
import JSON
import MatterModel
import Registry
import Testing

/// `/v1` through a real listener: keys, the error shape, users, devices, renames, `If-Match`, state and events.
@Suite(.serialized) struct DeviceAPIResponderTests {
    @Test func requestsWithoutAValidKeyAre401() throws {
        try TestDeviceAPI.with { api in
            let token = try api.store.issueToken(forUser: "alice", ttl: nil, now: SystemClock().unixTime)
            for credential in ["", "Bearer \(token)", "Bearer hk_unknown", "Basic abc", "Bearer \(api.key)x"] {
                let answer = try api.request("GET", "/v1/users/alice/devices", authorization: credential)
                #expect(answer.status == 401, "\(credential)")
                #expect(answer.json["error"]?.stringValue == "unauthorized")
                #expect(answer.header("WWW-Authenticate")?.hasPrefix("Bearer") == true)
            }
            // A revoked key stops working.
            #expect(try api.store.revoke(name: "backend"))
            #expect(try api.request("PUT", "/v1/users/alice").status == 401)
        }
    }

    @Test func userIsCreatedOnceAndRemovedWithItsDevicesAndTokens() throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/alice").status == 201)
            #expect(try api.request("PUT", "/v1/users/alice").status == 200)
            #expect(try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light).status == 201)
            let token = try api.store.issueToken(forUser: "alice", ttl: nil, now: SystemClock().unixTime)
            #expect(try api.request("DELETE", "/v1/users/alice").status == 204)
            #expect(try api.store.authenticate(token: token, now: SystemClock().unixTime) == nil)
            #expect(try api.store.devices(forUser: "alice").isEmpty)
            #expect(try api.request("GET", "/v1/users/alice/devices").status == 404)
            #expect(try api.request("DELETE", "/v1/users/alice").status == 404)
        }
    }

    @Test func badIdsUnknownRoutesAndMethodsAreRefused() throws {
        try TestDeviceAPI.with { api in
            let bad = try api.request("PUT", "/v1/users/al%20ice")
            #expect(bad.status == 400)
            #expect(bad.json["error"]?.stringValue == "invalidId")
            #expect(try api.request("PUT", "/v1/users/" + String(repeating: "a", count: 129)).status == 400)
            #expect(try api.request("PUT", "/v1/users/" + String(repeating: "a", count: 128)).status == 201)
            #expect(try api.request("GET", "/v1/nothing").status == 404)
            let method = try api.request("POST", "/v1/users/alice")
            #expect(method.status == 405)
            #expect(method.header("Allow") == "PUT, DELETE")
            #expect(method.json["error"]?.stringValue == "methodNotAllowed")
        }
    }
    /// A body over the listener's limit (1 MiB here) is refused by the listener before the responder sees it, in
    /// the same error shape as every /v1 refusal (the OpenAPI document's `Error`: `error` and `message`), and nothing
    /// is written.
    @Test func oversizeBodiesAre413InTheErrorShapeAndWriteNothing() throws {
        try TestDeviceAPI.with { api in
            let padding = String(repeating: " ", count: 1 << 20)
            let device = #"{"id": "plug", "name": "Plug", "deviceTypes": ["OnOffPlugInUnit"]}"#
            let put = try api.request("PUT", "/v1/users/alice/devices/plug", json: device + padding)
            #expect(put.status == 413)
            #expect(put.header("Content-Type") == "application/json")
            #expect(put.json["error"]?.stringValue == "payloadTooLarge")
            #expect(put.json["message"]?.stringValue?.contains("1048576 bytes") == true, "\(put.body)")
            let batch = try api.request("POST", "/v1/state", json: #"{"changes": []}"# + padding)
            #expect(batch.status == 413)
            #expect(batch.json["error"]?.stringValue == "payloadTooLarge")
            #expect(try api.request("GET", "/v1/users/alice/devices").status == 404)
        }
    }

    @Test func deviceIsPutListedAndReadWithAnETag() throws {
        try TestDeviceAPI.with { api in
            #expect(try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light).status == 404)
            _ = try api.request("PUT", "/v1/users/alice")
            let created = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light)
            #expect(created.status == 201)
            #expect(created.json["device"]?["id"]?.stringValue == "kitchen")
            let replaced = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light)
            #expect(replaced.status == 200)
            let list = try api.request("GET", "/v1/users/alice/devices")
            #expect(list.status == 200)
            #expect(list.json["devices"]?.arrayValue?.count == 1)
            #expect((list.json["generation"]?.intValue ?? 0) > 0)
            let read = try api.request("GET", "/v1/users/alice/devices/kitchen")
            #expect(read.status == 200)
            #expect(read.json["connectivity"]?["state"]?.stringValue == "online")
            #expect(read.json["device"]?["clusters"]?["LevelControl"]?["CurrentLevel"]?.intValue == 100)
            #expect(read.header("ETag") != nil)
            #expect(read.header("ETag") == replaced.header("ETag"))
            #expect(try api.request("GET", "/v1/users/alice/devices/nothing").status == 404)
        }
    }

    @Test func invalidDevicesAre422WithTheImportMessages() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            let range = try api.request(
                "PUT",
                "/v1/users/alice/devices/kitchen",
                json: DeviceJSON.light.replacingOccurrences(of: "100", with: "300")
            )
            #expect(range.status == 422)
            #expect(range.json["error"]?.stringValue == "invalid")
            let detail = range.json["details"]?.arrayValue?.first
            #expect(detail?["path"]?.stringValue == "/clusters/LevelControl/CurrentLevel")
            #expect(detail?["message"]?.stringValue?.contains("outside") == true)
            let typo = try api.request(
                "PUT",
                "/v1/users/alice/devices/kitchen",
                json: DeviceJSON.light.replacingOccurrences(of: "\"room\"", with: "\"rooom\"")
            )
            #expect(typo.status == 422)
            #expect(typo.body.contains("did you mean"))
            let malformed = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: "{\"name\": ")
            #expect(malformed.status == 400)
            #expect(malformed.json["error"]?.stringValue == "malformedJSON")
            let otherId = try api.request(
                "PUT",
                "/v1/users/alice/devices/kitchen",
                json: DeviceJSON.light.replacingOccurrences(of: "{\"name\"", with: "{\"id\": \"hall\", \"name\"")
            )
            #expect(otherId.status == 422)
            let notJSON = try api.request(
                "PUT",
                "/v1/users/alice/devices/kitchen",
                json: DeviceJSON.light,
                headers: ["Content-Type: text/plain"]
            )
            #expect(notJSON.status == 415)
            #expect(try api.store.devices(forUser: "alice").isEmpty)
        }
    }

    @Test func ifMatchGuardsPutPatchAndDelete() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            let created = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light)
            let tag = try #require(created.header("ETag"))
            let stale = try api.request(
                "PATCH",
                "/v1/users/alice/devices/kitchen",
                json: #"{"name": "Stale"}"#,
                headers: ["If-Match: \"0000000000000000\""]
            )
            #expect(stale.status == 412)
            #expect(stale.json["error"]?.stringValue == "preconditionFailed")
            let renamed = try api.request(
                "PATCH",
                "/v1/users/alice/devices/kitchen",
                json: #"{"name": "Fresh"}"#,
                headers: ["If-Match: \(tag)"]
            )
            #expect(renamed.status == 200)
            // The old tag no longer matches.
            #expect(
                try api.request(
                    "PUT",
                    "/v1/users/alice/devices/kitchen",
                    json: DeviceJSON.light,
                    headers: ["If-Match: \(tag)"]
                ).status == 412
            )
            #expect(
                try api.request("DELETE", "/v1/users/alice/devices/kitchen", headers: ["If-Match: \(tag)"]).status
                    == 412
            )
            #expect(try api.store.devices(forUser: "alice").first?.name == "Fresh")
            let wildcard = try api.request("DELETE", "/v1/users/alice/devices/kitchen", headers: ["If-Match: *"])
            #expect(wildcard.status == 204)
            #expect(try api.store.devices(forUser: "alice").isEmpty)
            #expect(try api.request("DELETE", "/v1/users/alice/devices/kitchen").status == 404)
        }
    }

    @Test func nameOver60CodePointsIsCutAndTheAnswerSaysSo() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            _ = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light)
            // 58 letters, "e" + a combining acute accent, then an emoji: 61 code points, 60 characters.
            let name = String(repeating: "a", count: 58) + "e\u{301}" + "💡"
            #expect(name.unicodeScalars.count == 61)
            let answer = try api.request(
                "PATCH",
                "/v1/users/alice/devices/kitchen",
                json: #"{"name": "\#(name)", "nicknames": ["Big light"], "room": null}"#
            )
            #expect(answer.status == 200)
            #expect(answer.json["nameTruncated"]?.boolValue == true)
            let stored = try #require(try api.store.devices(forUser: "alice").first)
            #expect(stored.name.unicodeScalars.count == 60)
            #expect(stored.name == String(repeating: "a", count: 58) + "e\u{301}")
            #expect(stored.nicknames == ["Big light"])
            #expect(stored.room == nil)
            let exact = try api.request(
                "PATCH",
                "/v1/users/alice/devices/kitchen",
                json: #"{"name": "\#(String(repeating: "b", count: 60))"}"#
            )
            #expect(exact.json["nameTruncated"] == nil)
            let typo = try api.request("PATCH", "/v1/users/alice/devices/kitchen", json: #"{"nmae": "x"}"#)
            #expect(typo.status == 422)
            let message = typo.json["details"]?.arrayValue?.first?["message"]?.stringValue
            #expect(message?.contains("did you mean \"name\"") == true)
        }
    }

    @Test func statePatchIsValidatedAppliedAndLogged() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            _ = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light)
            let answer = try api.request(
                "PATCH",
                "/v1/users/alice/devices/kitchen/state",
                json: #"{"clusters": {"OnOff": {"OnOff": true}, "LevelControl": {"CurrentLevel": 76}}, "#
                    + #""online": false}"#
            )
            #expect(answer.status == 200)
            #expect(answer.json["connectivity"]?["state"]?.stringValue == "offline")
            let stored = try #require(try api.store.devices(forUser: "alice").first)
            #expect(stored.endpoints[0].clusters[.LevelControl]?.attributes["CurrentLevel"] == .int(76))
            #expect(stored.endpoints[0].clusters[.OnOff]?.attributes["OnOff"] == .bool(true))
            for (body, path) in [
                (#"{"clusters": {"LevelControl": {"CurrentLevel": 300}}}"#, "/clusters/LevelControl/CurrentLevel"),
                (#"{"clusters": {"LevelControl": {"CurrentLevel": "76"}}}"#, "/clusters/LevelControl/CurrentLevel"),
                (#"{"clusters": {"OnOf": {"OnOff": true}}}"#, "/clusters/OnOf"),
                (#"{"clusters": {"OnOff": {"OnOf": true}}}"#, "/clusters/OnOff/OnOf"),
                (#"{"online": "yes"}"#, "/online"),
                (#"{"onlin": true}"#, "/onlin"),
            ] {
                let refused = try api.request("PATCH", "/v1/users/alice/devices/kitchen/state", json: body)
                #expect(refused.status == 422, "\(body)")
                #expect(refused.json["details"]?.arrayValue?.first?["path"]?.stringValue == path, "\(body)")
            }
            #expect(
                try api.request(
                    "PATCH",
                    "/v1/users/alice/devices/nothing/state",
                    json: #"{"online": true}"#
                ).status == 404
            )
            let after = try #require(try api.store.devices(forUser: "alice").first)
            #expect(after == stored)
        }
    }

    @Test func batchOf1000WithOneBadChangeWritesNothing() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            for index in 0..<10 {
                _ = try api.request("PUT", "/v1/users/alice/devices/light-\(index)", json: DeviceJSON.light)
            }
            func batch(badAt bad: Int?) -> String {
                let changes = (0..<1000).map { index in
                    let level = index == bad ? 0 : 1 + index % 254
                    return #"{"agentUserId": "alice", "deviceId": "light-\#(index % 10)", "#
                        + #""clusters": {"LevelControl": {"CurrentLevel": \#(level)}}}"#
                }
                return #"{"changes": ["# + changes.joined(separator: ",") + "]}"
            }
            let before = try api.store.devices(forUser: "alice")
            let refused = try api.request("POST", "/v1/state", json: batch(badAt: 997))
            #expect(refused.status == 422)
            let path = refused.json["details"]?.arrayValue?.first?["path"]?.stringValue
            #expect(path?.hasPrefix("/changes/997/") == true)
            #expect(try api.store.devices(forUser: "alice") == before)
            let unknown = try api.request(
                "POST",
                "/v1/state",
                json: batch(badAt: nil).replacingOccurrences(of: "light-9", with: "light-99")
            )
            #expect(unknown.status == 404)
            #expect(try api.store.devices(forUser: "alice") == before)
            let applied = try api.request("POST", "/v1/state", json: batch(badAt: nil))
            #expect(applied.status == 200)
            #expect(applied.json["applied"]?.intValue == 1000)
            // The last change to light-9 is number 999: level 1 + 999 % 254.
            let light9 = try #require(try api.store.devices(forUser: "alice").first { $0.id == "light-9" })
            #expect(light9.endpoints[0].clusters[.LevelControl]?.attributes["CurrentLevel"] == .int(1 + 999 % 254))
            let tooMany = try api.request(
                "POST",
                "/v1/state",
                json: #"{"changes": ["# + Array(repeating: "{}", count: 10_001).joined(separator: ",") + "]}"
            )
            #expect(tooMany.status == 413)
            #expect(tooMany.json["error"]?.stringValue == "payloadTooLarge")
            #expect(tooMany.json["message"]?.stringValue?.contains("at most 10000 changes, not 10001") == true)
        }
    }

    /// `Prefer: handling=lenient`: a change naming a missing device, or one that does not apply to its device, is
    /// answered on its own, and the others are written, over several users and several transactions.
    @Test func lenientBatchWritesTheValidChangesAndNamesTheOthers() throws {
        try TestDeviceAPI.with { api in
            let users = (0..<40).map { "user-\($0)" }
            for user in users {
                _ = try api.request("PUT", "/v1/users/\(user)")
                for index in 0..<3 {
                    _ = try api.request("PUT", "/v1/users/\(user)/devices/light-\(index)", json: DeviceJSON.light)
                }
            }
            // 6,000 changes over 40 users: more than one transaction's worth. Index 5 names a missing device,
            // index 4,321 an endpoint the light does not have.
            var expected: [String: Int] = [:]
            func batch(levelOffset: Int) -> String {
                var changes: [String] = []
                for index in 0..<6000 {
                    let user = users[index % users.count]
                    let device = index == 5 ? "light-missing" : "light-\(index % 3)"
                    let level = 1 + (index + levelOffset) % 254
                    let endpoint = index == 4321 ? #", "endpoint": 7"# : ""
                    changes.append(
                        #"{"agentUserId": "\#(user)", "deviceId": "\#(device)", "#
                            + #""clusters": {"LevelControl": {"CurrentLevel": \#(level)}}\#(endpoint)}"#
                    )
                    if levelOffset == 0, index != 5, index != 4321 { expected[user + "/" + device] = level }
                }
                return #"{"changes": ["# + changes.joined(separator: ",") + "]}"
            }
            let body = batch(levelOffset: 0)
            let answer = try api.request("POST", "/v1/state", json: body, headers: ["Prefer: handling=lenient"])
            #expect(answer.status == 200)
            #expect(answer.header("Preference-Applied") == "handling=lenient")
            #expect(answer.json["applied"]?.intValue == 5998)
            #expect(answer.json["failed"]?.intValue == 2)
            let results = answer.json["results"]?.arrayValue ?? []
            #expect(results.map { $0["index"]?.intValue } == [5, 4321])
            #expect(results.map { $0["status"]?.stringValue } == ["notFound", "notApplicable"])
            #expect(results.first?["message"]?.stringValue?.contains("light-missing") == true)
            for user in users {
                for device in try api.store.devices(forUser: user) {
                    let level = device.endpoints[0].clusters[.LevelControl]?.attributes["CurrentLevel"]
                    #expect(level == expected[user + "/" + device.id].map { .int($0) }, "\(user) \(device.id)")
                }
            }
            // The same batch without the preference is all or nothing, as before: 404 and nothing written.
            let before = try users.map { try api.store.devices(forUser: $0) }
            let strict = try api.request(
                "POST",
                "/v1/state",
                json: batch(levelOffset: 1)
            )
            #expect(strict.status == 404)
            #expect(strict.json["message"]?.stringValue?.contains("change 5") == true)
            #expect(try users.map { try api.store.devices(forUser: $0) } == before)
        }
    }

    @Test func eventIsAcceptedForAKnownDevice() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            _ = try api.request("PUT", "/v1/users/alice/devices/kitchen", json: DeviceJSON.light)
            let answer = try api.request(
                "POST",
                "/v1/users/alice/devices/kitchen/events",
                json: #"{"event": "doorbellPress"}"#
            )
            #expect(answer.status == 202)
            let typo = try api.request(
                "POST",
                "/v1/users/alice/devices/kitchen/events",
                json: #"{"event": "doorbelPress"}"#
            )
            #expect(typo.status == 422)
            #expect(typo.body.contains("did you mean"))
            #expect(
                try api.request(
                    "POST",
                    "/v1/users/alice/devices/nothing/events",
                    json: #"{"event": "doorbellPress"}"#
                ).status == 404
            )
        }
    }

    @Test func openAPIDocumentIsServed() throws {
        try TestDeviceAPI.with { api in
            let answer = try api.request("GET", "/v1/openapi.json")
            #expect(answer.status == 200)
            #expect(answer.json["openapi"]?.stringValue?.hasPrefix("3.1") == true)
        }
    }
}
