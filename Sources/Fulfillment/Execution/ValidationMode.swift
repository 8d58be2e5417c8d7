/// How EXECUTE treats parameters outside a device's range (config `fulfillment.strictOperationValidation`).
public enum ValidationMode: Sendable, Hashable {
    /// Check every command against the device's traits and ranges before changing anything; a value out of
    /// range is refused with `valueOutOfRange`.
    case strict
    /// Clamp values into range and attempt the command.
    case lenient
}
