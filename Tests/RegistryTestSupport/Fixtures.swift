import MatterModel

/// Devices covering every shape the store must round-trip exactly, shared by the registry's and the engines' tests.
public enum Fixtures {
    public static let kitchen = Device(
        id: "kitchen-ceiling",
        name: "Kitchen ceiling",
        nicknames: ["big light", "the \"main\" one", "lumière\\ünïcode 💡", "tab\there\nnewline"],
        room: "Kitchen",
        structure: "Holiday home",
        deviceTypes: [.ExtendedColorLight, .DimmableLight],
        basicInformation: BasicInformation(
            vendorName: "Acme",
            vendorID: 65521,
            productName: "A19 Color",
            productID: 32769,
            serialNumber: "SN-0001",
            uniqueID: "acme-a19-0001",
            hardwareVersionString: "1.0",
            softwareVersionString: "2.3.1"
        ),
        otherDeviceIds: ["local-kitchen-ceiling"],
        online: true,
        clusters: [
            .OnOff: ClusterState(["OnOff": .bool(true)]),
            .LevelControl: ClusterState([
                "CurrentLevel": .int(254), "MinLevel": .int(1), "MaxLevel": .int(254),
            ]),
            .ColorControl: ClusterState([
                "ColorMode": .int(2), "ColorTemperatureMireds": .int(370), "ColorTempPhysicalMinMireds": .int(153),
                "ColorTempPhysicalMaxMireds": .int(500), "CurrentHue": .int(0), "CurrentSaturation": .int(0),
                "Label": .string("1"), "Extreme": .int(Int.max), "Negative": .int(-42), "Flag": .bool(false),
            ]),
        ]
    )

    public static let plug = Device(
        id: "desk-plug",
        name: "Desk plug",
        deviceTypes: [.OnOffPlugInUnit],
        online: false,
        clusters: [.OnOff: ClusterState(["OnOff": .bool(false)])]
    )

    /// A cluster without attributes and an empty BasicInformation.
    public static let bare = Device(
        id: "bare",
        name: "",
        deviceTypes: [.OnOffLight],
        clusters: [.OnOff: ClusterState(), .LevelControl: ClusterState(["CurrentLevel": .string("")])]
    )

    public static let lamp = Device(
        id: "lamp",
        name: "Lamp",
        nicknames: ["reading lamp"],
        room: "Living room",
        deviceTypes: [.DimmableLight],
        basicInformation: BasicInformation(vendorName: "Acme", productID: 7),
        clusters: [
            .OnOff: ClusterState(["OnOff": .bool(true)]),
            .LevelControl: ClusterState(["CurrentLevel": .int(100), "MinLevel": .int(1), "MaxLevel": .int(254)]),
        ]
    )

    /// Three endpoints, the second offline, each with its own types and clusters.
    public static let composed = Device(
        id: "composed",
        name: "Composed",
        room: "Hall",
        endpoints: [
            Endpoint(
                deviceTypes: [.DimmableLight],
                clusters: [
                    .OnOff: ClusterState(["OnOff": .bool(true)]),
                    .LevelControl: ClusterState(["CurrentLevel": .int(10)]),
                ]
            ),
            Endpoint(
                deviceTypes: [.OnOffPlugInUnit],
                online: false,
                clusters: [.OnOff: ClusterState(["OnOff": .bool(false)])]
            ),
            Endpoint(
                deviceTypes: [.ColorTemperatureLight, .DimmableLight],
                clusters: [
                    .OnOff: ClusterState(["OnOff": .bool(false)]),
                    .LevelControl: ClusterState(["CurrentLevel": .int(200)]),
                    .ColorControl: ClusterState(["ColorTemperatureMireds": .int(300)]),
                ]
            ),
        ]
    )

    public static func file(_ users: [(String, [Device])]) -> DeviceFile {
        DeviceFile(users: users.map { UserDevices(agentUserId: $0.0, devices: $0.1) })
    }

    /// `count` dimmable lights, for timings and concurrency.
    public static func lights(_ count: Int) -> [Device] {
        (0..<count).map { index in
            var device = lamp
            device.id = "light-\(index)"
            device.name = "Light \(index)"
            return device
        }
    }
}
