import JSON

/// A change of one attribute from the device side (`hearth devices set`'s `Cluster.Attribute=VALUE`: a wall switch, a
/// sensor reading), parsed and checked against the attribute's schema.
public struct DeviceStateChange: Sendable, Hashable, CustomStringConvertible {
    public var cluster: ClusterID
    public var attribute: String
    public var value: AttributeValue
    /// The value as written (`true`, `128`, `null`).
    public var text: String

    /// Creates a change; ``parse(_:)`` checks one against the schema.
    public init(cluster: ClusterID, attribute: String, value: AttributeValue, text: String) {
        self.cluster = cluster
        self.attribute = attribute
        self.value = value
        self.text = text
    }

    /// `Cluster.Attribute=VALUE`, as it was written.
    public var description: String { "\(cluster.rawValue).\(attribute)=\(text)" }

    /// Parses `Cluster.Attribute=VALUE`: `true`/`false` for booleans, integers, `null` for nullable attributes, text
    /// for strings.
    ///
    /// - Throws: ``DeviceStateChangeError/Code/invalidAssignment``, naming the attribute.
    public static func parse(_ assignment: String) throws(DeviceStateChangeError) -> DeviceStateChange {
        guard let equals = assignment.firstIndex(of: "=") else {
            throw DeviceStateChangeError(
                .invalidAssignment,
                "\(assignment): expected Cluster.Attribute=VALUE"
            )
        }
        let path = assignment[..<equals]
        let text = String(assignment[assignment.index(after: equals)...])
        let parts = path.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let cluster = ClusterID(rawValue: String(parts[0])) else {
            throw DeviceStateChangeError(
                .invalidAssignment,

                "\(path): expected Cluster.Attribute with a known cluster (\(ClusterID.knownClusters.joined(separator: ", ")))"
            )
        }
        let name = String(parts[1])
        if !cluster.isModelled {
            guard let definition = cluster.definition else {
                throw DeviceStateChangeError(.invalidAssignment, "\(path): \(cluster.rawValue) has no definition")
            }
            do {
                let value = try SpecificationSchema.read(text: text, attribute: name, of: definition)
                return DeviceStateChange(cluster: cluster, attribute: name, value: value, text: text)
            } catch {
                throw DeviceStateChangeError(
                    .invalidAssignment,
                    "\(cluster.rawValue).\(error.attribute): \(error.reason)"
                )
            }
        }
        guard let spec = AttributeSchema.spec(cluster, name) else {
            let reason =
                AttributeSchema.validate(.bool(false), cluster: cluster, attribute: name) ?? "unknown attribute"
            throw DeviceStateChangeError(
                .invalidAssignment,
                "\(path): \(reason)"
            )
        }
        let value: AttributeValue
        switch spec.type {
        case .bool:
            switch text {
            case "true": value = .bool(true)
            case "false": value = .bool(false)
            default:
                throw DeviceStateChangeError(
                    .invalidAssignment,
                    "\(path): expected true or false, got \"\(text)\""
                )
            }
        case .string:
            value = .string(text)
        default:
            if text == "null", let null = spec.nullValue {
                value = .int(null)
            } else if let number = Int(text) {
                value = .int(number)
            } else {
                throw DeviceStateChangeError(
                    .invalidAssignment,

                    "\(path): expected an integer (\(spec.type.rawValue))\(spec.isNullable ? " or null" : ""), got \"\(text)\""
                )
            }
        }
        if let reason = spec.validate(value) {
            throw DeviceStateChangeError(
                .invalidAssignment,
                "\(path): \(reason)"
            )
        }
        return DeviceStateChange(cluster: cluster, attribute: name, value: value, text: text)
    }

    /// A change of an attribute of a cluster Hearth does not model (``ClusterID/isModelled``), its value read from
    /// JSON by its Matter type (``SpecificationSchema``): what `/v1` and a backend's command answer give.
    ///
    /// - Throws: ``DeviceStateChangeError/Code/invalidAssignment``, naming the attribute and its Matter type.
    public static func parse(
        cluster: ClusterID,
        attribute name: String,
        json: JSONValue
    ) throws(DeviceStateChangeError) -> DeviceStateChange {
        guard let definition = cluster.definition else {
            throw DeviceStateChangeError(
                .invalidAssignment,
                "\(cluster.rawValue): no definition in the Matter data model"
            )
        }
        do {
            let value = try SpecificationSchema.read(json, attribute: name, of: definition)
            return DeviceStateChange(cluster: cluster, attribute: name, value: value, text: value.description)
        } catch {
            throw DeviceStateChangeError(.invalidAssignment, "\(cluster.rawValue).\(error.attribute): \(error.reason)")
        }
    }

    /// Applies the changes to `device`, then checks each changed cluster's cross-attribute rules; then marks the
    /// endpoint (or, without one, every endpoint) online or offline when `online` is given.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint number (1 = the primary one); `nil` puts each change on the one endpoint that has
    ///     its cluster.
    /// - Throws: ``DeviceStateChangeError/Code/notApplicable``: no such endpoint or cluster, several endpoints with
    ///   the cluster and no `endpoint`, or a combination the schema refuses. `device` may then be partly changed.
    public static func apply(
        _ changes: [DeviceStateChange],
        online: Bool?,
        endpoint: Int?,
        to device: inout Device
    ) throws(DeviceStateChangeError) {
        if let endpoint, endpoint > device.endpoints.count {
            throw DeviceStateChangeError(
                .notApplicable,
                "device \"\(device.id)\" has \(device.endpoints.count) endpoint(s), not \(endpoint)"
            )
        }
        var touched: [(Int, ClusterID)] = []
        for change in changes {
            let index: Int
            if let endpoint {
                index = endpoint - 1
            } else {
                let candidates = device.endpoints.indices.filter { device.endpoints[$0].has(change.cluster) }
                guard let first = candidates.first else {
                    throw DeviceStateChangeError(
                        .notApplicable,
                        "\(change.cluster.rawValue).\(change.attribute): the device has no \(change.cluster.rawValue) cluster"
                    )
                }
                guard candidates.count == 1 else {
                    throw DeviceStateChangeError(
                        .notApplicable,
                        "\(change.cluster.rawValue).\(change.attribute): several endpoints have \(change.cluster.rawValue); give --endpoint"
                    )
                }
                index = first
            }
            guard device.endpoints[index].has(change.cluster) else {
                throw DeviceStateChangeError(
                    .notApplicable,
                    "\(change.cluster.rawValue).\(change.attribute): endpoint \(index + 1) has no \(change.cluster.rawValue) cluster"
                )
            }
            device.endpoints[index].clusters[change.cluster]?[change.attribute] = change.value
            touched.append((index, change.cluster))
        }
        for (index, cluster) in touched {
            let state = device.endpoints[index].cluster(cluster)
            if !cluster.isModelled, let definition = cluster.definition {
                do {
                    device.endpoints[index].clusters[cluster] = try SpecificationSchema.completed(state, of: definition)
                } catch {
                    throw DeviceStateChangeError(.notApplicable, "\(cluster.rawValue).\(error.description)")
                }
                continue
            }
            if let violation = AttributeSchema.validate(
                state,
                cluster: cluster,
                deviceTypes: device.endpoints[index].deviceTypes
            ) {
                throw DeviceStateChangeError(
                    .notApplicable,
                    "\(cluster.rawValue).\(violation.attribute): \(violation.reason)"
                )
            }
        }
        if let online {
            if let endpoint {
                device.endpoints[endpoint - 1].online = online
            } else {
                device.setOnline(online)
            }
        }
    }
}
