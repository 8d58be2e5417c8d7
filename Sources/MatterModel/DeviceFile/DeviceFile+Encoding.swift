import JSON

extension DeviceFile {
    /// The file in the device file format, for people and for `hearth devices list`: UTF-8 JSON, two-space
    /// indentation, keys sorted, every attribute written (nullable attributes at null as `null`), empty
    /// `nicknames`/`otherDeviceIds` and absent optional fields left out. ``parse(_:)`` of the result
    /// gives back an equal ``DeviceFile``.
    ///
    /// A PIN is never written in clear: a hashed PIN (every device read from the registry) is written as
    /// `"challenge": {"pinHash": …}` and parses back equal; a PIN still in clear (a file parsed but not yet
    /// imported) is written as `"challenge": {"type": "pin"}`, which ``parse(_:)`` refuses until the PIN is
    /// given again. `"challenge": "none"` is left out (the default). The file's manufacturer clusters are written
    /// as `manufacturerClusters` (``ManufacturerCluster/jsonValue``), and its devices name them as declared.
    public func encoded() -> [UInt8] {
        JSONWriter.bytes(jsonValue, format: .pretty)
    }

    var jsonValue: JSONValue {
        var root = JSONObject()
        let names = Dictionary(manufacturerClusters.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        if !manufacturerClusters.isEmpty {
            root.append("manufacturerClusters", .array(manufacturerClusters.map(\.jsonValue)))
        }
        root.append(
            "users",
            .array(
                users.map { user in
                    var object = JSONObject()
                    object.append("agentUserId", .string(user.agentUserId))
                    object.append("devices", .array(user.devices.map { .object($0.jsonObject(clusterNames: names)) }))
                    return .object(object)
                }
            )
        )
        return .object(root)
    }
}

extension Device {
    /// The device as one entry of a device file's `devices` array (the form `/v1` answers with).
    public var jsonObject: JSONObject { jsonObject(clusterNames: [:]) }

    /// The device's entry, naming a cluster whose id `clusterNames` holds by that name (a device file's own
    /// manufacturer clusters) and every other one by ``ClusterID/rawValue``.
    func jsonObject(clusterNames: [Int: String]) -> JSONObject {
        var object = JSONObject()
        object.append("id", .string(id))
        object.append("name", .string(name))
        if !nicknames.isEmpty { object.append("nicknames", .array(nicknames.map(JSONValue.string))) }
        if let room { object.append("room", .string(room)) }
        if let structure { object.append("structure", .string(structure)) }
        let information = basicInformation.jsonObject
        if !information.members.isEmpty { object.append("basicInformation", .object(information)) }
        if !otherDeviceIds.isEmpty { object.append("otherDeviceIds", .array(otherDeviceIds.map(JSONValue.string))) }
        if endpoints.count == 1 {
            endpoints[0].write(into: &object, typesKey: "deviceTypes", clusterNames: clusterNames)
        } else {
            object.append(
                "endpoints",
                .array(
                    endpoints.map { endpoint in
                        var entry = JSONObject()
                        endpoint.write(
                            into: &entry,
                            typesKey: endpoint.deviceTypes.count == 1 ? "deviceType" : "deviceTypes",
                            clusterNames: clusterNames
                        )
                        return .object(entry)
                    }
                )
            )
        }
        switch challenge {
        case .none: break
        case .ack: object.append("challenge", .string("ack"))
        case .pin(.hashed(let hash)):
            object.append("challenge", .object(JSONObject([("pinHash", .string(hash))])))
        case .pin(.clear): object.append("challenge", .object(JSONObject([("type", .string("pin"))])))
        }
        if notificationSupportedByAgent { object.append("notificationSupportedByAgent", .bool(true)) }
        return object
    }
}

extension Endpoint {
    /// Writes `deviceTypes` (or `deviceType`: one name, not an array), `online` and `clusters`.
    func write(into object: inout JSONObject, typesKey: String, clusterNames: [Int: String] = [:]) {
        if typesKey == "deviceType" {
            object.append("deviceType", .string(deviceTypes[0].rawValue))
        } else {
            object.append("deviceTypes", .array(deviceTypes.map { .string($0.rawValue) }))
        }
        object.append("online", .bool(online))
        var clusterObject = JSONObject()
        for (cluster, state) in clusters {
            var attributes = JSONObject()
            for (name, value) in state.attributes {
                attributes.append(name, value.jsonValue(cluster, name))
            }
            clusterObject.append(clusterNames[cluster.matterID] ?? cluster.rawValue, .object(attributes))
        }
        object.append("clusters", .object(clusterObject))
    }
}

extension BasicInformation {
    /// The fields that are set.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        if let vendorName { object.append("vendorName", .string(vendorName)) }
        if let vendorID { object.append("vendorID", .int(vendorID)) }
        if let productName { object.append("productName", .string(productName)) }
        if let productID { object.append("productID", .int(productID)) }
        if let serialNumber { object.append("serialNumber", .string(serialNumber)) }
        if let uniqueID { object.append("uniqueID", .string(uniqueID)) }
        if let hardwareVersionString { object.append("hardwareVersionString", .string(hardwareVersionString)) }
        if let softwareVersionString { object.append("softwareVersionString", .string(softwareVersionString)) }
        return object
    }
}
