import HearthLogging
import Logging
import Registry
import RegistrySQLite

/// Every configuration key Hearth reads, declared once, by scope: `values[\.http.port]` reads `http.port` as an
/// `Int`. `Config/hearth.json` and the Configuration reference article's key table list the same keys and defaults (tests keep
/// them equal to these declarations).
public struct ConfigKeys: Sendable {
    /// `http.*`: the listener and the hardened edge.
    public struct HTTPKeys: Sendable {
        public let host: ConfigKey<String> = .string(
            "http.host",
            default: "127.0.0.1",
            "Address to listen on (IPv4 or IPv6 literal, or localhost)."
        )
        public let port: ConfigKey<Int> = .integer(
            "http.port",
            0...65535,
            default: 8080,
            "Port to listen on; 0 picks a free one."
        )
        public let threads: ConfigKey<Int> = .integer(
            "http.threads",
            0...256,
            default: 0,
            "Listener thread pool size; 0 = one per core."
        )
        public let maxBodyBytes: ConfigKey<Int> = .integer(
            "http.maxBodyBytes",
            1024...67_108_864,
            default: 1_048_576,
            "Largest request body; larger gets 413."
        )
        public let maxHeaderBytes: ConfigKey<Int> = .integer(
            "http.maxHeaderBytes",
            4096...1_048_576,
            default: 16384,
            "Per-connection memory for the request line and headers; larger gets 431."
        )
        public let connectionTimeoutSeconds: ConfigKey<Int> = .integer(
            "http.connectionTimeoutSeconds",
            1...3600,
            default: 30,
            "Idle or stalled connections are closed after this."
        )
        public let connectionLimit: ConfigKey<Int> = .integer(
            "http.connectionLimit",
            1...100_000,
            default: 1024,
            "Most connections at once."
        )
        public let shutdownGracePeriodSeconds: ConfigKey<Int> = .integer(
            "http.shutdownGracePeriodSeconds",
            0...600,
            default: 10,
            "How long a graceful stop waits for in-flight requests."
        )
        public let perIPConnectionLimit: ConfigKey<Int> = .integer(
            "http.perIPConnectionLimit",
            0...100_000,
            default: 0,
            "Most connections one peer address may hold; 0 = no limit (behind nginx every peer is 127.0.0.1)."
        )
        public let badTokenBurst: ConfigKey<Int> = .integer(
            "http.badTokenBurst",
            1...100_000,
            default: 100,
            "Bad bearer tokens a client may send at once before its 401s are held back."
        )
        public let badTokenPerMinute: ConfigKey<Int> = .integer(
            "http.badTokenPerMinute",
            1...1_000_000,
            default: 600,
            "How fast a client's bad-token budget refills."
        )
        public let trustedProxies: ConfigKey<String> = .list(
            "http.trustedProxies",
            default: "127.0.0.1",
            "Comma-separated peer addresses whose X-Forwarded-For names the client; empty = none."
        )
    }

    /// `database.*`: the SQLite registry.
    public struct DatabaseKeys: Sendable {
        public let path: ConfigKey<String> = .string(
            "database.path",
            default: "hearth.sqlite",
            "SQLite file of the registry."
        )
        public let synchronous: ConfigKey<SQLiteRegistry.Synchronous> = .choice(
            "database.synchronous",
            default: .normal,
            "SQLite `synchronous`: `normal` survives a killed process, `full` a power loss."
        )
        public let cacheRevalidationMilliseconds: ConfigKey<Int> = .integer(
            "database.cacheRevalidationMilliseconds",
            0...10000,
            default: 25,
            "Reads trust the registry's change counter this long; another process's writes show within it."
        )
        public let url: ConfigKey<String?> = .optionalString(
            "database.url",
            default: nil,
            "The registry: a path, `sqlite:PATH` or `postgres://USER@HOST:PORT/DB?sslmode=…`; unset = database.path."
        )
        public let passwordFile: ConfigKey<String?> = .optionalString(
            "database.passwordFile",
            default: nil,
            "File holding the PostgreSQL password (else HEARTH_DATABASE_PASSWORD); never in this file."
        )
        public let poolSize: ConfigKey<Int> = .integer(
            "database.poolSize",
            0...1024,
            default: 0,
            "PostgreSQL connections per process; 0 = listener threads + 2."
        )
        public let outboxLeaseSeconds: ConfigKey<Int> = .integer(
            "database.outboxLeaseSeconds",
            2...3600,
            default: 60,
            "PostgreSQL: how long an instance's claim on a user's HomeGraph work outlives its last drain."
        )
    }

    /// `changes.*`: the change log behind `/v1/changes`.
    public struct ChangesKeys: Sendable {
        public let retentionHours: ConfigKey<Int> = .integer(
            "changes.retentionHours",
            1...8760,
            default: 72,
            "Changes older than this are pruned; a consumer behind it gets 410 and takes a snapshot."
        )
    }

    /// `devices.*`.
    public struct DevicesKeys: Sendable {
        public let seedFile: ConfigKey<String?> = .optionalString(
            "devices.seedFile",
            default: "Config/devices.json",
            "Device file `serve` imports when the registry is empty; empty string = none."
        )
    }

    /// `fulfillment.*`: how intents are answered.
    public struct FulfillmentKeys: Sendable {
        public let strictOperationValidation: ConfigKey<Bool> = .boolean(
            "fulfillment.strictOperationValidation",
            default: true,
            "EXECUTE refuses out-of-range values (`valueOutOfRange`) and parameters Google never sends (`notSupported`); `false` clamps the values and ignores the parameters."
        )
        public let willReportState: ConfigKey<Bool> = .boolean(
            "fulfillment.willReportState",
            default: true,
            "SYNC's `willReportState` when HomeGraph reporting is enabled (always false when it is not)."
        )
        public let maxPinAttempts: ConfigKey<Int> = .integer(
            "fulfillment.maxPinAttempts",
            1...100,
            default: 5,
            "Wrong PINs within the window that lock a device out (`tooManyFailedAttempts`)."
        )
        public let pinAttemptWindowSeconds: ConfigKey<Int> = .integer(
            "fulfillment.pinAttemptWindowSeconds",
            1...86400,
            default: 900,
            "Wrong PINs are counted this long from the first one."
        )
        public let pinLockoutSeconds: ConfigKey<Int> = .integer(
            "fulfillment.pinLockoutSeconds",
            1...86400,
            default: 900,
            "How long a locked-out device refuses every PIN."
        )
        public let allowAckUnlock: ConfigKey<Bool> = .boolean(
            "fulfillment.allowAckUnlock",
            default: false,
            "Whether a lock whose challenge is `ack` unlocks on a spoken yes; `false` answers `remoteSetDisabled`."
        )
    }

    /// `oauth.*`: account linking.
    public struct OAuthKeys: Sendable {
        public let clients: ConfigKey<[OAuthClientConfiguration]> = .oauthClients(
            "oauth.clients",
            default: [
                OAuthClientConfiguration(
                    id: "google",
                    redirectURIs: [
                        "https://oauth-redirect.googleusercontent.com/r/hearth-dev",
                        "https://oauth-redirect-sandbox.googleusercontent.com/r/hearth-dev",
                    ]
                )
            ],
            "OAuth clients: id, exact redirect URIs, optional secretFile (else HEARTH_OAUTH_CLIENT_SECRET_<ID>)."
        )
        public let accessTokenTTLSeconds: ConfigKey<Int> = .integer(
            "oauth.accessTokenTTLSeconds",
            60...86400,
            default: 3600,
            "Lifetime of OAuth access tokens."
        )
        public let rotateRefreshTokens: ConfigKey<Bool> = .boolean(
            "oauth.rotateRefreshTokens",
            default: false,
            "A refresh also returns a new refresh token (Google advises against needing it)."
        )
        public let refreshTokenGraceSeconds: ConfigKey<Int> = .integer(
            "oauth.refreshTokenGraceSeconds",
            0...86400,
            default: 300,
            "With rotation, how long the previous refresh token keeps working."
        )
        public let authorizationCodeTTLSeconds: ConfigKey<Int> = .integer(
            "oauth.authorizationCodeTTLSeconds",
            10...600,
            default: 600,
            "How long an authorization code can be exchanged."
        )
        public let signInFormTTLSeconds: ConfigKey<Int> = .integer(
            "oauth.signInFormTTLSeconds",
            60...86400,
            default: 900,
            "How long a sign-in page's form (its CSRF token) is accepted."
        )
        public let maxLoginAttempts: ConfigKey<Int> = .integer(
            "oauth.maxLoginAttempts",
            1...100,
            default: 5,
            "Wrong passwords for one login within the window that lock it."
        )
        public let loginAttemptWindowSeconds: ConfigKey<Int> = .integer(
            "oauth.loginAttemptWindowSeconds",
            1...86400,
            default: 900,
            "Wrong passwords are counted this long from the first one."
        )
        public let loginLockoutSeconds: ConfigKey<Int> = .integer(
            "oauth.loginLockoutSeconds",
            1...86400,
            default: 300,
            "How long a locked login refuses every password."
        )
        public let signInWorkers: ConfigKey<Int> = .integer(
            "oauth.signInWorkers",
            1...64,
            default: 1,
            "Sign-in password checks (PBKDF2) run at once, off the listener's threads."
        )
        public let signInQueueLimit: ConfigKey<Int> = .integer(
            "oauth.signInQueueLimit",
            0...10000,
            default: 8,
            "Sign-in password checks that may wait for a worker; beyond, 503 \"busy, try again\"."
        )
        public let signInBurst: ConfigKey<Int> = .integer(
            "oauth.signInBurst",
            1...10000,
            default: 10,
            "Sign-in attempts a client may make at once before they are held back, unchecked."
        )
        public let signInPerMinute: ConfigKey<Int> = .integer(
            "oauth.signInPerMinute",
            1...100000,
            default: 10,
            "How fast a client's sign-in budget refills, per minute."
        )
        public let formKeyFile: ConfigKey<String?> = .optionalString(
            "oauth.formKeyFile",
            default: nil,
            "File holding the sign-in forms' CSRF key (≥ 32 bytes); the same on every instance. Empty = random per process."
        )
        public let upstream = UpstreamKeys()
    }

    /// `oauth.upstream.*`: users sign in through the manufacturer's OpenID Connect provider instead of Hearth's
    /// password page.
    public struct UpstreamKeys: Sendable {
        public let issuer: ConfigKey<String?> = .optionalString(
            "oauth.upstream.issuer",
            default: nil,
            "The identity provider's issuer URL (discovery at /.well-known/openid-configuration); empty = Hearth's own sign-in."
        )
        public let clientID: ConfigKey<String?> = .optionalString(
            "oauth.upstream.clientID",
            default: nil,
            "Hearth's client ID at the identity provider."
        )
        public let clientSecretFile: ConfigKey<String?> = .optionalString(
            "oauth.upstream.clientSecretFile",
            default: nil,
            "File holding Hearth's client secret at the provider; empty = HEARTH_OAUTH_UPSTREAM_CLIENT_SECRET."
        )
        public let callbackURL: ConfigKey<String?> = .optionalString(
            "oauth.upstream.callbackURL",
            default: nil,
            "Hearth's public https URL of /oauth/upstream/callback, exactly as registered at the provider."
        )
        public let scopes: ConfigKey<String> = .list(
            "oauth.upstream.scopes",
            default: "openid",
            "Scopes asked of the provider, comma-separated; `openid` is always sent."
        )
        public let userClaim: ConfigKey<String> = .string(
            "oauth.upstream.userClaim",
            default: "sub",
            "The ID token claim whose value is the user's agentUserId."
        )
        public let createUsers: ConfigKey<Bool> = .boolean(
            "oauth.upstream.createUsers",
            default: true,
            "A first sign-in creates the user; `false`: only users the backend created through /v1 may link."
        )
        public let tokenEndpointAuthMethod: ConfigKey<UpstreamClientAuthentication> = .choice(
            "oauth.upstream.tokenEndpointAuthMethod",
            default: .clientSecretBasic,
            "How Hearth authenticates at the provider's token endpoint."
        )
    }

    /// `auth.*`: who may call `/fulfillment` besides holders of Hearth's own tokens.
    public struct AuthKeys: Sendable {
        public let externalTokens = ExternalTokensKeys()
    }

    /// `auth.externalTokens.*`: Google links straight to the manufacturer's identity provider and `/fulfillment`
    /// accepts that provider's access tokens.
    public struct ExternalTokensKeys: Sendable {
        public let issuer: ConfigKey<String?> = .optionalString(
            "auth.externalTokens.issuer",
            default: nil,
            "Issuer whose JWT access tokens /fulfillment accepts (keys from its discovery); empty = Hearth's tokens only."
        )
        public let audience: ConfigKey<String?> = .optionalString(
            "auth.externalTokens.audience",
            default: nil,
            "The `aud` an accepted access token must carry (required with an issuer)."
        )
        public let userClaim: ConfigKey<String> = .string(
            "auth.externalTokens.userClaim",
            default: "sub",
            "The access token claim whose value is the user's agentUserId."
        )
        public let introspectionURL: ConfigKey<String?> = .optionalString(
            "auth.externalTokens.introspectionURL",
            default: nil,
            "RFC 7662 endpoint asked about opaque access tokens; empty = JWT access tokens only."
        )
        public let introspectionClientID: ConfigKey<String?> = .optionalString(
            "auth.externalTokens.introspectionClientID",
            default: nil,
            "Client ID Hearth authenticates with at the introspection endpoint."
        )
        public let introspectionClientSecretFile: ConfigKey<String?> = .optionalString(
            "auth.externalTokens.introspectionClientSecretFile",
            default: nil,
            "File holding that client's secret; empty = HEARTH_AUTH_EXTERNAL_TOKENS_INTROSPECTION_CLIENT_SECRET."
        )
        public let cacheEntries: ConfigKey<Int> = .integer(
            "auth.externalTokens.cacheEntries",
            0...1_000_000,
            default: 10_000,
            "Verified tokens remembered (each until its expiry, introspection answers at most 5 minutes)."
        )
        public let retryAfterSeconds: ConfigKey<Int> = .integer(
            "auth.externalTokens.retryAfterSeconds",
            1...3600,
            default: 30,
            "Retry-After of the 503 answered while the identity provider cannot be reached."
        )
    }

    /// `homegraph.*`: Report State, Request Sync and notifications.
    public struct HomeGraphKeys: Sendable {
        public let serviceAccountKeyFile: ConfigKey<String?> = .optionalString(
            "homegraph.serviceAccountKeyFile",
            default: nil,
            "Service-account key JSON file for HomeGraph; empty = Report State, Request Sync and notifications off."
        )
        public let endpoint: ConfigKey<String> = .string(
            "homegraph.endpoint",
            default: "https://homegraph.googleapis.com",
            "HomeGraph API base URL (a fake's for development)."
        )
        public let tokenURI: ConfigKey<String?> = .optionalString(
            "homegraph.tokenURI",
            default: nil,
            "OAuth token endpoint for the service account; empty = the key file's `token_uri`."
        )
        public let reportCoalesceMilliseconds: ConfigKey<Int> = .integer(
            "homegraph.reportCoalesceMilliseconds",
            0...60000,
            default: 150,
            "A user's changes within this window go in one Report State call."
        )
        public let requestSyncDebounceMilliseconds: ConfigKey<Int> = .integer(
            "homegraph.requestSyncDebounceMilliseconds",
            0...600_000,
            default: 1000,
            "A Request Sync waits until no new reason came for this long (at most ten times this)."
        )
        public let notFoundRetrySeconds: ConfigKey<Int> = .integer(
            "homegraph.notFoundRetrySeconds",
            0...3600,
            default: 60,
            "A 404 this soon after the user's SYNC is retried (Google needs ~30 s); later ones are dropped."
        )
        public let retryInitialMilliseconds: ConfigKey<Int> = .integer(
            "homegraph.retryInitialMilliseconds",
            1...600_000,
            default: 1000,
            "First backoff after a 429, 5xx or network error; doubles, with jitter."
        )
        public let retryMaxSeconds: ConfigKey<Int> = .integer(
            "homegraph.retryMaxSeconds",
            1...86400,
            default: 300,
            "Longest backoff."
        )
    }

    /// `log.*`.
    public struct LogKeys: Sendable {
        public let level: ConfigKey<Logger.Level> = .choice(
            "log.level",
            default: .info,
            "Log level (logs go to standard error)."
        )
        public let format: ConfigKey<LogFormat> = .choice(
            "log.format",
            default: .text,
            "Log line format: `text` or `json` (one object per line); both with millisecond UTC timestamps."
        )
        public let hashUserIds: ConfigKey<Bool> = .boolean(
            "log.hashUserIds",
            default: false,
            "Log a keyed hash of each agentUserId (`agent_user.hash`) instead of the id."
        )
        public let userIdHashKeyFile: ConfigKey<String?> = .optionalString(
            "log.userIdHashKeyFile",
            default: nil,
            "File holding the key of `log.hashUserIds`; empty = a random key per start."
        )
    }

    /// `tls.*`: native HTTPS.
    public struct TLSKeys: Sendable {
        public let certificate: ConfigKey<String?> = .optionalString(
            "tls.certificate",
            default: nil,
            "PEM certificate chain for native HTTPS; empty = plain HTTP."
        )
        public let key: ConfigKey<String?> = .optionalString(
            "tls.key",
            default: nil,
            "PEM private key for native HTTPS; empty = plain HTTP."
        )
    }

    /// `api.*`: the device backend's API (`/v1`).
    public struct APIKeys: Sendable {
        public let enabled: ConfigKey<Bool> = .boolean(
            "api.enabled",
            default: true,
            "Serve the device backend's API under `/v1` (API keys only); `false` answers 404 there."
        )
    }

    /// `record.*`: recording `/fulfillment` intents as fixture files (``FulfillmentRecorder``).
    public struct RecordKeys: Sendable {
        public let directory: ConfigKey<String?> = .optionalString(
            "record.directory",
            default: nil,
            "Write each `/fulfillment` request and its answer as a fixture file here; empty = off."
        )
        public let sampleRate: ConfigKey<Double> = .fraction(
            "record.sampleRate",
            default: 1,
            "Share of intents recorded, from 0 to 1."
        )
        public let maxFiles: ConfigKey<Int> = .integer(
            "record.maxFiles",
            0...100_000_000,
            default: 0,
            "Stop recording when the directory holds this many recordings; 0 = no limit."
        )
    }

    /// `commands.*`: where an EXECUTE's commands go.
    public struct CommandsKeys: Sendable {
        public let delivery: ConfigKey<CommandDeliveryMode> = .choice(
            "commands.delivery",
            default: .registry,
            "`registry` applies EXECUTE to the registry; `webhook` sends it to the device backend first."
        )
        public let webhookURL: ConfigKey<String?> = .optionalString(
            "commands.webhookURL",
            default: nil,
            "The device backend's URL webhook deliveries are POSTed to (needed for `webhook`)."
        )
        public let webhookSecretFile: ConfigKey<String?> = .optionalString(
            "commands.webhookSecretFile",
            default: nil,
            "File holding the HMAC secret deliveries are signed with; empty = HEARTH_COMMANDS_WEBHOOK_SECRET."
        )
        public let deadlineMilliseconds: ConfigKey<Int> = .integer(
            "commands.deadlineMilliseconds",
            50...9000,
            default: 1500,
            "How long an EXECUTE waits for the device backend; devices unanswered by then are PENDING."
        )
        public let maxAnswerBytes: ConfigKey<Int> = .integer(
            "commands.maxAnswerBytes",
            1024...16_777_216,
            default: 65_536,
            "Largest device-backend answer read; a larger one stops the transfer and the delivery fails."
        )
    }

    /// `metrics.*`: `GET /metrics` (Prometheus text format).
    public struct MetricsKeys: Sendable {
        public let enabled: ConfigKey<Bool> = .boolean(
            "metrics.enabled",
            default: true,
            "Serve Prometheus metrics at `metrics.path` on the main listener; `false` answers 404 there."
        )
        public let path: ConfigKey<String> = .string(
            "metrics.path",
            default: "/metrics",
            "Path of the metrics endpoint (the shipped nginx configs never proxy it)."
        )
    }

    public let http = HTTPKeys()
    public let database = DatabaseKeys()
    public let changes = ChangesKeys()
    public let devices = DevicesKeys()
    public let fulfillment = FulfillmentKeys()
    public let oauth = OAuthKeys()
    public let auth = AuthKeys()
    public let homegraph = HomeGraphKeys()
    public let log = LogKeys()
    public let tls = TLSKeys()
    public let api = APIKeys()
    public let record = RecordKeys()
    public let commands = CommandsKeys()
    public let metrics = MetricsKeys()

    /// The declarations, the root of every key path (`\ConfigKeys.http.port`).
    public static let declared = ConfigKeys()

    /// Every key, in declaration order, with the path its scope and property name spell (`http.port`): the
    /// properties above, listed by reflection so that a key declared is a key listed.
    public static let labelled: [(label: String, key: any AnyConfigKey)] = keys(in: declared, prefix: "")

    /// The keys among `scope`'s properties, and those of its nested scopes (`oauth.upstream`), in declaration order.
    private static func keys(in scope: Any, prefix: String) -> [(label: String, key: any AnyConfigKey)] {
        Mirror(reflecting: scope).children.flatMap { child -> [(label: String, key: any AnyConfigKey)] in
            let label = prefix + (child.label ?? "")
            if let key = child.value as? any AnyConfigKey { return [(label, key)] }
            return keys(in: child.value, prefix: label + ".")
        }
    }

    /// Every key, in declaration order.
    public static let all: [any AnyConfigKey] = labelled.map(\.key)
}
