import JSON

/// One configuration key: its dotted path in `hearth.json`, its environment variable and its default.
///
/// Precedence, lowest first: the default here, `hearth.json`, the `HEARTH_…` environment variable, a CLI flag.
public struct ConfigKey: Sendable, Hashable {
    /// The kinds of value a key holds.
    public enum Kind: Sendable, Hashable {
        case string
        case integer(ClosedRange<Int>)
        case boolean
        case choice([String])
        /// `oauth.clients`: an array of `{"id", "redirectURIs", "secretFile"?}` (``OAuthClientConfiguration``).
        case oauthClients
    }

    /// Dotted path in the JSON file (`http.port`).
    public var path: String
    public var kind: Kind
    public var defaultValue: JSONValue
    /// One line for the README's table.
    public var summary: String

    public init(_ path: String, _ kind: Kind, default defaultValue: JSONValue, _ summary: String) {
        self.path = path
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    /// `http.maxBodyBytes` → `HEARTH_HTTP_MAX_BODY_BYTES`; a run of capitals is one word
    /// (`oauth.accessTokenTTLSeconds` → `HEARTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS`).
    public var environmentVariable: String {
        var name = "HEARTH_"
        let characters = Array(path)
        for (index, character) in characters.enumerated() {
            if character == "." {
                name.append("_")
            } else if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : "."
                let next = index + 1 < characters.count ? characters[index + 1] : "."
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next.isLowercase) {
                    name.append("_")
                }
                name.append(character)
            } else {
                name.append(contentsOf: character.uppercased())
            }
        }
        return name
    }
}

extension ConfigKey {
    /// Every key Hearth reads, with its default. `Config/hearth.json` lists the same keys and values.
    public static let all: [ConfigKey] = [
        ConfigKey(
            "http.host",
            .string,
            default: "127.0.0.1",
            "Address to listen on (IPv4 or IPv6 literal, or localhost)."
        ),
        ConfigKey("http.port", .integer(0...65535), default: 8080, "Port to listen on; 0 picks a free one."),
        ConfigKey("http.threads", .integer(0...256), default: 0, "Listener thread pool size; 0 = one per core."),
        ConfigKey(
            "http.maxBodyBytes",
            .integer(1024...67_108_864),
            default: 1_048_576,
            "Largest request body; larger gets 413."
        ),
        ConfigKey(
            "http.maxHeaderBytes",
            .integer(4096...1_048_576),
            default: 16384,
            "Per-connection memory for the request line and headers; larger gets 431."
        ),
        ConfigKey(
            "http.connectionTimeoutSeconds",
            .integer(1...3600),
            default: 30,
            "Idle or stalled connections are closed after this."
        ),
        ConfigKey("http.connectionLimit", .integer(1...100_000), default: 1024, "Most connections at once."),
        ConfigKey(
            "http.shutdownGracePeriodSeconds",
            .integer(0...600),
            default: 10,
            "How long a graceful stop waits for in-flight requests."
        ),
        ConfigKey("database.path", .string, default: "hearth.sqlite", "SQLite file of the registry."),
        ConfigKey(
            "database.synchronous",
            .choice(["off", "normal", "full", "extra"]),
            default: "normal",
            "SQLite `synchronous`: `normal` survives a killed process, `full` a power loss."
        ),
        ConfigKey(
            "database.cacheRevalidationMilliseconds",
            .integer(0...10000),
            default: 25,
            "Reads trust the registry's change counter this long; another process's writes show within it."
        ),
        ConfigKey(
            "devices.seedFile",
            .string,
            default: "Config/devices.json",
            "Device file `serve` imports when the registry is empty; empty string = none."
        ),
        ConfigKey(
            "fulfillment.strictOperationValidation",
            .boolean,
            default: true,
            "EXECUTE refuses out-of-range values (`valueOutOfRange`); `false` clamps them."
        ),
        ConfigKey(
            "fulfillment.willReportState",
            .boolean,
            default: true,
            "SYNC's `willReportState` when HomeGraph reporting is enabled (always false when it is not)."
        ),
        ConfigKey(
            "fulfillment.maxPinAttempts",
            .integer(1...100),
            default: 5,
            "Wrong PINs within the window that lock a device out (`tooManyFailedAttempts`)."
        ),
        ConfigKey(
            "fulfillment.pinAttemptWindowSeconds",
            .integer(1...86400),
            default: 900,
            "Wrong PINs are counted this long from the first one."
        ),
        ConfigKey(
            "fulfillment.pinLockoutSeconds",
            .integer(1...86400),
            default: 900,
            "How long a locked-out device refuses every PIN."
        ),
        ConfigKey(
            "fulfillment.allowAckUnlock",
            .boolean,
            default: false,
            "Whether a lock whose challenge is `ack` unlocks on a spoken yes; `false` answers `remoteSetDisabled`."
        ),
        ConfigKey(
            "oauth.clients",
            .oauthClients,
            default: [
                [
                    "id": "google",
                    "redirectURIs": [
                        "https://oauth-redirect.googleusercontent.com/r/hearth-dev",
                        "https://oauth-redirect-sandbox.googleusercontent.com/r/hearth-dev",
                    ],
                ]
            ],
            "OAuth clients: id, exact redirect URIs, optional secretFile (else HEARTH_OAUTH_CLIENT_SECRET_<ID>)."
        ),
        ConfigKey(
            "oauth.accessTokenTTLSeconds",
            .integer(60...86400),
            default: 3600,
            "Lifetime of OAuth access tokens."
        ),
        ConfigKey(
            "oauth.rotateRefreshTokens",
            .boolean,
            default: false,
            "A refresh also returns a new refresh token (Google advises against needing it)."
        ),
        ConfigKey(
            "oauth.refreshTokenGraceSeconds",
            .integer(0...86400),
            default: 300,
            "With rotation, how long the previous refresh token keeps working."
        ),
        ConfigKey(
            "oauth.authorizationCodeTTLSeconds",
            .integer(10...600),
            default: 600,
            "How long an authorization code can be exchanged."
        ),
        ConfigKey(
            "oauth.signInFormTTLSeconds",
            .integer(60...86400),
            default: 900,
            "How long a sign-in page's form (its CSRF token) is accepted."
        ),
        ConfigKey(
            "oauth.maxLoginAttempts",
            .integer(1...100),
            default: 5,
            "Wrong passwords for one login within the window that lock it."
        ),
        ConfigKey(
            "oauth.loginAttemptWindowSeconds",
            .integer(1...86400),
            default: 900,
            "Wrong passwords are counted this long from the first one."
        ),
        ConfigKey(
            "oauth.loginLockoutSeconds",
            .integer(1...86400),
            default: 300,
            "How long a locked login refuses every password."
        ),
        ConfigKey(
            "oauth.signInWorkers",
            .integer(1...64),
            default: 1,
            "Sign-in password checks (PBKDF2) run at once, off the listener's threads."
        ),
        ConfigKey(
            "oauth.signInQueueLimit",
            .integer(0...10000),
            default: 8,
            "Sign-in password checks that may wait for a worker; beyond, 503 \"busy, try again\"."
        ),
        ConfigKey(
            "oauth.signInBurst",
            .integer(1...10000),
            default: 10,
            "Sign-in attempts a client may make at once before they are held back, unchecked."
        ),
        ConfigKey(
            "oauth.signInPerMinute",
            .integer(1...100000),
            default: 10,
            "How fast a client's sign-in budget refills, per minute."
        ),
        ConfigKey(
            "homegraph.serviceAccountKeyFile",
            .string,
            default: "",
            "Service-account key JSON file for HomeGraph; empty = Report State, Request Sync and notifications off."
        ),
        ConfigKey(
            "homegraph.endpoint",
            .string,
            default: "https://homegraph.googleapis.com",
            "HomeGraph API base URL (a fake's for development)."
        ),
        ConfigKey(
            "homegraph.tokenURI",
            .string,
            default: "",
            "OAuth token endpoint for the service account; empty = the key file's `token_uri`."
        ),
        ConfigKey(
            "homegraph.reportCoalesceMilliseconds",
            .integer(0...60000),
            default: 150,
            "A user's changes within this window go in one Report State call."
        ),
        ConfigKey(
            "homegraph.requestSyncDebounceMilliseconds",
            .integer(0...600_000),
            default: 1000,
            "A Request Sync waits until no new reason came for this long (at most ten times this)."
        ),
        ConfigKey(
            "homegraph.notFoundRetrySeconds",
            .integer(0...3600),
            default: 60,
            "A 404 this soon after the user's SYNC is retried (Google needs ~30 s); later ones are dropped."
        ),
        ConfigKey(
            "homegraph.retryInitialMilliseconds",
            .integer(1...600_000),
            default: 1000,
            "First backoff after a 429, 5xx or network error; doubles, with jitter."
        ),
        ConfigKey(
            "homegraph.retryMaxSeconds",
            .integer(1...86400),
            default: 300,
            "Longest backoff."
        ),
        ConfigKey(
            "log.level",
            .choice(["trace", "debug", "info", "notice", "warning", "error", "critical"]),
            default: "info",
            "Log level (logs go to standard error)."
        ),
        ConfigKey(
            "http.perIPConnectionLimit",
            .integer(0...100_000),
            default: 0,
            "Most connections one peer address may hold; 0 = no limit (behind nginx every peer is 127.0.0.1)."
        ),
        ConfigKey(
            "http.badTokenBurst",
            .integer(1...100_000),
            default: 100,
            "Bad bearer tokens a client may send at once before its 401s are held back."
        ),
        ConfigKey(
            "http.badTokenPerMinute",
            .integer(1...1_000_000),
            default: 600,
            "How fast a client's bad-token budget refills."
        ),
        ConfigKey(
            "http.trustedProxies",
            .string,
            default: "127.0.0.1",
            "Comma-separated peer addresses whose X-Forwarded-For names the client; empty = none."
        ),
        ConfigKey(
            "tls.certificate",
            .string,
            default: "",
            "PEM certificate chain for native HTTPS; empty = plain HTTP."
        ),
        ConfigKey("tls.key", .string, default: "", "PEM private key for native HTTPS; empty = plain HTTP."),
    ]
}
