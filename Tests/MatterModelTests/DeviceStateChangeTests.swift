import Testing

@testable import MatterModel

/// `DeviceStateChange`: `hearth devices set`'s `Cluster.Attribute=VALUE`, parsed against the schema and applied to a
/// device, in process (the CLI tests cover the command's output and exit codes).
struct DeviceStateChangeTests {
    /// A dimmable light (endpoint 1) composed with a plug (endpoint 2): both have `OnOff`, only the light
    /// `LevelControl`.
    static func composed() throws -> Device {
        let text = """
            {"id": "fan-light", "name": "Ceiling lamp", "endpoints": [
              {"deviceType": "DimmableLight", "clusters": {"LevelControl": {"CurrentLevel": 100}}},
              {"deviceTypes": ["OnOffPlugInUnit"]}
            ]}
            """
        return try #require(try DeviceFile.parse(deviceFile(text)).users.first?.devices.first)
    }

    // MARK: - Parsing

    @Test func parsesBooleansIntegersAndKeepsTheTextAsWritten() throws {
        let on = try DeviceStateChange.parse("OnOff.OnOff=true")
        #expect(on == DeviceStateChange(cluster: .OnOff, attribute: "OnOff", value: .bool(true), text: "true"))
        #expect(on.description == "OnOff.OnOff=true")
        let level = try DeviceStateChange.parse("LevelControl.CurrentLevel=128")
        #expect(level.value == .int(128))
        #expect(level.description == "LevelControl.CurrentLevel=128")
    }

    @Test func nullIsTheNullValueOfANullableAttribute() throws {
        let spec = try #require(AttributeSchema.spec(.TemperatureMeasurement, "MeasuredValue"))
        let null = try #require(spec.nullValue, "MeasuredValue is nullable")
        let change = try DeviceStateChange.parse("TemperatureMeasurement.MeasuredValue=null")
        #expect(change.value == .int(null))
        #expect(change.text == "null")
    }

    @Test(arguments: [
        ("OnOff.OnOff", "OnOff.OnOff: expected Cluster.Attribute=VALUE"),
        ("Nope.OnOff=true", "Nope.OnOff: expected Cluster.Attribute with a known cluster"),
        ("OnOff=true", "OnOff: expected Cluster.Attribute with a known cluster"),
        ("OnOff.Nope=true", "OnOff.Nope: "),
        ("OnOff.OnOff=yes", #"OnOff.OnOff: expected true or false, got "yes""#),
        ("LevelControl.CurrentLevel=bright", "LevelControl.CurrentLevel: expected an integer"),
        ("OnOff.OnOff=null", #"OnOff.OnOff: expected true or false, got "null""#),
        ("LevelControl.CurrentLevel=999", "LevelControl.CurrentLevel: "),
    ])
    func malformedAssignmentsAreRefusedNamingTheAttribute(_ assignment: String, _ prefix: String) throws {
        let error = #expect(throws: DeviceStateChangeError.self) { try DeviceStateChange.parse(assignment) }
        #expect(error?.code == .invalidAssignment)
        #expect(error?.message.hasPrefix(prefix) == true, "\(String(describing: error))")
    }

    // MARK: - Applying

    @Test func aChangeGoesToTheOneEndpointWithItsCluster() throws {
        var device = try Self.composed()
        try DeviceStateChange.apply(
            [DeviceStateChange.parse("LevelControl.CurrentLevel=50")],
            online: nil,
            endpoint: nil,
            to: &device
        )
        #expect(device.endpoints[0].clusters[.LevelControl]?["CurrentLevel"] == .int(50))
    }

    @Test func aClusterOnSeveralEndpointsNeedsTheEndpoint() throws {
        var device = try Self.composed()
        let change = try DeviceStateChange.parse("OnOff.OnOff=true")
        let error = #expect(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.apply([change], online: nil, endpoint: nil, to: &device)
        }
        #expect(
            error
                == DeviceStateChangeError(.notApplicable, "OnOff.OnOff: several endpoints have OnOff; give --endpoint")
        )

        try DeviceStateChange.apply([change], online: nil, endpoint: 2, to: &device)
        #expect(device.endpoints[1].clusters[.OnOff]?["OnOff"] == .bool(true))
        #expect(device.endpoints[0].clusters[.OnOff]?["OnOff"] == .bool(false), "the other endpoint is untouched")
    }

    @Test func anEndpointOrClusterTheDeviceLacksIsNotApplicable() throws {
        var device = try Self.composed()
        let level = try DeviceStateChange.parse("LevelControl.CurrentLevel=50")
        let noSuchEndpoint = #expect(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.apply([level], online: nil, endpoint: 3, to: &device)
        }
        #expect(
            noSuchEndpoint == DeviceStateChangeError(.notApplicable, #"device "fan-light" has 2 endpoint(s), not 3"#)
        )
        let noClusterThere = #expect(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.apply([level], online: nil, endpoint: 2, to: &device)
        }
        #expect(noClusterThere?.message == "LevelControl.CurrentLevel: endpoint 2 has no LevelControl cluster")
        let lock = try DeviceStateChange.parse("DoorLock.LockState=1")
        let noCluster = #expect(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.apply([lock], online: nil, endpoint: nil, to: &device)
        }
        #expect(noCluster?.message == "DoorLock.LockState: the device has no DoorLock cluster")
    }

    @Test func theClusterRulesAreCheckedAfterTheChanges() throws {
        var device = try Self.composed()
        // CurrentLevel 100 is below the new MinLevel.
        let error = #expect(throws: DeviceStateChangeError.self) {
            try DeviceStateChange.apply(
                [DeviceStateChange.parse("LevelControl.MinLevel=200")],
                online: nil,
                endpoint: nil,
                to: &device
            )
        }
        #expect(error?.code == .notApplicable)
        #expect(error?.message.hasPrefix("LevelControl.") == true, "\(String(describing: error))")
    }

    @Test func onlineGoesToTheEndpointOrToEveryEndpoint() throws {
        var device = try Self.composed()
        try DeviceStateChange.apply([], online: false, endpoint: 2, to: &device)
        #expect(device.endpoints.map(\.online) == [true, false])
        try DeviceStateChange.apply([], online: false, endpoint: nil, to: &device)
        #expect(device.endpoints.map(\.online) == [false, false])
        try DeviceStateChange.apply([], online: true, endpoint: nil, to: &device)
        #expect(device.endpoints.map(\.online) == [true, true])
    }
}
