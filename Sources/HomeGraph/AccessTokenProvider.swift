import Clocks
import Cryptography
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import OutboundHTTP

/// An OAuth 2.0 access token and when it expires.
public struct AccessToken: Sendable, Hashable {
    /// The bearer token.
    public var value: String
    /// When the token endpoint said it stops working.
    public var expiresAt: Date

    /// Creates a token.
    public init(value: String, expiresAt: Date) {
        self.value = value
        self.expiresAt = expiresAt
    }
}

/// Fetches service-account access tokens from the key's `token_uri` and caches them.
///
/// A token is reused until ``refreshMargin`` before it expires (5 minutes by default), then replaced. Concurrent
/// callers share one fetch. ``invalidate(_:)`` drops a token HomeGraph refused (401/403), so the next call fetches a
/// new one.
public actor AccessTokenProvider {
    /// How long before expiry a cached token is replaced.
    public let refreshMargin: Duration

    private let key: ServiceAccountKey
    private let scope: String
    private let transport: any HomeGraphTransport
    private let clock: any HearthClock
    private let logger: Logger

    private var cached: AccessToken?
    private var inFlight: Task<AccessToken, any Error>?
    /// How many tokens were fetched successfully, for tests and metrics.
    public private(set) var fetchCount = 0

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - key: The service account whose tokens to fetch.
    ///   - scope: The OAuth scope (HomeGraph's by default).
    ///   - refreshMargin: How long before expiry a token is replaced (default 5 minutes).
    ///   - transport: How to reach the token endpoint.
    ///   - clock: Wall time for the assertion's `iat` and the token's expiry; tests pass one they advance.
    ///   - logger: Receives token fetches at debug level, never the token.
    public init(
        key: ServiceAccountKey,
        scope: String = JWTAssertion.homeGraphScope,
        refreshMargin: Duration = .seconds(300),
        transport: any HomeGraphTransport = HTTPClientTransport(limits: HTTPClientTransport.tokenEndpointLimits),
        clock: any HearthClock = SystemClock(),
        logger: Logger
    ) {
        self.key = key
        self.scope = scope
        self.refreshMargin = refreshMargin
        self.transport = transport
        self.clock = clock
        self.logger = logger
    }

    /// A token valid for at least ``refreshMargin``: the cached one, or a new one.
    ///
    /// - Throws: ``HomeGraphError`` with ``HomeGraphError/Code/tokenRejected`` when the endpoint refuses the
    ///   assertion, ``HomeGraphError/Code/tokenUnavailable`` when it cannot be reached or fails.
    public func token() async throws(HomeGraphError) -> AccessToken {
        if let cached, cached.expiresAt.timeIntervalSince(clock.date) > refreshMargin.seconds {
            return cached
        }
        let task: Task<AccessToken, any Error>
        if let inFlight {
            task = inFlight
        } else {
            task = Task { try await self.fetch() }
            inFlight = task
        }
        do {
            let token = try await task.value
            if inFlight == task {
                inFlight = nil
                cached = token
            }
            return token
        } catch let error as HomeGraphError {
            if inFlight == task { inFlight = nil }
            throw error
        } catch {
            if inFlight == task { inFlight = nil }
            throw HomeGraphError(code: .tokenUnavailable, message: "token request failed: \(error)")
        }
    }

    /// Forgets `token` if it is the cached one, so the next ``token()`` fetches another. A token that was already
    /// replaced is left alone: another caller refreshed first.
    public func invalidate(_ token: AccessToken) {
        if cached == token {
            cached = nil
        }
    }

    private func fetch() async throws -> AccessToken {
        let issuedAt = clock.date
        let assertion: String
        do {
            assertion = try JWTAssertion.signed(
                by: key,
                issuedAt: Int64(issuedAt.timeIntervalSince1970.rounded(.down)),
                scope: scope
            )
        } catch {
            throw HomeGraphError(code: .tokenRejected, message: "cannot sign the assertion: \(error.message)")
        }
        let body =
            "grant_type=" + FormEncoding.escape("urn:ietf:params:oauth:grant-type:jwt-bearer")
            + "&assertion=" + FormEncoding.escape(assertion)
        let request = OutboundRequest(
            url: key.tokenURI,
            headerFields: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
            body: Array(body.utf8)
        )
        logger.debug("Fetching an access token", metadata: ["oauth.token_uri": "\(key.tokenURI.absoluteString)"])
        let response: OutboundResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw HomeGraphError(code: .tokenUnavailable, message: "token endpoint unreachable: \(error)")
        }
        let json = try? JSONParser.parse(response.body)
        switch response.status.code {
        case 200..<300:
            guard let value = json?["access_token"]?.stringValue, !value.isEmpty,
                let expiresIn = json?["expires_in"]?.intValue, expiresIn > 0
            else {
                throw HomeGraphError(
                    code: .tokenUnavailable,
                    message: "token endpoint answered without access_token and expires_in"
                )
            }
            fetchCount += 1
            return AccessToken(value: value, expiresAt: issuedAt.addingTimeInterval(TimeInterval(expiresIn)))
        case 300..<400:
            throw HomeGraphError(
                code: .tokenRejected,
                message: "token endpoint answered \(response.status.code) to \(response.location ?? "nowhere"): "
                    + "redirects are not followed"
            )
        case 429, 500...:
            throw HomeGraphError(
                code: .tokenUnavailable,
                message: "token endpoint answered \(response.status.code)",
                retryAfter: RetryAfter.parse(response.headerFields.value(of: .retryAfter), now: clock.date)
            )
        default:
            let reason = [json?["error"]?.stringValue, json?["error_description"]?.stringValue]
                .compactMap { $0 }.joined(separator: ": ")
            throw HomeGraphError(
                code: .tokenRejected,
                message: "token endpoint answered \(response.status.code)" + (reason.isEmpty ? "" : " (\(reason))")
            )
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
