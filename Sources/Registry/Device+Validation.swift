import MatterModel

extension Device {
    /// Refuses a device no store may hold: an empty id, no endpoint, or an endpoint without a device type (the
    /// first endpoint's first type is the primary type), or a `DoorLock` without a challenge (unlocking always needs
    /// one; see ``ChallengePolicy``).
    func validateForImport(user: String) throws {
        guard !id.isEmpty else {
            throw RegistryError(code: .invalidDevice, message: "user \(user): a device has an empty id")
        }
        guard !endpoints.isEmpty, endpoints.count <= 255 else {
            throw RegistryError(code: .invalidDevice, message: "user \(user), device \(id): needs 1…255 endpoints")
        }
        for (index, endpoint) in endpoints.enumerated() where endpoint.deviceTypes.isEmpty {
            throw RegistryError(
                code: .invalidDevice,
                message: "user \(user), device \(id): endpoint \(index + 1) has no device type"
            )
        }
        if hasDoorLock, challenge == .none {
            throw RegistryError(
                code: .invalidDevice,
                message: "user \(user), device \(id): a DoorLock needs a challenge (a PIN, or ack)"
            )
        }
    }
}
