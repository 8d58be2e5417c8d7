import Clocks
import Foundation
import HTTPTypes
import JOSE
import Logging
import OutboundHTTP
import Synchronization

/// One identity provider (one issuer) as Hearth knows it: its discovery document and its signing keys (JWKS),
/// fetched on first use and cached, and the tokens it signed verified against them.
///
/// - Both documents are cached for their `Cache-Control: max-age`, clamped (``OpenIDProviderSettings``).
/// - A token signed with a key the cached JWKS does not hold (`kid` unknown: the provider rotated its keys) makes
///   Hearth fetch the JWKS again, at most once per ``OpenIDProviderSettings/minimumRefetchInterval``, so key rotation
///   needs no restart and made-up key ids cannot turn Hearth against the provider.
/// - A fetch that fails keeps what was cached (stale keys and metadata keep working, and are retried no sooner than
///   the refetch interval); with nothing cached, the failure is the caller's, naming the step.
/// - Callers needing the same fetch at the same time share one request.
///
/// Every request is bounded (``OpenIDProviderSettings``); redirects are never followed.
public final class OpenIDProvider: Sendable {
    /// The configured issuer, exactly as the discovery document must name it.
    public let issuer: String
    /// The bounds and cache lifetimes.
    public let settings: OpenIDProviderSettings

    let transport: ProviderTransport
    private let clock: any HearthClock
    private let state = Mutex(State())

    private typealias Fetch<Value: Sendable> = Task<Result<Value, OpenIDConnectError>, Never>

    private struct State {
        var metadata: ProviderMetadata?
        var metadataExpires: ContinuousClock.Instant?
        var metadataFetch: Fetch<ProviderMetadata>?
        var keys: JSONWebKeySet?
        var keysExpires: ContinuousClock.Instant?
        /// When the JWKS was last asked for, for the refetch interval.
        var keysRequested: ContinuousClock.Instant?
        var keysFetch: Fetch<JSONWebKeySet>?
        /// Why the last JWKS fetch failed; `nil` once one succeeded.
        var keysFailure: OpenIDConnectError?
        /// Callers that joined a fetch already under way instead of sending their own.
        var sharedFetches = 0
    }

    /// What the cache holds for a caller needing keys.
    private enum KeysLookup {
        case cached(JSONWebKeySet)
        case fetching(Fetch<JSONWebKeySet>)
        /// Asked too recently; with why that last fetch failed, if it did.
        case rateLimited(lastFailure: OpenIDConnectError?)
    }

    /// Creates the provider; nothing is fetched until first needed.
    ///
    /// - Parameters:
    ///   - issuer: The issuer URL (`oauth.upstream.issuer`, `auth.externalTokens.issuer`).
    ///   - client: Sends the requests.
    ///   - settings: Bounds and cache lifetimes.
    ///   - clock: Cache lifetimes run on its monotonic time, token times on its wall time.
    ///   - metrics: Where requests are counted.
    ///   - logger: Receives a line for each failed step (never a token).
    public init(
        issuer: String,
        client: HTTPClient,
        settings: OpenIDProviderSettings = OpenIDProviderSettings(),
        clock: any HearthClock,
        metrics: OpenIDConnectMetrics = .disabled,
        logger: Logger
    ) {
        self.issuer = issuer
        self.settings = settings
        self.clock = clock
        transport = ProviderTransport(client: client, metrics: metrics, logger: logger)
    }

    /// How many callers joined a discovery or JWKS fetch already under way instead of sending their own (for tests).
    package var sharedFetches: Int {
        state.withLock { $0.sharedFetches }
    }

    /// The metrics this provider records into.
    public var metrics: OpenIDConnectMetrics {
        transport.metrics
    }

    // MARK: - Discovery

    /// The discovery document: the cached one while fresh, else fetched (a failed fetch falls back to a stale one).
    ///
    /// - Throws: ``OpenIDConnectError`` with step `discovery` when there is none to be had.
    public func metadata() async throws(OpenIDConnectError) -> ProviderMetadata {
        let now = clock.now
        let (cached, fetch) = state.withLock { state -> (ProviderMetadata?, Fetch<ProviderMetadata>?) in
            if let metadata = state.metadata, let expires = state.metadataExpires, now < expires {
                return (metadata, nil)
            }
            if let fetch = state.metadataFetch {
                state.sharedFetches += 1
                return (nil, fetch)
            }
            let fetch = Fetch<ProviderMetadata> { await self.fetchMetadata() }
            state.metadataFetch = fetch
            return (nil, fetch)
        }
        if let cached { return cached }
        guard let fetch else { preconditionFailure("either cached or fetching") }
        return try await fetch.value.get()
    }

    private func fetchMetadata() async -> Result<ProviderMetadata, OpenIDConnectError> {
        let result = await requestMetadata()
        let now = clock.now
        return state.withLock { state in
            state.metadataFetch = nil
            switch result {
            case .success(let (metadata, lifetime)):
                state.metadata = metadata
                state.metadataExpires = now + lifetime
                return .success(metadata)
            case .failure(let error):
                guard let stale = state.metadata else { return .failure(error) }
                state.metadataExpires = now + settings.minimumRefetchInterval
                return .success(stale)
            }
        }
    }

    private func requestMetadata() async -> Result<(ProviderMetadata, Duration), OpenIDConnectError> {
        guard let url = ProviderMetadata.discoveryURL(issuer: issuer) else {
            return .failure(
                OpenIDConnectError(step: .discovery, code: .unreachable, message: "the issuer is not a URL: \(issuer)")
            )
        }
        let request = OutboundRequest(
            method: .get,
            url: url,
            headerFields: [.accept: "application/json"],
            body: []
        )
        do throws(OpenIDConnectError) {
            let response = try await transport.send(request, limits: settings.discoveryLimits, step: .discovery)
            guard response.status.code == 200 else {
                throw OpenIDConnectError(
                    step: .discovery,
                    code: .badStatus,
                    message: "\(url.absoluteString) answered \(response.status.code)"
                )
            }
            let metadata = try ProviderMetadata.parse(response.body, expectedIssuer: issuer).get()
            return .success((metadata, settings.cacheLifetime(cacheControl: response.headerFields[.cacheControl])))
        } catch {
            if error.code != .unreachable, error.code != .redirected, error.code != .answerTooLarge {
                transport.log(error)
            }
            return .failure(error)
        }
    }

    // MARK: - Keys

    /// The JWKS: the cached one while fresh, else fetched (a failed fetch falls back to stale keys).
    ///
    /// - Throws: ``OpenIDConnectError`` with step `discovery` or `keys` when there are none to be had.
    public func keys() async throws(OpenIDConnectError) -> JSONWebKeySet {
        switch lookUpKeys(refetch: false, interval: settings.minimumRefetchInterval) {
        case .cached(let keys): return keys
        case .rateLimited: preconditionFailure("only a refetch is rate-limited")
        case .fetching(let fetch):
            switch await fetch.value {
            case .success(let keys): return keys
            case .failure(let error):
                if let stale = state.withLock({ $0.keys }) { return stale }
                throw error
            }
        }
    }

    private func lookUpKeys(refetch: Bool, interval: Duration) -> KeysLookup {
        let now = clock.now
        return state.withLock { state in
            if !refetch, let keys = state.keys, let expires = state.keysExpires, now < expires {
                return .cached(keys)
            }
            if let fetch = state.keysFetch {
                state.sharedFetches += 1
                return .fetching(fetch)
            }
            if refetch, let requested = state.keysRequested, now - requested < interval {
                return .rateLimited(lastFailure: state.keysFailure)
            }
            let fetch = Fetch<JSONWebKeySet> { await self.fetchKeys() }
            state.keysFetch = fetch
            state.keysRequested = now
            return .fetching(fetch)
        }
    }

    private func fetchKeys() async -> Result<JSONWebKeySet, OpenIDConnectError> {
        let result = await requestKeys()
        let now = clock.now
        return state.withLock { state in
            state.keysFetch = nil
            switch result {
            case .success(let (keys, lifetime)):
                state.keys = keys
                state.keysExpires = now + lifetime
                state.keysFailure = nil
                return .success(keys)
            case .failure(let error):
                state.keysFailure = error
                if state.keys != nil {
                    state.keysExpires = now + settings.minimumRefetchInterval
                }
                return .failure(error)
            }
        }
    }

    private func requestKeys() async -> Result<(JSONWebKeySet, Duration), OpenIDConnectError> {
        do throws(OpenIDConnectError) {
            let url = try await metadata().jwksURI
            let request = OutboundRequest(
                method: .get,
                url: url,
                headerFields: [.accept: "application/jwk-set+json, application/json"],
                body: []
            )
            let response = try await transport.send(request, limits: settings.keysLimits, step: .keys)
            guard response.status.code == 200 else {
                throw OpenIDConnectError(
                    step: .keys,
                    code: .badStatus,
                    message: "\(ProviderTransport.describe(request)) answered \(response.status.code)"
                )
            }
            let keys: JSONWebKeySet
            do {
                keys = try JSONWebKeySet(json: response.body)
            } catch {
                throw OpenIDConnectError(step: .keys, code: .malformedAnswer, message: "the JWKS is unusable: \(error)")
            }
            guard !keys.keys.isEmpty else {
                throw OpenIDConnectError(
                    step: .keys,
                    code: .malformedAnswer,
                    message: "the JWKS holds no key Hearth can verify with (RSA or EC, use sig)"
                )
            }
            return .success((keys, settings.cacheLifetime(cacheControl: response.headerFields[.cacheControl])))
        } catch {
            if error.step == .keys, error.code == .badStatus || error.code == .malformedAnswer {
                transport.log(error)
            }
            return .failure(error)
        }
    }

    // MARK: - Verification

    /// Verifies `jwt` against the provider's keys, fetching them when none are cached or the token's key is
    /// unknown (rate-limited); the claims, the refusal, or the reason the keys could not be had.
    ///
    /// - Throws: ``OpenIDConnectError`` (step `discovery` or `keys`) when the provider could not be asked: the
    ///   token is neither valid nor refused.
    public func check(
        _ jwt: String,
        expecting expectations: JWTExpectations
    ) async throws(OpenIDConnectError) -> Result<JWTClaims, JWTRefusal> {
        try await check(jwt, expecting: expectations, refetchInterval: settings.minimumRefetchInterval)
    }

    private func check(
        _ jwt: String,
        expecting expectations: JWTExpectations,
        refetchInterval: Duration
    ) async throws(OpenIDConnectError) -> Result<JWTClaims, JWTRefusal> {
        let keys = try await keys()
        let first = JWTVerifier.verify(jwt, keys: keys, expecting: expectations, now: clock.unixTime.seconds)
        guard case .failure(.unknownKey) = first else { return first }
        switch lookUpKeys(refetch: true, interval: refetchInterval) {
        case .rateLimited(let lastFailure):
            // The last fetch failed: the provider's current keys are unknown, so an unknown key is not the token's
            // fault (the provider may have rotated before it went away). Refusing would be a 401 during an outage.
            if let lastFailure { throw lastFailure }
            // The keys were fetched moments ago and lack this one. A provider that rotates and signs with its new
            // key at once (Keycloak does) makes exactly this token; a 401 would make Google refresh and in the end
            // unlink the user, so the token waits (503) until the keys may be fetched again, and only a key still
            // unknown then is refused (`unknown_key`).
            throw OpenIDConnectError(
                step: .keys,
                code: .keyNotYetFetched,
                message: "the token's key is not among the keys fetched less than \(refetchInterval) ago"
            )
        case .cached(let keys):
            return JWTVerifier.verify(jwt, keys: keys, expecting: expectations, now: clock.unixTime.seconds)
        case .fetching(let fetch):
            let refreshed = try await fetch.value.get()
            return JWTVerifier.verify(jwt, keys: refreshed, expecting: expectations, now: clock.unixTime.seconds)
        }
    }

    /// Verifies an ID token as ``check(_:expecting:)`` does, a refusal thrown as
    /// ``OpenIDConnectError/Code/tokenRefused`` (step `idToken`) with the ``OpenIDConnectError/refusal``. For tokens
    /// the provider handed Hearth itself (the token endpoint's answer): an unknown `kid` refetches the keys within
    /// ``OpenIDProviderSettings/idTokenRefetchInterval``.
    public func verify(
        _ jwt: String,
        expecting expectations: JWTExpectations
    ) async throws(OpenIDConnectError) -> JWTClaims {
        switch try await check(jwt, expecting: expectations, refetchInterval: settings.idTokenRefetchInterval) {
        case .success(let claims):
            return claims
        case .failure(let refusal):
            throw OpenIDConnectError(
                step: .idToken,
                code: .tokenRefused,
                message: "the token is refused: \(refusal.reason)",
                refusal: refusal
            )
        }
    }

    /// Verifies `jwt` with the keys cached now, without the network: synchronous, for the request path.
    public func verifyCached(_ jwt: String, expecting expectations: JWTExpectations) -> CachedVerification {
        let now = clock.now
        let keys = state.withLock { state -> JSONWebKeySet? in
            guard let keys = state.keys, let expires = state.keysExpires, now < expires else { return nil }
            return keys
        }
        guard let keys else { return .needsKeys }
        switch JWTVerifier.verify(jwt, keys: keys, expecting: expectations, now: clock.unixTime.seconds) {
        case .success(let claims): return .verified(claims)
        case .failure(.unknownKey): return .needsKeys
        case .failure(let refusal): return .refused(refusal)
        }
    }
}
