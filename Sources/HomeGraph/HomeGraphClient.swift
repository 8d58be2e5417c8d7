import Clocks
import Foundation
import HTTPMessages
import HTTPTypes
import JSON
import Logging
import OutboundHTTP

/// Calls Google's HomeGraph API: Report State and Request Sync.
///
/// Every call answers a ``HomeGraphOutcome`` and never throws. A 401 or 403 drops the access token and the call is
/// sent once more with a fresh one; a second refusal is ``HomeGraphOutcome/unauthorized``.
public struct HomeGraphClient: Sendable {
    /// Google's HomeGraph endpoint.
    public static let googleEndpoint = URL(string: "https://homegraph.googleapis.com")!

    /// The base URL; calls go to `<endpoint>/v1/devices:…`.
    public let endpoint: URL
    private let tokens: AccessTokenProvider
    private let transport: any HomeGraphTransport
    private let logger: Logger
    private let clock: any HearthClock

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - endpoint: The HomeGraph base URL (Google's by default; a fake's for development and tests).
    ///   - tokens: Supplies access tokens.
    ///   - transport: Sends the HTTP requests.
    ///   - logger: Receives one line per call at debug level and refusals at info; never tokens.
    ///   - clock: Wall time, against which an HTTP-date `Retry-After` is read.
    public init(
        endpoint: URL = HomeGraphClient.googleEndpoint,
        tokens: AccessTokenProvider,
        transport: any HomeGraphTransport = HTTPClientTransport(limits: HTTPClientTransport.homeGraphLimits),
        logger: Logger,
        clock: any HearthClock = SystemClock()
    ) {
        self.endpoint = endpoint
        self.tokens = tokens
        self.transport = transport
        self.logger = logger
        self.clock = clock
    }

    /// Reports the current state of changed devices, and notifications, for one agent user.
    ///
    /// - Parameters:
    ///   - agentUserId: Byte for byte the `agentUserId` of the SYNC answer that listed the devices.
    ///   - requestId: Unique per call (the outbox's id for the change, so a retry can be traced).
    ///   - eventId: Identifies the event behind the notifications (a doorbell press), if any.
    ///   - states: Per device id: every state field of each changed trait, and `online` (`false` when the device
    ///     went offline).
    ///   - notifications: Per device id: the notifications to send.
    public func reportState(
        agentUserId: String,
        requestId: String,
        eventId: String? = nil,
        devices states: [String: JSONObject],
        notifications: [String: [DeviceNotification]] = [:]
    ) async -> HomeGraphOutcome {
        let body = HomeGraphRequestBody.reportState(
            agentUserId: agentUserId,
            requestId: requestId,
            eventId: eventId,
            states: states,
            notifications: notifications
        )
        return await call(
            "devices:reportStateAndNotification",
            body: body,
            metadata: ["agent_user.id": "\(agentUserId)", "request.id": "\(requestId)"]
        )
    }

    /// Asks Google to send a SYNC for `agentUserId` (devices were added, removed, renamed or changed), with
    /// `async: true`.
    public func requestSync(agentUserId: String) async -> HomeGraphOutcome {
        await call(
            "devices:requestSync",
            body: HomeGraphRequestBody.requestSync(agentUserId: agentUserId),
            metadata: ["agent_user.id": "\(agentUserId)"]
        )
    }

    private func call(_ method: String, body: JSONValue, metadata: Logger.Metadata) async -> HomeGraphOutcome {
        // Built as text: appendingPathComponent may percent-encode the colon in `devices:…`.
        var base = endpoint.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + "/v1/" + method) else {
            return .rejected("invalid HomeGraph endpoint \(endpoint.absoluteString)")
        }
        let bytes = JSONWriter.bytes(body)
        var metadata = metadata
        metadata["homegraph.method"] = "\(method)"
        for attempt in 1...2 {
            let token: AccessToken
            do {
                token = try await tokens.token()
            } catch {
                logger.info("No HomeGraph access token", metadata: metadata.merging(["error": "\(error)"]) { $1 })
                return error.code == .tokenRejected ? .unauthorized : .retryable(after: error.retryAfter)
            }
            let request = OutboundRequest(
                url: url,
                headerFields: [.authorization: "Bearer \(token.value)", .contentType: "application/json"],
                body: bytes
            )
            let response: OutboundResponse
            do {
                response = try await transport.send(request)
            } catch {
                logger.debug("HomeGraph unreachable", metadata: metadata.merging(["error": "\(error)"]) { $1 })
                return .retryable(after: nil)
            }
            metadata["http.status"] = "\(response.status.code)"
            switch response.status.code {
            case 200..<300:
                logger.debug("HomeGraph call delivered", metadata: metadata)
                return .delivered
            case 300..<400:
                // Redirects are never followed (they would carry the bearer token to wherever they point).
                let message =
                    "HTTP \(response.status.code) to \(response.location ?? "nowhere"): redirects are not followed"
                logger.info(
                    "HomeGraph answered a redirect: not followed",
                    metadata: metadata.merging(["http.location": "\(response.location ?? "")"]) { $1 }
                )
                return .rejected(message)
            case 401, 403:
                await tokens.invalidate(token)
                if attempt == 1 {
                    logger.debug("HomeGraph refused the token; fetching a new one", metadata: metadata)
                    continue
                }
                logger.info(
                    "HomeGraph refused a fresh token",
                    metadata: metadata.merging(["error": "\(Self.message(in: response))"]) { $1 }
                )
                return .unauthorized
            case 404:
                logger.debug("HomeGraph does not know the user or a device", metadata: metadata)
                return .notFound
            case 408, 429, 500...:
                let retryAfter = RetryAfter.parse(response.headerFields.value(of: .retryAfter), now: clock.date)
                logger.debug("HomeGraph asks to retry", metadata: metadata)
                return .retryable(after: retryAfter)
            default:
                let message = Self.message(in: response)
                logger.info("HomeGraph rejected the call", metadata: metadata.merging(["error": "\(message)"]) { $1 })
                return .rejected(message)
            }
        }
        return .unauthorized
    }

    /// Google's `error.message` from a `google.rpc.Status` body, or the status when there is none.
    static func message(in response: OutboundResponse) -> String {
        if let json = try? JSONParser.parse(response.body), let message = json["error"]?["message"]?.stringValue,
            !message.isEmpty
        {
            return message
        }
        return "HTTP \(response.status.code)"
    }
}
