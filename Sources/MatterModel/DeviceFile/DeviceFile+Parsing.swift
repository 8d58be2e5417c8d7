import JSON

extension DeviceFile {
    /// The keys a device file's top-level object may have.
    public static let fileKeys = ["users", "manufacturerClusters"]
    /// The keys a user object may have.
    public static let userKeys = ["agentUserId", "devices"]
    /// The keys a device object may have.
    public static let deviceKeys = [
        "id", "name", "nicknames", "room", "structure", "deviceTypes", "deviceType", "basicInformation",
        "otherDeviceIds", "online", "clusters", "endpoints", "challenge", "notificationSupportedByAgent",
    ]
    /// The keys an object-valued `challenge` may have.
    public static let challengeKeys = ["type", "pin", "pinHash"]
    /// The keys an object of a device's `endpoints` array may have (`deviceType` for one type, `deviceTypes` for
    /// several; exactly one of the two).
    public static let endpointKeys = ["deviceType", "deviceTypes", "online", "clusters"]
    /// The keys a `basicInformation` object may have.
    public static let basicInformationKeys = [
        "vendorName", "vendorID", "productName", "productID", "serialNumber", "uniqueID", "hardwareVersionString",
        "softwareVersionString",
    ]

    /// Parses and validates a device file (the format the Devices reference article documents under "Device file format").
    ///
    /// Every attribute Hearth models is filled for each cluster present (``AttributeSchema/filled(_:cluster:deviceTypes:)``),
    /// and each cluster the device types require (``DeviceType/requiredClusters``) is added when absent. A device
    /// may only have the clusters its types allow (``DeviceType/allowedClusters``), and any manufacturer-specific
    /// cluster: one the file declares in `manufacturerClusters` (``ManufacturerCluster``), or one the process already
    /// knows (``ManufacturerClusterCatalog``, filled from the registry). Optional fields may be `null`, meaning
    /// absent; `online` defaults to `true`. Names are kept as given. Parsing does not change the catalog: importing
    /// the file does.
    ///
    /// - Throws: ``DeviceFileError`` for the first mistake, naming the user, the device and the field.
    public static func parse(_ bytes: [UInt8]) throws(DeviceFileError) -> DeviceFile {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, options: .deviceFile)
        } catch {
            // Bytes that are not UTF-8 may not show in an editor: their byte offset finds them.
            let offset = error.code == .invalidUTF8 ? " at byte offset \(error.offset)" : ""
            throw DeviceFileError(
                code: .malformedJSON,
                message: "malformed JSON at line \(error.line), column \(error.column): \(error.reason)\(offset)"
            )
        }
        return try DeviceFileParser().file(root)
    }

    /// Parses and validates a device file given as text; see ``parse(_:)``.
    public static func parse(_ text: String) throws(DeviceFileError) -> DeviceFile {
        try parse(Array(text.utf8))
    }
}

/// Reads a ``DeviceFile`` out of a ``JSONValue``, keeping track of the user and device for error messages.
private struct DeviceFileParser {
    var user: String?
    var device: String?
    /// The file's manufacturer clusters, by id; they win over the catalog's.
    var declared: [Int: ManufacturerCluster] = [:]
    /// The same, by lower-cased name.
    var declaredByName: [String: ManufacturerCluster] = [:]

    func fail(_ code: DeviceFileError.Code, _ field: String?, _ message: String) -> DeviceFileError {
        DeviceFileError(code: code, user: user, device: device, field: field, message: message)
    }

    // MARK: - File and users

    func file(_ root: JSONValue) throws(DeviceFileError) -> DeviceFile {
        guard case .object(let object) = root else {
            throw fail(.wrongType, nil, "expected an object with a \"users\" array, got \(root.brief)")
        }
        try checkKeys(object, known: DeviceFile.fileKeys, prefix: "")
        var parser = self
        let manufacturerClusters = try parser.manufacturerClusters(object["manufacturerClusters"])
        return try parser.users(object, manufacturerClusters: manufacturerClusters)
    }

    /// The file's `manufacturerClusters`, each checked (``ManufacturerCluster/parse(_:field:)``) and unique by id
    /// and name; remembered for the devices.
    mutating func manufacturerClusters(_ value: JSONValue?) throws(DeviceFileError) -> [ManufacturerCluster] {
        guard let value, value != .null else { return [] }
        guard case .array(let entries) = value else {
            throw fail(
                .wrongType,
                "manufacturerClusters",
                "expected an array of cluster declarations, got \(value.brief)"
            )
        }
        var clusters: [ManufacturerCluster] = []
        for (position, entry) in entries.enumerated() {
            let field = "manufacturerClusters[\(position)]"
            let cluster = try ManufacturerCluster.parse(entry, field: field)
            if let earlier = clusters.firstIndex(where: { $0.id == cluster.id }) {
                throw fail(
                    .duplicate,
                    field + ".id",
                    "duplicate cluster id \(ManufacturerCluster.hex(cluster.id)) (also manufacturerClusters[\(earlier)])"
                )
            }
            if let earlier = clusters.firstIndex(where: { $0.name.lowercased() == cluster.name.lowercased() }) {
                throw fail(
                    .duplicate,
                    field + ".name",
                    "duplicate cluster name \"\(cluster.name)\" (also manufacturerClusters[\(earlier)])"
                )
            }
            clusters.append(cluster)
            declared[cluster.id] = cluster
            declaredByName[cluster.name.lowercased()] = cluster
        }
        return clusters
    }

    func users(_ object: JSONObject, manufacturerClusters: [ManufacturerCluster]) throws(DeviceFileError) -> DeviceFile
    {
        guard let usersValue = object["users"] else { throw fail(.missingField, "users", "missing") }
        guard case .array(let entries) = usersValue else {
            throw fail(.wrongType, "users", "expected an array of users, got \(usersValue.brief)")
        }
        if entries.isEmpty { throw fail(.emptyValue, "users", "must list at least one user") }
        var users: [UserDevices] = []
        var seen: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            var parser = self
            let parsed = try parser.user(entry, position: position)
            if let earlier = seen[parsed.agentUserId] {
                throw parser.fail(.duplicate, "agentUserId", "duplicate agentUserId (also users[\(earlier)])")
            }
            seen[parsed.agentUserId] = position
            users.append(parsed)
        }
        return DeviceFile(users: users, manufacturerClusters: manufacturerClusters)
    }

    mutating func user(_ value: JSONValue, position: Int) throws(DeviceFileError) -> UserDevices {
        let object = try self.object(value, "users[\(position)]")
        let agentUserId = try requiredString(object, "agentUserId", prefix: "users[\(position)].")
        user = agentUserId
        try checkKeys(object, known: DeviceFile.userKeys, prefix: "")
        guard let devicesValue = object["devices"] else { throw fail(.missingField, "devices", "missing") }
        guard case .array(let entries) = devicesValue else {
            throw fail(.wrongType, "devices", "expected an array of devices, got \(devicesValue.brief)")
        }
        var devices: [Device] = []
        var seen: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            var parser = self
            let parsed = try parser.device(entry, position: position)
            if let earlier = seen[parsed.id] {
                throw parser.fail(.duplicate, "id", "duplicate device id (also devices[\(earlier)])")
            }
            seen[parsed.id] = position
            devices.append(parsed)
        }
        return UserDevices(agentUserId: agentUserId, devices: devices)
    }

    // MARK: - Devices

    mutating func device(_ value: JSONValue, position: Int) throws(DeviceFileError) -> Device {
        let object = try self.object(value, "devices[\(position)]")
        let id = try requiredString(object, "id", prefix: "devices[\(position)].")
        device = id
        try checkKeys(object, known: DeviceFile.deviceKeys, prefix: "")
        let name = try requiredString(object, "name", prefix: "")
        let nicknames = try stringArray(object, "nicknames") ?? []
        let room = try optionalString(object, "room", allowEmpty: false)
        let structure = try optionalString(object, "structure", allowEmpty: false)
        let basicInformation = try self.basicInformation(object["basicInformation"])
        let otherDeviceIds = try stringArray(object, "otherDeviceIds") ?? []
        let endpoints: [Endpoint]
        if let value = object["endpoints"], value != .null {
            for key in ["deviceTypes", "deviceType", "clusters", "online"] where object[key] != nil {
                throw fail(
                    .unknownKey,
                    key,
                    "\"\(key)\" belongs inside each endpoint when the device lists \"endpoints\""
                )
            }
            guard case .array(let entries) = value else {
                throw fail(.wrongType, "endpoints", "expected an array of endpoints, got \(value.brief)")
            }
            if entries.isEmpty { throw fail(.emptyValue, "endpoints", "must list at least one endpoint") }
            var parsed: [Endpoint] = []
            for (position, entry) in entries.enumerated() {
                let prefix = "endpoints[\(position)]."
                let endpointObject = try self.object(entry, "endpoints[\(position)]")
                try checkKeys(endpointObject, known: DeviceFile.endpointKeys, prefix: prefix)
                parsed.append(try endpoint(endpointObject, prefix: prefix))
            }
            endpoints = parsed
        } else {
            endpoints = [try endpoint(object, prefix: "")]
        }
        var device = Device(
            id: id,
            name: name,
            nicknames: nicknames,
            room: room,
            structure: structure,
            basicInformation: basicInformation,
            otherDeviceIds: otherDeviceIds,
            endpoints: endpoints
        )
        device.challenge = try challenge(object["challenge"])
        if let value = object["notificationSupportedByAgent"], value != .null {
            guard case .bool(let flag) = value else {
                throw fail(.wrongType, "notificationSupportedByAgent", "expected a boolean, got \(value.brief)")
            }
            device.notificationSupportedByAgent = flag
        }
        return device
    }

    // MARK: - Challenge

    /// The device's ``ChallengePolicy``; see there for the accepted forms. The PIN never appears in an error
    /// message.
    func challenge(_ value: JSONValue?) throws(DeviceFileError) -> ChallengePolicy {
        guard let value, value != .null else { return .none }
        let policy: ChallengePolicy
        switch value {
        case .string("none"): policy = .none
        case .string("ack"): policy = .ack
        case .string("pin"):
            throw fail(
                .invalidChallenge,
                "challenge",
                "\"pin\" needs the PIN itself: write {\"pin\": \"<4–12 digits>\"}"
            )
        case .object(let object):
            policy = try challengeObject(object)
        default:
            throw fail(
                .invalidChallenge,
                "challenge",
                "expected \"none\", \"ack\" or {\"pin\": \"<4–12 digits>\"}"
            )
        }
        return policy
    }

    func challengeObject(_ object: JSONObject) throws(DeviceFileError) -> ChallengePolicy {
        try checkKeys(object, known: DeviceFile.challengeKeys, prefix: "challenge.")
        let type = try optionalString(object, "type", prefix: "challenge.")
        let pin = object["pin"].flatMap { $0 == .null ? nil : $0 }
        let pinHash = try optionalString(object, "pinHash", prefix: "challenge.")
        switch type {
        case "none", "ack":
            if pin != nil || pinHash != nil {
                throw fail(.invalidChallenge, "challenge.type", "a PIN belongs only to \"type\": \"pin\"")
            }
            return type == "ack" ? .ack : .none
        case nil, "pin":
            break
        case let other?:
            throw fail(
                .invalidChallenge,
                "challenge.type",
                "unknown challenge type \"\(other)\"; known types: none, ack, pin"
            )
        }
        switch (pin, pinHash) {
        case (let pin?, nil):
            // Only the shape is reported: the value is a secret.
            guard case .string(let digits) = pin else {
                throw fail(.invalidChallenge, "challenge.pin", "expected the PIN as a string of digits (in quotes)")
            }
            guard PINSecret.isValidPIN(digits) else {
                throw fail(
                    .invalidChallenge,
                    "challenge.pin",
                    "a PIN is \(PINSecret.minimumDigits)–\(PINSecret.maximumDigits) digits 0–9 "
                        + "(got \(digits.count) characters)"
                )
            }
            return .pin(.clear(digits))
        case (nil, let hash?):
            guard PINSecret.isWellFormedHash(hash) else {
                throw fail(
                    .invalidChallenge,
                    "challenge.pinHash",
                    "expected a hash as `hearth devices list` writes it (pbkdf2-sha256$<iterations>$<salt>$<hash>)"
                )
            }
            return .pin(.hashed(hash))
        case (nil, nil):
            throw fail(
                .invalidChallenge,
                "challenge.pin",
                "missing: a PIN challenge needs \"pin\" (4–12 digits); PINs are never written back in clear, "
                    + "so a listed device whose PIN was not yet stored must be given it again"
            )
        case (_?, _?):
            throw fail(.invalidChallenge, "challenge.pin", "give either pin or pinHash, not both")
        }
    }

    /// One endpoint: the device object itself in the single-endpoint form (`prefix` empty), or one entry of
    /// `endpoints`.
    func endpoint(_ object: JSONObject, prefix: String) throws(DeviceFileError) -> Endpoint {
        let deviceTypes = try self.deviceTypes(object, prefix: prefix)
        var online = true
        if let value = object["online"], value != .null {
            guard case .bool(let flag) = value else {
                throw fail(.wrongType, prefix + "online", "expected a boolean, got \(value.brief)")
            }
            online = flag
        }
        let clusters = try self.clusters(object["clusters"], deviceTypes: deviceTypes, prefix: prefix)
        return Endpoint(deviceTypes: deviceTypes, online: online, clusters: clusters)
    }

    func deviceTypes(_ object: JSONObject, prefix: String) throws(DeviceFileError) -> [DeviceType] {
        let entries: [JSONValue]
        let key: String
        if let single = object["deviceType"], single != .null {
            if let value = object["deviceTypes"], value != .null {
                throw fail(.duplicate, prefix + "deviceType", "give either deviceType or deviceTypes, not both")
            }
            entries = [single]
            key = "deviceType"
        } else {
            guard let value = object["deviceTypes"], value != .null else {
                throw fail(.missingField, prefix + "deviceTypes", "missing")
            }
            guard case .array(let list) = value else {
                throw fail(
                    .wrongType,
                    prefix + "deviceTypes",
                    "expected an array of device type names, got \(value.brief)"
                )
            }
            entries = list
            key = "deviceTypes"
        }
        if entries.isEmpty { throw fail(.emptyValue, prefix + key, "must list at least one device type") }
        var types: [DeviceType] = []
        for (position, entry) in entries.enumerated() {
            let field = key == "deviceType" ? prefix + key : prefix + "deviceTypes[\(position)]"
            guard case .string(let name) = entry else {
                throw fail(.wrongType, field, "expected a device type name, got \(entry.brief)")
            }
            guard let type = DeviceType(rawValue: name) else {
                throw fail(
                    .unknownDeviceType,
                    field,
                    "unknown device type \"\(name)\"" + Suggestion.didYouMean(name, among: DeviceType.knownNames)
                        + "; known types: " + DeviceType.knownNames.joined(separator: ", ")
                )
            }
            if type.isNode {
                throw fail(
                    .unknownDeviceType,
                    field,
                    "\(type.rawValue) is the node itself (Matter's endpoint 0): give its identity as basicInformation"
                )
            }
            if types.contains(type) { throw fail(.duplicate, field, "duplicate device type \"\(name)\"") }
            types.append(type)
        }
        return types
    }

    func basicInformation(_ value: JSONValue?) throws(DeviceFileError) -> BasicInformation {
        guard let value, value != .null else { return BasicInformation() }
        let object = try self.object(value, "basicInformation")
        try checkKeys(object, known: DeviceFile.basicInformationKeys, prefix: "basicInformation.")
        let prefix = "basicInformation."
        return BasicInformation(
            vendorName: try optionalString(object, "vendorName", prefix: prefix),
            vendorID: try uint16(object, "vendorID", prefix: prefix),
            productName: try optionalString(object, "productName", prefix: prefix),
            productID: try uint16(object, "productID", prefix: prefix),
            serialNumber: try optionalString(object, "serialNumber", prefix: prefix),
            uniqueID: try optionalString(object, "uniqueID", prefix: prefix),
            hardwareVersionString: try optionalString(object, "hardwareVersionString", prefix: prefix),
            softwareVersionString: try optionalString(object, "softwareVersionString", prefix: prefix)
        )
    }

    func uint16(_ object: JSONObject, _ key: String, prefix: String) throws(DeviceFileError) -> Int? {
        guard let value = object[key], value != .null else { return nil }
        guard case .int(let number) = value else {
            throw fail(.wrongType, prefix + key, "expected an integer (uint16), got \(value.brief)")
        }
        guard (0...0xFFFF).contains(number) else {
            throw fail(.outOfRange, prefix + key, "\(number) is outside 0…65535 (uint16)")
        }
        return number
    }

    // MARK: - Clusters

    func clusters(
        _ value: JSONValue?,
        deviceTypes: [DeviceType],
        prefix: String
    ) throws(DeviceFileError) -> [ClusterID: ClusterState] {
        var given: [ClusterID: ClusterState] = [:]
        if let value, value != .null {
            let object = try self.object(value, prefix + "clusters")
            let allowed = deviceTypes.flatMap(\.acceptedClusters)
            // Hearth's own clusters in declaration order, then the specification's others the types list. Named only
            // for a message: a name outside Hearth's loads the specification's cluster table.
            var allowedNames: [String] {
                ClusterID.modelled.filter(allowed.contains).map(\.rawValue)
                    + allowed.filter { !$0.isModelled && !ClusterID.nodeMaintenanceClusters.contains($0) }.map(
                        \.rawValue
                    )
            }
            for member in object.members {
                let field = prefix + "clusters.\(member.key)"
                let declaredID = declaredByName[member.key.lowercased()].map { ClusterID(matterID: $0.id) }
                guard let cluster = declaredID ?? ClusterID(rawValue: member.key) else {
                    throw fail(
                        .unknownCluster,
                        field,
                        "unknown cluster \"\(member.key)\""
                            + Suggestion.didYouMean(member.key, among: allowedNames + ClusterID.knownClusters)
                            + "; known clusters: " + ClusterID.knownClusters.joined(separator: ", ")
                            + ", the Matter 1.4 clusters a device type lists, and the manufacturerClusters declared"
                    )
                }
                // Matter lets a manufacturer add its own clusters to any endpoint.
                guard allowed.contains(cluster) || cluster.isManufacturerSpecific else {
                    let types = deviceTypes.map(\.rawValue).joined(separator: ", ")
                    throw fail(
                        .clusterNotAllowed,
                        field,
                        "\(cluster.rawValue) is not allowed on \(types) (allowed: "
                            + allowedNames.joined(separator: ", ") + ")"
                    )
                }
                if cluster.isModelled {
                    given[cluster] = try attributes(member.value, cluster: cluster, field: field)
                } else {
                    given[cluster] = try specificationAttributes(member.value, cluster: cluster, field: field)
                }
            }
        }
        for cluster in deviceTypes.flatMap(\.requiredClusters) where given[cluster] == nil {
            given[cluster] = ClusterState()
        }
        var clusters: [ClusterID: ClusterState] = [:]
        // In declaration order, so that a file with several mistakes always reports the same one first.
        for cluster in ClusterID.modelled {
            guard let state = given[cluster] else { continue }
            let complete = AttributeSchema.filled(state, cluster: cluster, deviceTypes: deviceTypes)
            if let violation = AttributeSchema.validate(complete, cluster: cluster, deviceTypes: deviceTypes) {
                throw fail(
                    .inconsistentAttributes,
                    prefix + "clusters.\(cluster.rawValue).\(violation.attribute)",
                    violation.reason
                )
            }
            clusters[cluster] = complete
        }
        // Then the clusters Hearth does not model, by id: each against its specification definition alone.
        for cluster in given.keys.filter({ !$0.isModelled }).sorted(by: { $0.matterID < $1.matterID }) {
            guard let definition = definition(of: cluster), let state = given[cluster] else { continue }
            do throws(SpecificationSchema.Failure) {
                let complete = try SpecificationSchema.completed(state, of: definition)
                for type in deviceTypes.compactMap(\.definition) {
                    if let failure = SpecificationSchema.deviceTypeFailure(complete, of: definition, on: type) {
                        throw failure
                    }
                }
                clusters[cluster] = complete
            } catch {
                throw fail(
                    error.kind == .invalidValue ? .outOfRange : .inconsistentAttributes,
                    prefix + "clusters.\(name(of: cluster)).\(error.attribute)",
                    error.reason
                )
            }
        }
        return clusters
    }

    /// The definition of a cluster Hearth does not model: the file's declaration for a manufacturer cluster it
    /// declares, else the specification's or the catalog's.
    func definition(of cluster: ClusterID) -> MatterClusterDefinition? {
        declared[cluster.matterID]?.definition ?? cluster.definition
    }

    /// The cluster's name: the file's declared one for a manufacturer cluster it declares, else ``ClusterID/rawValue``.
    func name(of cluster: ClusterID) -> String {
        declared[cluster.matterID]?.name ?? cluster.rawValue
    }

    /// A cluster Hearth does not model: each attribute read by its Matter type (``SpecificationSchema``).
    func specificationAttributes(
        _ value: JSONValue,
        cluster: ClusterID,
        field: String
    ) throws(DeviceFileError) -> ClusterState {
        let object = try self.object(value, field)
        guard let definition = definition(of: cluster) else {
            throw fail(.unknownCluster, field, "\(name(of: cluster)) has no definition in the Matter data model")
        }
        var state = ClusterState()
        for member in object.members {
            do {
                let attribute = try SpecificationSchema.read(member.value, attribute: member.key, of: definition)
                state[member.key] = attribute
            } catch {
                let code: DeviceFileError.Code
                switch error.kind {
                case .unknownAttribute: code = .unknownAttribute
                case .invalidValue: code = .wrongType
                case .conformance: code = .inconsistentAttributes
                }
                throw fail(code, "\(field).\(error.attribute)", error.reason)
            }
        }
        return state
    }

    func attributes(_ value: JSONValue, cluster: ClusterID, field: String) throws(DeviceFileError) -> ClusterState {
        let object = try self.object(value, field)
        var state = ClusterState()
        for member in object.members {
            let attributeField = "\(field).\(member.key)"
            guard let spec = AttributeSchema.spec(cluster, member.key) else {
                throw fail(
                    .unknownAttribute,
                    attributeField,
                    AttributeSchema.unknownAttributeReason(member.key, cluster: cluster)
                )
            }
            let attribute = try self.attribute(member.value, spec: spec, field: attributeField)
            if let text = attribute.stringValue { try checkStorable(text, attributeField) }
            if let reason = spec.validate(attribute) { throw fail(.outOfRange, attributeField, reason) }
            state[spec.name] = attribute
        }
        return state
    }

    /// The JSON value as the attribute's type, or a wrong-type error.
    func attribute(_ value: JSONValue, spec: AttributeSpec, field: String) throws(DeviceFileError) -> AttributeValue {
        switch (spec.type, value) {
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.string, .string(let string)):
            return .string(string)
        case (_, .int(let number)) where spec.type.isInteger:
            return .int(number)
        case (_, .null) where spec.nullValue != nil:
            return .int(spec.nullValue!)
        case (_, .number(let text)) where spec.type.isInteger:
            throw fail(.wrongType, field, "\(text) is not an integer (\(spec.type.rawValue))")
        default:
            let expected: String
            switch spec.type {
            case .bool: expected = "a boolean (bool)"
            case .string: expected = "a string (string)"
            default: expected = "an integer (\(spec.type.rawValue))" + (spec.isNullable ? " or null" : "")
            }
            throw fail(.wrongType, field, "expected \(expected), got \(value.brief)")
        }
    }

    // MARK: - Fields

    func object(_ value: JSONValue, _ field: String) throws(DeviceFileError) -> JSONObject {
        guard case .object(let object) = value else {
            throw fail(.wrongType, field, "expected an object, got \(value.brief)")
        }
        return object
    }

    func checkKeys(_ object: JSONObject, known: [String], prefix: String) throws(DeviceFileError) {
        for member in object.members where !known.contains(member.key) {
            throw fail(
                .unknownKey,
                prefix + member.key,
                "unknown key \"\(member.key)\"" + Suggestion.didYouMean(member.key, among: known) + "; known keys: "
                    + known.joined(separator: ", ")
            )
        }
    }

    func requiredString(_ object: JSONObject, _ key: String, prefix: String) throws(DeviceFileError) -> String {
        guard let value = object[key], value != .null else { throw fail(.missingField, prefix + key, "missing") }
        guard case .string(let string) = value else {
            throw fail(.wrongType, prefix + key, "expected a string, got \(value.brief)")
        }
        if string.isEmpty { throw fail(.emptyValue, prefix + key, "must not be empty") }
        try checkStorable(string, prefix + key)
        return string
    }

    func optionalString(
        _ object: JSONObject,
        _ key: String,
        prefix: String = "",
        allowEmpty: Bool = true
    ) throws(DeviceFileError) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let string) = value else {
            throw fail(.wrongType, prefix + key, "expected a string, got \(value.brief)")
        }
        if !allowEmpty, string.isEmpty {
            throw fail(.emptyValue, prefix + key, "must not be empty (leave the key out instead)")
        }
        try checkStorable(string, prefix + key)
        return string
    }

    /// Refuses a string no store can hold (``StoredText``).
    func checkStorable(_ string: String, _ field: String) throws(DeviceFileError) {
        if !StoredText.isStorable(string) { throw fail(.invalidCharacter, field, StoredText.nulReason) }
    }

    /// An optional array of non-empty strings.
    func stringArray(_ object: JSONObject, _ key: String) throws(DeviceFileError) -> [String]? {
        guard let value = object[key], value != .null else { return nil }
        guard case .array(let entries) = value else {
            throw fail(.wrongType, key, "expected an array of strings, got \(value.brief)")
        }
        var strings: [String] = []
        for (position, entry) in entries.enumerated() {
            guard case .string(let string) = entry else {
                throw fail(.wrongType, "\(key)[\(position)]", "expected a string, got \(entry.brief)")
            }
            if string.isEmpty { throw fail(.emptyValue, "\(key)[\(position)]", "must not be empty") }
            try checkStorable(string, "\(key)[\(position)]")
            strings.append(string)
        }
        return strings
    }
}
