/// Settings of the fulfillment (config keys under `fulfillment.`).
public struct FulfillmentOptions: Sendable, Hashable {
    /// `fulfillment.strictOperationValidation`: strict (`true`, the default) or lenient EXECUTE validation.
    public var validationMode: ValidationMode
    /// `fulfillment.willReportState`: what SYNC says in `willReportState`. `false` until Hearth reports
    /// state to HomeGraph, so that Google queries Hearth instead of trusting a HomeGraph that is never fed.
    public var willReportState: Bool

    public init(validationMode: ValidationMode = .strict, willReportState: Bool = false) {
        self.validationMode = validationMode
        self.willReportState = willReportState
    }
}
