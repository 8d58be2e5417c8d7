import MatterModel

extension Device {
    /// Refuses a device no store may hold: an empty id, no endpoint, an endpoint without a device type (the
    /// first endpoint's first type is the primary type), or a string holding U+0000, which SQLite would cut short
    /// and PostgreSQL refuses (``StoredText``; the parsers refuse it first, this keeps other callers out).
    package func validateForImport(user: String) throws {
        guard StoredText.isStorable(user) else {
            throw RegistryError(code: .invalidDevice, message: "a user id \(StoredText.nulReason)")
        }
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
        if let field = firstUnstorableField {
            // The id itself may be what holds the NUL: it is not quoted then.
            let device = field == "id" ? "a device" : "device \(id)"
            throw RegistryError(
                code: .invalidDevice,
                message: "user \(user), \(device), field \(field): \(StoredText.nulReason)"
            )
        }
    }
}
