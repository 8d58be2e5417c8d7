import Registry

/// Settings of the fulfillment (config keys under `fulfillment.`).
public struct FulfillmentOptions: Sendable, Hashable {
    /// `fulfillment.strictOperationValidation`: strict (`true`, the default) or lenient EXECUTE validation.
    public var validationMode: ValidationMode
    /// `fulfillment.willReportState`: what SYNC says in `willReportState`. `false` until Hearth reports
    /// state to HomeGraph, so that Google queries Hearth instead of trusting a HomeGraph that is never fed.
    public var willReportState: Bool
    /// `fulfillment.maxPinAttempts` (default 5), `fulfillment.pinAttemptWindowSeconds` (default 900),
    /// `fulfillment.pinLockoutSeconds` (default 900): how many wrong PINs lock a device, and for how long.
    public var pinLockout: LockoutPolicy
    /// `fulfillment.allowAckUnlock` (default `false`): whether a lock whose challenge is `ack` unlocks on a spoken
    /// yes. Google's secondary-user-verification guide requires `pinNeeded` for unlocking and calls `ackNeeded` not
    /// recommended for security devices, so by default such a lock answers `remoteSetDisabled` to an unlock.
    public var allowAckUnlock: Bool
    /// `commands.deadlineMilliseconds` (default 1500): how long an EXECUTE waits for the device backend when a
    /// ``CommandDeliverer`` delivers its commands; devices it has not answered about by then answer PENDING.
    public var deliveryDeadline: Duration

    public init(
        validationMode: ValidationMode = .strict,
        willReportState: Bool = false,
        pinLockout: LockoutPolicy = .pinDefaults,
        allowAckUnlock: Bool = false,
        deliveryDeadline: Duration = .milliseconds(1500)
    ) {
        self.validationMode = validationMode
        self.willReportState = willReportState
        self.pinLockout = pinLockout
        self.allowAckUnlock = allowAckUnlock
        self.deliveryDeadline = deliveryDeadline
    }
}
