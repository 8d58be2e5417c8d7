import DeviceAPI
import Foundation
import HearthTestSupport
import JSON
import MatterModel
import Registry
import Testing

/// A JSON string may carry `\u0000`; no store can keep it (SQLite would cut the text there, PostgreSQL refuses it).
/// `/v1` refuses it with 422 `invalid` naming the field, writes nothing, and keeps every other character exactly.
@Suite(.serialized) struct StoredTextRefusalTests {
    /// A battery plug whose Power Source `Description` is a string attribute.
    static let plug = #"""
        {"name": "Plug", "deviceTypes": ["OnOffPlugInUnit"],
         "clusters": {"OnOff": {"OnOff": false}, "PowerSource": {"Description": "Mains"}}}
        """#

    /// The refusal's first detail: its path and message.
    static func detail(_ answer: Curl.Result) -> (path: String?, message: String?) {
        let first = answer.json["details"]?.arrayValue?.first
        return (first?["path"]?.stringValue, first?["message"]?.stringValue)
    }

    static func expectNULRefusal(_ answer: Curl.Result, path: String) {
        #expect(answer.status == 422, "\(answer.body)")
        #expect(answer.json["error"]?.stringValue == "invalid")
        #expect(detail(answer).path == path, "\(answer.body)")
        #expect(detail(answer).message?.contains("U+0000") == true, "\(answer.body)")
        #expect(!answer.body.utf8.contains(0), "the refusal does not echo the NUL")
    }

    @Test(arguments: [
        (#""name": "Lamp\u0000evil""#, "/name"),
        (#""name": "Lamp", "room": "Hall\u0000""#, "/room"),
        (#""name": "Lamp", "structure": "\u0000""#, "/structure"),
        (#""name": "Lamp", "nicknames": ["ok", "big\u0000light"]"#, "/nicknames/1"),
        (#""name": "Lamp", "basicInformation": {"serialNumber": "SN\u00001"}"#, "/basicInformation/serialNumber"),
    ])
    func deviceWithANULIsRefusedAndNotStored(members: String, path: String) throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            let body = "{\(members), \"deviceTypes\": [\"OnOffLight\"]}"
            let answer = try api.request("PUT", "/v1/users/alice/devices/lamp", json: body)
            Self.expectNULRefusal(answer, path: path)
            #expect(try api.store.devices(forUser: "alice").isEmpty)
            #expect(try api.request("GET", "/v1/users/alice/devices/lamp").status == 404)
        }
    }

    @Test func aNULInAStringAttributeOfAPutIsRefused() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            let body = Self.plug.replacingOccurrences(of: "Mains", with: #"Mains\u0000"#)
            let answer = try api.request("PUT", "/v1/users/alice/devices/plug", json: body)
            Self.expectNULRefusal(answer, path: "/clusters/PowerSource/Description")
            #expect(try api.store.devices(forUser: "alice").isEmpty)
        }
    }

    @Test func aRenameWithANULIsRefusedAndTheDeviceIsUnchanged() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            #expect(try api.request("PUT", "/v1/users/alice/devices/plug", json: Self.plug).status == 201)
            let before = try api.request("GET", "/v1/users/alice/devices/plug")
            for (body, path) in [
                (#"{"name": "Plug\u0000evil"}"#, "/name"),
                (#"{"nicknames": ["a", "b\u0000"]}"#, "/nicknames/1"),
                (#"{"room": "\u0000"}"#, "/room"),
                (#"{"structure": "Home\u0000", "name": "New"}"#, "/structure"),
            ] {
                let answer = try api.request("PATCH", "/v1/users/alice/devices/plug", json: body)
                Self.expectNULRefusal(answer, path: path)
            }
            let after = try api.request("GET", "/v1/users/alice/devices/plug")
            #expect(after.header("ETag") == before.header("ETag"))
            #expect(try api.store.devices(forUser: "alice").first?.name == "Plug")
        }
    }

    @Test func aStatePatchWithANULIsRefused() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            #expect(try api.request("PUT", "/v1/users/alice/devices/plug", json: Self.plug).status == 201)
            let answer = try api.request(
                "PATCH",
                "/v1/users/alice/devices/plug/state",
                json: #"{"clusters": {"OnOff": {"OnOff": true}, "PowerSource": {"Description": "Bat\u0000tery"}}}"#
            )
            Self.expectNULRefusal(answer, path: "/clusters/PowerSource/Description")
            let stored = try #require(try api.store.devices(forUser: "alice").first)
            #expect(stored.endpoints[0].clusters[.PowerSource]?["Description"] == .string("Mains"))
            #expect(stored.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(false), "nothing of the change is written")
        }
    }

    @Test func aBatchWithOneNULIsRefusedWhole() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            #expect(try api.request("PUT", "/v1/users/alice/devices/plug", json: Self.plug).status == 201)
            #expect(try api.request("PUT", "/v1/users/alice/devices/other", json: Self.plug).status == 201)
            let generation = try api.request("GET", "/v1/users/alice/devices").json["generation"]?.intValue
            let batch = #"""
                {"changes": [
                  {"agentUserId": "alice", "deviceId": "other", "clusters": {"OnOff": {"OnOff": true}}},
                  {"agentUserId": "alice", "deviceId": "plug", "clusters": {"PowerSource": {"Description": "x\u0000"}}}
                ]}
                """#
            let answer = try api.request("POST", "/v1/state", json: batch)
            Self.expectNULRefusal(answer, path: "/changes/1/clusters/PowerSource/Description")
            let list = try api.request("GET", "/v1/users/alice/devices")
            #expect(list.json["generation"]?.intValue == generation, "the registry did not change")
            for device in try api.store.devices(forUser: "alice") {
                #expect(device.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(false), "\(device.id)")
                #expect(device.endpoints[0].clusters[.PowerSource]?["Description"] == .string("Mains"), "\(device.id)")
            }
        }
    }

    /// The positive control: every other character, escaped or not, outside the BMP or not, is kept exactly.
    @Test func nonASCIITextRoundTripsExactly() throws {
        try TestDeviceAPI.with { api in
            _ = try api.request("PUT", "/v1/users/alice")
            let name = "Küche 💡"
            let body = #"""
                {"name": "Küche 💡", "room": "K\u00fcche", "nicknames": ["\ud83d\udca1 \u0001\u001f"],
                 "deviceTypes": ["OnOffPlugInUnit"], "clusters": {"PowerSource": {"Description": "Åkku ⚡"}}}
                """#
            #expect(try api.request("PUT", "/v1/users/alice/devices/plug", json: body).status == 201)
            let read = try api.request("GET", "/v1/users/alice/devices/plug")
            #expect(read.json["device"]?["name"]?.stringValue == name)
            #expect(read.json["device"]?["room"]?.stringValue == "Küche")
            #expect(read.json["device"]?["nicknames"]?.arrayValue?.first?.stringValue == "💡 \u{01}\u{1F}")
            #expect(read.json["device"]?["clusters"]?["PowerSource"]?["Description"]?.stringValue == "Åkku ⚡")
            let renamed = try api.request("PATCH", "/v1/users/alice/devices/plug", json: #"{"name": "Flur 🚪"}"#)
            #expect(renamed.status == 200)
            #expect(try api.store.devices(forUser: "alice").first?.name == "Flur 🚪")
            let state = try api.request(
                "PATCH",
                "/v1/users/alice/devices/plug/state",
                json: #"{"clusters": {"PowerSource": {"Description": "Batterie \u00e9t\u00e9"}}}"#
            )
            #expect(state.status == 200, "\(state.body)")
            let stored = try #require(try api.store.devices(forUser: "alice").first)
            #expect(stored.endpoints[0].clusters[.PowerSource]?["Description"] == .string("Batterie été"))
        }
    }
}
