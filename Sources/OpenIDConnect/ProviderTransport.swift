import Foundation
import HTTPTypes
import Logging
import OutboundHTTP

/// Sends one request to the identity provider and turns what can go wrong on the way into an
/// ``OpenIDConnectError`` naming the step: no answer, an oversized one, a redirect (never followed). Counts the
/// request in `hearth_identity_provider_requests_total` and logs a failure with its step and reason.
struct ProviderTransport: Sendable {
    let client: HTTPClient
    let metrics: OpenIDConnectMetrics
    let logger: Logger

    /// The answer to `request`, whatever its status but 3xx; `expected` statuses count as `ok`, any other as
    /// `error` (the caller reads the body of, say, a token endpoint's 400 before deciding).
    func send(
        _ request: OutboundRequest,
        limits: OutboundLimits,
        step: OpenIDConnectError.Step,
        expected: Set<Int> = [200]
    ) async throws(OpenIDConnectError) -> OutboundResponse {
        let label = Self.label(step)
        let response: OutboundResponse
        do {
            response = try await client.send(request, limits: limits)
        } catch {
            metrics.recordRequest(label, ok: false)
            let failure: OpenIDConnectError
            if error.code == .answerTooLarge {
                failure = OpenIDConnectError(
                    step: step,
                    code: .answerTooLarge,
                    message: "the answer from \(Self.describe(request)) is larger than \(error.limit ?? 0) bytes"
                )
            } else {
                failure = OpenIDConnectError(
                    step: step,
                    code: .unreachable,
                    message: "no answer from \(Self.describe(request)): \(error)"
                )
            }
            log(failure)
            throw failure
        }
        let status = response.status.code
        if (300..<400).contains(status) {
            metrics.recordRequest(label, ok: false)
            let failure = OpenIDConnectError(
                step: step,
                code: .redirected,
                message:
                    "\(Self.describe(request)) answered \(status) to \(response.location ?? "nowhere"); redirects are not followed"
            )
            log(failure)
            throw failure
        }
        metrics.recordRequest(label, ok: expected.contains(status))
        return response
    }

    /// Logs `error` at info level (the highest a library uses), the step and the reason as metadata.
    func log(_ error: OpenIDConnectError) {
        logger.info(
            "The identity provider step failed",
            metadata: [
                "oidc.step": "\(error.step.rawValue)",
                "oidc.error": "\(error.code)",
                "oidc.reason": "\(error.message)",
            ]
        )
    }

    /// The metrics label of a step that sends a request.
    static func label(_ step: OpenIDConnectError.Step) -> String {
        switch step {
        case .discovery: "discovery"
        case .keys: "keys"
        case .tokenExchange, .idToken: "token"
        case .introspection, .accessToken: "introspection"
        }
    }

    /// The request's URL without its query and fragment (no secret travels in one, but a code might).
    static func describe(_ request: OutboundRequest) -> String {
        let text = request.url.absoluteString
        guard let mark = text.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return text }
        return String(text[..<mark])
    }
}
