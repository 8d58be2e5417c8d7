import Foundation
import OutboundHTTP

/// Where and how ``AccessTokenVerifier`` asks about opaque access tokens (RFC 7662 token introspection).
public struct Introspection: Sendable {
    /// The introspection endpoint (`auth.externalTokens.introspectionURL`).
    public var url: URL
    /// Hearth's client id there (`auth.externalTokens.introspectionClientID`).
    public var clientID: String
    /// Hearth's client secret there; sent as HTTP Basic credentials (RFC 7662 §2.1).
    public var clientSecret: String
    /// The issuer an answer's `iss` must equal when it carries one (`auth.externalTokens.issuer`); `nil`: not
    /// checked.
    public var issuer: String?
    /// The bounds of one request: 5 s, at most 64 KiB of answer (real answers are under 2 KiB).
    public var limits: OutboundLimits

    /// Creates introspection settings.
    public init(
        url: URL,
        clientID: String,
        clientSecret: String,
        issuer: String? = nil,
        limits: OutboundLimits = OutboundLimits(deadline: .seconds(5), maxAnswerBytes: 65_536)
    ) {
        self.url = url
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.issuer = issuer
        self.limits = limits
    }
}
