import MatterModel

extension Device {
    /// Refuses a device no store may hold: an empty id, or no device type (the first one is the primary type).
    func validateForImport(user: String) throws {
        guard !id.isEmpty else {
            throw RegistryError(code: .invalidDevice, message: "user \(user): a device has an empty id")
        }
        guard !deviceTypes.isEmpty else {
            throw RegistryError(code: .invalidDevice, message: "user \(user), device \(id): deviceTypes is empty")
        }
    }
}
