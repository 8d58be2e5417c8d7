import CoreMetrics
import Synchronization

/// The identity provider's two counters, recorded through swift-metrics with the factory the application passes
/// (Hearth's Prometheus registry), never through the process-global `MetricsSystem`:
///
/// - `hearth_identity_token_refusals_total{token="id_token|access_token", reason}`: a token refused, `reason` being
///   `JWTRefusal.reason` (`expired`, `bad_signature`, `alg_none`, `unknown_key`, …) or, for an introspected token,
///   `inactive`, `expired`, `wrong_audience`, `wrong_issuer`, `missing_claim`.
/// - `hearth_identity_provider_requests_total{step="discovery|keys|token|introspection", outcome="ok|error"}`: each
///   request sent to the provider.
///
/// Label values come from closed sets; counters are made once per series and kept (at most a few dozen).
public final class OpenIDConnectMetrics: Sendable {
    /// Which token a refusal is about.
    public enum TokenKind: String, Sendable {
        /// An ID token from the code exchange.
        case idToken = "id_token"
        /// An access token presented on `/fulfillment`.
        case accessToken = "access_token"
    }

    private struct Series: Hashable {
        var name: String
        var first: String
        var second: String
    }

    private let factory: any MetricsFactory
    private let counters = Mutex<[Series: Counter]>([:])

    /// Records through `factory`.
    public init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// Records nothing.
    public static var disabled: OpenIDConnectMetrics {
        OpenIDConnectMetrics(factory: NOOPMetricsHandler.instance)
    }

    /// Counts one refused token.
    public func recordRefusal(_ token: TokenKind, reason: String) {
        counter(Series(name: "hearth_identity_token_refusals_total", first: token.rawValue, second: reason)) {
            [("token", token.rawValue), ("reason", reason)]
        }.increment()
    }

    /// Counts one request to the provider (`step`: `discovery`, `keys`, `token`, `introspection`).
    func recordRequest(_ step: String, ok: Bool) {
        let outcome = ok ? "ok" : "error"
        counter(Series(name: "hearth_identity_provider_requests_total", first: step, second: outcome)) {
            [("step", step), ("outcome", outcome)]
        }.increment()
    }

    private func counter(_ series: Series, _ dimensions: () -> [(String, String)]) -> Counter {
        counters.withLock { made in
            if let counter = made[series] { return counter }
            let counter = Counter(label: series.name, dimensions: dimensions(), factory: factory)
            made[series] = counter
            return counter
        }
    }
}
