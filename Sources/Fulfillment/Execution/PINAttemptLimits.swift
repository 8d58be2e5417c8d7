/// How many wrong PINs a device takes before it locks out, and for how long (config keys under `fulfillment.`).
public struct PINAttemptLimits: Sendable, Hashable {
    /// `fulfillment.maxPinAttempts`: wrong PINs within ``windowSeconds`` that start a lockout (default 5).
    public var maxAttempts: Int
    /// `fulfillment.pinAttemptWindowSeconds`: how long wrong PINs are counted from the first one (default 900).
    public var windowSeconds: Int
    /// `fulfillment.pinLockoutSeconds`: how long a locked-out device answers `tooManyFailedAttempts` (default 900).
    public var lockoutSeconds: Int

    /// Creates limits; the defaults are Hearth's configuration defaults.
    public init(maxAttempts: Int = 5, windowSeconds: Int = 900, lockoutSeconds: Int = 900) {
        self.maxAttempts = maxAttempts
        self.windowSeconds = windowSeconds
        self.lockoutSeconds = lockoutSeconds
    }
}
