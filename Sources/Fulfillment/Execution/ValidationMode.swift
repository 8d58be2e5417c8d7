/// How EXECUTE treats parameters outside a device's range (config `fulfillment.strictOperationValidation`).
public enum ValidationMode: Sendable, Hashable {
    /// Check every command against the device's traits and ranges before changing anything; a value out of
    /// range is refused with `valueOutOfRange`, and a `params` key Google never sends with the command (Google's
    /// parameter schemas are closed, ``CommandParameters/checkKeys(mode:)``) with `notSupported`.
    case strict
    /// Clamp values into range, ignore `params` keys the command does not have, and attempt the command. A value
    /// outside one of Google's enums (OpenClose's `openDirection`) is still refused.
    case lenient
}
