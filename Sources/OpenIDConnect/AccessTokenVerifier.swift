import Clocks
import Cryptography
import HTTPTypes
import JOSE
import JSON
import Logging
import OutboundHTTP
import Synchronization

/// Checks the identity provider's access tokens presented on `/fulfillment` (when Google links straight to the
/// provider): JWT access tokens by signature with the provider's JWKS, opaque tokens by RFC 7662 introspection, and
/// keeps the verdicts (bounded, see ``TokenCacheLimits``) so that a token is asked about once, not per request.
///
/// A JWT access token (three dot-separated parts) is checked as RFC 9068 §4 says a resource server does: signature
/// by the provider's key with the `alg` that key allows, `iss` the provider's, `aud` containing the configured
/// audience ("The resource server MUST validate that the aud claim contains a resource indicator value corresponding
/// to an identifier the resource server expects for itself"), and `exp` present and not passed. Its `typ` may be
/// `at+jwt` or plain `JWT`: providers that predate RFC 9068 (and Auth0, Okta, Keycloak today) issue the latter.
///
/// The provider could not be asked (unreachable, a 5xx, a timeout, an answer that is not what RFC 7662 says):
/// ``AccessTokenVerdict/unavailable(_:)``, never a refusal, so that Google does not unlink users during the
/// provider's outage.
public final class AccessTokenVerifier: Sendable {
    private let provider: OpenIDProvider?
    private let audience: String
    private let userClaim: String
    private let introspection: Introspection?
    private let limits: TokenCacheLimits
    private let clock: any HearthClock
    private let metrics: OpenIDConnectMetrics
    private let transport: ProviderTransport
    private let logger: Logger
    private let cache: Mutex<VerdictCache>
    /// Introspections under way, by token digest: callers presenting the same token meanwhile share the request (a
    /// burst of Google's requests with one new token asks the provider once). At most one entry per token in flight.
    private let inFlight = Mutex<[SHA256Digest: Task<AccessTokenVerdict, Never>]>([:])
    private let joined = Atomic<Int>(0)

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - provider: The provider whose JWKS verifies JWT access tokens; `nil`: every token is introspected.
    ///   - audience: `auth.externalTokens.audience`, which a token's `aud` must contain.
    ///   - userClaim: The claim whose string value is the user (`sub` by default).
    ///   - introspection: Where opaque tokens are asked about; `nil`: opaque tokens are refused.
    ///   - cache: How long and how many verdicts are kept.
    ///   - client: Sends introspection requests.
    ///   - clock: Wall time for expiries.
    ///   - metrics: Where refusals and requests are counted.
    ///   - logger: Receives failed steps and refusals (never a token).
    public init(
        provider: OpenIDProvider?,
        audience: String,
        userClaim: String,
        introspection: Introspection?,
        cache: TokenCacheLimits = TokenCacheLimits(),
        client: HTTPClient = .shared,
        clock: any HearthClock,
        metrics: OpenIDConnectMetrics = .disabled,
        logger: Logger
    ) {
        self.provider = provider
        self.audience = audience
        self.userClaim = userClaim
        self.introspection = introspection
        self.limits = cache
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        transport = ProviderTransport(client: client, metrics: metrics, logger: logger)
        self.cache = Mutex(VerdictCache(maxEntries: cache.maxEntries))
    }

    /// How many verdicts are cached now.
    public var cachedCount: Int {
        cache.withLock { $0.count }
    }

    /// How many callers joined an introspection already under way for their token (for tests).
    package var sharedIntrospections: Int {
        joined.load(ordering: .relaxed)
    }

    /// The verdict known without the network: a cached one, or a JWT verified with the keys cached now. `nil`:
    /// call ``verify(_:)``. Synchronous: the fast path of every request.
    public func cached(_ token: String) -> AccessTokenVerdict? {
        let key = SHA256.digest(utf8: token)
        let now = clock.unixMilliseconds
        if let verdict = cache.withLock({ $0.verdict(for: key, now: now) }) {
            return Self.verdict(verdict)
        }
        guard let provider, Self.looksLikeJWT(token) else { return nil }
        switch provider.verifyCached(token, expecting: expectations(provider)) {
        case .needsKeys: return nil
        case .verified(let claims): return remember(accepting: claims, key: key)
        case .refused(let refusal): return remember(refusing: refusal.reason, key: key)
        }
    }

    /// The verdict on `token`: cached, or verified with the provider's keys (fetched if needed), or introspected.
    public func verify(_ token: String) async -> AccessTokenVerdict {
        if let verdict = cached(token) { return verdict }
        let key = SHA256.digest(utf8: token)
        if let provider, Self.looksLikeJWT(token) {
            do {
                switch try await provider.check(token, expecting: expectations(provider)) {
                case .success(let claims): return remember(accepting: claims, key: key)
                case .failure(let refusal): return remember(refusing: refusal.reason, key: key)
                }
            } catch {
                return .unavailable(error)
            }
        }
        guard let introspection else {
            return remember(refusing: provider == nil ? "not_verifiable" : "not_a_jwt", key: key)
        }
        let task = inFlight.withLock { tasks in
            if let task = tasks[key] {
                joined.add(1, ordering: .relaxed)
                return task
            }
            let task = Task { await self.introspectOnce(token, key: key, at: introspection) }
            tasks[key] = task
            return task
        }
        return await task.value
    }

    /// Introspects `token` and forgets the request under way once its verdict is cached.
    private func introspectOnce(
        _ token: String,
        key: SHA256Digest,
        at introspection: Introspection
    ) async -> AccessTokenVerdict {
        let verdict = await introspect(token, key: key, at: introspection)
        inFlight.withLock { $0[key] = nil }
        return verdict
    }

    private func expectations(_ provider: OpenIDProvider) -> JWTExpectations {
        JWTExpectations(
            issuer: provider.issuer,
            audience: audience,
            authorizedParty: nil,
            nonce: nil,
            requiredType: nil,
            clockSkew: provider.settings.clockSkewSeconds
        )
    }

    /// Three dot-separated parts, the first two non-empty: a JWS in compact serialization (a JWE has five). The
    /// signature may be empty, so that an unsigned token (`alg: none`) is refused as one rather than introspected.
    package static func looksLikeJWT(_ token: String) -> Bool {
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 3 && !parts[0].isEmpty && !parts[1].isEmpty
    }

    // MARK: - Introspection

    /// Asks the introspection endpoint about `token` (RFC 7662 §2.1) and reads its answer (§2.2).
    private func introspect(
        _ token: String,
        key: SHA256Digest,
        at introspection: Introspection
    ) async
        -> AccessTokenVerdict
    {
        let request = OutboundRequest(
            url: introspection.url,
            headerFields: [
                .contentType: "application/x-www-form-urlencoded",
                .accept: "application/json",
                .authorization: ClientCredentials.basic(
                    clientID: introspection.clientID,
                    clientSecret: introspection.clientSecret
                ),
            ],
            body: ClientCredentials.form([("token", token), ("token_type_hint", "access_token")])
        )
        let response: OutboundResponse
        do {
            response = try await transport.send(request, limits: introspection.limits, step: .introspection)
        } catch {
            return .unavailable(error)
        }
        guard response.status.code == 200 else {
            // Not the token's fault (the token's state is in a 200's `active`): Hearth's credentials or the provider.
            return unavailable(.badStatus, "the introspection endpoint answered \(response.status.code)")
        }
        guard let answer = (try? JSONParser.parse(response.body))?.objectValue,
            let active = answer["active"]?.boolValue
        else {
            return unavailable(.malformedAnswer, "the introspection answer is not a JSON object with a boolean active")
        }
        // RFC 7662 §2.2: "active REQUIRED. Boolean indicator of whether or not the presented token is currently
        // active."
        guard active else { return remember(refusing: "inactive", key: key) }
        let now = clock.unixMilliseconds
        let expires = Self.numericDate(answer["exp"])
        let skew = Int64(provider?.settings.clockSkewSeconds ?? 60)
        if let expires, expires + skew <= now / 1000 {
            return remember(refusing: "expired", key: key)
        }
        if let audiences = Self.strings(answer["aud"]), !audiences.contains(audience) {
            return remember(refusing: "wrong_audience", key: key)
        }
        if let issuer = answer["iss"]?.stringValue, let expected = introspection.issuer ?? provider?.issuer,
            issuer != expected
        {
            return remember(refusing: "wrong_issuer", key: key)
        }
        guard let user = answer[userClaim]?.stringValue, !user.isEmpty else {
            return remember(refusing: "missing_claim", key: key)
        }
        return remember(.user(user, expires: expires), key: key)
    }

    /// The whole seconds of a NumericDate, which RFC 7519 §2 lets carry a fraction ("non-integer values can be
    /// represented"; canaille's introspection sends `1795812192.301348`); `nil` when absent, not a number, or beyond
    /// 2^53 seconds.
    private static func numericDate(_ value: JSONValue?) -> Int64? {
        guard let seconds = value?.doubleValue, seconds.isFinite, seconds.magnitude <= 9_007_199_254_740_992 else {
            return nil
        }
        return Int64(seconds.rounded(.down))
    }

    /// `aud` as a list: a string is a list of one; `nil` when absent or neither.
    private static func strings(_ value: JSONValue?) -> [String]? {
        if let single = value?.stringValue { return [single] }
        return value?.arrayValue?.compactMap(\.stringValue)
    }

    private func unavailable(_ code: OpenIDConnectError.Code, _ message: String) -> AccessTokenVerdict {
        let error = OpenIDConnectError(step: .introspection, code: code, message: message)
        transport.log(error)
        return .unavailable(error)
    }

    // MARK: - Verdicts

    private func remember(accepting claims: JWTClaims, key: SHA256Digest) -> AccessTokenVerdict {
        // RFC 9068 §2.2: exp is REQUIRED in a JWT access token.
        guard let expires = claims.expires else { return remember(refusing: "missing_claim", key: key) }
        guard let user = claims[claim: userClaim], !user.isEmpty else {
            return remember(refusing: "missing_claim", key: key)
        }
        return remember(.user(user, expires: expires), key: key)
    }

    private func remember(refusing reason: String, key: SHA256Digest) -> AccessTokenVerdict {
        metrics.recordRefusal(.accessToken, reason: reason)
        logger.debug("An access token is refused", metadata: ["oidc.reason": "\(reason)"])
        return remember(.refused(reason), key: key)
    }

    /// Caches `verdict`: an accepted token until its `exp` and at most ``TokenCacheLimits/acceptedTTL``, a refusal
    /// for ``TokenCacheLimits/refusedTTL``.
    private func remember(_ verdict: VerdictCache.Verdict, key: SHA256Digest) -> AccessTokenVerdict {
        let now = clock.unixMilliseconds
        let expiresAt: Int64
        switch verdict {
        case .user(_, let expires):
            let ttlEnd = now + Self.milliseconds(limits.acceptedTTL)
            expiresAt = expires.map { min(ttlEnd, $0.multipliedReportingOverflow(by: 1000).partialValue) } ?? ttlEnd
        case .refused:
            expiresAt = now + Self.milliseconds(limits.refusedTTL)
        }
        cache.withLock { $0.insert(verdict, for: key, expiresAt: expiresAt, now: now) }
        return Self.verdict(verdict)
    }

    private static func verdict(_ verdict: VerdictCache.Verdict) -> AccessTokenVerdict {
        switch verdict {
        case .user(let user, let expires): .user(user, expires: expires)
        case .refused(let reason): .refused(reason: reason)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
