/// What a verified JWT must also say to be accepted: who issued it, for whom, and when.
public struct JWTExpectations: Sendable {
    /// The exact `iss` (RFC 7519 §4.1.1; OpenID Connect Core §3.1.3.7 step 2: "MUST exactly match").
    public var issuer: String
    /// A value `aud` must contain: the client ID for an ID token, the resource's identifier for an access token.
    public var audience: String
    /// When set, the `azp` check of OpenID Connect Core §3.1.3.7: "If the ID Token contains multiple audiences, the
    /// Client SHOULD verify that an azp Claim is present. If an azp (authorized party) Claim is present, the Client
    /// SHOULD verify that its client_id is the Claim Value." Both are enforced: an `azp` other than this is refused,
    /// and a token with several audiences must carry `azp`. `nil`: `azp` is not looked at (access tokens).
    public var authorizedParty: String?
    /// When set, the `nonce` the token must carry (OpenID Connect Core §3.1.3.7 step 11).
    public var nonce: String?
    /// When set, the `typ` header the token must have, compared as RFC 7515 §4.1.9 compares media types: without
    /// case and with the `application/` prefix optional, so `at+jwt` also accepts `application/at+jwt` (RFC 9068 §4:
    /// resource servers "MUST verify that the typ header value is "at+jwt" or "application/at+jwt""). `nil`: any
    /// `typ`, or none.
    public var requiredType: String?
    /// The leeway, in seconds, given to `exp`, `nbf` and `iat` for clocks that disagree: 60 by default, at most 600.
    public var clockSkew: Int
    /// Whether `exp` is required (RFC 7519 makes it optional; ID tokens and RFC 9068 access tokens must carry it).
    /// `true` by default.
    public var requireExpiry: Bool
    /// When set, the most seconds since `iat` (which is then required); older tokens are refused.
    public var maximumAge: Int64?
    /// Claims that must be present (not `null`), for example the configured user claim.
    public var requiredClaims: [String]

    /// Expectations for tokens from `issuer` for `audience`; see each property for the others.
    public init(
        issuer: String,
        audience: String,
        authorizedParty: String? = nil,
        nonce: String? = nil,
        requiredType: String? = nil,
        clockSkew: Int = 60,
        requireExpiry: Bool = true,
        maximumAge: Int64? = nil,
        requiredClaims: [String] = []
    ) {
        self.issuer = issuer
        self.audience = audience
        self.authorizedParty = authorizedParty
        self.nonce = nonce
        self.requiredType = requiredType
        self.clockSkew = clockSkew
        self.requireExpiry = requireExpiry
        self.maximumAge = maximumAge
        self.requiredClaims = requiredClaims
    }
}
