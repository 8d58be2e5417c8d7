import HearthTestSupport
import JSON
import MatterModel
import Registry
import Testing

/// A device type Hearth does not map (a refrigerator and its cabinet) over `/v1`: stored as PUT, read back in the
/// canonical JSON form, its state patched by Matter type, and its changes in the change log.
struct UnmappedDeviceAPITests {
    static let fridge = """
        {"name": "Fridge", "room": "Kitchen", "endpoints": [
          {"deviceType": "Refrigerator", "clusters": {"RefrigeratorAndTemperatureControlledCabinetMode": {
            "SupportedModes": [{"Label": "Normal", "Mode": 0, "ModeTags": [{"Value": 0}]},
                               {"Label": "Rapid cool", "Mode": 1, "ModeTags": [{"Value": 16384}]}],
            "CurrentMode": 0}}},
          {"deviceType": "TemperatureControlledCabinet", "clusters": {"TemperatureControl": {
            "FeatureMap": 2, "SelectedTemperatureLevel": 0, "SupportedTemperatureLevels": ["Cold", "Colder"]}}}
        ]}
        """

    @Test func anUnmappedDeviceIsPutReadPatchedAndLogged() throws {
        try TestDeviceAPI.with(changes: true) { api in
            _ = try api.request("PUT", "/v1/users/alice")
            let put = try api.request("PUT", "/v1/users/alice/devices/fridge", json: Self.fridge)
            #expect(put.status == 201, "\(put.body)")
            let read = try api.request("GET", "/v1/users/alice/devices/fridge")
            #expect(read.status == 200, "\(read.body)")
            let endpoints = read.json["device"]?["endpoints"]?.arrayValue
            #expect(endpoints?.first?["deviceType"] == "Refrigerator")
            #expect(
                endpoints?[1]["clusters"]?["TemperatureControl"]?["SupportedTemperatureLevels"] == ["Cold", "Colder"]
            )
            #expect(
                endpoints?.first?["clusters"]?["RefrigeratorAndTemperatureControlledCabinetMode"]?["SupportedModes"]
                    == [
                        ["Label": "Normal", "Mode": 0, "ModeTags": [["Value": 0]]],
                        ["Label": "Rapid cool", "Mode": 1, "ModeTags": [["Value": 16384]]],
                    ]
            )

            let patched = try api.request(
                "PATCH",
                "/v1/users/alice/devices/fridge/state",
                json: #"{"clusters": {"TemperatureControl": {"SelectedTemperatureLevel": 1}}}"#
            )
            #expect(patched.status == 200, "\(patched.body)")
            let stored = try #require(try api.store.devices(forUser: "alice").first)
            let control = try #require(ClusterID(rawValue: "TemperatureControl"))
            #expect(stored.endpoints[1].clusters[control]?["SelectedTemperatureLevel"] == .int(1))

            // The first two are refused as they are read (a path to the value); the third as it is applied.
            for (body, path, words) in [
                (
                    #"{"clusters": {"TemperatureControl": {"SupportedTemperatureLevels": ["Cold", 3]}}}"#,
                    "/clusters/TemperatureControl/SupportedTemperatureLevels", "string"
                ),
                (
                    #"{"clusters": {"TemperatureControl": {"SelectedTemperatureLevel": 256}}}"#,
                    "/clusters/TemperatureControl/SelectedTemperatureLevel", "uint8"
                ),
                (
                    #"{"clusters": {"TemperatureControl": {"TemperatureSetpoint": 400}}}"#,
                    "", "not allowed"
                ),
            ] {
                let refused = try api.request("PATCH", "/v1/users/alice/devices/fridge/state", json: body)
                #expect(refused.status == 422, "\(body)")
                let detail = refused.json["details"]?.arrayValue?.first
                let message = detail?["message"]?.stringValue ?? refused.json["message"]?.stringValue ?? ""
                #expect(message.contains(words), "\(body): \(refused.body)")
                if !path.isEmpty { #expect(detail?["path"]?.stringValue == path, "\(body)") }
            }
            let after = try #require(try api.store.devices(forUser: "alice").first)
            #expect(after == stored)

            let log = try api.request("GET", "/v1/changes?after=0")
            let changes = log.json["changes"]?.arrayValue ?? []
            let state = changes.last { $0["kind"] == "state" }
            #expect(state?["clusters"] == ["TemperatureControl": ["SelectedTemperatureLevel": 1]], "\(log.body)")
        }
    }
}
