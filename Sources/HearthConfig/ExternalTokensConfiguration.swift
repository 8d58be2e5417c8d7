/// The `auth.externalTokens.*` keys when `auth.externalTokens.issuer` is set: Google links straight to the
/// manufacturer's identity provider, and `/fulfillment` accepts that provider's access tokens beside Hearth's own.
public struct ExternalTokensConfiguration: Sendable, Hashable {
    /// The environment variable holding the introspection client's secret when
    /// `auth.externalTokens.introspectionClientSecretFile` is empty.
    public static let secretVariable = "HEARTH_AUTH_EXTERNAL_TOKENS_INTROSPECTION_CLIENT_SECRET"

    /// `auth.externalTokens.issuer`.
    public var issuer: String
    /// `auth.externalTokens.audience`.
    public var audience: String?
    /// `auth.externalTokens.userClaim`.
    public var userClaim: String
    /// `auth.externalTokens.introspectionURL`.
    public var introspectionURL: String?
    /// `auth.externalTokens.introspectionClientID`.
    public var introspectionClientID: String?
    /// `auth.externalTokens.introspectionClientSecretFile`.
    public var introspectionClientSecretFile: String?
    /// `auth.externalTokens.cacheEntries`.
    public var cacheEntries: Int
    /// `auth.externalTokens.retryAfterSeconds`.
    public var retryAfterSeconds: Int

    /// The introspection endpoint and Hearth's credentials there.
    public struct Introspection: Sendable, Hashable {
        public var url: String
        public var clientID: String
        public var clientSecret: String
    }

    /// What accepting the provider's tokens needs, checked and with the secret read.
    public struct Resolved: Sendable, Hashable {
        public var issuer: String
        public var audience: String
        public var userClaim: String
        public var introspection: Introspection?
        public var cacheEntries: Int
        public var retryAfterSeconds: Int
    }

    /// Creates a configuration.
    public init(
        issuer: String,
        audience: String?,
        userClaim: String = "sub",
        introspectionURL: String? = nil,
        introspectionClientID: String? = nil,
        introspectionClientSecretFile: String? = nil,
        cacheEntries: Int = 10_000,
        retryAfterSeconds: Int = 30
    ) {
        self.issuer = issuer
        self.audience = audience
        self.userClaim = userClaim
        self.introspectionURL = introspectionURL
        self.introspectionClientID = introspectionClientID
        self.introspectionClientSecretFile = introspectionClientSecretFile
        self.cacheEntries = cacheEntries
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// The settings checked, the introspection secret read from the file or else the environment.
    ///
    /// - Throws: ``ConfigurationError`` naming the key that is missing or wrong; never the secret.
    public func resolve(environment: [String: String]) throws(ConfigurationError) -> Resolved {
        try UpstreamSignInConfiguration.checkURL(issuer, key: "auth.externalTokens.issuer")
        guard let audience else {
            throw ConfigurationError(
                "auth.externalTokens.issuer is set but auth.externalTokens.audience is empty: an access token for "
                    + "another API of the provider must not reach /fulfillment"
            )
        }
        var introspection: Introspection?
        if let introspectionURL {
            try UpstreamSignInConfiguration.checkURL(introspectionURL, key: "auth.externalTokens.introspectionURL")
            guard let clientID = introspectionClientID else {
                throw ConfigurationError(
                    "auth.externalTokens.introspectionURL is set but auth.externalTokens.introspectionClientID is empty"
                )
            }
            let secret = try UpstreamSignInConfiguration.secret(
                file: introspectionClientSecretFile,
                fileKey: "auth.externalTokens.introspectionClientSecretFile",
                variable: Self.secretVariable,
                environment: environment
            )
            introspection = Introspection(url: introspectionURL, clientID: clientID, clientSecret: secret)
        }
        return Resolved(
            issuer: issuer,
            audience: audience,
            userClaim: userClaim,
            introspection: introspection,
            cacheEntries: cacheEntries,
            retryAfterSeconds: retryAfterSeconds
        )
    }
}
