import Testing

@testable import MatterModel

/// The device file's `endpoints` form: parsing, refusals that name the endpoint, and the encoding round trip.
struct EndpointFileTests {
    static let composed = """
        {"id": "fan-light", "name": "Ceiling lamp", "endpoints": [
          {"deviceType": "DimmableLight", "clusters": {"LevelControl": {"CurrentLevel": 100}}},
          {"deviceTypes": ["OnOffPlugInUnit"], "online": false}
        ]}
        """

    @Test func endpointsAreParsedInOrderWithTheirOwnTypesClustersAndConnectivity() throws {
        let device = try #require(try DeviceFile.parse(deviceFile(Self.composed)).users.first?.devices.first)
        #expect(device.endpoints.count == 2)
        #expect(device.endpoints.map(\.deviceTypes) == [[.DimmableLight], [.OnOffPlugInUnit]])
        #expect(device.endpoints.map(\.online) == [true, false])
        #expect(device.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(100))
        // Required clusters are added with defaults per endpoint.
        #expect(device.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(false))
        #expect(Set(device.endpoints[1].clusters.keys) == [.OnOff])
        #expect(device.primaryType == .DimmableLight)
        #expect(device.connectivity == .partiallyOnline)
        #expect(device.online)
    }

    @Test func theSingleEndpointFormIsOneEndpoint() throws {
        let device = try #require(try DeviceFile.parse(deviceFile(kitchenCeiling)).users.first?.devices.first)
        #expect(device.endpoints.count == 1)
        #expect(device.endpoints[0].deviceTypes == [.ExtendedColorLight])
        #expect(device.connectivity == .online)
    }

    @Test func deviceTypeAloneIsAcceptedOnTheDeviceToo() throws {
        let device = try #require(
            try DeviceFile.parse(deviceFile(#"{"id": "p", "name": "P", "deviceType": "OnOffPlugInUnit"}"#))
                .users.first?.devices.first
        )
        #expect(device.endpoints.map(\.deviceTypes) == [[.OnOffPlugInUnit]])
    }

    @Test func encodingAComposedDeviceParsesBackEqual() throws {
        let file = try DeviceFile.parse(deviceFile(Self.composed, kitchenCeiling))
        let text = String(decoding: file.encoded(), as: UTF8.self)
        #expect(text.contains(#""endpoints""#))
        #expect(text.contains(#""deviceType": "OnOffPlugInUnit""#))
        #expect(try DeviceFile.parse(text) == file)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var device: String
        var code: DeviceFileError.Code
        var field: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "clusters beside endpoints",
            device: #"{"id": "x", "name": "X", "clusters": {}, "endpoints": [{"deviceType": "OnOffLight"}]}"#,
            code: .unknownKey,
            field: "clusters",
            message: "belongs inside each endpoint"
        ),
        Refusal(
            name: "empty endpoints",
            device: #"{"id": "x", "name": "X", "endpoints": []}"#,
            code: .emptyValue,
            field: "endpoints",
            message: "at least one endpoint"
        ),
        Refusal(
            name: "endpoints not an array",
            device: #"{"id": "x", "name": "X", "endpoints": {}}"#,
            code: .wrongType,
            field: "endpoints",
            message: "expected an array of endpoints"
        ),
        Refusal(
            name: "endpoint not an object",
            device: #"{"id": "x", "name": "X", "endpoints": ["OnOffLight"]}"#,
            code: .wrongType,
            field: "endpoints[0]",
            message: "expected an object"
        ),
        Refusal(
            name: "unknown key in an endpoint",
            device: #"{"id": "x", "name": "X", "endpoints": [{"deviceType": "OnOffLight", "room": "Hall"}]}"#,
            code: .unknownKey,
            field: "endpoints[0].room",
            message: "unknown key \"room\""
        ),
        Refusal(
            name: "endpoint without a type",
            device: #"{"id": "x", "name": "X", "endpoints": [{"deviceType": "OnOffLight"}, {"online": true}]}"#,
            code: .missingField,
            field: "endpoints[1].deviceTypes",
            message: "missing"
        ),
        Refusal(
            name: "both deviceType and deviceTypes",
            device: #"{"id": "x", "name": "X", "endpoints": [{"deviceType": "OnOffLight", "deviceTypes": []}]}"#,
            code: .duplicate,
            field: "endpoints[0].deviceType",
            message: "not both"
        ),
        Refusal(
            name: "unknown type in the second endpoint",
            device: #"{"id": "x", "name": "X", "endpoints": [{"deviceType": "OnOffLight"}, {"deviceType": "Lamp"}]}"#,
            code: .unknownDeviceType,
            field: "endpoints[1].deviceType",
            message: "unknown device type \"Lamp\""
        ),
        Refusal(
            name: "attribute out of range in the second endpoint",
            device: """
                {"id": "x", "name": "X", "endpoints": [{"deviceType": "OnOffLight"},
                 {"deviceType": "DimmableLight", "clusters": {"LevelControl": {"CurrentLevel": 300}}}]}
                """,
            code: .outOfRange,
            field: "endpoints[1].clusters.LevelControl.CurrentLevel",
            message: "300 is outside"
        ),
        Refusal(
            name: "cluster the endpoint's type does not allow",
            device: """
                {"id": "x", "name": "X", "endpoints": [{"deviceType": "DimmableLight",
                 "clusters": {"ColorControl": {}}}]}
                """,
            code: .clusterNotAllowed,
            field: "endpoints[0].clusters.ColorControl",
            message: "not allowed on DimmableLight"
        ),
        Refusal(
            name: "online of an endpoint not a boolean",
            device: #"{"id": "x", "name": "X", "endpoints": [{"deviceType": "OnOffLight", "online": "yes"}]}"#,
            code: .wrongType,
            field: "endpoints[0].online",
            message: "expected a boolean"
        ),
    ]

    @Test(arguments: refusals)
    func refusal(_ refusal: Refusal) throws {
        let error = try #require(throws: DeviceFileError.self) { try DeviceFile.parse(deviceFile(refusal.device)) }
        #expect(error.code == refusal.code)
        #expect(error.user == "demo-user")
        #expect(error.device == "x")
        #expect(error.field == refusal.field)
        #expect(error.message.contains(refusal.message), "message: \(error.message)")
    }
}
