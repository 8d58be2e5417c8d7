import Fulfillment
import Logging
import MicroHTTPD
import OAuth
import Registry
import Reporting

/// Hearth's configuration, typed. Built from ``ConfigValues``; see ``ConfigKeys`` for every key.
public struct HearthConfiguration: Sendable {
    public var http: HTTPServerConfiguration
    public var databasePath: String
    /// The registry: `database.url` when set, else `database.path` (SQLite).
    public var database: DatabaseLocation
    /// `database.passwordFile`: the PostgreSQL password's file, if any.
    public var databasePasswordFile: String?
    /// `database.poolSize`: PostgreSQL connections; 0 = the listener's threads + 2.
    public var databasePoolSize: Int
    public var synchronous: SQLiteDeviceStore.Synchronous
    /// How long reads trust the registry's change counter (`database.cacheRevalidationMilliseconds`).
    public var cacheRevalidationInterval: Duration
    /// How long the change log keeps a change (`changes.retentionHours`).
    public var changeRetention: Duration
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
    /// Whether `/v1` (the device backend's API) is served (`api.enabled`).
    public var apiEnabled: Bool
    /// What loading ignored (unknown `HEARTH_` environment variables); every command prints these to standard error.
    public var warnings: [ConfigurationWarning]

    public init(_ values: ConfigValues) {
        var http = HTTPServerConfiguration()
        http.host = values[\.http.host]
        http.port = values[\.http.port]
        let threads = values[\.http.threads]
        if threads > 0 { http.threadPoolSize = threads }
        http.maxBodyBytes = values[\.http.maxBodyBytes]
        http.connectionMemoryLimit = values[\.http.maxHeaderBytes]
        http.connectionTimeoutSeconds = values[\.http.connectionTimeoutSeconds]
        http.connectionLimit = values[\.http.connectionLimit]
        http.shutdownGracePeriodSeconds = Double(values[\.http.shutdownGracePeriodSeconds])
        http.perIPConnectionLimit = values[\.http.perIPConnectionLimit]
        self.http = http
        databasePath = values[\.database.path]
        database = values[\.database.url].map(DatabaseLocation.init) ?? .sqlite(path: values[\.database.path])
        databasePasswordFile = values[\.database.passwordFile]
        databasePoolSize = values[\.database.poolSize]
        synchronous = values[\.database.synchronous]
        cacheRevalidationInterval = .milliseconds(values[\.database.cacheRevalidationMilliseconds])
        changeRetention = .seconds(values[\.changes.retentionHours] * 3600)
        seedFile = values[\.devices.seedFile]
        let keyFile = values[\.homegraph.serviceAccountKeyFile]
        homeGraph = keyFile.map { keyFile in
            HomeGraphConfiguration(
                serviceAccountKeyFile: keyFile,
                endpoint: values[\.homegraph.endpoint],
                tokenURI: values[\.homegraph.tokenURI],
                reporting: ReportingOptions(
                    coalesceMilliseconds: Int64(values[\.homegraph.reportCoalesceMilliseconds]),
                    syncDebounceMilliseconds: Int64(values[\.homegraph.requestSyncDebounceMilliseconds]),
                    notFoundRetryMilliseconds: Int64(values[\.homegraph.notFoundRetrySeconds]) * 1000,
                    retryInitialMilliseconds: Int64(values[\.homegraph.retryInitialMilliseconds]),
                    retryMaxMilliseconds: Int64(values[\.homegraph.retryMaxSeconds]) * 1000
                )
            )
        }
        fulfillment = FulfillmentOptions(
            validationMode: values[\.fulfillment.strictOperationValidation] ? .strict : .lenient,
            // Google trusts HomeGraph's state when a device says it reports: never say so without reporting.
            willReportState: values[\.fulfillment.willReportState] && keyFile != nil,
            pinLockout: LockoutPolicy(
                maxAttempts: values[\.fulfillment.maxPinAttempts],
                windowSeconds: values[\.fulfillment.pinAttemptWindowSeconds],
                lockoutSeconds: values[\.fulfillment.pinLockoutSeconds]
            ),
            allowAckUnlock: values[\.fulfillment.allowAckUnlock]
        )
        logLevel = values[\.log.level]
        oauthClients = values[\.oauth.clients]
        oauth = OAuthSettings(
            accessTokenTTLSeconds: values[\.oauth.accessTokenTTLSeconds],
            rotateRefreshTokens: values[\.oauth.rotateRefreshTokens],
            refreshTokenGraceSeconds: values[\.oauth.refreshTokenGraceSeconds],
            authorizationCodeTTLSeconds: values[\.oauth.authorizationCodeTTLSeconds],
            signInFormTTLSeconds: values[\.oauth.signInFormTTLSeconds],
            loginLockout: LockoutPolicy(
                maxAttempts: values[\.oauth.maxLoginAttempts],
                windowSeconds: values[\.oauth.loginAttemptWindowSeconds],
                lockoutSeconds: values[\.oauth.loginLockoutSeconds]
            ),
            signInWorkers: values[\.oauth.signInWorkers],
            signInQueueLimit: values[\.oauth.signInQueueLimit],
            signInBurst: values[\.oauth.signInBurst],
            signInPerMinute: values[\.oauth.signInPerMinute]
        )
        edge = EdgeConfiguration(values)
        apiEnabled = values[\.api.enabled]
        warnings = values.warnings
    }
}
