extension DeviceFile {
    /// The file in the device file format, for people and for `hearth devices list`: UTF-8 JSON, two-space
    /// indentation, keys sorted, every attribute written (nullable attributes at null as `null`), empty
    /// `nicknames`/`otherDeviceIds` and absent optional fields left out. ``parse(_:)`` of the result
    /// gives back an equal ``DeviceFile``.
    ///
    /// A PIN is never written in clear: a hashed PIN (every device read from the registry) is written as
    /// `"challenge": {"pinHash": …}` and parses back equal; a PIN still in clear (a file parsed but not yet
    /// imported) is written as `"challenge": {"type": "pin"}`, which ``parse(_:)`` refuses until the PIN is
    /// given again. `"challenge": "none"` is left out (the default).
    public func encoded() -> [UInt8] {
        JSONWriter.write(jsonValue)
    }

    var jsonValue: JSONValue {
        var root = JSONObject()
        root.set(
            "users",
            .array(
                users.map { user in
                    var object = JSONObject()
                    object.set("agentUserId", .string(user.agentUserId))
                    object.set("devices", .array(user.devices.map { .object($0.jsonObject) }))
                    return .object(object)
                }
            )
        )
        return .object(root)
    }
}

extension Device {
    /// The device as one entry of a device file's `devices` array.
    var jsonObject: JSONObject {
        var object = JSONObject()
        object.set("id", .string(id))
        object.set("name", .string(name))
        if !nicknames.isEmpty { object.set("nicknames", .array(nicknames.map(JSONValue.string))) }
        if let room { object.set("room", .string(room)) }
        if let structure { object.set("structure", .string(structure)) }
        let information = basicInformation.jsonObject
        if !information.members.isEmpty { object.set("basicInformation", .object(information)) }
        if !otherDeviceIds.isEmpty { object.set("otherDeviceIds", .array(otherDeviceIds.map(JSONValue.string))) }
        if endpoints.count == 1 {
            endpoints[0].write(into: &object, typesKey: "deviceTypes")
        } else {
            object.set(
                "endpoints",
                .array(
                    endpoints.map { endpoint in
                        var entry = JSONObject()
                        endpoint.write(
                            into: &entry,
                            typesKey: endpoint.deviceTypes.count == 1 ? "deviceType" : "deviceTypes"
                        )
                        return .object(entry)
                    }
                )
            )
        }
        switch challenge {
        case .none: break
        case .ack: object.set("challenge", .string("ack"))
        case .pin(.hashed(let hash)):
            object.set("challenge", .object(JSONObject([.init(key: "pinHash", value: .string(hash))])))
        case .pin(.clear): object.set("challenge", .object(JSONObject([.init(key: "type", value: .string("pin"))])))
        }
        if notificationSupportedByAgent { object.set("notificationSupportedByAgent", .bool(true)) }
        return object
    }
}

extension Endpoint {
    /// Writes `deviceTypes` (or `deviceType`: one name, not an array), `online` and `clusters`.
    func write(into object: inout JSONObject, typesKey: String) {
        if typesKey == "deviceType" {
            object.set("deviceType", .string(deviceTypes[0].rawValue))
        } else {
            object.set("deviceTypes", .array(deviceTypes.map { .string($0.rawValue) }))
        }
        object.set("online", .bool(online))
        var clusterObject = JSONObject()
        for (cluster, state) in clusters {
            var attributes = JSONObject()
            for (name, value) in state.attributes {
                let spec = AttributeSchema.spec(cluster, name)
                switch value {
                case .bool(let flag): attributes.set(name, .bool(flag))
                case .int(let number): attributes.set(name, spec?.isNull(value) == true ? .null : .integer(number))
                case .string(let string): attributes.set(name, .string(string))
                }
            }
            clusterObject.set(cluster.rawValue, .object(attributes))
        }
        object.set("clusters", .object(clusterObject))
    }
}

extension BasicInformation {
    /// The fields that are set.
    var jsonObject: JSONObject {
        var object = JSONObject()
        if let vendorName { object.set("vendorName", .string(vendorName)) }
        if let vendorID { object.set("vendorID", .integer(vendorID)) }
        if let productName { object.set("productName", .string(productName)) }
        if let productID { object.set("productID", .integer(productID)) }
        if let serialNumber { object.set("serialNumber", .string(serialNumber)) }
        if let uniqueID { object.set("uniqueID", .string(uniqueID)) }
        if let hardwareVersionString { object.set("hardwareVersionString", .string(hardwareVersionString)) }
        if let softwareVersionString { object.set("softwareVersionString", .string(softwareVersionString)) }
        return object
    }
}
