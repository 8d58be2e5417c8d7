import Fulfillment
import Logging
import MicroHTTPD
import OAuth
import Registry
import Reporting

/// Hearth's configuration, typed. Built from ``ConfigValues``; see ``ConfigKey/all`` for every key.
public struct HearthConfiguration: Sendable {
    public var http: HTTPServerConfiguration
    public var databasePath: String
    public var synchronous: SQLiteDeviceStore.Synchronous
    /// How long reads trust the registry's change counter (`database.cacheRevalidationMilliseconds`).
    public var cacheRevalidationInterval: Duration
    /// Device file to import when the registry is empty; `nil` for none.
    public var seedFile: String?
    public var fulfillment: FulfillmentOptions
    /// HomeGraph reporting (`homegraph.*`); `nil` when `homegraph.serviceAccountKeyFile` is empty.
    public var homeGraph: HomeGraphConfiguration?
    public var logLevel: Logger.Level
    /// `oauth.clients`, secrets not yet resolved (``OAuthClientConfiguration/resolve(_:environment:logger:)``).
    public var oauthClients: [OAuthClientConfiguration]
    /// The other `oauth.` keys; its `clients` are filled in at start from ``oauthClients``.
    public var oauth: OAuthSettings
    /// The hardened edge: bad-token slowing and native TLS (`http.badToken…`, `http.trustedProxies`, `tls.…`).
    public var edge: EdgeConfiguration
    /// What loading ignored (unknown `HEARTH_` environment variables); every command prints these to standard error.
    public var warnings: [ConfigurationWarning]

    public init(_ values: ConfigValues) {
        var http = HTTPServerConfiguration()
        http.host = values.string("http.host")
        http.port = values.int("http.port")
        let threads = values.int("http.threads")
        if threads > 0 { http.threadPoolSize = threads }
        http.maxBodyBytes = values.int("http.maxBodyBytes")
        http.connectionMemoryLimit = values.int("http.maxHeaderBytes")
        http.connectionTimeoutSeconds = values.int("http.connectionTimeoutSeconds")
        http.connectionLimit = values.int("http.connectionLimit")
        http.shutdownGracePeriodSeconds = Double(values.int("http.shutdownGracePeriodSeconds"))
        self.http = http
        databasePath = values.string("database.path")
        synchronous = SQLiteDeviceStore.Synchronous(rawValue: values.string("database.synchronous")) ?? .normal
        cacheRevalidationInterval = .milliseconds(values.int("database.cacheRevalidationMilliseconds"))
        let seed = values.string("devices.seedFile")
        seedFile = seed.isEmpty ? nil : seed
        let keyFile = values.string("homegraph.serviceAccountKeyFile")
        homeGraph =
            keyFile.isEmpty
            ? nil
            : HomeGraphConfiguration(
                serviceAccountKeyFile: keyFile,
                endpoint: values.string("homegraph.endpoint"),
                tokenURI: values.string("homegraph.tokenURI").isEmpty ? nil : values.string("homegraph.tokenURI"),
                reporting: ReportingOptions(
                    coalesceMilliseconds: Int64(values.int("homegraph.reportCoalesceMilliseconds")),
                    syncDebounceMilliseconds: Int64(values.int("homegraph.requestSyncDebounceMilliseconds")),
                    notFoundRetryMilliseconds: Int64(values.int("homegraph.notFoundRetrySeconds")) * 1000,
                    retryInitialMilliseconds: Int64(values.int("homegraph.retryInitialMilliseconds")),
                    retryMaxMilliseconds: Int64(values.int("homegraph.retryMaxSeconds")) * 1000
                )
            )
        fulfillment = FulfillmentOptions(
            validationMode: values.bool("fulfillment.strictOperationValidation") ? .strict : .lenient,
            // Google trusts HomeGraph's state when a device says it reports: never say so without reporting.
            willReportState: values.bool("fulfillment.willReportState") && !keyFile.isEmpty,
            pinLockout: LockoutPolicy(
                maxAttempts: values.int("fulfillment.maxPinAttempts"),
                windowSeconds: values.int("fulfillment.pinAttemptWindowSeconds"),
                lockoutSeconds: values.int("fulfillment.pinLockoutSeconds")
            ),
            allowAckUnlock: values.bool("fulfillment.allowAckUnlock")
        )
        logLevel = Logger.Level(rawValue: values.string("log.level")) ?? .info
        oauthClients = values.oauthClients()
        oauth = OAuthSettings(
            accessTokenTTLSeconds: values.int("oauth.accessTokenTTLSeconds"),
            rotateRefreshTokens: values.bool("oauth.rotateRefreshTokens"),
            refreshTokenGraceSeconds: values.int("oauth.refreshTokenGraceSeconds"),
            authorizationCodeTTLSeconds: values.int("oauth.authorizationCodeTTLSeconds"),
            signInFormTTLSeconds: values.int("oauth.signInFormTTLSeconds"),
            loginLockout: LockoutPolicy(
                maxAttempts: values.int("oauth.maxLoginAttempts"),
                windowSeconds: values.int("oauth.loginAttemptWindowSeconds"),
                lockoutSeconds: values.int("oauth.loginLockoutSeconds")
            ),
            signInWorkers: values.int("oauth.signInWorkers"),
            signInQueueLimit: values.int("oauth.signInQueueLimit"),
            signInBurst: values.int("oauth.signInBurst"),
            signInPerMinute: values.int("oauth.signInPerMinute")
        )
        self.http.perIPConnectionLimit = values.int("http.perIPConnectionLimit")
        edge = EdgeConfiguration(values)
        warnings = values.warnings
    }
}
