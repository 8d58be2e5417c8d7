/// One device in the registry, modelled the Matter way: endpoints of device types made of clusters.
public struct Device: Sendable, Hashable, Identifiable {
    /// Stable id, unique per user; Google's device `id`.
    public var id: String
    /// The user-visible name.
    public var name: String
    /// User aliases.
    public var nicknames: [String]
    /// The room the device is in (Google's `roomHint`).
    public var room: String?
    /// The structure the device is in: a user's home, holiday home, … (Google's `structureHint`).
    public var structure: String?
    /// Identity from the Basic Information cluster (the root node).
    public var basicInformation: BasicInformation
    /// Alternate ids of the same device (Google's `otherDeviceIds`).
    public var otherDeviceIds: [String]
    /// The endpoints, never empty; endpoint number `n` is `endpoints[n - 1]`. The first is the primary endpoint.
    public var endpoints: [Endpoint]
    /// What the user must give before a sensitive command runs (Google's secondary user verification).
    public var challenge: ChallengePolicy
    /// Whether Hearth sends Google notifications for this device (a doorbell press, a smoke or leak alarm): the
    /// device file's `notificationSupportedByAgent`, SYNC's field of the same name. Default `false`.
    public var notificationSupportedByAgent: Bool = false

    /// Creates a device from its endpoints.
    public init(
        id: String,
        name: String,
        nicknames: [String] = [],
        room: String? = nil,
        structure: String? = nil,
        basicInformation: BasicInformation = BasicInformation(),
        otherDeviceIds: [String] = [],
        endpoints: [Endpoint],
        challenge: ChallengePolicy = .none
    ) {
        self.id = id
        self.name = name
        self.nicknames = nicknames
        self.room = room
        self.structure = structure
        self.basicInformation = basicInformation
        self.otherDeviceIds = otherDeviceIds
        self.endpoints = endpoints
        self.challenge = challenge
    }

    /// Creates a device with one endpoint (the device file's single-endpoint form); `clusters` are stored as
    /// given (``DeviceFile/parse(_:)`` fills defaults).
    public init(
        id: String,
        name: String,
        nicknames: [String] = [],
        room: String? = nil,
        structure: String? = nil,
        deviceTypes: [DeviceType],
        basicInformation: BasicInformation = BasicInformation(),
        otherDeviceIds: [String] = [],
        online: Bool = true,
        clusters: [ClusterID: ClusterState] = [:],
        challenge: ChallengePolicy = .none
    ) {
        self.init(
            id: id,
            name: name,
            nicknames: nicknames,
            room: room,
            structure: structure,
            basicInformation: basicInformation,
            otherDeviceIds: otherDeviceIds,
            endpoints: [Endpoint(deviceTypes: deviceTypes, online: online, clusters: clusters)],
            challenge: challenge
        )
    }

    /// The primary endpoint's primary device type: it decides Google's device type.
    public var primaryType: DeviceType { endpoints[0].primaryType }

    /// Whether an endpoint is a `DoorLock`: without a PIN (``ChallengePolicy``) it cannot be unlocked remotely.
    public var hasDoorLock: Bool {
        endpoints.contains { $0.deviceTypes.contains(.DoorLock) }
    }

    /// Whether any endpoint is reachable: what Google's `online` says.
    public var online: Bool { endpoints.contains(where: \.online) }

    /// Reachability over all endpoints.
    public var connectivity: Connectivity {
        let reachable = endpoints.count(where: \.online)
        if reachable == endpoints.count { return .online }
        return reachable == 0 ? .offline : .partiallyOnline
    }

    /// Marks every endpoint reachable or not.
    public mutating func setOnline(_ online: Bool) {
        for index in endpoints.indices { endpoints[index].online = online }
    }
}
