import MatterModel

extension Device {
    /// Whether the cluster state or connectivity of any endpoint differs (or the endpoints do).
    package func stateDiffers(from other: Device) -> Bool {
        guard endpoints.count == other.endpoints.count else { return true }
        for (mine, theirs) in zip(endpoints, other.endpoints)
        where mine.online != theirs.online || mine.clusters != theirs.clusters {
            return true
        }
        return false
    }
}

extension Device {
    /// Places an endpoint read from the database at its number; numbers must run 1, 2, … without gaps once all
    /// are read (``RegistryRows/checkEndpoints(_:user:)`` verifies).
    package mutating func storeEndpoint(_ endpoint: Endpoint, number: Int, user: String) throws {
        guard number >= 1, number <= 255 else {
            throw RegistryError(code: .corruptData, message: "user \(user), device \(id): endpoint number \(number)")
        }
        while endpoints.count < number { endpoints.append(Endpoint(deviceTypes: [])) }
        endpoints[number - 1] = endpoint
    }

    /// Adds a cluster's attributes read from the database; a plain assignment in the usual case of a cluster
    /// that has none yet. Attributes of an endpoint that was not read are dropped (the check that follows
    /// reports the device as corrupt).
    package mutating func storeAttributes(
        _ attributes: [String: AttributeValue],
        of cluster: ClusterID,
        endpoint: Int
    ) {
        guard endpoint >= 1, endpoint <= endpoints.count else { return }
        if let existing = endpoints[endpoint - 1].clusters[cluster], !existing.attributes.isEmpty {
            endpoints[endpoint - 1].clusters[cluster]?.attributes.merge(attributes) { _, new in new }
        } else {
            endpoints[endpoint - 1].clusters[cluster] = ClusterState(attributes)
        }
    }
}

extension Device {
    /// The device as the change log shows it: a PIN's hash is no one's business downstream.
    package var withoutPIN: Device {
        var device = self
        if case .pin = device.challenge { device.challenge = .pin(.clear("")) }
        return device
    }
}
