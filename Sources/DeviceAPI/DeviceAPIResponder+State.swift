import HTTPMessages
import HTTPTypes
import JSON
import MatterModel
import Registry

// `PATCH /v1/users/{u}/devices/{d}/state`, `POST /v1/state` and `POST /v1/users/{u}/devices/{d}/events`.

extension DeviceAPIResponder {
    /// The members of a state change (`PATCH …/state`).
    static let stateKeys = ["clusters", "online", "endpoint"]
    /// The members of one entry of `POST /v1/state`'s `changes`.
    static let batchEntryKeys = ["agentUserId", "deviceId", "clusters", "online", "endpoint"]
    /// The events `POST …/events` takes, by their `/v1` names.
    static let eventNames: [String: DeviceEvent.Name] = Dictionary(
        uniqueKeysWithValues: DeviceEvent.Name.allCases.map { ($0.apiName, $0) }
    )

    func patchState(_ request: Request, user: String, id: String) throws(APIError) -> Response {
        let object = try Self.jsonBody(request)
        try Self.refuseUnknownKeys(object, Self.stateKeys)
        var details: [APIError.Detail] = []
        let update = Self.stateUpdate(object, user: user, device: id, at: "", details: &details)
        guard details.isEmpty, let update else { throw APIError(.invalid, "the state is not valid", details: details) }
        let devices = try apply([update])
        return Self.json(.ok, Self.answer(devices[0]), headerFields: [.eTag: Self.entityTag(devices[0])])
    }

    func postStateBatch(_ request: Request) throws(APIError) -> Response {
        let object = try Self.jsonBody(request)
        try Self.refuseUnknownKeys(object, ["changes"])
        guard let entries = object["changes"]?.arrayValue else {
            throw APIError(
                .invalid,
                "the body needs \"changes\": an array of state changes",
                details: [APIError.Detail(path: "/changes", message: "must be an array")]
            )
        }
        guard entries.count <= Self.maximumBatch else {
            throw APIError(
                .payloadTooLarge,
                "a batch holds at most \(Self.maximumBatch) changes, not \(entries.count); send the rest in another"
            )
        }
        let lenient = Self.prefersLenientHandling(request)
        var details: [APIError.Detail] = []
        var updates: [DeviceStateUpdate] = []
        updates.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let path = "/changes/\(index)"
            guard let entry = entry.objectValue else {
                details.append(APIError.Detail(path: path, message: "must be an object"))
                continue
            }
            for key in entry.keys where !Self.batchEntryKeys.contains(key) {
                details.append(
                    APIError.Detail(
                        path: path + "/" + Self.pointerEscaped(key),
                        message: "unknown field \"\(key)\"\(Suggestion.didYouMean(key, among: Self.batchEntryKeys))"
                    )
                )
            }
            var ids: [String] = []
            for key in ["agentUserId", "deviceId"] {
                if let id = entry[key]?.stringValue, APIIdentifier.isValid(id) {
                    ids.append(id)
                } else {
                    details.append(
                        APIError.Detail(
                            path: path + "/" + key,
                            message: "must be \(APIIdentifier.rule)"
                        )
                    )
                }
            }
            let update = Self.stateUpdate(
                entry,
                user: ids.first ?? "",
                device: ids.count == 2 ? ids[1] : "",
                at: path,
                details: &details
            )
            if let update, ids.count == 2 { updates.append(update) }
        }
        guard details.isEmpty else {
            throw APIError(.invalid, "the batch is not valid; nothing was written", details: details)
        }
        guard lenient else {
            let outcomes = try applyInBulk(updates, allOrNothing: true)
            return Self.json(.ok, JSONObject([("applied", .int(outcomes.count))]))
        }
        let outcomes = try applyInBulk(updates, allOrNothing: false)
        var results: [JSONValue] = []
        for (index, outcome) in outcomes.enumerated() where outcome.status != .applied {
            var result = JSONObject()
            result.append("index", .int(index))
            result.append("status", .string(outcome.status.rawValue))
            if let message = outcome.message { result.append("message", .string(message)) }
            results.append(.object(result))
        }
        return Self.json(
            .ok,
            JSONObject([
                ("applied", .int(outcomes.count - results.count)),
                ("failed", .int(results.count)),
                ("results", .array(results)),
            ]),
            headerFields: [Self.preferenceAppliedField: "handling=lenient"]
        )
    }

    func postEvent(_ request: Request, user: String, id: String) throws(APIError) -> Response {
        let object = try Self.jsonBody(request)
        try Self.refuseUnknownKeys(object, ["event", "value"])
        let known = Self.eventNames.keys.sorted()
        guard let text = object["event"]?.stringValue, let name = Self.eventNames[text] else {
            let given = object["event"]?.stringValue ?? ""
            throw APIError(
                .invalid,
                "\"event\" must be one of \(known.joined(separator: ", "))",
                details: [
                    APIError.Detail(
                        path: "/event",
                        message: "unknown event \"\(given)\"\(Suggestion.didYouMean(given, among: known))"
                    )
                ]
            )
        }
        var value: Int?
        if let given = object["value"] {
            let range = name.values ?? 1...2
            guard let number = given.intValue, range.contains(number) else {
                let bounds = "\(range.lowerBound) to \(range.upperBound)"
                throw APIError(
                    .invalid,
                    range == 1...2
                        ? "\"value\" must be 1 (warning) or 2 (critical)" : "\"value\" must be \(bounds) (how many)",
                    details: [
                        APIError.Detail(
                            path: "/value",
                            message: range == 1...2 ? "must be 1 or 2" : "must be \(bounds)"
                        )
                    ]
                )
            }
            value = number
        }
        _ = try storedDevice(user: user, id: id)
        let queued: Bool
        do {
            queued = try store.recordEvent(DeviceEvent(name: name, value: value), forUser: user, device: id)
        } catch {
            throw storeFailure(error)
        }
        return Self.json(.accepted, JSONObject([("event", .string(text)), ("queued", .bool(queued))]))
    }

    // MARK: - Helpers

    /// Applies the updates in one transaction, mapping the store's refusal to 404 or 422 naming the change.
    private func apply(_ updates: [DeviceStateUpdate]) throws(APIError) -> [Device] {
        do {
            return try store.applyState(updates)
        } catch let error as DeviceStateUpdateError {
            let path = updates.count == 1 ? "" : "/changes/\(error.index)"
            switch error.reason {
            case .notFound: throw APIError(.notFound, error.message)
            case .notApplicable:
                throw APIError(
                    .invalid,
                    error.message,
                    details: [APIError.Detail(path: path, message: error.message)]
                )
            }
        } catch {
            throw storeFailure(error)
        }
    }

    /// Applies a batch through the store's bulk write; all or nothing maps the refused change to 404 or 422 naming
    /// it, as a single change is refused.
    private func applyInBulk(
        _ updates: [DeviceStateUpdate],
        allOrNothing: Bool
    ) throws(APIError) -> [BulkStateOutcome] {
        do {
            return try store.applyStateInBulk(updates, allOrNothing: allOrNothing)
        } catch let error as DeviceStateUpdateError {
            switch error.reason {
            case .notFound: throw APIError(.notFound, "change \(error.index): \(error.message); nothing was written")
            case .notApplicable:
                throw APIError(
                    .invalid,
                    "change \(error.index): \(error.message); nothing was written",
                    details: [APIError.Detail(path: "/changes/\(error.index)", message: error.message)]
                )
            }
        } catch {
            throw storeFailure(error)
        }
    }

    /// Whether the request asks for each change to be applied on its own (RFC 7240 `Prefer: handling=lenient`);
    /// otherwise (`handling=strict`, or no preference) the batch is all or nothing.
    static func prefersLenientHandling(_ request: Request) -> Bool {
        guard let prefer = request.headerFields[Self.preferField] else { return false }
        var lenient = false
        for preference in prefer.split(separator: ",") {
            // `handling=lenient; parameter…`: the parameters are ignored; names are case-insensitive.
            let token = preference.split(separator: ";", maxSplits: 1).first ?? ""
            let parts = token.split(separator: "=", maxSplits: 1).map { Self.trimmed($0).lowercased() }
            guard parts.count == 2, parts[0] == "handling" else { continue }
            switch parts[1] {
            case "lenient", "\"lenient\"": lenient = true
            case "strict", "\"strict\"": return false
            default: continue
            }
        }
        return lenient
    }

    /// RFC 7240's request field.
    static let preferField = HTTPField.Name("Prefer")!
    /// RFC 7240's answer field: which preference was honoured.
    static let preferenceAppliedField = HTTPField.Name("Preference-Applied")!

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    /// Reads `clusters`, `online` and `endpoint` of a state change, adding a detail for each mistake; `nil` when
    /// there was one.
    static func stateUpdate(
        _ object: JSONObject,
        user: String,
        device: String,
        at path: String,
        details: inout [APIError.Detail]
    ) -> DeviceStateUpdate? {
        let before = details.count
        var changes: [DeviceStateChange] = []
        if let clusters = object["clusters"] {
            if let clusters = clusters.objectValue {
                for (clusterName, attributes) in clusters {
                    let clusterPath = path + "/clusters/" + pointerEscaped(clusterName)
                    guard let cluster = ClusterID(rawValue: clusterName) else {
                        details.append(
                            APIError.Detail(
                                path: clusterPath,
                                message: "unknown cluster \"\(clusterName)\""
                                    + Suggestion.didYouMean(clusterName, among: ClusterID.knownClusters)
                            )
                        )
                        continue
                    }
                    guard let attributes = attributes.objectValue else {
                        details.append(APIError.Detail(path: clusterPath, message: "must be an object"))
                        continue
                    }
                    for (name, value) in attributes {
                        let attributePath = clusterPath + "/" + pointerEscaped(name)
                        do throws(APIError.Detail) {
                            changes.append(try stateChange(cluster, name, value, at: attributePath))
                        } catch {
                            details.append(error)
                        }
                    }
                }
            } else {
                details.append(APIError.Detail(path: path + "/clusters", message: "must be an object"))
            }
        }
        var online: Bool?
        if let value = object["online"] {
            if let flag = value.boolValue {
                online = flag
            } else {
                details.append(APIError.Detail(path: path + "/online", message: "must be true or false (bool)"))
            }
        }
        var endpoint: Int?
        if let value = object["endpoint"] {
            if let number = value.intValue, (1...255).contains(number) {
                endpoint = number
            } else {
                details.append(APIError.Detail(path: path + "/endpoint", message: "must be an integer 1…255"))
            }
        }
        guard details.count == before else { return nil }
        return DeviceStateUpdate(
            agentUserId: user,
            deviceId: device,
            changes: changes,
            online: online,
            endpoint: endpoint
        )
    }

    /// One attribute value in Matter units, checked against the schema as `hearth devices set` checks it.
    private static func stateChange(
        _ cluster: ClusterID,
        _ name: String,
        _ value: JSONValue,
        at path: String
    ) throws(APIError.Detail) -> DeviceStateChange {
        if !cluster.isModelled {
            do {
                return try DeviceStateChange.parse(cluster: cluster, attribute: name, json: value)
            } catch {
                let message = error.message
                let reason = message.firstRange(of: ": ").map { String(message[$0.upperBound...]) } ?? message
                throw APIError.Detail(path: path, message: reason)
            }
        }
        guard let spec = AttributeSchema.spec(cluster, name) else {
            let known = AttributeSchema.attributes(of: cluster).map(\.name)
            throw APIError.Detail(
                path: path,
                message:
                    "unknown attribute \"\(name)\" of \(cluster.rawValue)\(Suggestion.didYouMean(name, among: known))"
            )
        }
        let text: String
        switch (spec.type, value) {
        case (.bool, .bool(let flag)): text = flag ? "true" : "false"
        case (.string, .string(let string)): text = string
        case (.bool, _): throw APIError.Detail(path: path, message: "must be true or false")
        case (.string, _): throw APIError.Detail(path: path, message: "must be a string (string)")
        case (_, .null) where spec.isNullable: text = "null"
        default:
            guard let number = value.intValue, value.doubleValue.map({ $0 == Double(number) }) ?? true else {
                throw APIError.Detail(
                    path: path,
                    message: "must be an integer (\(spec.type.rawValue))\(spec.isNullable ? " or null" : "")"
                )
            }
            text = String(number)
        }
        do {
            return try DeviceStateChange.parse("\(cluster.rawValue).\(name)=\(text)")
        } catch {
            // "Cluster.Attribute: reason": the path says where, the message what.
            let message = error.message
            let reason = message.firstRange(of: ": ").map { String(message[$0.upperBound...]) } ?? message
            throw APIError.Detail(path: path, message: reason)
        }
    }
}

extension APIError.Detail: Error {}
