/// Settings of the fulfillment (config keys under `fulfillment.`).
public struct FulfillmentOptions: Sendable, Hashable {
    /// `fulfillment.strictOperationValidation`: strict (`true`, the default) or lenient EXECUTE validation.
    public var validationMode: ValidationMode
    /// `fulfillment.willReportState`: what SYNC says in `willReportState`. `false` until Hearth reports
    /// state to HomeGraph, so that Google queries Hearth instead of trusting a HomeGraph that is never fed.
    public var willReportState: Bool
    /// `fulfillment.maxPinAttempts`, `fulfillment.pinAttemptWindowSeconds`, `fulfillment.pinLockoutSeconds`.
    public var pinAttempts: PINAttemptLimits

    public init(
        validationMode: ValidationMode = .strict,
        willReportState: Bool = false,
        pinAttempts: PINAttemptLimits = PINAttemptLimits()
    ) {
        self.validationMode = validationMode
        self.willReportState = willReportState
        self.pinAttempts = pinAttempts
    }
}
