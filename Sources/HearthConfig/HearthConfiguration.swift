import Fulfillment
import HearthLogging
import Logging
import MicroHTTPD
import OAuth
import RecordReplay
import Registry
import RegistrySQLite
import Reporting

/// Hearth's configuration, typed. Built from ``ConfigValues``; see ``ConfigKeys`` for every key.
///
/// ## Decision: our own reader, not swift-configuration
///
/// `apple/swift-configuration` 1.4.0 (the reader Hummingbird uses) was evaluated for this module against the
/// behaviour Hearth promises, and not adopted:
///
/// - **Unknown keys refused with the closest key: not possible through it.** Its readers are pull-based: a component
///   asks a provider for the keys it knows (`ConfigProvider.value(forKey:type:)`, `ConfigSnapshot` has no other
///   accessor), and neither `FileProvider<JSONSnapshot>` (its parsed values are `internal`) nor
///   `EnvironmentVariablesProvider` lists what a file or the environment holds. A misspelt `"htpp": {"port": 80}`
///   would be silently ignored; Hearth refuses it and names `http.port`. Keeping that means walking the JSON file
///   and scanning `HEARTH_*` ourselves, beside the library: two readers of the same sources.
/// - **A value of the wrong type or out of range would fall back to the default.** The non-throwing getters
///   (`int(forKey:default:)`) return the default when a value does not convert, reporting it only to an access
///   reporter; Hearth stops with `http.port = 70000 is outside 0…65535` and where the value came from.
/// - **Variable names would change.** Its environment key encoder splits words only where a lower-case letter
///   meets a capital: `oauth.accessTokenTTLSeconds` becomes `OAUTH_ACCESS_TOKEN_TTLSECONDS`, where Hearth reads
///   `HEARTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS` (``AnyConfigKey/environmentVariable``): renamed variables, or a
///   mapping provider on top.
/// - What it would have given: `isSecret` redaction in its access log. Hearth's secrets already come only from files
///   or the environment and are never printed (no key holds a secret's value), so this gains nothing.
///
/// What would change the decision: a provider API that enumerates its keys (to refuse unknown ones), and throwing
/// getters for malformed values in the non-`required` path.
public struct HearthConfiguration: Sendable {
    public var http: HTTPServerConfiguration
    public var databasePath: String
    /// The registry: `database.url` when set, else `database.path` (SQLite).
    public var database: DatabaseLocation
    /// `database.passwordFile`: the PostgreSQL password's file, if any.
    public var databasePasswordFile: String?
    /// `database.poolSize`: PostgreSQL connections; 0 = the listener's threads + 2.
    public var databasePoolSize: Int
    /// `database.outboxLeaseSeconds` (PostgreSQL): how long a claim on a user's outbox outlives its claimer's last
    /// read, so how long a killed instance's users wait for another instance's drain.
    public var outboxLease: Duration
    public var synchronous: SQLiteRegistry.Synchronous
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
    /// `log.format`.
    public var logFormat: LogFormat
    /// `log.hashUserIds`.
    public var hashUserIds: Bool
    /// `log.userIdHashKeyFile`; `nil`: a random key per start.
    public var userIdHashKeyFile: String?
    /// `metrics.enabled`.
    public var metricsEnabled: Bool
    /// `metrics.path`.
    public var metricsPath: String
    /// `oauth.clients`, secrets not yet resolved (``OAuthClientConfiguration/resolve(_:environment:logger:)``).
    public var oauthClients: [OAuthClientConfiguration]
    /// The other `oauth.` keys; its `clients` are filled in at start from ``oauthClients``.
    public var oauth: OAuthSettings
    /// `oauth.formKeyFile`: the file holding the sign-in forms' CSRF key (``formKey()``); `nil`: a random key per
    /// process.
    public var oauthFormKeyFile: String?
    /// Signing in through the manufacturer's identity provider (`oauth.upstream.*`); `nil` when
    /// `oauth.upstream.issuer` is empty (Hearth's own password sign-in).
    public var upstream: UpstreamSignInConfiguration?
    /// Accepting the identity provider's access tokens on `/fulfillment` (`auth.externalTokens.*`); `nil` when
    /// `auth.externalTokens.issuer` is empty.
    public var externalTokens: ExternalTokensConfiguration?
    /// The hardened edge: bad-token slowing and native TLS (`http.badToken…`, `http.trustedProxies`, `tls.…`).
    public var edge: EdgeConfiguration
    /// Whether `/v1` (the device backend's API) is served (`api.enabled`).
    public var apiEnabled: Bool
    /// Recording intents as fixture files (`record.*`); `nil` when `record.directory` is empty.
    public var recording: RecordingOptions?
    /// Where EXECUTE's commands go (`commands.*`).
    public var commands: CommandsConfiguration
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
        outboxLease = .seconds(values[\.database.outboxLeaseSeconds])
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
            allowAckUnlock: values[\.fulfillment.allowAckUnlock],
            deliveryDeadline: .milliseconds(values[\.commands.deadlineMilliseconds])
        )
        logLevel = values[\.log.level]
        logFormat = values[\.log.format]
        hashUserIds = values[\.log.hashUserIds]
        userIdHashKeyFile = values[\.log.userIdHashKeyFile]
        metricsEnabled = values[\.metrics.enabled]
        metricsPath = values[\.metrics.path]
        oauthClients = values[\.oauth.clients]
        oauthFormKeyFile = values[\.oauth.formKeyFile]
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
        upstream = values[\.oauth.upstream.issuer].map { issuer in
            UpstreamSignInConfiguration(
                issuer: issuer,
                clientID: values[\.oauth.upstream.clientID],
                clientSecretFile: values[\.oauth.upstream.clientSecretFile],
                callbackURL: values[\.oauth.upstream.callbackURL],
                scopes: values[\.oauth.upstream.scopes],
                userClaim: values[\.oauth.upstream.userClaim],
                createUsers: values[\.oauth.upstream.createUsers],
                authentication: values[\.oauth.upstream.tokenEndpointAuthMethod]
            )
        }
        externalTokens = values[\.auth.externalTokens.issuer].map { issuer in
            ExternalTokensConfiguration(
                issuer: issuer,
                audience: values[\.auth.externalTokens.audience],
                userClaim: values[\.auth.externalTokens.userClaim],
                introspectionURL: values[\.auth.externalTokens.introspectionURL],
                introspectionClientID: values[\.auth.externalTokens.introspectionClientID],
                introspectionClientSecretFile: values[\.auth.externalTokens.introspectionClientSecretFile],
                cacheEntries: values[\.auth.externalTokens.cacheEntries],
                retryAfterSeconds: values[\.auth.externalTokens.retryAfterSeconds]
            )
        }
        edge = EdgeConfiguration(values)
        apiEnabled = values[\.api.enabled]
        recording = values[\.record.directory].map { directory in
            RecordingOptions(
                directory: directory,
                sampleRate: values[\.record.sampleRate],
                maxFiles: values[\.record.maxFiles]
            )
        }
        commands = CommandsConfiguration(
            delivery: values[\.commands.delivery],
            webhookURL: values[\.commands.webhookURL],
            webhookSecretFile: values[\.commands.webhookSecretFile],
            maxAnswerBytes: values[\.commands.maxAnswerBytes]
        )
        warnings = values.warnings
    }
}
